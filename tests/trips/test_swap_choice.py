"""Which place a swap brings (issue 35, panel trips half A, t05: "swap the Met for a museum"
brought the Museum of Ice Cream, the nearest museum, while better-ranked museums within an easy
leg waited unplaced): the best ranked within a leg's reach, then the nearest beyond it."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import SwapStop, plan_itinerary, refine_day
from kairos.trips.models import Candidate, TripRequest

DELHI = (28.6139, 77.2090)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))


def _c(i: int, name: str, rank: float, dlat: float = 0.0, **kw: object) -> Candidate:
    fields: dict[str, object] = {"id": f"p{i}", "name": name, "kind": "museum",
                                 "lat": DELHI[0] + dlat, "lng": DELHI[1], "city": "Delhi",
                                 "duration": 60, "rank": rank, "hours": ALL_DAY}  # fmt: skip
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def _swap(candidates: list[Candidate], out: str) -> set[str]:
    request = TripRequest(city="Delhi", start_date=date(2025, 5, 5), days=1, pace="relaxed",
                          mode="transit", candidates=tuple(candidates))  # fmt: skip
    itinerary = plan_itinerary(request)
    assert out in itinerary.place_ids()
    refined = refine_day(itinerary, 0, SwapStop(out, "museum"))
    return set(refined.place_ids()) - set(itinerary.place_ids())


def _day() -> list[Candidate]:
    return [_c(i, f"Gallery {chr(65 + i)}", float(i), dlat=0.002 * i) for i in range(3)]


def test_a_swap_brings_the_best_ranked_place_within_reach_not_the_nearest() -> None:
    day = _day()
    selfie = _c(20, "Selfie Museum", 40.0, dlat=0.0205)
    national = _c(21, "National Museum", 30.0, dlat=0.03)  # 1.1 km farther than the selfie one
    assert _swap([*day, selfie, national], "p1") == {"p21"}
