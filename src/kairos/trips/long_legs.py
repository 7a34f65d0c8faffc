"""Long legs on a day: a leg over `SHORT_LEG` minutes between two stops is kept for a place the
traveller named or locked; any other place that far gives way to nearer places (issue 35, panel
trips half A at e08ebe2: t17 "far parks and islands (60-min leg)", t27 and t37 "75-min leg",
t57 "a 70-min leg at day's end"). A leg to or from a place with no position is an allowance,
not a measure, and is not counted."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.models import Candidate, Day, Slot, TripRequest
from kairos.trips.travel import reach_km

__all__ = ["LONG_LEG_DROPS", "SHORT_LEG", "far_stop", "longest_leg", "nearer_choice"]

SHORT_LEG: Final = 45
"""Minutes a leg between two stops takes at most unless the traveller named or locked the place
it goes to."""
LONG_LEG_DROPS: Final = 2
"""Stops a long leg away a day gives up at most, each timing the day once more."""


def _measured(day: Day) -> list[Slot]:
    stops = day.stops
    return [s for i, s in enumerate(stops) if i > 0 and s.positioned and stops[i - 1].positioned]


def longest_leg(day: Day) -> int:
    """The day's longest measured leg to a stop (from the slot before it)."""
    return max((s.travel_minutes for s in _measured(day)), default=0)


def far_stop(day: Day, keep: Collection[str]) -> tuple[Slot, int] | None:
    """Of the two ends of the day's longest measured leg over `SHORT_LEG` minutes, the stop
    farther from the day's other stops (the one out of the way: a first stop far out, or a last
    one), unless its place is one of `keep` (named or locked); with that leg's minutes (the
    stop's own leg is the one before it, 0 for a first stop)."""
    stops = list(day.stops)
    long = sorted((s for s in _measured(day) if s.travel_minutes > SHORT_LEG),
                  key=lambda s: -s.travel_minutes)  # fmt: skip
    for leg in long:
        i = stops.index(leg)

        def apart(s: Slot) -> float:
            return sum(haversine_km(s.lat, s.lng, o.lat, o.lng) for o in stops if o is not s)

        out = max((stops[i - 1], leg), key=apart)
        if out.place_id not in keep:
            return out, leg.travel_minutes
    return None


def nearer_choice(request: TripRequest, ordered: Sequence[Candidate], gone: Candidate) -> bool:
    """Whether a place the day does not hold is within a `SHORT_LEG` leg of its other stops
    (else the far stop stays: a day is not left thin for want of a nearer place)."""
    here = [c for c in ordered if c is not gone and c.positioned]
    held = {c.id for c in ordered}
    reach = reach_km(replace(request.travel_mode, longest_leg=SHORT_LEG))
    return bool(here) and any(
        c.positioned and c.id not in held and _away(c, here) <= reach for c in request.candidates
    )


def _away(c: Candidate, stops: Sequence[Candidate]) -> float:
    return min(haversine_km(s.lat, s.lng, c.lat, c.lng) for s in stops)
