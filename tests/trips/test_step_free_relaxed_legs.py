"""Issue 35, panel trips half A t27 (Singapore, a wheelchair user, relaxed, museums and gardens):
the trip sent the traveller to Pulau Ubin (an island reached by bumboat), Chek Jawa and the
MacRitchie nature reserve after a 75-minute leg. A step-free trip leaves out a place whose name,
labels or description say a nature reserve, an island, a trail or a ridge walk unless its
source says it is step-free; a relaxed or step-free trip's legs between stops take at most
`RELAXED_LEG` minutes, said with that number when a place is left out for it."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from kairos.trips.models import RELAXED_LEG, TripRequest
from kairos.trips.retrieval_rules import Row, rough_ground
from tests.trips.offline_retrieval import OfflineRetrieval

SINGAPORE = (1.2903, 103.8520)


def _row(i: int, name: str, labels: list[str], description: str, wheelchair: str = "") -> Row:
    raw: dict[str, Any] = {"category_raw": labels, "description": description,
                           "notability_basis": "a tourism board's list"}  # fmt: skip
    if wheelchair:
        raw["osm_tags"] = {"wheelchair": wheelchair}
    return Row(id=i, name=name, kind="park", city="Singapore", lat=SINGAPORE[0] + i / 500,
               lng=SINGAPORE[1], attributes={"poi": {"tb": raw}}, votes=0)  # fmt: skip


ROWS = [
    _row(1, "Pulau Ubin & Singapore Islands", ["nature-wildlife", "singapore-islands"],
         "Hop on a bumboat to the island of Pulau Ubin."),
    _row(2, "Chek Jawa", ["nature-wildlife", "reserves"], "A natural wonder far from malls."),
    _row(3, "Green Ridges Park", ["parks-gardens"],
         "A 10-km stretch of connecting trails among the trees."),
    _row(4, "Chinese Garden", ["parks-gardens"], "A tranquil patch of imperial China."),
    _row(5, "Wetland Walk", ["parks-gardens"], "Boardwalks over the mangroves.", "yes"),
]  # fmt: skip


def _names(step_free: bool) -> set[str]:
    got = asyncio.run(
        OfflineRetrieval(ROWS).retrieve(city="Singapore", centre=SINGAPORE, radius_km=30.0,
                                        interests="gardens", accessibility=step_free, room=5)
    )  # fmt: skip
    return {c.name for c in got.candidates}


def test_a_step_free_trip_leaves_out_islands_reserves_and_trails() -> None:
    assert _names(step_free=True) == {"Chinese Garden", "Wetland Walk"}
    assert len(_names(step_free=False)) == 5
    assert rough_ground("MacRitchie Nature Reserve", {})
    assert not rough_ground("National Museum of Singapore", {})


def test_a_relaxed_or_step_free_trips_legs_are_shorter() -> None:
    def longest(**fields: Any) -> int:
        request = TripRequest(city="Singapore", start_date=date(2027, 1, 8), days=1,
                              mode="transit", centre=SINGAPORE, **fields)  # fmt: skip
        return request.travel_mode.longest_leg

    assert longest(pace="moderate") == 75
    assert longest(pace="relaxed") == RELAXED_LEG == 45
    assert longest(pace="moderate", step_free=True) == RELAXED_LEG
