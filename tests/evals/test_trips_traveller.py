"""The traveller figures of `kairos eval trips` (issue 35's numbers), computed from an answer
and catalogue rows by the eval's own word lists, never the planner's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kairos.evals.trips_traveller import TravellerTally, is_junk, matches_interest, met


def _row(name: str, kind: str, tags: dict[str, str] | None = None, **kw: Any) -> SimpleNamespace:
    attributes = {"poi": {"osm": {"osm_tags": {"name": name, **(tags or {})}}}}
    return SimpleNamespace(name=name, kind=kind, categories=kw.get("categories", []), lat=1.3,
                           lng=103.8, attributes=attributes)  # fmt: skip


def _slot(kind: str, pid: str, name: str, arrive: str, start: str, end: str,
          place_kind: str = "museum") -> dict[str, Any]:  # fmt: skip
    return {"kind": kind, "place_id": pid, "name": name, "place_kind": place_kind,
            "arrive": arrive, "start": start, "end": end}  # fmt: skip


def test_junk_is_read_from_names_and_tags() -> None:
    assert is_junk("Sweet knife shop", None)
    assert is_junk("Florid human resources", _row("Florid human resources", "attraction",
                                                  {"office": "company"}))  # fmt: skip
    assert is_junk("Er. Abhiyan Poudel Flat", None)
    assert not is_junk("Swayambhunath", _row("Swayambhunath", "religious_site",
                                             {"amenity": "place_of_worship"}))  # fmt: skip
    assert not is_junk("Sydney Opera House", None)


def test_interest_match_uses_the_eval_map() -> None:
    temple = _row("Pashupatinath", "attraction", {"amenity": "place_of_worship"})
    assert matches_interest("temples and religious sites", "attraction", temple, temple.name)
    assert not matches_interest("parks and gardens", "museum", None, "Philatelic Museum")
    assert matches_interest("parks and gardens", "attraction", None, "Chinese Garden")


def test_a_trip_is_tallied_and_verified_is_re_checked() -> None:
    rows = {1: _row("Museum A", "museum"), 2: _row("Ward 9 office", "attraction"),
            3: _row("Garden B", "park")}  # fmt: skip
    trip = {"city": "Singapore", "verified": True, "days": [
        {"date": "2026-12-07", "slots": [
            _slot("stop", "1", "Museum A", "09:00", "10:00", "11:00"),
            _slot("lunch", "9", "Hawker", "12:00", "12:00", "13:00", "food court"),
            _slot("stop", "2", "Ward 9 office", "13:20", "13:20", "14:00", "attraction")]},
        {"date": "2026-12-08", "slots": [
            _slot("stop", "3", "Garden B", "10:00", "10:00", "11:00", "park")]},
    ]}  # fmt: skip
    tally = TravellerTally({"Singapore"}, {("Singapore", "parks and gardens")})
    tally.add(0, {"interests": "parks and gardens"}, trip, rows, None, 30.0, None)
    # an interest the city's catalogue does not serve is not in the median
    tally.add(1, {"interests": "art galleries"}, trip, rows, None, 30.0, None)
    assert len(tally.matches) == 1
    figures = tally.figures()
    assert figures["junk_stop_rate"] == round(2 / 6, 4)
    assert figures["thin_day_rate"] == 0.5  # day 2 holds one stop
    assert figures["meal_day_rate"] == 0.5
    assert figures["dinner_day_rate"] == 0.0  # a lunch, no dinner
    assert figures["long_wait_rate"] == round(1 / 3, 4)  # 60 min at the first stop
    assert figures["interest_match_median"] == round(1 / 3, 4)
    # hours unknown for every row: the re-check does not certify it, `verified` said it did
    assert figures["verified_agreement"] == 0.0
    assert any("verified, re-check: Museum A hours unknown" in s for s in tally.samples)
    assert met("junk_stop_rate", 0.01) and not met("meal_day_rate", 0.5)


def test_one_range_with_no_weekday_is_not_known_hours_to_the_re_check() -> None:
    """TripAdvisor's "11:00 AM - 6:00 PM" with no weekday is stored read as every day; the
    planner says it cannot check it and does not verify the trip, and the re-check agrees (it
    counted such a stop as open and disagreed with every trip holding one, since d2999b6
    placed those rows)."""
    every_day = [[[600, 1080]]] * 7
    row = _row("Carousel", "attraction")
    row.attributes["opening_hours"] = {"status": "known", "weekly": every_day,
                                       "weekdays_given": False}  # fmt: skip
    trip = {"city": "New York", "verified": False, "days": [
        {"date": "2026-12-07", "slots": [
            _slot("stop", "1", "Carousel", "11:00", "11:00", "12:00", "attraction")]}]}  # fmt: skip
    tally = TravellerTally(set(), set())
    tally.add(0, {}, trip, {1: row}, None, 30.0, None)
    assert tally.figures()["verified_agreement"] == 1.0, tally.samples


def test_a_public_holiday_is_not_known_from_a_usual_week() -> None:
    """On Thanksgiving (Thu 26 Nov 2026) a place's Thursday hours say nothing of the holiday: the
    planner does not verify the trip and the re-check agrees; a place whose hours say it is
    closed on public holidays is shut to the re-check, and one open round the clock is open."""
    weekly = [[[600, 1080]]] * 7
    row = _row("Carousel", "attraction")
    row.attributes["opening_hours"] = {"status": "known", "weekly": weekly,
                                       "text": "Mo-Su 10:00-18:00"}  # fmt: skip
    shut = _row("Hall", "attraction")
    shut.attributes["opening_hours"] = {"status": "known", "weekly": weekly,
                                        "text": "Mo-Su 10:00-18:00; PH off"}  # fmt: skip
    always = _row("Square", "attraction")
    always.attributes["opening_hours"] = {"status": "known", "weekly": [[[0, 1440]]] * 7,
                                          "text": "24/7"}  # fmt: skip

    def on(day: str, pid: str, verified: bool) -> dict[str, Any]:
        return {"city": "New York", "verified": verified, "days": [{"date": day, "slots": [
            _slot("stop", pid, "Stop", "11:00", "11:00", "12:00", "attraction")]}]}  # fmt: skip

    tally = TravellerTally(set(), set())
    rows = {1: row, 2: shut, 3: always}
    tally.add(0, {}, on("2026-11-26", "1", False), rows, None, 30.0, None)
    tally.add(1, {}, on("2026-11-27", "1", True), rows, None, 30.0, None)
    tally.add(2, {}, on("2026-11-26", "2", False), rows, None, 30.0, None)
    tally.add(3, {}, on("2026-11-26", "3", True), rows, None, 30.0, None)
    assert tally.figures()["verified_agreement"] == 1.0, tally.samples
