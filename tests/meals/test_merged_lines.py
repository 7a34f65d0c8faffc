"""One line a food in the adapted list (issue 37, "duplicated lines after a swap"): a copied run
of the source's list is shown once, and a food the recipe uses in two parts is one line with
its total and its parts."""

from __future__ import annotations

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe


def _lines(ingredients: list[str], servings: float | None = None) -> list[str]:
    row = {"recipe_id": "t-2", "title": "Greek salad", "ingredients": ingredients,
           "instructions": ["Toss everything together and serve."], "yields": "4 servings",
           "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(), servings=servings)
    assert isinstance(adapted, AdaptedRecipe)
    return [line.display for line in adapted.ingredients]


def test_a_run_of_lines_copied_twice_in_the_source_is_shown_once() -> None:
    shown = _lines([
        "4 tablespoons olive oil", "Salt and pepper, to taste", "2 tomatoes, cut into chunks",
        "1/2 cup kalamata olives", "100 grams feta cheese, crumbled", "2 tablespoons capers",
        "1/2 cup kalamata olives", "100 grams feta cheese, crumbled", "2 tablespoons capers",
        "Salt and pepper, to taste",
    ])  # fmt: skip
    assert len(shown) == len(set(shown)) == 6
    assert "100 g feta cheese, crumbled" in shown
    assert sum("capers" in line for line in shown) == 1
    assert sum("Salt and pepper" in line for line in shown) == 1


def test_a_food_used_in_two_parts_is_one_line_with_its_total_and_parts() -> None:
    shown = _lines(["1/2 cup white sugar", "1 cup flour", "1 onion", "1/2 cup white sugar",
                    "1 onion", "2 eggs"])  # fmt: skip
    sugar = [line for line in shown if "sugar" in line]
    assert sugar == ["200 g white sugar (in 2 parts: 100 g and 100 g)"]
    assert [line for line in shown if "onion" in line] == ["2 onions (in 2 parts: 1 and 1)"]
    assert len(shown) == 4


def test_a_swap_in_a_copied_run_is_said_once() -> None:
    """The copied run held the disliked olives twice: one line shown, and one substitution said
    ("capers instead of olives; capers instead of olives" was in the summary)."""
    row = {"recipe_id": "t-3", "title": "Greek salad", "language": "en",
           "ingredients": ["2 tomatoes", "1/2 cup kalamata olives", "100 grams feta cheese",
                           "1/2 cup kalamata olives", "100 grams feta cheese"],
           "instructions": ["Toss everything together and serve."],
           "yields": "4 servings"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(dislikes=("olives",)))
    assert isinstance(adapted, AdaptedRecipe)
    swaps = [(s.original_item, s.new_item) for s in adapted.substitutions]
    assert len(swaps) == len(set(swaps)) == 1, swaps
