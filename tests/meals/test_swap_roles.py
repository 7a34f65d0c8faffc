"""Swaps by the part an ingredient plays: a food inside a sauce, a soup base or a mix is not
replaced by that food's own substitute (issue 37: "cream of mushroom soup -> zucchini", "peanut
sauce -> sunflower seeds", a biscuit mix -> soured oat milk); the food on its own still is."""

from __future__ import annotations

from kairos.recipes import AdaptedRecipe, CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe


def _adapt(lines: list[str], constraints: CookConstraints) -> AdaptedRecipe | Refusal:
    row = {"recipe_id": "t-1", "title": "Test dish", "ingredients": lines,
           "instructions": ["Cook."], "yields": "4 servings", "language": "en"}  # fmt: skip
    return adapt_recipe(derive_recipe(row), constraints)


def _final(adapted: AdaptedRecipe | Refusal) -> str:
    if isinstance(adapted, Refusal):
        return ""
    return " | ".join(i.display for i in adapted.ingredients if not i.omitted).lower()


def test_a_sauce_is_not_replaced_by_seeds() -> None:
    adapted = _adapt(
        ["1/2 cup peanut sauce", "1 lb chicken"], CookConstraints(allergens={"peanuts": "severe"})
    )
    assert "seeds" not in _final(adapted)


def test_a_soup_base_is_not_replaced_by_a_vegetable() -> None:
    adapted = _adapt(
        ["1 can condensed cream of mushroom soup", "2 cups noodles"],
        CookConstraints(dislikes=("mushrooms",)),
    )
    assert "zucchini" not in _final(adapted)


def test_the_food_on_its_own_is_still_swapped() -> None:
    adapted = _adapt(
        ["1/2 cup peanuts", "1 lb chicken"], CookConstraints(allergens={"peanuts": "severe"})
    )
    assert isinstance(adapted, AdaptedRecipe)
    assert "sunflower seeds" in _final(adapted)


def test_a_cook_who_hates_olives_still_cooks_with_olive_oil() -> None:
    """ "I hate olives" refused every salad dressed with olive oil ("suits your you avoid
    olives"); the olives themselves still go."""
    hates = CookConstraints(dislikes=("olives",))
    adapted = _adapt(["3 tbsp olive oil", "1 cup pitted olives", "2 tomatoes"], hates)
    assert isinstance(adapted, AdaptedRecipe)
    final = _final(adapted)
    assert "olive oil" in final
    assert "pitted olives" not in final
    refused = _adapt(["2 cups olives", "1 lemon"], CookConstraints(dislikes=("olives", "capers")))
    assert isinstance(refused, Refusal)
    assert "your you" not in refused.reason and refused.reason.endswith("you avoid olives.")


def test_a_wrap_only_the_steps_name_is_swapped_for_a_wrap_in_the_steps() -> None:
    """Coeliac fajitas (meals panel m14): the tortillas were only in the steps ("serve with
    tortilla shells") and the cook was told to leave them out; a wrap stays a wrap."""
    row = {"recipe_id": "t-2", "title": "Chicken Fajitas", "language": "en",
           "ingredients": ["1 lb chicken breast", "1 red bell pepper", "1 tsp ground cumin"],
           "instructions": ["Cook the chicken and pepper in a skillet.",
                            "Warm a tortilla for each person and fill it with the chicken.",
                            "Serve with tortilla shells and sour cream."],
           "yields": "4 servings"}  # fmt: skip
    gluten = CookConstraints(allergens={"gluten": "severe"}, owners={"allergen:gluten": ("Lea",)})
    adapted = adapt_recipe(derive_recipe(row), gluten)
    assert isinstance(adapted, AdaptedRecipe)
    steps = [s.text for s in adapted.steps]
    assert steps[1] == "Warm a corn tortilla for each person and fill it with the chicken."
    assert steps[2] == "Serve with corn tortilla shells and sour cream."
    assert adapted.steps[2].changed
    assert not any("leave it out" in w for w in adapted.warnings)
    assert any("use corn tortilla (Lea's gluten allergy)" in w for w in adapted.warnings)
