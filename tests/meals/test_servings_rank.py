"""A cook who asks "for 4" is offered first the recipes whose amounts can be scaled to 4: those
whose source states how many they serve (a recipe that does not is still offered, after, its
servings estimated when its amounts say enough)."""

from __future__ import annotations

from kairos.meals.suggest import meal_suggestions
from kairos.recipes.derive import derive_recipe
from tests.meals.helpers import cook_context


def _curry(number: int, yields: str | None) -> object:
    row = {"recipe_id": f"c-{number}", "title": f"Chicken Curry {number}", "language": "en",
           "ingredients": ["1 lb chicken", "1 cup coconut milk", "2 tbsp curry paste"],
           "instructions": ["Simmer the chicken in the coconut milk with the paste."],
           "yields": yields}  # fmt: skip
    return derive_recipe(row, number)


def test_asked_for_four_the_recipe_that_can_serve_four_comes_first() -> None:
    unknown, stated = _curry(1, None), _curry(2, "2 servings")
    candidates = [(unknown, 0.9, True), (stated, 0.9, True)]
    suggestions, _ = meal_suggestions(
        candidates, cook_context("chicken curry for 4"), "chicken curry"
    )  # type: ignore[arg-type]
    assert [s.source_recipe_ids[0] for s in suggestions] == [2, 1]
    assert "serves 4" in suggestions[0].summary
    # its amounts (about 0.7 kg) make about 2: scaled to 4 from an estimate, said to be one
    assert "serves about 4 (an estimate: the source states none)" in suggestions[1].summary


def test_the_nearest_dishes_are_not_compared_with_a_dish_they_are_not() -> None:
    """ "Less healthy than the usual seafood boil" was said of a salmon dish, measured against a
    roast chicken: the nearest real dishes are no usual version of the dish asked for."""
    candidates = [(_curry(1, "4 servings"), 0.5, False), (_curry(2, "2 servings"), 0.45, False)]
    suggestions, _ = meal_suggestions(
        candidates,
        cook_context("seafood boil"),
        "seafood boil",
        nearest=True,  # type: ignore[arg-type]
    )
    assert suggestions
    for s in suggestions:
        assert s.healthier is None
        assert s.rationale.startswith("Not seafood boil: the nearest real dish")
        assert "usual" not in s.rationale


def test_asked_for_six_a_recipe_whose_amounts_say_nothing_comes_after_an_estimated_one() -> None:
    """ "for 6" answered with a recipe no one can scale ("1 chicken, 2 onions": not scaled for
    6) while another, its servings estimated from its weighed amounts, could be made for 6."""
    row = {"recipe_id": "c-1", "title": "Chicken Curry 1", "language": "en",
           "ingredients": ["1 chicken", "2 onions", "1 tbsp curry paste"],
           "instructions": ["Simmer the chicken with the onions and the paste."],
           "yields": None}  # fmt: skip
    unsized, weighed = derive_recipe(row, 1), _curry(2, None)
    candidates = [(unsized, 0.9, True), (weighed, 0.9, True)]
    suggestions, _ = meal_suggestions(
        candidates, cook_context("chicken curry for 6"), "chicken curry"
    )  # type: ignore[arg-type]
    assert [s.source_recipe_ids[0] for s in suggestions] == [2, 1]
    assert "serves about 6 (an estimate" in suggestions[0].summary
    assert "not scaled for 6" in suggestions[1].summary
