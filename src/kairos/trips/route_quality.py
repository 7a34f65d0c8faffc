"""How far a day's route travels and whether it doubles back (issue 35 item 3: "report the day's
travel time and backtracking in the quality block"; a Delhi day went out to Red Fort and back).

The day's travel is every leg's minutes, the way back to the start point included. Backtracking
is measured on the day's positioned stops in their visiting order (from and back to the hotel
when there is one), in straight-line km, against the shortest order `routing.order_stops` finds
for the same stops: a day backtracks when its order is over `BACKTRACK_KM` and over
`BACKTRACK_SHARE` of the shortest longer. The planner orders stops shortest first; what can
make a day longer is a time the traveller locked, a place open only later or only in the evening
(put last), the places the traveller named (first), or daylight (a park before dusk).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kairos.trips.models import Day
from kairos.trips.routing import path_km, shortest_km
from kairos.trips.travel import Point

__all__ = [
    "BACKTRACK_KM", "BACKTRACK_SHARE", "RouteQuality", "route_quality",
]  # fmt: skip

BACKTRACK_KM: Final = 1.0
"""Extra straight-line km a day's order must add before the day is said to double back."""
BACKTRACK_SHARE: Final = 0.15
"""...and the share of the shortest order's km it must add (a few hundred metres on a long day
is no backtracking a traveller would notice)."""


@dataclass(frozen=True)
class RouteQuality:
    travel_minutes: int
    """Every leg of the day, to its meals and back to the start point included."""
    route_km: float
    """Straight-line km through the day's positioned stops in their visiting order."""
    shortest_km: float
    """The same through the shortest order found for those stops."""

    @property
    def backtrack_km(self) -> float:
        return max(0.0, round(self.route_km - self.shortest_km, 1))

    @property
    def backtracks(self) -> bool:
        extra = self.route_km - self.shortest_km
        return extra > BACKTRACK_KM and extra > BACKTRACK_SHARE * self.shortest_km


def route_quality(day: Day, home: Point | None) -> RouteQuality:
    points = [(s.lat, s.lng) for s in day.stops if s.positioned]
    start = home if points else None
    minutes = sum(s.travel_minutes for s in day.slots) + day.return_minutes
    return RouteQuality(
        travel_minutes=minutes,
        route_km=round(path_km(points, range(len(points)), start), 2),
        shortest_km=round(shortest_km(points, start), 2),
    )
