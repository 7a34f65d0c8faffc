"""Scaled amounts a cook can measure, and technique amounts left as the technique needs them
(issue 37, "true numbers"): a recipe scaled to a third read "⅓–⅔ tbsp at a time" and a quarter
of a third of a cup "19.5 ml water"."""

from __future__ import annotations

import pytest

from kairos.recipes.derive import derive_recipe
from kairos.recipes.display import format_amount, scaled_amount
from kairos.recipes.step_amounts import adapt_step
from kairos.recipes.steps import rewrite_steps


@pytest.mark.parametrize(
    ("step", "factor", "expected"),
    [
        # an increment of the technique, not a quantity of the recipe: never scaled
        (
            "Add water, 1-2 tablespoons at a time, until the dough comes together.",
            1 / 3,
            "Add water, 1-2 tablespoons at a time, until the dough comes together.",
        ),
        (
            "Spread 1/2 teaspoon of Dijon mustard over the top of each fillet.",
            2.0,
            "Spread 1/2 teaspoon of Dijon mustard over the top of each fillet.",
        ),
        (
            "Grate 1/2 tablespoon of frozen butter onto each portion.",
            0.25,
            "Grate 1/2 tablespoon of frozen butter onto each portion.",
        ),
        # the recipe's quantities: scaled, in amounts a kitchen measures
        ("Add 1/3 cup water and simmer.", 0.25, "Add 4 tsp water and simmer."),
        (
            "Add 3 tablespoons water and 2 tablespoons oil.",
            1 / 3,
            "Add 1 tbsp water and 2 tsp oil.",
        ),
        ("Add 1 cup cream a little at a time.", 0.5, "Add 120 ml cream a little at a time."),
        ("Whisk in 1/4 cup flour.", 1 / 3, "Whisk in 10 g flour."),
    ],
)
def test_steps_scale_quantities_not_technique(step: str, factor: float, expected: str) -> None:
    assert adapt_step(step, factor, "metric") == expected


@pytest.mark.parametrize(
    ("line", "factor", "shown"),
    [
        ("1/3 cup water", 0.25, "4 tsp"),
        ("1 tablespoon soy sauce", 1 / 3, "1 tsp"),
        ("2 tablespoons olive oil", 1 / 3, "2 tsp"),
        ("1/4 cup all-purpose flour", 1 / 3, "10 g"),
        ("1 teaspoon ground cumin", 1 / 3, "¼ tsp"),
        ("1/4 teaspoon black pepper", 1 / 6, "a pinch of"),
        ("2 cups chicken stock", 0.5, "240 ml"),
    ],
)
def test_scaled_lines_read_as_kitchen_measures(line: str, factor: float, shown: str) -> None:
    recipe = derive_recipe({"recipe_id": "t-1", "title": "T", "ingredients": [line]})
    quantity, top, unit = scaled_amount(recipe.ingredients[0], factor, "metric")
    assert format_amount(quantity, top, unit) == shown


@pytest.mark.parametrize(
    ("line", "factor", "shown"),
    [
        # a chicken biryani for 2 scaled to 3 read "4½ cloves garlic", "7½ onions"
        ("3 cloves of garlic, crushed and chopped", 1.5, "5 cloves"),
        ("5 large onions, chopped", 1.5, "8"),
        ("1 onion, chopped", 1.5, "1½"),
        ("5–6 strands saffron", 1.5, "8–9"),
        # a paella for 6 scaled to 10 read "13½ tbsp olive oil"
        ("8 tablespoons olive oil", 10 / 6, "200 ml"),
    ],
)
def test_scaled_counts_and_large_spoon_volumes(line: str, factor: float, shown: str) -> None:
    recipe = derive_recipe({"recipe_id": "t-1", "title": "T", "ingredients": [line]})
    quantity, top, unit = scaled_amount(recipe.ingredients[0], factor, "metric")
    assert format_amount(quantity, top, unit) == shown


def test_a_food_left_out_of_a_list_in_a_step_leaves_the_list() -> None:
    """ "Clean the snails, poultry and rabbit" for a mollusc allergy read "Clean the (left
    out), poultry and rabbit"."""
    steps = rewrite_steps(
        ["Clean the snails, poultry and rabbit thoroughly.", "Add the chicken and snails."],
        [("snails", "(left out)")],
    )
    assert steps == ["Clean the poultry and rabbit thoroughly.", "Add the chicken."]


@pytest.mark.parametrize(
    ("line", "units", "expected"),
    [
        # a package of stated size is scaled by its weight: 2 of 7 of 12 oz (340 g) is 95 g,
        # not "½ package" (m15: far above the 2/7 of the meat beside it)
        ("1 (12 ounce) package lasagna noodles", "metric", "95 g"),
        ("1 (29 ounce) can tomato sauce", "metric", "230 g"),
        ("1 (12 ounce) package lasagna noodles", "imperial", "3½ oz"),
        # no size stated: the nearest kitchen fraction of it, not rounded up to a half
        ("1 package lasagna noodles", "metric", "¼ package"),
        ("2 cans chickpeas", "metric", "½ can"),
    ],
)
def test_a_scaled_package_keeps_the_proportion_of_the_rest(
    line: str, units: str, expected: str
) -> None:
    recipe = derive_recipe({"recipe_id": "p", "title": "Lasagna", "ingredients": [line]})
    amount = scaled_amount(
        recipe.ingredients[0], 2 / 7, "metric" if units == "metric" else "imperial"
    )
    assert format_amount(*amount) == expected
