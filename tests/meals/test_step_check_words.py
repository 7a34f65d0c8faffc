"""The step check names a swapped food only where a step really uses it (meals panel half A,
m25 shepherd's pie for a vegan: "Step 4 says mashed potato: use the dairy-free spread" when step
4 only tops the pie with the mash step 1 made from the list's potatoes and spread)."""

from __future__ import annotations

from kairos.recipes import CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe

VEGAN = CookConstraints(diets=("vegan",))


def _warnings(ingredients: list[str], instructions: list[str]) -> list[str]:
    recipe = derive_recipe(
        {"recipe_id": "t-steps", "title": "Cottage Pie", "yields": "4 servings",
         "ingredients": ingredients, "instructions": instructions, "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, VEGAN)
    assert not isinstance(adapted, Refusal), adapted
    return adapted.warnings


def test_a_dish_made_from_the_list_in_an_earlier_step_is_not_a_swapped_food() -> None:
    warnings = _warnings(
        ["4 potatoes, peeled and cubed", "1 tablespoon butter", "1 onion, chopped",
         "1/4 cup shredded Cheddar cheese"],
        ["Boil the potatoes until tender. Drain and mash. Mix in butter and half the cheese.",
         "Top with the mashed potato mixture and sprinkle with remaining cheese."],
    )  # fmt: skip
    said = " ".join(warnings)
    assert "mashed potato" not in said, warnings


def test_a_step_naming_a_swapped_food_by_its_kind_is_still_said() -> None:
    """ "the cheese" for a swapped parmesan: the step uses the swapped food, and it is said."""
    warnings = _warnings(
        ["1/2 cup grated parmesan", "8 oz spaghetti"],
        ["Cook the spaghetti.", "Toss with the cheese and serve."],
    )  # fmt: skip
    assert any("Step 2 says cheese: use the dairy-free cheese" in w for w in warnings), warnings


def test_an_unlisted_food_the_diet_forbids_is_still_said() -> None:
    warnings = _warnings(
        ["8 oz spaghetti", "1 onion"],
        ["Cook the spaghetti and onion.", "Serve with mashed potatoes."],
    )  # fmt: skip
    assert any("mashed potatoes" in w for w in warnings), warnings
