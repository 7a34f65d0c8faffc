"""A museum or a garden a source files as a plain attraction, with no hours, is planned as one
(issue 35, panel trips half A at e08ebe2, t35 Tokyo in November: "Asakura Museum of Sculpture"
17:11–18:41 and "Rikugi-en" 19:03–20:03, both filed "attraction" with no hours): a museum by
its name keeps a museum's usual hours, a garden by its name (Japanese ones too) a garden's and
daylight; a beer garden or a night market is not held to them."""

from __future__ import annotations

from datetime import date

from kairos.trips.day_slots import by_daylight
from kairos.trips.daylight import dark_from
from kairos.trips.hours import USUAL_GARDEN_HOURS, USUAL_MUSEUM_HOURS, allowed_spans
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest

THURSDAY = date(2026, 11, 26)
CENTRE = (35.6812, 139.7671)


def _c(i: int, name: str, kind: str = "attraction", duration: int = 60) -> Candidate:
    return Candidate(id=f"p{i}", name=name, kind=kind, lat=CENTRE[0] + 0.004 * i,
                     lng=CENTRE[1], city="Tokyo", duration=duration, rank=float(i),
                     category="attraction")  # fmt: skip


def test_a_museum_or_garden_by_its_name_keeps_usual_hours() -> None:
    assert allowed_spans(_c(1, "Asakura Museum of Sculpture, Taitō"), 3) == [USUAL_MUSEUM_HOURS]
    assert allowed_spans(_c(2, "Rikugi-en"), 3) == [USUAL_GARDEN_HOURS]
    assert allowed_spans(_c(3, "Hama-rikyū Onshi-teien"), 3) == [USUAL_GARDEN_HOURS]
    assert by_daylight(_c(2, "Rikugi-en"), 3)
    for name in ("Golden Beer Garden", "Night Garden Market", "Omote-sandō", "Tokyo Tower"):
        assert allowed_spans(_c(4, name), 3)[0][0] == 0, name


def test_a_packed_november_day_puts_no_garden_after_dark_nor_a_museum_past_closing() -> None:
    names = ["Tower A", "Tower B", "Rikugi-en", "Kōrakuen", "National Museum",
             "Museum of Sculpture", "Shrine Street", "Market Hall"]  # fmt: skip
    places = tuple(_c(i, n, duration=90) for i, n in enumerate(names, start=1))
    request = TripRequest(city="Tokyo", start_date=THURSDAY, days=1, pace="packed",
                          mode="transit", candidates=places, centre=CENTRE)  # fmt: skip
    day = plan_itinerary(request).days[0]
    dark = dark_from(THURSDAY, "Tokyo", CENTRE)
    assert dark is not None
    for s in day.stops:
        if "Museum" in s.name:
            assert USUAL_MUSEUM_HOURS[0] <= s.start and s.end <= USUAL_MUSEUM_HOURS[1], s
        if s.name in ("Rikugi-en", "Kōrakuen"):
            assert s.end <= min(dark, USUAL_GARDEN_HOURS[1]), s
