"""Venues a group cannot use as asked (plans round 17): a counter or a venue its source calls
not good for groups is left out for a group of 6 or more even when few others fit; a large
party leaves out venues that take no reservations; poorly rated venues give way to better
ones; a counter/cuisine tie with no reservations is a counter."""

from __future__ import annotations

from kairos.store.places import PlaceSummary
from kairos.venues.facts import Attributes
from kairos.venues.fit import fit
from kairos.venues.outing import service
from tests.venues.test_commander import read
from tests.venues.test_plans_fourth_round import _candidates


def _place(
    pid: int, name: str, categories: list[str], *, rating: float = 4.0, votes: int = 100
) -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier="$$",
        rating=rating, votes=votes, city="Austin", area=None, address=None, lat=None,
        lng=None, url=None, known_allergens=[], contains_allergens=[],
        allergen_confidence="low",
    )  # fmt: skip


def test_a_venue_not_good_for_groups_is_left_out_for_eight_however_few_fit() -> None:
    """A celebration lunch for 8 in Austin kept a sandwich counter its source calls not good
    for groups, "for want of others" (graded unusable): with one venue that fits, it goes,
    listed; with none, it stays."""
    intent = read("celebration lunch in austin for 8 on saturday")
    places = [_place(1, "Asian Fusion One", ["Asian Fusion"]), _place(2, "Ng", ["Vietnamese"])]
    attributes = {1: Attributes(good_for_groups=True), 2: Attributes(good_for_groups=False)}
    fitted = fit(_candidates(places), attributes, intent)
    assert [c.place_id for c in fitted.candidates] == [1]
    assert [e.cause for e in fitted.excluded] == ["capacity"]
    alone = fit(_candidates(places[1:]), {2: Attributes(good_for_groups=False)}, intent)
    assert [c.place_id for c in alone.candidates] == [2]


def test_a_counter_is_left_out_of_a_lunch_for_25_while_one_table_venue_fits() -> None:
    intent = read("biryani lunch in hyderabad for 25 colleagues")
    places = [
        _place(1, "Bawarchi", ["Biryani", "North Indian"]),
        _place(2, "Rolls Express", ["Fast Food", "Biryani"]),
    ]
    fitted = fit(_candidates(places), {}, intent)
    assert [c.place_id for c in fitted.candidates] == [1]
    assert fitted.excluded[0].cause == "kind"
    # a small group keeps the counter for want of others, as before
    few = fit(_candidates(places), {}, read("biryani lunch in hyderabad for 2"))
    assert {c.place_id for c in few.candidates} == {1, 2}


def test_a_large_party_leaves_out_venues_taking_no_reservations() -> None:
    intent = read("work farewell dinner in boston for 15 people")
    places = [_place(i, f"Bistro {i}", ["French"]) for i in range(1, 6)]
    attributes = {
        1: Attributes(reservations=False),
        **{i: Attributes(reservations=True) for i in range(2, 6)},
    }
    fitted = fit(_candidates(places), attributes, intent)
    assert 1 not in {c.place_id for c in fitted.candidates}
    assert "no reservations" in fitted.excluded[0].reason
    small = fit(_candidates(places), attributes, read("dinner in boston for 4"))
    assert 1 in {c.place_id for c in small.candidates}


def test_a_poorly_rated_venue_gives_way_when_three_others_fit() -> None:
    intent = read("dinner in boston for 4")
    places = [
        _place(1, "Pub", ["American (Traditional)"], rating=2.5, votes=300),
        _place(2, "Few Reviews", ["Thai"], rating=2.5, votes=4),
        *(_place(i, f"Trattoria {i}", ["Italian"]) for i in (3, 4, 5)),
    ]
    fitted = fit(_candidates(places), {}, intent)
    kept = {c.place_id for c in fitted.candidates}
    assert 1 not in kept and 2 in kept
    assert "rated 2.5★ from 300 reviews" in fitted.excluded[0].reason
    few = fit(_candidates(places[:3]), {}, intent)  # two others: it stays
    assert 1 in {c.place_id for c in few.candidates}


def test_a_counter_tie_with_no_reservations_is_a_counter() -> None:
    juice = _place(1, "Lulu", ["Juice Bars & Smoothies", "Middle Eastern", "Vegan"])
    assert service(juice, Attributes(reservations=False)) == "counter"
    assert service(juice, Attributes()) == "table"
    assert service(juice, None) == "table"


def test_a_venue_not_serving_the_meal_goes_while_one_that_does_fits() -> None:
    """An escape room was third for a celebration lunch for 8, "kept for want of others"."""
    intent = read("celebration lunch in austin for 8 on saturday")
    places = [
        _place(1, "Asian Fusion One", ["Asian Fusion"]),
        _place(2, "Great Room Escape", ["Active Life", "Team Building Activities", "Escape Games"]),
    ]
    attributes = {1: Attributes(good_for_groups=True)}
    fitted = fit(_candidates(places), attributes, intent)
    assert [c.place_id for c in fitted.candidates] == [1]
    assert [e.cause for e in fitted.excluded] == ["kind"]
