"""A step that fries with no fat in the list (issue 37): the recipe says so and gives the
amount as an assumption; a list with a fat, or a food frying in its own fat, needs no word."""

from __future__ import annotations

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe


def _warnings(ingredients: list[str], steps: list[str]) -> list[str]:
    row = {"recipe_id": "t-3", "title": "Chicken livers", "ingredients": ingredients,
           "instructions": steps, "yields": "2 servings", "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints())
    assert isinstance(adapted, AdaptedRecipe)
    return list(adapted.warnings)


def test_frying_with_no_fat_listed_names_the_fat_as_an_assumption() -> None:
    said = _warnings(
        ["500 g chicken livers", "1 cup flour", "1 tsp salt"],
        ["Dredge the livers in the flour.", "Fry until brown on each side."],
    )
    note = [w for w in said if "no fat" in w]
    assert note and "1 tbsp of oil or butter" in note[0] and "assumption" in note[0]
    deep = _warnings(["1 onion", "1 cup flour"], ["Dip the rings in the flour; deep-fry them."])
    assert any("deep-fry" in w and "5 cm" in w for w in deep)


def test_a_listed_fat_an_own_fat_or_a_frying_pan_alone_needs_no_word() -> None:
    for ingredients, steps in (
        (["500 g chicken livers", "2 tbsp butter"], ["Fry the livers in the butter."]),
        (["200 g bacon", "2 eggs"], ["Fry the bacon until crisp, then the eggs."]),
        (
            ["2 tbsp sesame seeds", "1 cup rice"],
            ["Set a frying pan on high heat; toast the seeds dry."],
        ),
        (["4 chicken thighs"], ["Air-fry the chicken for 20 minutes."]),
    ):
        assert not [w for w in _warnings(ingredients, steps) if "no fat" in w or "no oil" in w]
