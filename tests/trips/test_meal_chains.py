"""Lunch and dinner at local places, not chains (issue 35 item 2; panel trips half A t57: "lunch
at Cafe Coffee Day" with restaurants near): a coffee chain is no meal while another place to eat
is within reach, a fast-food chain only when nothing else is, a local place eaten at on another
day beats a chain, and a meal only a chain could take says so."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.meal_chains import chain_kind
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)

_place = place_maker(CENTRE, "Delhi", label="Museum", duration=90)


def _request(meals: tuple, days: int = 1) -> TripRequest:  # type: ignore[type-arg]
    stops = [_place(i, 0.002 * i + 0.03 * (i // 5)) for i in range(5 * days)]
    return TripRequest(city="Delhi", start_date=MONDAY, days=days, pace="moderate",
                       mode="transit", candidates=tuple(stops), meals=meals,
                       centre=CENTRE)  # fmt: skip


def _meals(request: TripRequest) -> list[tuple[str, str]]:
    itinerary = plan_itinerary(request)
    return [(s.kind, s.name) for d in itinerary.days for s in d.slots if s.kind != "stop"]


def test_chain_names_match_whole_brand_words() -> None:
    assert chain_kind("Starbucks Coffee, Connaught Place") == "coffee"
    assert chain_kind("Cafe Coffee Day") == "coffee"
    assert chain_kind("Mc Donald's") == "fast food"
    assert chain_kind("The Coffee Bean & Tea Leaf") == "coffee"
    assert chain_kind("Costa") == "coffee"
    assert chain_kind("Costa Verde") is None
    assert chain_kind("Cafe Lota") is None
    assert chain_kind("Baristas Corner") is None
    assert chain_kind("Subways of Delhi") is None


def test_lunch_and_dinner_at_local_places_before_nearer_chains() -> None:
    chains = (_place(60, 0.004, name="Starbucks", kind="cafe"),
              _place(61, 0.005, name="McDonald's", kind="restaurant"))  # fmt: skip
    local = (_place(62, 0.012, 0.004, name="Thali House", kind="restaurant"),
             _place(63, 0.011, 0.005, name="Cafe Lota", kind="cafe"))  # fmt: skip
    meals = _meals(_request((*chains, *local)))
    assert {name for _, name in meals} == {"Thali House", "Cafe Lota"}
    assert [kind for kind, _ in meals] == ["lunch", "dinner"]


def test_a_fast_food_chain_before_a_coffee_chain_and_said() -> None:
    meals = (_place(60, 0.004, name="Starbucks Reserve", kind="cafe"),
             _place(61, 0.006, name="KFC", kind="restaurant"))  # fmt: skip
    itinerary = plan_itinerary(_request(meals))
    slots = [s for d in itinerary.days for s in d.slots if s.kind != "stop"]
    assert slots[0].name == "KFC"
    notes = " ".join(n for d in itinerary.days for n in d.notes)
    assert "Lunch at KFC, a fast food chain" in notes


def test_a_local_place_again_beats_a_chain() -> None:
    local = _place(62, 0.012, 0.004, name="Hawker Centre", kind="food market")
    chain = _place(60, 0.004, name="Cafe Coffee Day", kind="cafe")
    meals = _meals(_request((chain, local)))
    assert meals == [("lunch", "Hawker Centre"), ("dinner", "Hawker Centre")]


def test_only_a_coffee_chain_in_reach_is_taken_and_said() -> None:
    chain = _place(60, 0.004, name="Costa Coffee", kind="cafe")
    itinerary = plan_itinerary(_request((chain,)))
    assert [s.name for d in itinerary.days for s in d.slots if s.kind == "lunch"] == [
        "Costa Coffee"
    ]
    notes = " ".join(n for d in itinerary.days for n in d.notes)
    assert "Lunch at Costa Coffee, a coffee chain: no other place to eat" in notes
