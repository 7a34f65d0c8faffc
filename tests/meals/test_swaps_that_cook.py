"""Substitutions that cook (issue 37, item 4): the steps name the substitute as a cook would
and no longer give seafood's doneness; a dish eaten raw takes no raw chicken, a food bought
cooked is replaced cooked; meat shaped into balls takes no loose lentils; seeds that only
decorate are left out and said, not swapped for other seeds."""

from __future__ import annotations

from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe

SHELLFISH = CookConstraints(allergens={"shellfish": "severe"})
SESAME = CookConstraints(allergens={"sesame": "severe"})


def _adapt(
    title: str, ingredients: list[str], steps: list[str], constraints: CookConstraints
) -> AdaptedRecipe:
    recipe = derive_recipe(
        {"recipe_id": "t-swap", "title": title, "yields": "4 servings",
         "ingredients": ingredients, "instructions": steps}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, constraints)
    assert isinstance(adapted, AdaptedRecipe), adapted
    return adapted


def _steps(adapted: AdaptedRecipe) -> list[str]:
    return [step.text for step in adapted.steps]


def test_chicken_for_shrimp_is_named_short_and_cooked_through() -> None:
    adapted = _adapt(
        "Garlic Shrimp Skillet",
        ["1 pound shrimp, peeled", "3 cloves garlic, minced", "2 tablespoons olive oil"],
        ["Pat the shrimp dry.", "Cook the shrimp 1 to 2 minutes per side until pink and opaque.",
         "Stir until the shrimp are opaque and serve."],
        SHELLFISH,
    )  # fmt: skip
    assert adapted.title == "Garlic Shrimp Skillet, with chicken instead of shrimp"
    assert _steps(adapted) == [
        "Pat the chicken dry.",
        "Cook the chicken 1 to 2 minutes per side until cooked through.",
        "Stir until cooked through and serve.",
    ]
    assert any(w.startswith("Chicken takes longer to cook than seafood") for w in adapted.warnings)


def test_a_raw_dish_takes_no_raw_chicken_and_a_cooked_food_is_replaced_cooked() -> None:
    ceviche = _adapt(
        "Shrimp Ceviche",
        ["1 pound raw shrimp, diced", "1 cup lime juice", "1 red onion, chopped"],
        ["Place the shrimp and lime juice in a bowl; the lime juice will cook them.",
         "Mix in the onion and chill for 1 hour."],
        SHELLFISH,
    )  # fmt: skip
    assert "chicken" not in " ".join(i.display for i in ceviche.ingredients).lower()
    salad = _adapt(
        "Shrimp Pasta Salad",
        ["1 pound cooked shrimp", "8 ounces pasta, cooked", "1/2 cup mayonnaise"],
        ["Toss the shrimp with the pasta and mayonnaise.", "Chill and serve."],
        SHELLFISH,
    )  # fmt: skip
    assert salad.ingredients[0].display.startswith("450 g cooked ")
    assert "chicken" in salad.ingredients[0].display


def test_meatballs_take_plant_based_mince_not_loose_lentils() -> None:
    adapted = _adapt(
        "Herb Meatballs",
        ["1 pound ground beef", "1 egg", "1/2 cup bread crumbs"],
        ["Mix the ground beef, egg and bread crumbs and shape into 12 meatballs.",
         "Bake at 400 F for 20 minutes."],
        CookConstraints(diets=("vegetarian",)),
    )  # fmt: skip
    assert adapted.ingredients[0].display == "450 g plant-based mince"


def test_seeds_that_only_decorate_are_left_out_and_said() -> None:
    adapted = _adapt(
        "Honey Soy Chicken",
        ["1 pound chicken thighs", "3 tablespoons soy sauce", "2 tablespoons honey",
         "1 tablespoon sesame seeds", "2 green onions, sliced"],
        ["Cook the chicken with the soy sauce and honey until sticky.",
         "Top with the green onions, chilli flakes, and sesame seeds before serving."],
        SESAME,
    )  # fmt: skip
    assert adapted.ingredients[3].omitted
    assert any(w.startswith("Left out sesame seeds (it only decorates") for w in adapted.warnings)
    assert _steps(adapted)[1] == "Top with the green onions and chilli flakes before serving."


def test_seeds_the_dish_is_made_of_are_swapped_and_named_once() -> None:
    adapted = _adapt(
        "Seed Brittle",
        ["1 cup sugar", "1/2 cup sesame seeds"],
        ["Melt the sugar.", "Add the sesame seeds and pour onto a tray."],
        SESAME,
    )  # fmt: skip
    assert not adapted.ingredients[1].omitted
    assert _steps(adapted)[1] == "Add the poppy seeds and pour onto a tray."


def test_a_substitute_is_not_followed_by_its_own_last_word() -> None:
    from kairos.recipes.steps import rewrite_steps

    assert rewrite_steps(["Add 35 g of sesame seeds. Mix."], [("sesame", "poppy seeds")]) == [
        "Add 35 g of poppy seeds. Mix."
    ]


def test_no_egg_binder_stands_in_for_the_eggs_that_set_a_quiche() -> None:
    recipe = derive_recipe(
        {"recipe_id": "t-quiche", "title": "Spinach Quiche", "yields": "6 servings",
         "ingredients": ["1 pie crust", "3 eggs", "1 cup milk", "1 cup spinach"],
         "instructions": ["Whisk the eggs and milk, add the spinach and pour into the crust.",
                          "Bake at 375 F for 35 minutes until set."]}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"eggs": "moderate"}))
    shown = " ".join(i.display for i in getattr(adapted, "ingredients", ())).lower()
    assert "flax" not in shown and "apple sauce" not in shown
    cake = _adapt(
        "Banana Cake",
        ["2 eggs", "2 cups flour", "3 bananas, mashed"],
        ["Mix everything and bake at 350 F for 40 minutes."],
        CookConstraints(allergens={"eggs": "moderate"}),
    )  # fmt: skip
    assert "flaxseed gel" in cake.ingredients[0].display
