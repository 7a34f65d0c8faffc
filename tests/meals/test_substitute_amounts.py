"""Substitutes taken at their own amount (issue 37, "substitutions that cook"): a rule may say
a substitute stands for the food at a ratio (capers a quarter of the olives, vanilla twice the
almond extract), the line shows that amount and the substitution says the ratio."""

from __future__ import annotations

from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedIngredient, AdaptedRecipe
from kairos.recipes.substitutions import rules


def _adapt(ingredients: list[str], steps: list[str], constraints: CookConstraints) -> AdaptedRecipe:
    recipe = derive_recipe(
        {"recipe_id": "t-ratio", "title": "Greek Salad", "yields": "4 servings",
         "ingredients": ingredients, "instructions": steps}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, constraints)
    assert isinstance(adapted, AdaptedRecipe), adapted
    return adapted


def _line(adapted: AdaptedRecipe, item: str) -> AdaptedIngredient:
    return next(i for i in adapted.ingredients if i.item == item)


def test_capers_for_olives_are_a_quarter_of_the_amount_and_said_so() -> None:
    adapted = _adapt(
        ["1/2 cup Kalamata olives", "1 cucumber, chopped", "2 tomatoes, chopped"],
        ["Toss the cucumber, tomatoes and olives together."],
        CookConstraints(dislikes=("olives",)),
    )
    capers = _line(adapted, "capers")
    assert capers.quantity is not None and capers.unit == "teaspoon"
    assert 5.5 <= capers.quantity <= 6.5  # about 30 ml: a quarter of half a cup, not 120 ml
    assert capers.display.startswith("6 tsp capers")
    (swap,) = adapted.substitutions
    assert swap.reason.startswith(
        "capers instead of olives, a quarter of the amount (they are saltier) — "
    )


def test_vanilla_for_almond_extract_is_twice_the_amount() -> None:
    adapted = _adapt(
        ["1 teaspoon almond extract", "1 cup sugar", "2 cups flour"],
        ["Mix the sugar, flour and almond extract."],
        CookConstraints(allergens={"tree_nuts": "severe"}),
    )
    vanilla = _line(adapted, "vanilla extract")
    assert (vanilla.quantity, vanilla.unit) == (2.0, "teaspoon")
    assert vanilla.display.startswith("2 tsp vanilla extract")
    assert "twice the amount (vanilla is milder)" in adapted.substitutions[0].reason


def test_a_one_for_one_substitute_keeps_the_amount_and_says_no_ratio() -> None:
    adapted = _adapt(
        ["2 tablespoons honey", "1 cup flour"],
        ["Mix the honey and flour."],
        CookConstraints(diets=("vegan",)),
    )
    syrup = _line(adapted, "maple syrup")
    assert (syrup.quantity, syrup.unit) == (2.0, "tablespoon")
    assert adapted.substitutions[0].reason == "maple syrup instead of honey — vegan diet"


def test_every_ratio_in_the_table_is_for_one_of_its_rules_substitutes() -> None:
    for rule in rules():
        for use, amount in rule.amounts:
            assert use in rule.use, (rule.foods, use)
            assert 0 < amount.ratio != 1, (rule.foods, use)
