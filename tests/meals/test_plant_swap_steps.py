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


def test_a_plant_swap_fried_in_the_meats_own_fat_gets_oil_and_is_not_browned() -> None:
    """ "Brown the ground beef in a skillet; drain off the grease" with lentils for the beef and
    no fat in the list: the pan would be dry, so the step says to heat oil, and the lentils are
    cooked, not browned."""
    steps = _steps(
        ["1 lb ground beef", "1 onion, chopped", "1 can tomato sauce"],
        ["In a large skillet over medium heat, brown the ground beef and onion; drain off the "
         "grease.", "Stir in the tomato sauce and simmer 10 minutes."],
    )  # fmt: skip
    assert steps[0].startswith("Heat 1 tbsp oil in the pan first: the stand-in gives off no fat")
    assert "cook the lentils and onion" in steps[0] and "brown the" not in steps[0]
    assert "oil" not in steps[1]


def test_a_plant_swap_in_a_recipe_with_oil_gets_no_more_oil() -> None:
    steps = _steps(
        ["2 tbsp olive oil", "1 lb ground beef", "1 onion, chopped"],
        ["Heat the olive oil in a skillet, then brown the ground beef and onion."],
    )
    assert "1 tbsp oil" not in steps[0] and "cook the lentils and onion" in steps[0]
