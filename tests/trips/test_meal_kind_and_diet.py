"""Which place a meal is at (issue 35, panel trips half A): dinner at a restaurant, not a coffee
chain, when one is within reach (t57: "dinner both nights at Cafe Coffee Day"); a diet said in
the request picks places whose source says they serve it, and the trip names the meals whose
place says nothing of it (t37: "vegetarian is ignored")."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.diet_words import diet_evidence, said_diets
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)

_place = place_maker(CENTRE, "Delhi", label="Museum", duration=90)


def _meals(request: TripRequest, kind: str) -> list[str]:
    itinerary = plan_itinerary(request)
    return [s.place_id for d in itinerary.days for s in d.slots if s.kind == kind]


def test_dinner_is_at_a_restaurant_before_a_nearer_cafe() -> None:
    stops = [_place(i, 0.002 * i) for i in range(5)]
    cafes = [_place(60 + i, 0.008, 0.001 * i, name=f"Coffee Chain {i}", kind="cafe")
             for i in range(2)]  # fmt: skip
    restaurant = _place(62, 0.012, 0.004, name="Thali House", kind="restaurant")
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(*cafes, restaurant),
                          centre=CENTRE)  # fmt: skip
    assert _meals(request, "lunch")[0] in {"p60", "p61"}  # lunch at a café is fine
    assert _meals(request, "dinner") == ["p62"]


def test_a_cafe_is_dinner_when_no_restaurant_is_within_reach() -> None:
    stops = [_place(i, 0.002 * i) for i in range(5)]
    cafes = [_place(60 + i, 0.008, 0.001 * i, name=f"Coffee Chain {i}", kind="cafe")
             for i in range(2)]  # fmt: skip
    far = _place(62, 0.5, name="Thali House", kind="restaurant")
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(*cafes, far),
                          centre=CENTRE)  # fmt: skip
    assert _meals(request, "dinner")[0] in {"p60", "p61"}


def test_a_said_diet_picks_a_place_that_serves_it_and_names_those_that_do_not() -> None:
    stops = [_place(i, 0.002 * i) for i in range(5)]
    near = _place(60, 0.006, name="Kebab Corner", kind="restaurant")
    veg = _place(61, 0.010, 0.004, name="Saravana", kind="restaurant", diets=("vegetarian",))
    base = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate", mode="transit",
                       candidates=tuple(stops), meals=(near, veg), centre=CENTRE)  # fmt: skip
    assert _meals(base, "lunch") == ["p60"]  # nearer, nothing said
    asked = replace(base, diets=("vegetarian",))
    assert _meals(asked, "lunch") == ["p61"]
    notes = " ".join(plan_itinerary(asked).notes)
    assert "You said vegetarian" in notes
    assert "Kebab Corner" in notes  # dinner there: its listing says nothing of it


def test_no_place_known_to_serve_the_diet_is_said() -> None:
    stops = [_place(i, 0.002 * i) for i in range(5)]
    hawker = _place(60, 0.006, name="Hawker Centre", kind="food market")
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(hawker,),
                          centre=CENTRE, diets=("vegetarian",))  # fmt: skip
    notes = " ".join(plan_itinerary(request).notes)
    assert "no place to eat on this trip is known to serve vegetarian food" in notes
    assert "Hawker Centre" in notes


def test_diet_words_and_evidence() -> None:
    assert said_diets("Singapore 2 days, I am vegetarian and allergic to peanuts") == (
        "vegetarian",
    )
    assert said_diets("Delhi, non-veg food and forts") == ()
    assert said_diets("a vegan weekend, halal too") == ("vegan", "halal")
    tagged = {"poi": {"osm": {"osm_tags": {"diet:vegetarian": "only"}}}}
    assert diet_evidence("Zen", tagged) == {"vegetarian"}
    assert diet_evidence("Green Vegan Cafe", {}) == {"vegan", "vegetarian"}
    assert diet_evidence("Kebab Corner", {"poi": {"osm": {"osm_tags": {"cuisine": "kebab"}}}}) == (
        frozenset()
    )


def test_a_place_holding_several_meals_says_why() -> None:
    stops = [_place(i, 0.002 * i) for i in range(8)]
    hawker = _place(60, 0.006, name="Hawker Centre", kind="food market")
    request = TripRequest(city="Delhi", start_date=MONDAY, days=2, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(hawker,),
                          centre=CENTRE)  # fmt: skip
    itinerary = plan_itinerary(request)
    eaten = [s for d in itinerary.days for s in d.slots if s.kind != "stop"]
    assert len(eaten) > 1
    said = [n for n in itinerary.notes if n.startswith("Hawker Centre holds ")]
    assert said == [
        f"Hawker Centre holds {len(eaten)} of the trip's meals (day 1 lunch, day 1 dinner, "
        "day 2 lunch, day 2 dinner): no other place to eat Kairos knows is within reach of "
        "those days' stops; other food near them is not in its data, so look around or ask "
        "locally for variety."
    ]


def test_a_diet_word_is_no_interest_left_unmet() -> None:
    from kairos.trips.unmet_words import unmet_phrases

    assert unmet_phrases("Delhi 2 days, veggie food and forts", "Delhi", []) == []
