"""The kinds a traveller named fill the trip only when enough of them are sights (issue 35,
panel trips half A, t33: "Glasgow 2 days, museums and architecture": 17 museums and landmarks
in the catalogue, 11 of them stations, airports and universities no traveller visits, so six
sights for ten stops, and the cathedral, a place of another kind, was never considered: the
days ended at noon). The other kinds follow the named ones when the named ones that are sights
are fewer than the trip's stops, counted after businesses, stations and homes are left out."""

from __future__ import annotations

import asyncio

from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

GLASGOW = (55.8642, -4.2518)


def _row(i: int, name: str, kind: str) -> Row:
    category = "religious_site" if kind == "religious_site" else "landmark"
    return Row(id=i, name=name, kind=kind, city="Glasgow", lat=GLASGOW[0] + i / 1000,
               lng=GLASGOW[1], attributes={"poi": {"yfcc": {"category": category}}},
               votes=0)  # fmt: skip


def test_a_cathedral_follows_when_the_named_kinds_are_mostly_stations() -> None:
    rows = [
        _row(1, "Kelvingrove Art Gallery and Museum", "museum"),
        _row(2, "Burrell Collection", "museum"),
        _row(3, "Glasgow Central railway station", "attraction"),
        _row(4, "Glasgow Queen Street railway station", "attraction"),
        _row(5, "Glasgow Caledonian University", "attraction"),
        _row(6, "University of Strathclyde", "attraction"),
        _row(7, "St. Mungo's Cathedral Glasgow", "religious_site"),
    ]
    retrieved = asyncio.run(
        OfflineRetrieval(rows).retrieve(city="Glasgow", centre=GLASGOW, radius_km=30.0,
                                        interests="museums and architecture",
                                        tags=("museum", "landmark"), room=4)
    )  # fmt: skip
    names = [c.name for c in retrieved.candidates]
    assert "St. Mungo's Cathedral Glasgow" in names, names
    assert names.index("St. Mungo's Cathedral Glasgow") > names.index("Burrell Collection")


def test_the_other_kinds_follow_when_no_named_kind_is_a_sight() -> None:
    rows = [
        _row(3, "Glasgow Central railway station", "attraction"),
        _row(4, "Glasgow Queen Street railway station", "attraction"),
        _row(7, "St. Mungo's Cathedral Glasgow", "religious_site"),
    ]
    retrieved = asyncio.run(
        OfflineRetrieval(rows).retrieve(city="Glasgow", centre=GLASGOW, radius_km=30.0,
                                        interests="architecture", tags=("landmark",), room=4)
    )  # fmt: skip
    assert [c.name for c in retrieved.candidates] == ["St. Mungo's Cathedral Glasgow"]
