"""Weather in a request's words (issue 35, round 3: "rainy weather so mostly indoors", "-20",
"it will rain" were read as nothing): places outdoors are left out when enough others fill the
days, and the answer says the ask was read, naming any outdoor stop it could not avoid."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.weather_words import indoors_pool, is_outdoors, weather_note, weather_said
from tests.trips.candidates import place_maker

_place = place_maker((55.86, -4.25), "Glasgow", label="Museum")


def test_weather_words_are_read() -> None:
    said = {
        "Glasgow 2 days, museums and architecture, rainy weather so mostly indoors": "rainy",
        "Toronto, indoors, it will be -20": "indoors",
        "it will be -20 all week": "-20",
        "Kyoto in a heatwave, temples": "heatwave",
        "it will rain and we have a toddler": "rain",
    }
    for text, word in said.items():
        assert weather_said(text) == word, text
    for text in ("Singapore from 2027-01-08 to 2027-01-10", "kids aged 6-9", "parks and views"):
        assert weather_said(text) is None, text


def test_outdoor_places_give_way_when_enough_others_fill_the_days() -> None:
    indoor = [_place(i) for i in range(1, 8)]
    outdoor = [_place(10, kind="park", name="Kelvingrove Park"),
               _place(11, kind="attraction", name="Kusu Island"),
               _place(12, kind="viewpoint", name="Calton Hill")]  # fmt: skip
    pool, left = indoors_pool([*outdoor, *indoor], days=2, locked={"p12"})
    assert left == 2 and pool[0].id == "p12"  # a locked place stays
    assert {c.id for c in pool} == {"p12", *(c.id for c in indoor)}
    request = TripRequest(city="Glasgow", start_date=date(2025, 5, 5),
                          days=2, pace="moderate", mode="transit", candidates=tuple(pool),
                          centre=(55.86, -4.25))  # fmt: skip
    names = [s.name for d in plan_itinerary(request).days for s in d.stops]
    assert "Kelvingrove Park" not in names and "Kusu Island" not in names


def test_too_few_indoors_keeps_all_and_says_which_are_outdoors() -> None:
    few = [_place(1), _place(2, kind="park", name="Green Park")]
    pool, left = indoors_pool(few, days=2)
    assert left == 0 and len(pool) == 2
    assert is_outdoors("park", None, "Green Park")
    assert "Green Park" in weather_note("rain", ["Green Park"])
    assert "left out" in weather_note("rain", [])


def test_a_port_a_slide_or_a_quarter_filed_as_an_attraction_is_outdoors() -> None:
    for name in ("Old Port", "Terrasse Dufferin Slides", "Quartier Petit Champlain",
                 "Dundas Square", "Ha'penny Bridge", "Porte Saint-Jean"):  # fmt: skip
        assert is_outdoors("attraction", None, name), name
    for kind, name in (
        ("museum", "La Citadelle de Québec"),
        ("religious_site", "Basilica Square"),
        ("museum", "Musée de la civilisation"),
        ("attraction", "Château Frontenac"),
    ):
        assert not is_outdoors(kind, None, name), name
