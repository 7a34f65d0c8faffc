"""Issue 38, item 2: for a lunch or a dinner, a venue whose categories say it serves something
else (a coffee shop, a pastry shop, an escape room, a brunch place for a dinner) comes after
every place that serves the meal, or is left out with why when enough of those remain. Plans
panel half A on the full shared data: a coffee shop led a Friday dinner for 6 after "make it
cheaper" (p09), an escape room second for a lunch (p19), a pastry shop second for a lunch
meeting (p47), a breakfast & brunch place fourth for a dinner, unflagged (p49)."""

from __future__ import annotations

from types import SimpleNamespace

from kairos.search.filters import SearchFilters
from kairos.store.places import PlaceSummary
from kairos.venues.cost import cost_profile
from kairos.venues.facts import Attributes, RawFacts
from kairos.venues.fit import fit
from kairos.venues.meal_served import listed_meals, meal_asked, not_the_meal
from kairos.venues.scoring import scored
from kairos.venues.scouted import ScoutResult
from tests.venues.test_agents import _checked
from tests.venues.test_commander import read
from tests.venues.test_plans_fourth_round import _candidates


def _place(pid: int, name: str, categories: list[str], tier: str = "$$") -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier=tier,
        rating=4.0, votes=100, city="Boston", area=None, address=None, lat=None, lng=None,
        url=None, known_allergens=[], contains_allergens=[], allergen_confidence="low",
    )  # fmt: skip


COFFEE = _place(1, "Cuppa", ["australian", "coffee & tea"], "$")
PASTRY = _place(2, "Royal Pastries", ["pizza", "bakeries"], "$")
ESCAPE = _place(3, "Room Escape", ["event planning & services", "escape games", "dinner theater"])
BRUNCH = _place(4, "Home Brunch", ["breakfast & brunch", "southern", "diners"])
DINERS = {"lunch": True, "brunch": True, "breakfast": True, "dinner": False}


def test_the_meal_asked_is_read() -> None:
    assert meal_asked("meal", "dinner in boston for 6 on friday. make it cheaper") == "dinner"
    assert meal_asked("meal", "quick lunch meeting for 3 in kendall square") == "lunch"
    assert meal_asked("meal", "sunday brunch for 4") is None
    assert meal_asked("drinks", "drinks after dinner") is None
    assert listed_meals(DINERS) == frozenset({"lunch", "brunch", "breakfast"})
    assert listed_meals({"dinner": False}) is None, "every meal false says nothing"


def test_what_does_not_serve_the_meal_is_named() -> None:
    assert not_the_meal(COFFEE, "dinner") == (
        "a café, coffee, tea or juice bar (coffee & tea): not a place for dinner"
    )
    pastry = _place(8, "Modern Pastry", ["bakeries", "coffee & tea", "desserts", "cupcakes"])
    assert not_the_meal(pastry, "dinner") == (
        "a bakery or pastry shop (bakeries, coffee & tea, desserts, cupcakes): not a place for "
        "dinner"
    ), "the kind it holds most of names it"
    vegan = _place(7, "Lulu", ["vegan", "juice bars & smoothies", "middle eastern"])
    assert not_the_meal(vegan, "dinner") is None, "a vegan kitchen that pours juice"
    assert "bakery or pastry shop (bakeries)" in (not_the_meal(PASTRY, "lunch") or "")
    assert "an activity (escape games, dinner theater)" in (not_the_meal(ESCAPE, "lunch") or "")
    brunch = not_the_meal(BRUNCH, "dinner", listed_meals(DINERS)) or ""
    assert "breakfast and brunch place" in brunch and "breakfast, brunch, lunch" in brunch
    # what serves the meal stays
    assert not_the_meal(BRUNCH, "lunch", listed_meals(DINERS)) is None
    assert not_the_meal(COFFEE, "dinner", frozenset({"dinner"})) is None, "its source says so"
    greek = _place(5, "Krasi", ["desserts", "greek", "mediterranean", "wine bars"])
    assert not_the_meal(greek, "dinner") is None, "desserts beside two cuisines"
    cafe = _place(6, "Caffe", ["cafes", "american (traditional)"])
    assert not_the_meal(cafe, "lunch") is None, "a café serves lunch"
    assert not_the_meal(cafe, "dinner") is not None
    assert not_the_meal(COFFEE, None) is None, "no lunch or dinner asked"


def _fitted(places: list[PlaceSummary], prompt: str) -> tuple[set[int], dict[int, str]]:
    attributes = {BRUNCH.id: Attributes(meals=listed_meals(DINERS))}
    fitted = fit(_candidates(places), attributes, read(prompt))
    kept = [c.place_id for c in fitted.candidates]
    return set(kept), {int(e.venue_id[3:]): e.reason for e in fitted.excluded if e.cause == "kind"}


def test_they_are_left_out_when_enough_places_serve_the_meal() -> None:
    restaurants = [_place(i, f"Trattoria {i}", ["italian"]) for i in (10, 11, 12)]
    kept, left = _fitted([COFFEE, BRUNCH, *restaurants], "dinner in boston for 4")
    assert kept == {10, 11, 12}
    assert set(left) == {1, 4} and "not a place for dinner" in left[1]
    # one that serves it is enough to leave them out (round 17: an escape room was third for
    # a celebration lunch, "kept for want of others")
    fitted = fit(_candidates([COFFEE, ESCAPE, *restaurants[:1]]), {}, read("lunch for 4"))
    assert [c.place_id for c in fitted.candidates] == [10]
    # with none that serves it, they stay, said
    fitted = fit(_candidates([COFFEE, ESCAPE]), {}, read("lunch for 4"))
    assert fitted.meal_kept == {1, 3} and not fitted.excluded
    assert any("serve the meal asked" in n for n in fitted.notes), fitted.notes


def test_a_kept_one_ranks_after_and_says_why() -> None:
    candidates = _candidates([COFFEE, _place(10, "Trattoria", ["italian"])])
    found = ScoutResult(
        candidates=candidates, excluded=[], found=2, duplicates=0, meeting=None,
        filters=SearchFilters(), providers={},
    )  # fmt: skip
    intent = read("dinner in boston for 6 on friday")
    for c in candidates:
        c.hit = SimpleNamespace(why=SimpleNamespace(best_review_id=None, matched_terms=[]))
        c.facts = RawFacts(price_signals={"yelp": 2})
        c.allergy = _checked()
        c.distances = []
    costs = {c.place_id: cost_profile(c.facts.price_signals, None) for c in candidates}
    coffee, trattoria = (scored(c, {}, costs, {}, {}, {}, intent, found) for c in candidates)
    assert coffee.not_the_meal and not trattoria.not_the_meal
    assert any("coffee, tea or juice bar" in check for check in coffee.checks), coffee.checks


def test_it_ranks_after_a_counter_that_serves_the_meal() -> None:
    """p19: the escape room ranked before a vegan counter restaurant for a celebration lunch."""
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored

    escape = _scored("escape", 0.9, 1)
    escape.not_the_meal = True
    counter = _scored("counter", 0.5, 2)
    counter.side_of_a_meal = True
    ranked = synthesise([escape, counter], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["counter", "escape"]
