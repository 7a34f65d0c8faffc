"""Steps after a meat is swapped for a plant food: no browning it until crumbly, no pouring off
its fat (meals panel half A, m25 shepherd's pie for a vegan: "Add brown lentils and cook until
well browned. Pour off excess fat, then stir in flour")."""

from __future__ import annotations

from kairos.recipes import CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe

VEGAN = CookConstraints(diets=("vegan",))


def _steps(ingredients: list[str], instructions: list[str]) -> list[str]:
    recipe = derive_recipe(
        {"recipe_id": "t-plant", "title": "Cottage Pie", "yields": "4 servings",
         "ingredients": ingredients, "instructions": instructions, "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, VEGAN)
    assert not isinstance(adapted, Refusal), adapted
    return [step.text for step in adapted.steps]


def test_a_plant_swap_is_not_browned_nor_its_fat_poured_off() -> None:
    steps = _steps(
        ["1 lb lean ground beef", "1 onion, chopped", "2 tbsp flour", "2 lb potatoes"],
        ["Heat oil in a pan. Add onion and cook until clear. Add ground beef and cook until well "
         "browned. Pour off excess fat, then stir in flour and cook 1 minute.",
         "Cook the ground beef until no longer pink; drain the grease. Top with the potatoes."],
    )  # fmt: skip
    assert "browned" not in steps[0] and "fat" not in steps[0]
    assert "cook until heated through. Stir in flour and cook 1 minute." in steps[0]
    assert "grease" not in steps[1] and "Top with the potatoes." in steps[1]


def test_a_meat_not_swapped_keeps_its_browning() -> None:
    """Nothing swapped: the meat is browned and its fat poured off as written."""
    recipe = derive_recipe(
        {"recipe_id": "t-meat", "title": "Cottage Pie", "yields": "4 servings",
         "ingredients": ["1 lb lean ground beef", "1 onion"],
         "instructions": ["Add ground beef and cook until well browned. Pour off excess fat."],
         "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    assert adapted.steps[0].text == (
        "Add ground beef and cook until well browned. Pour off excess fat."
    )
