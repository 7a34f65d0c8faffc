"""What a street closure in force does to demand (ADR-002: a rule, no model): within 200 m
`CLOSURE_NEAR_EFFECT`, within the radius `CLOSURE_EFFECT`, on every daypart of its days."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Final

from kairos.operator.demand import DAYPARTS
from kairos.operator.schemas import Daypart, Driver
from kairos.signals.closures.models import Closure

__all__ = ["CLOSURE_EFFECT", "CLOSURE_NEAR_EFFECT", "closure_drivers"]

CLOSURE_NEAR_EFFECT: Final = -0.10
CLOSURE_EFFECT: Final = -0.04
_DAY_FMT: Final = "%a %d %b"


def closure_drivers(day: date, closures: Sequence[Closure]) -> list[tuple[set[Daypart], Driver]]:
    found: list[tuple[set[Daypart], Driver]] = []
    for closure in closures:
        if not closure.start <= day <= closure.end:
            continue
        near = closure.distance_km is not None and closure.distance_km <= 0.2
        effect = CLOSURE_NEAR_EFFECT if near else CLOSURE_EFFECT
        span = (
            f" between {closure.from_street} and {closure.to_street}"
            if closure.from_street and closure.to_street
            else ""
        )
        why = f" ({closure.purpose})" if closure.purpose else ""
        found.append(
            (
                set(DAYPARTS),
                Driver(
                    source="closures",
                    summary=f"{day:{_DAY_FMT}}: {closure.street}{span} closed{why}",
                    effect_pct=round(effect * 100, 1),
                    rank=0,
                    evidence_ids=[closure.id],
                ),
            )
        )
    return found
