"""What the cost analyst and the critic read about the scout's candidates, in one statement:
source attributes (groups, outdoor seating, open), each source's price level, check-ins by
weekday and hour, and inspections, newest first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import bindparam, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.types import BigInteger

from kairos.store.database import Database
from kairos.venues.critic import Inspection

__all__ = ["RawFacts", "read_facts"]

_FACTS = text(
    "SELECT p.id, p.source, p.price_level, p.attributes, p.price_raw, "
    "(SELECT jsonb_agg(jsonb_build_array(c.weekday, c.hour, c.checkins)) FROM venue_checkins c "
    " WHERE c.place_id = p.id) AS checkins, "
    "(SELECT jsonb_agg(jsonb_build_array(i.inspected_on, i.minor, i.major, i.severe, i.source) "
    " ORDER BY i.inspected_on DESC) FROM venue_inspections i WHERE i.place_id = p.id) "
    " AS inspections "
    "FROM places p WHERE p.id = ANY(:ids)"
).bindparams(bindparam("ids", type_=ARRAY(BigInteger)))
_GROUPS = ("RestaurantsGoodForGroups", "Good For Groups")


@dataclass
class RawFacts:
    price_signals: dict[str, int] = field(default_factory=dict)
    checkins: dict[tuple[int, int], int] = field(default_factory=dict)
    inspections: list[Inspection] = field(default_factory=list)
    good_for_groups: bool | None = None
    closed: bool = False


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _signals(source: str, level: int | None, raw: dict[str, Any]) -> dict[str, int]:
    """Each source's price level: `price_raw.sources` when ingestion kept them, else the row's."""
    kept = raw.get("sources") if isinstance(raw, dict) else None
    if isinstance(kept, dict):
        found = {s: int(v) for s, v in kept.items() if isinstance(v, int | float) and 1 <= v <= 4}
        if found:
            return found
    return {source: level} if level else {}


async def read_facts(db: Database, place_ids: Sequence[int]) -> dict[int, RawFacts]:
    if not place_ids:
        return {}
    async with db.reading() as session:
        rows = (await session.execute(_FACTS, {"ids": list(place_ids)})).all()
    found = {}
    for row in rows:
        attributes = row.attributes or {}
        groups = next((_truth(attributes[k]) for k in _GROUPS if k in attributes), None)
        found[row.id] = RawFacts(
            price_signals=_signals(row.source, row.price_level, row.price_raw or {}),
            checkins={(int(d), int(h)): int(n) for d, h, n in row.checkins or []},
            inspections=[
                Inspection(date.fromisoformat(str(day)), int(mi), int(ma), int(se), str(src))
                for day, mi, ma, se, src in row.inspections or []
            ],
            good_for_groups=groups,
            closed=_truth(attributes.get("open")) is False,
        )
    return found
