"""A trip says what it planned (issue 35, panel trips half A, t21 Barcelona: 'headed as a 4-day
trip while days 3-4 left empty', 'internal Failed check text shown'): with fewer places known
than days asked, the empty days at its end are left out and the top says '2 days planned of the
4 asked'; the verdict says what is wrong in words, never a check's name; a place the days show
is never also listed as not placed."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.day_notes import short_note
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest, Unplaced
from kairos.trips.phrasing import rules_words
from kairos.trips.verify import CheckResult, Verification
from kairos.trips.view import unplaced_shown, verdict
from tests.trips.candidates import place_maker

THURSDAY = date(2027, 4, 1)
CENTRE = (41.3874, 2.1686)

_place = place_maker(CENTRE, "Barcelona", label="Sight", duration=120)


def test_a_trip_with_fewer_places_than_days_holds_the_days_it_planned_and_says_so() -> None:
    request = TripRequest(city="Barcelona", start_date=THURSDAY, days=4, pace="moderate",
                          mode="transit", candidates=(_place(1, 0.0), _place(2, 0.04)),
                          centre=CENTRE)  # fmt: skip
    itinerary = plan_itinerary(request)
    assert [len(d.stops) for d in itinerary.days] in ([1, 1], [2])
    short = [n for n in itinerary.notes if n.startswith("Shorter than asked: ")]
    assert (
        short
        and short[0].startswith(f"Shorter than asked: {len(itinerary.days)} day")
        and "of the 4 asked: only 2 places to visit known in Barcelona" in short[0]
    ), itinerary.notes
    assert all(d.stops for d in itinerary.days)


def test_the_verdict_names_no_check() -> None:
    v = Verification(
        (CheckResult("days_filled", False, "day 3 (Sat 03 Apr) has no stop", failures=1),
         CheckResult("no_overlap", False, "not checked: x", ("x",))),
        (), {},
    )  # fmt: skip
    said = verdict(v)
    assert "days_filled" not in said and "days filled" not in said and "no overlap" not in said
    assert "day 3 (Sat 03 Apr) has no stop" in said


def test_a_place_the_days_show_is_not_also_listed_as_not_placed() -> None:
    request = TripRequest(city="Barcelona", start_date=THURSDAY, days=1, pace="moderate",
                          mode="transit", candidates=(_place(1, 0.0), _place(2, 0.01)),
                          centre=CENTRE)  # fmt: skip
    itinerary = plan_itinerary(request)
    placed = itinerary.days[0].stops[0]
    stale = replace(itinerary, unplaced=(
        Unplaced(placed.place_id, placed.name, "no time left that day"),
        Unplaced("p99", "Elsewhere", "no time left that day"),
    ))  # fmt: skip
    assert [u["name"] for u in unplaced_shown(stale)] == ["Elsewhere"]


def test_the_overview_says_the_days_planned_of_those_asked() -> None:
    note = short_note(2, 4, 2, "Barcelona")
    view = {"pace": "moderate", "days": [{"index": 1, "slots": []}, {"index": 2, "slots": []}],
            "city": "Barcelona", "start_date": "2027-04-01", "verified": False,
            "mode": "transit", "notes": [note]}  # fmt: skip
    assert rules_words(view).overview.startswith(
        "A moderate trip in Barcelona from 2027-04-01: 2 days planned of the 4 asked: only 2 "
        "places to visit known in Barcelona fit the trip; 0 stops;"
    )
