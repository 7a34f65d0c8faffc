"""An adapted recipe's title says when a swap took away a food its name names: "Beef Tacos
without beef: a different dish" for a vegetarian, never the old name over lentils; a flavour
of the name swapped like for like (a garlic butter salmon's butter) is not a different dish."""

from __future__ import annotations

from kairos.recipes import CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe


def _title(title: str, ingredients: list[str], constraints: CookConstraints) -> str:
    recipe = derive_recipe(
        {"recipe_id": "t-title", "title": title, "yields": "4 servings",
         "ingredients": ingredients, "instructions": ["Cook it all.", "Serve."],
         "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, constraints)
    assert not isinstance(adapted, Refusal), adapted
    return adapted.title


def test_a_swap_that_takes_the_named_food_away_says_it_is_another_dish() -> None:
    vegetarian = CookConstraints(diets=("vegetarian",))
    tacos = ["1 lb ground beef", "8 taco shells", "1 cup salsa"]
    assert _title("Beef Tacos", tacos, vegetarian) == "Beef Tacos without beef: a different dish"


def test_a_flavour_swapped_like_for_like_keeps_the_name() -> None:
    milk = CookConstraints(allergens={"milk": "severe"})
    salmon = ["1 lb salmon fillets", "3 tbsp butter", "3 cloves garlic"]
    assert _title("Garlic Butter Salmon", salmon, milk) == "Garlic Butter Salmon (adapted)"
    curry = ["1 lb chicken thighs", "2 cups chicken broth", "1 onion"]
    assert _title("Chicken Curry", curry, CookConstraints(allergens={"celery": "severe"})) == (
        "Chicken Curry"
    )


def test_a_paste_named_after_the_dish_takes_nothing_from_its_name() -> None:
    """Seen on the panel (m48, 84e99e0): "Tom Yum Koong Soup without soup: a different dish"
    once the tom yum soup paste was pounded aromatics for a fish allergy."""
    fish = CookConstraints(allergens={"fish": "anaphylactic"})
    soup = ["8 oz shrimp", "1 quart water", "2 tbsp tom yum soup paste", "1 tbsp fish sauce"]
    title = _title("Tom Yum Koong Soup", soup, fish)
    assert "different dish" not in title and title.startswith("Tom Yum Koong Soup")
