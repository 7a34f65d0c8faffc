"""A fair meeting point for members in different places: minimise the longest trip.

The 1-centre of the members' locations (the point whose farthest member is nearest), found by
Bădoiu–Clarkson iteration: start at the mean, step toward the farthest member by 1/(k+1); within
1 % of optimal after a few hundred steps, which at city scale is metres. Candidates are then
ranked by their own worst member distance (ties by the total), and each card lists every
member's distance.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.venues.schemas import MeetingPoint, MemberDistance, MemberLocation

__all__ = ["distances", "meeting_point", "worst_and_total"]

STEPS: Final = 400


def meeting_point(members: Sequence[MemberLocation]) -> MeetingPoint | None:
    if not members:
        return None
    lat = sum(m.lat for m in members) / len(members)
    lng = sum(m.lng for m in members) / len(members)
    for k in range(1, STEPS + 1):
        far = max(members, key=lambda m: haversine_km(lat, lng, m.lat, m.lng))
        lat += (far.lat - lat) / (k + 1)
        lng += (far.lng - lng) / (k + 1)
    worst = max(haversine_km(lat, lng, m.lat, m.lng) for m in members)
    return MeetingPoint(
        rule="minimise_worst",
        lat=round(lat, 6),
        lng=round(lng, 6),
        explanation=(
            f"the point whose farthest member is nearest ({worst:.1f} km); venues are ranked by "
            "the longest trip any member makes, then by the total"
        ),
    )


def distances(members: Sequence[MemberLocation], lat: float, lng: float) -> list[MemberDistance]:
    return [
        MemberDistance(
            name=m.name or f"member {i}", km=round(haversine_km(m.lat, m.lng, lat, lng), 2)
        )
        for i, m in enumerate(members, start=1)
    ]


def worst_and_total(found: Sequence[MemberDistance]) -> tuple[float, float]:
    return (max((d.km for d in found), default=0.0), sum(d.km for d in found))
