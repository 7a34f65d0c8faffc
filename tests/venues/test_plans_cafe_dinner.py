"""Issue 38, item 2: a coffee shop or café whose listing shows no dinner is left out of a dinner
or an evening occasion while a dinner place remains (graders: "a Bayswater coffee shop and a
café" for a special date night, "a coffee shop for a Friday dinner after 'cheaper'"). On the
full data, Arro Coffee - The Temple of Coffee BAYSWATER ("Italian, Cafe, Vegetarian Friendly")
was fourth for a date night in Bayswater, and Algiers Coffee House (listed for lunch) was only
cut by price after "make it cheaper"."""

from __future__ import annotations

from kairos.store.places import PlaceSummary
from kairos.venues.cafe_dinner import cafe_without_dinner
from kairos.venues.facts import Attributes
from kairos.venues.fit import fit
from kairos.venues.meal_served import meal_asked, not_the_meal
from tests.venues.test_commander import read
from tests.venues.test_plans_fourth_round import _candidates


def _place(pid: int, name: str, categories: list[str]) -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier="$$",
        rating=4.5, votes=300, city="London", area=None, address=None, lat=None, lng=None,
        url=None, known_allergens=[], contains_allergens=[], allergen_confidence="low",
    )  # fmt: skip


ARRO = _place(1, "Arro Coffee - The Temple of Coffee BAYSWATER", ["italian", "cafe",
              "vegetarian friendly"])  # fmt: skip
ALGIERS = _place(2, "Algiers Coffee House", ["beer", "ethnic food", "specialty food",
                 "wine & spirits", "greek", "coffee & tea", "middle eastern"])  # fmt: skip
REBECCA = _place(3, "Rebecca's Cafe", ["cafes", "sandwiches", "salad"])
LUNCH_ONLY = frozenset({"lunch", "breakfast"})


def test_an_evening_occasion_with_no_meal_named_is_a_dinner() -> None:
    assert meal_asked("meal", "special date night in bayswater for 2") == "dinner"
    assert meal_asked("meal", "anniversary in london for 2") == "dinner"
    assert meal_asked("meal", "anniversary lunch for 2") == "lunch"
    assert meal_asked("meal", "anniversary brunch for 2") is None
    assert meal_asked("meal", "team lunch for 12") == "lunch"


def test_a_cafe_showing_no_dinner_is_not_a_place_for_dinner() -> None:
    arro = not_the_meal(ARRO, "dinner") or ""
    assert "coffee shop or café" in arro and "Arro Coffee" in arro, "a coffee name, a café listing"
    algiers = not_the_meal(ALGIERS, "dinner", LUNCH_ONLY) or ""
    assert "its source lists it for breakfast, lunch" in algiers, "named coffee, listed lunch"
    assert not_the_meal(REBECCA, "dinner") is not None, "café fare only"
    # a café whose listing shows a dinner stays
    assert not_the_meal(_place(4, "Café 47", ["italian"]), "dinner") is None
    assert not_the_meal(_place(5, "Hong Kong Cafe", ["chinese"]), "dinner") is None
    assert not_the_meal(ARRO, "dinner", frozenset({"lunch", "dinner"})) is None, "its source says"
    luna = _place(6, "Espresso Luna Ristorante", ["italian", "cafe", "pizza"])
    assert cafe_without_dinner(luna, None) is None, "its name says restaurant too"
    assert not_the_meal(_place(7, "Trattoria Roma", ["italian"]), "dinner") is None
    # breakfast, brunch, lunch and coffee keep cafés
    assert not_the_meal(ARRO, "lunch") is None and not_the_meal(REBECCA, "lunch") is None
    assert not_the_meal(ARRO, meal_asked("meal", "coffee and cake for 3")) is None
    assert cafe_without_dinner(_place(8, "Nubar", ["american (new)"]), None) is None


def test_a_date_night_leaves_the_cafes_out_while_a_dinner_place_remains() -> None:
    dinner = [_place(i, f"Bistro {i}", ["french"]) for i in (10, 11, 12)]
    fitted = fit(
        _candidates([ARRO, ALGIERS, *dinner]),
        {ALGIERS.id: Attributes(meals=LUNCH_ONLY)},
        read("special date night in bayswater for 2"),
    )
    assert {c.place_id for c in fitted.candidates} == {10, 11, 12}
    left = {int(e.venue_id[3:]): e.reason for e in fitted.excluded if e.cause == "kind"}
    assert set(left) == {1, 2} and all("coffee shop or café" in r for r in left.values())
    # a brunch keeps them
    fitted = fit(_candidates([ARRO, *dinner]), {}, read("sunday brunch in bayswater for 2"))
    assert 1 in {c.place_id for c in fitted.candidates}
