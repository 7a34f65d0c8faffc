"""Days a traveller would follow, planned from what is known (issue 35 items 2 and 5, issue 34
item 1): places with no position planned with an allowance and never certified, step-free asked
and checked per stop, days evened out and light days explained, hawker centres and markets as
places to eat, a longer way to lunch rather than none, and a swap that survives a later lock."""

from __future__ import annotations

import re
from datetime import date

from kairos.trips.day_plan import even_out, light_note, schedule, spec_of, upgrade
from kairos.trips.itinerary import SwapStop, plan_itinerary, refine_day
from kairos.trips.models import Candidate, Day, Lock, TripRequest
from kairos.trips.retrieval_rules import is_food_place
from kairos.trips.verify import verify
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (38.8951, -77.0364)
ALLOWANCE = 30
"""The minutes a leg to or from a place with no position is given (this test's own figure)."""


_c = place_maker(CENTRE, "Washington")


def _request(candidates: list[Candidate], **kw: object) -> TripRequest:
    fields: dict[str, object] = {"city": "Washington", "start_date": MONDAY, "days": 1,
                                 "pace": "moderate", "mode": "transit", "centre": CENTRE,
                                 "candidates": tuple(candidates)}  # fmt: skip
    fields.update(kw)
    return TripRequest(**fields)  # type: ignore[arg-type]


def _check(itinerary: object, name: str) -> object:
    result = verify(itinerary)  # type: ignore[arg-type]
    return next(r for r in result.results if r.constraint == name)


def test_places_with_no_position_are_planned_with_an_allowance_and_never_certified() -> None:
    unplaced = [_c(i, 0.0, 0.0, positioned=False, name=f"Museum {i}") for i in range(3)]
    itinerary = plan_itinerary(_request(unplaced))
    stops = itinerary.days[0].stops
    assert len(stops) == 3
    assert [s.travel_minutes for s in stops[1:]] == [ALLOWANCE, ALLOWANCE]
    assert all(not s.positioned for s in stops)
    result = verify(itinerary)
    assert not result.passed
    in_city = _check(itinerary, "in_city")
    travel = _check(itinerary, "travel_feasible")
    assert in_city.status == "not_checked" and "Museum 0" in in_city.detail  # type: ignore[attr-defined]
    assert travel.status == "not_checked"  # type: ignore[attr-defined]


def test_no_meal_is_chosen_near_a_stand_in_position() -> None:
    unplaced = [_c(i, 0.0, 0.0, positioned=False, duration=120) for i in range(3)]
    meals = (_c(100, 0.001, 0.0, kind="restaurant"),)  # beside the city's centre
    itinerary = plan_itinerary(_request(unplaced, meals=meals))
    day = itinerary.days[0]
    assert not [s for s in day.slots if s.kind != "stop"]
    assert any("no known position" in n for n in day.notes), day.notes


def test_step_free_asked_is_checked_stop_by_stop() -> None:
    marked = [_c(i, 0.002 * i, 0.0, step_free="yes") for i in range(2)]
    itinerary = plan_itinerary(_request(marked, step_free=True))
    assert _check(itinerary, "step_free").status == "passed"  # type: ignore[attr-defined]
    unknown = [*marked, _c(9, 0.005, 0.0, name="Old Fort")]
    itinerary = plan_itinerary(_request(unknown, step_free=True))
    check = _check(itinerary, "step_free")
    assert check.status == "not_checked" and "Old Fort" in check.detail  # type: ignore[attr-defined]
    assert not verify(itinerary).passed
    refused = [*marked, _c(9, 0.005, 0.0, name="Stair Tower", step_free="no")]
    assert _check(plan_itinerary(_request(refused, step_free=True)), "step_free").status == "failed"  # type: ignore[attr-defined]
    # not asked: no such check
    assert all(
        r.constraint != "step_free" for r in verify(plan_itinerary(_request(refused))).results
    )


def _day(request: TripRequest, index: int, stops: list[Candidate]) -> Day:
    empty = Day(index, request.dates[index], (), (540, 1170), 5, 10)
    day, skipped = schedule(request, spec_of(request, empty), stops, [], set())
    assert not skipped
    return day


def test_stops_move_from_the_fullest_day_to_the_thinnest() -> None:
    places = [_c(i, 0.002 * i, 0.0) for i in range(6)]
    request = _request(places, days=2)
    days = [_day(request, 0, places[:5]), _day(request, 1, places[5:])]
    by_id = {c.id: c for c in places}
    even_out(request, days, [0, 1], by_id, [])
    assert sorted(len(d.stops) for d in days) == [3, 3]
    assert {s.place_id for d in days for s in d.stops} == set(by_id)


def test_a_light_day_says_why() -> None:
    places = [_c(0, 0.0, 0.0)]
    request = _request(places)
    one = _day(request, 0, places)
    day = light_note(one, [one], places, "Washington")
    assert any(n.startswith("A light day") and "every place to visit" in n for n in day.notes)
    full = [_c(i, 0.002 * i, 0.0, duration=120) for i in range(4)]
    busy = _day(_request(full), 0, full)
    assert light_note(busy, [busy], full, "Washington").notes == busy.notes


def test_hawker_centres_and_markets_are_places_to_eat() -> None:
    said = {"poi": {"sg": {"description": "The historic market offers heritage and delicious "
                                          "food. Open daily."}}}  # fmt: skip
    assert is_food_place("Old Market Hall", said)
    assert is_food_place("Maxwell Food Centre", {})
    assert is_food_place("Chinatown Complex Hawker Centre", {})
    assert is_food_place("Shilin Night Market", {})
    assert is_food_place("Stall row", {"poi": {"osm": {"osm_tags": {"amenity": "food_court"}}}})
    quarter = {"poi": {"sg": {"description": "A bustling quarter of shops and night markets, "
                                             "with food everywhere."}}}  # fmt: skip
    assert not is_food_place("Chinatown", quarter)
    assert not is_food_place("Market Gallery", {"poi": {"ta": {"description": "Art on show."}}})


def test_a_longer_way_to_lunch_rather_than_none() -> None:
    stops = [_c(i, 0.002 * i, 0.0, duration=120) for i in range(4)]
    far = (_c(100, 0.040, 0.0, kind="restaurant"),)  # about 4.4 km: over transit's 3 km
    itinerary = plan_itinerary(_request(stops, meals=far))
    lunches = [s for s in itinerary.days[0].slots if s.kind == "lunch"]
    assert [s.place_id for s in lunches] == ["p100"]
    assert verify(itinerary).passed


def test_a_swap_made_before_a_lock_stands_after_it() -> None:
    places = [_c(i, 0.002 * i, 0.0) for i in range(5)]
    park = _c(7, 0.003, 0.001, kind="park", name="Rose Garden")
    request = _request([*places, park])
    itinerary = plan_itinerary(request)
    out = itinerary.days[0].stops[1].place_id
    swapped = refine_day(itinerary, 0, SwapStop(out, "outdoors"))
    assert "p7" in {s.place_id for s in swapped.days[0].stops}
    # the park locked afterwards: the plan already holds it; the swap, replayed, still stands
    locked = plan_itinerary(_request([*places, park], locks=(Lock("p7", 0),)))
    replayed = refine_day(locked, 0, SwapStop(out, "outdoors", into="p7"))
    ids = {s.place_id for s in replayed.days[0].stops}
    assert "p7" in ids and out not in ids


def test_a_stop_named_in_full_is_the_one_swapped() -> None:
    from types import SimpleNamespace

    from kairos.trips.answer import _edit
    from kairos.trips.intent import DayChange, Intent

    def slot(pid: str, name: str) -> SimpleNamespace:
        return SimpleNamespace(kind="stop", place_id=pid, name=name, place_kind="museum")

    slots = [slot("1", "Museum of the Bible"), slot("2", "National Law Enforcement Museum")]
    day = SimpleNamespace(index=1, slots=slots)
    trip = SimpleNamespace(days=[day])
    intent = Intent.model_construct(day_index=1, change=DayChange(kind="swap", target="park",
                                                                   stop="museum"))  # fmt: skip
    edit = _edit(intent, trip, "swap Museum of the Bible for a park")  # type: ignore[arg-type]
    assert edit["place_id"] == "1"


def test_lunch_is_taken_before_a_stop_that_would_leave_no_time_for_it() -> None:
    ten_to_six = tuple(((600, 1080),) for _ in range(7))
    stops = [_c(0, 0.0, 0.0, duration=105, hours=ten_to_six),
             _c(1, 0.004, 0.0, duration=110, hours=ten_to_six)]  # fmt: skip
    meals = (_c(100, 0.002, 0.001, kind="restaurant"),)
    itinerary = plan_itinerary(_request(stops, meals=meals))
    kinds = [s.kind for s in itinerary.days[0].slots]
    assert kinds == ["stop", "lunch", "stop"], kinds


def test_a_landmark_no_day_could_hold_takes_the_place_of_a_lesser_stop() -> None:
    lesser = [_c(5, 0.0, 0.0, duration=240), _c(6, 0.002, 0.0, duration=240)]
    landmark = _c(0, 0.001, 0.0, duration=240, name="CN Tower")
    request = _request([*lesser, landmark])
    days = [_day(request, 0, lesser)]
    by_id = {c.id: c for c in [*lesser, landmark]}
    gave_way = upgrade(request, days, [0], by_id, [], [landmark])
    assert [c.id for c in gave_way] == ["p6"]
    assert {s.place_id for s in days[0].stops} == {"p0", "p5"}
    # a place ranked below every stop takes no one's place
    days = [_day(request, 0, lesser)]
    assert upgrade(request, days, [0], by_id, [], [_c(9, 0.0, 0.0, duration=240)]) == []


def test_a_day_of_places_with_no_position_still_says_when_to_eat_and_keeps_that_time_free() -> None:
    """New York's sample rows have no position and the city no place to eat: a packed day ran
    08:30–21:10 with six stops back to back and only 'no lunch: ... no known position'. The
    lunch is said and its time kept free, as on a day whose stops have positions."""
    unplaced = [_c(i, 0.0, 0.0, positioned=False, duration=90, name=f"Museum {i}")
                for i in range(6)]  # fmt: skip
    itinerary = plan_itinerary(_request(unplaced, meals=()))
    day = itinerary.days[0]
    # the city's having no place to eat is said once (the trip's first note); each meal says when
    said = [n for n in day.notes if n.startswith(("Lunch around", "Dinner around"))]
    assert itinerary.notes[0].startswith("No place to eat known in "), itinerary.notes
    assert any(n.startswith("Lunch around") and "kept free" in n for n in said), day.notes
    assert not any("no known position" in n for n in day.notes), day.notes
    lunch = next(n for n in said if n.startswith("Lunch"))
    free = re.search(r"\((\d\d):(\d\d)–(\d\d):(\d\d) is kept free", lunch)
    assert free is not None, lunch
    start, end = int(free[1]) * 60 + int(free[2]), int(free[3]) * 60 + int(free[4])
    assert not any(s.start < end and s.end > start for s in day.stops), (lunch, day.stops)


def _legs(day: Day) -> list[int]:
    return [s.travel_minutes for s in day.stops[1:]]


def test_with_children_no_leg_is_long_and_a_longer_one_is_said() -> None:
    """A family's Delhi day held 46- and 70-minute legs between stops. With children a leg is
    an hour at most (a farther place waits), and one over half an hour is said on the day."""
    near = [_c(i, 0.002 * i, 0.0) for i in range(3)]
    mid = [_c(5, 0.075, 0.0, name="Mid Zoo")]  # ~8 km: about 39 min by transit
    far = [_c(6, 0.0, -0.17, name="Far Fort")]  # ~15 km west: over an hour
    alone = plan_itinerary(_request([*near, *mid, *far])).days[0]
    assert max(_legs(alone)) > 60, alone.stops  # without children the far place is reached
    family = plan_itinerary(_request([*near, *mid, *far], children=True)).days[0]
    assert family.stops and max(_legs(family)) <= 60, [(s.name, s.travel_minutes)
                                                       for s in family.stops]  # fmt: skip
    said = [n for n in family.notes if n.startswith("With children")]
    long = [s for s in family.stops[1:] if s.travel_minutes > 30]
    assert bool(said) == bool(long), (family.notes, long)
    for s in long:
        assert f"{s.name} {s.travel_minutes} min" in said[0]
