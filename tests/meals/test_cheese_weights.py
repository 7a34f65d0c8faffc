"""A cheese measured in cups is weighed the same way in the list and in the steps, and two
cheeses swapped for one substitute are one line (meals panel half A, m13 mac and cheese for a
milk allergy: "110 g dairy-free cheese" and "75 ml dairy-free cheese" in the list, "Add 175 ml of
the dairy-free cheese and 60 ml of the dairy-free cheese" in the steps)."""

from __future__ import annotations

import re

from kairos.recipes import CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.display import grams_per_ml
from kairos.recipes.models import AdaptedRecipe

MILK = CookConstraints(allergens={"dairy": "severe"})


def _adapted(ingredients: list[str], instructions: list[str]) -> AdaptedRecipe:
    recipe = derive_recipe(
        {"recipe_id": "t-cheese", "title": "Mac and Cheese", "yields": "4 servings",
         "ingredients": ingredients, "instructions": instructions, "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, MILK)
    assert not isinstance(adapted, Refusal), adapted
    return adapted


def test_hard_cheeses_and_their_stand_ins_are_weighed() -> None:
    for item in ("Pecorino Romano", "gruyere", "dairy-free cheese", "lactose-free cheese",
                 "shredded vegan cheese", "cheese"):  # fmt: skip
        assert grams_per_ml(item) is not None, item
    for item in ("cream cheese", "ricotta cheese", "cottage cheese", "cheese sauce"):
        assert grams_per_ml(item) is None, item


def test_two_cheeses_swapped_for_one_are_one_weighed_line_and_the_steps_weigh_it() -> None:
    adapted = _adapted(
        ["2 cups white cheddar, grated", "1/2 cup Pecorino Romano, grated", "8 oz macaroni"],
        ["Cook the macaroni.",
         "Stir in 1 1/2 cups of the cheddar and 1/4 cup of the pecorino until melted.",
         "Top with the remaining 1/2 cup cheddar and 1/4 cup pecorino; bake."],
    )  # fmt: skip
    cheese = [i.display for i in adapted.ingredients if "dairy-free cheese" in i.display]
    assert len(cheese) == 1 and re.match(r"^\d+ g dairy-free cheese", cheese[0]), cheese
    steps = " ".join(s.text for s in adapted.steps)
    assert " ml " not in steps and "cup" not in steps, steps
    assert "of the dairy-free cheese and" not in steps, steps
