"""A size in brackets after a count of containers (issue 37, "true numbers"; panel half A m33
and m51 on the full recipes): "3 cans garbanzo beans (44 oz)" is three usual cans, not three
of 1.26 kg; a wine swapped for stock is said in millilitres, not "2 bottles vegetable stock"."""

from __future__ import annotations

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe

STEPS = ["Simmer everything for 30 minutes."]


def _shown(lines: list[str], constraints: CookConstraints | None = None) -> list[str]:
    row = {"recipe_id": "t-1", "title": "Stew", "ingredients": lines, "instructions": STEPS}
    adapted = adapt_recipe(derive_recipe(row, 1), constraints or CookConstraints())
    assert isinstance(adapted, AdaptedRecipe)
    return [line.display for line in adapted.ingredients]


def test_a_bracketed_total_is_shared_by_the_count() -> None:
    shown = _shown(["3 cans garbanzo beans (44 oz)", "2 cans (21 ounces) cream of mushroom soup"])
    assert shown == [
        "3 cans garbanzo beans (420 g each)",
        "2 cans cream of mushroom soup (300 g each)",
    ]


def test_a_size_of_one_package_stays() -> None:
    """A size near the usual package is each one's; "each" written, or the size before the
    container ("2 (28 ounce) cans", the usual way of saying each), is kept as written."""
    lines = ["2 cans (16 oz) corn", "2 cans (15 oz each) beans", "2 (28 ounce) cans tomatoes"]
    assert _shown(lines) == [
        "2 cans corn (450 g each)",
        "2 cans beans (430 g each)",
        "2 cans tomatoes (790 g each)",
    ]


def test_a_wine_swapped_for_stock_is_said_in_millilitres() -> None:
    sulphites = CookConstraints(allergens={"sulphites": "intolerance"})
    wines = ["2 bottles (1.5 L) Pinot Noir red wine", "1 bottle red burgundy wine"]
    shown = _shown(wines, sulphites)
    assert shown[0].startswith("1.5 l vegetable stock")
    assert shown[1].startswith("750 ml vegetable stock")
