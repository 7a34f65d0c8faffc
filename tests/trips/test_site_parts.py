"""Parts of one site are one stop (half A: "four Red Fort sub-museums as stops", "Red Fort
reduced to its gate"): a place naming a compound (its own name, or its Wikipedia / Commons title
or that title's qualifier) and the places of no entry of their own a few hundred metres from
it are one visit, and so is a place naming the compound that its source places far off (the fort's
gate 2 km away is not a second Red Fort stop: half A t07); one listed on its own, or a name
that is something *at* a compound stays a stop of its own."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from kairos.trips.itinerary import MoreRelaxed, plan_itinerary, refine_day
from kairos.trips.models import Candidate, Lock, TripRequest
from kairos.trips.sites import site_of

MONDAY = date(2025, 5, 5)
FORT = (28.6558, 77.2423)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))


def _poi(tags: dict[str, str], category: str = "attraction") -> dict[str, Any]:
    return {"poi": {"osm": {"category": category, "osm_tags": tags}}}


def test_a_place_names_its_site_by_its_title_its_qualifier_or_its_own_name() -> None:
    hall = _poi({"wikipedia": "en:Diwan-i-Am (Red Fort)"})
    assert site_of("Diwan-e-Aam", hall) == "Red Fort"
    square = _poi({"wikipedia": "en:Kathmandu Durbar Square"})
    assert site_of("Basantapur Durbar Square", square) == "Kathmandu Durbar Square"
    assert site_of("Fort York", {}) == "Fort York"
    assert site_of("Edinburgh Castle", {}) == "Edinburgh Castle"
    # something at a compound, a mural named like one, a museum: no site
    assert site_of("Residence of the Governor General at the Citadelle", {}) is None
    assert site_of("The Light Fort", _poi({}, category="artwork")) is None
    assert site_of("World War I museum", _poi({"tourism": "museum"})) is None


def _place(i: str, name: str, dlat: float, *, site: str | None = None, entry: bool = False,
           rank: float = 1.0, minutes: int = 45) -> Candidate:  # fmt: skip
    return Candidate(id=i, name=name, kind="museum", lat=FORT[0] + dlat, lng=FORT[1],
                     city="Delhi", duration=minutes, rank=rank, hours=ALL_DAY, site=site,
                     entry=entry)  # fmt: skip


def _plan(candidates: list[Candidate], days: int = 2) -> Any:
    return plan_itinerary(TripRequest(city="Delhi", start_date=MONDAY, days=days, pace="moderate",
                                      mode="transit", candidates=tuple(candidates),
                                      centre=FORT))  # fmt: skip


def test_the_museums_inside_a_fort_are_one_stop_named_by_the_part_that_names_the_fort() -> None:
    fort = [
        _place("hall", "Diwan-e-Aam", 0.0, site="Red Fort", entry=True, rank=3.0, minutes=60),
        _place("m1", "World War I museum", 0.0015, rank=1.0),
        _place("m2", "Independence movement museum", -0.002, rank=1.5),
        _place("m3", "Museum on Netaji Subhas Chandra Bose", 0.0025, rank=2.0),
    ]
    # a gate filed under the fort 2 km off, ranked first (one visit with the hall, among the
    # museums: the fort's stop is where its parts are), a museum with its own entry
    # next to the fort, and sights to fill the days
    others = [
        _place("gate", "Lahori Gate", 0.02, site="Red Fort", entry=True, rank=0.5),
        _place("own", "Museum of its own", 0.001, entry=True, rank=5.0),
        *(_place(f"s{i}", f"Sight {i}", 0.004 * i + 0.005, rank=6.0 + i) for i in range(1, 8)),
    ]
    itinerary = _plan([*fort, *others])
    stops = [s for d in itinerary.days for s in d.stops]
    ids = [s.place_id for s in stops]
    assert "hall" in ids, ids
    assert not {"m1", "m2", "m3"} & set(ids), ids
    assert "own" in ids and "gate" not in ids, ids  # the fort's gate, whatever its position
    hall = next(s for s in stops if s.place_id == "hall")
    assert hall.end - hall.start >= 120, hall  # the fort's visit, not the hall's hour
    day = next(d for d in itinerary.days if any(s.place_id == "hall" for s in d.stops))
    assert any(n.startswith("Diwan-e-Aam (Red Fort): one visit") and "World War I museum" in n
               for n in day.notes), day.notes  # fmt: skip
    left = {u.place_id: u.reason for u in itinerary.excluded}
    assert left["m1"].startswith("part of Red Fort"), left
    assert left["gate"] == "part of Red Fort: one visit with Diwan-e-Aam", left


def test_the_site_itself_is_kept_over_its_parts_and_a_locked_part_stays() -> None:
    square = [
        _place(
            "part",
            "Basantapur Durbar Square",
            0.0,
            site="Kathmandu Durbar Square",
            entry=True,
            rank=1.0,
        ),
        _place(
            "site",
            "Kathmandu Durbar Square",
            0.001,
            site="Kathmandu Durbar Square",
            entry=True,
            rank=2.0,
        ),
        _place("chok", "Nasal Chok", 0.0008, rank=1.5),
    ]
    fillers = [_place(f"s{i}", f"Sight {i}", 0.004 * i + 0.005, rank=6.0 + i) for i in range(6)]
    ids = {s.place_id for d in _plan([*square, *fillers]).days for s in d.stops}
    assert "site" in ids and not {"part", "chok"} & ids, ids
    request = TripRequest(city="Delhi", start_date=MONDAY, days=2, pace="moderate",
                          mode="transit", candidates=(*square, *fillers), centre=FORT,
                          locks=(Lock("chok", 0),))  # fmt: skip
    ids = {s.place_id for d in plan_itinerary(request).days for s in d.stops}
    assert {"site", "chok"} <= ids, ids


def test_a_relaxed_day_leaves_out_its_least_notable_stop_never_a_site_with_parts() -> None:
    # a packed Kathmandu heritage day: Basantapur Durbar Square stands for the square and Nasal
    # Chok, its own rank the day's worst; a museum of no entry of its own is free beside it
    square = [
        _place("part", "Basantapur Durbar Square", 0.0, site="Kathmandu Durbar Square",
               entry=True, rank=7.0, minutes=60),
        _place("chok", "Nasal Chok", 0.0008, rank=9.0),
    ]  # fmt: skip
    others = [
        _place("temple", "A temple of its own", 0.004, entry=True, rank=2.0),
        _place("museum", "City museum", 0.006, rank=3.0),
        _place("locked", "Locked sight", 0.008, entry=True, rank=1.0),
    ]
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=(*square, *others), centre=FORT,
                          locks=(Lock("locked", 0),))  # fmt: skip
    itinerary = plan_itinerary(request)
    assert {s.place_id for s in itinerary.days[0].stops} == {"part", "temple", "museum", "locked"}
    relaxed = refine_day(itinerary, 0, MoreRelaxed())
    day = relaxed.days[0]
    assert {s.place_id for s in day.stops} == {"part", "temple", "locked"}, day.stops
    # the site's one visit stays one visit for its parts, and its day still says so
    part = next(s for s in day.stops if s.place_id == "part")
    assert part.end - part.start >= 105, part
    assert any("one visit for the site" in n for n in day.notes), day.notes
    # a minor stop goes before a better-ranked notable one
    minor = _place("pond", "A pond", 0.01, rank=0.5)
    request = replace(request, candidates=(*request.candidates, replace(minor, minor=True)),
                      locks=())  # fmt: skip
    itinerary = plan_itinerary(request)
    assert "pond" in {s.place_id for s in itinerary.days[0].stops}
    relaxed = refine_day(itinerary, 0, MoreRelaxed())
    assert "pond" not in {s.place_id for s in relaxed.days[0].stops}
    assert "part" in {s.place_id for s in relaxed.days[0].stops}


def test_a_part_of_a_site_is_shown_with_the_sites_name() -> None:
    from kairos.trips.sites import with_site

    assert with_site("Diwan-e-Aam", "Red Fort") == "Diwan-e-Aam (Red Fort)"
    assert with_site("Red Fort", "Red Fort") == "Red Fort"
    assert with_site("Red Fort Baoli", "Red Fort") == "Red Fort Baoli"
    assert with_site("Humayun's Tomb", None) == "Humayun's Tomb"


def test_retrieval_shows_a_hall_with_its_fort() -> None:
    import asyncio

    from kairos.trips.retrieval_rules import Row
    from tests.trips.offline_retrieval import OfflineRetrieval

    hall = Row(id=1, name="Diwan-e-Aam", kind="attraction", city="Delhi", lat=FORT[0],
               lng=FORT[1], votes=0,
               attributes={"poi": {"osm": {"category": "attraction", "osm_tags": {
                   "wikipedia": "en:Diwan-i-Am (Red Fort)", "historic": "building"}}}})  # fmt: skip
    found = OfflineRetrieval([hall]).retrieve(city="Delhi", centre=FORT, radius_km=30.0,
                                              interests="", room=4)  # fmt: skip
    assert [c.name for c in asyncio.run(found).candidates] == ["Diwan-e-Aam (Red Fort)"]
