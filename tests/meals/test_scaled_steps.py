"""Steps that agree with a scaled recipe (issue 37, "scaling rewrites the yield and quantities
named in the steps"): the sized dish holds the scaled amounts, and a count of whole items the
list counts is the list's new count."""

from __future__ import annotations

from typing import Any

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe


def _adapt(ingredients: list[str], steps: list[str], yields: str, **kwargs: Any) -> AdaptedRecipe:
    row = {"recipe_id": "t-1", "title": "Test dish", "ingredients": ingredients,
           "instructions": steps, "yields": yields, "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(), **kwargs)
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


_LASAGNE = (
    ["1 lb lasagna noodles", "2 cups tomato sauce", "8 oz mozzarella cheese"],
    [
        "Boil the lasagna noodles.",
        "In a 30 x 20 cm (13 x 9 in) baking dish, layer the noodles, sauce and mozzarella.",
        "Bake at 350°F for 25 minutes.",
    ],
    "4 servings",
)


def test_a_lasagne_for_4_made_for_6_names_the_dish_that_holds_it() -> None:
    adapted = _adapt(*_LASAGNE, servings=6)
    step = adapted.steps[1].text
    assert step.startswith("In a 35 x 25 cm baking dish (larger than the recipe's 30 x 20 cm")
    assert "13 x 9" not in step
    assert adapted.steps[1].changed


def test_a_recipe_halved_names_a_smaller_pan_and_one_near_its_size_keeps_it() -> None:
    ingredients, steps, yields = _LASAGNE
    steps = [steps[0], "Spread in a 9x13 inch pan.", steps[2]]
    halved = _adapt(ingredients, steps, yields, servings=2)
    assert halved.steps[1].text.startswith("Spread in a 16 x 25 cm pan (smaller than the recipe's")
    near = _adapt(ingredients, steps, yields, servings=4.5)
    assert near.steps[1].text == "Spread in a 23 x 33 cm pan."


def test_counts_of_whole_items_in_the_steps_follow_the_list() -> None:
    adapted = _adapt(
        ["2 live lobsters", "2 tbsp butter", "1 lemon"],
        ["Place the 2 lobsters in the boiling water.", "Cut the lemon into 4 wedges."],
        "2 servings",
        servings=6,
    )
    assert adapted.ingredients[0].display.startswith("6 live lobsters")
    assert adapted.steps[0].text == "Place the 6 lobsters in the boiling water."
    assert adapted.steps[1].text == "Cut the lemon into 4 wedges."  # no count of the list's


def test_a_casserole_dish_is_resized_whole_and_a_small_one_to_the_centimetre() -> None:
    ingredients, steps, _ = _LASAGNE
    steps = [steps[0], "Grease a 23 x 33 cm casserole dish and set aside.", steps[2]]
    quarter = _adapt(ingredients, steps, "12 servings", servings=3)
    assert quarter.steps[1].text == (
        "Grease a 12 x 16 cm casserole dish (smaller than the recipe's 23 x 33 cm, for the "
        "smaller amounts) and set aside."
    )


def test_a_suggestion_whose_amounts_could_not_be_scaled_says_so() -> None:
    from kairos.meals.suggest import _summary

    row = {"recipe_id": "t-2", "title": "Boiled lobster", "ingredients": ["1 lobster", "salt"],
           "instructions": ["Boil the lobster for 12 minutes."], "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(), servings=6)
    assert isinstance(adapted, AdaptedRecipe)
    assert "servings not stated by the source, not scaled for 6" in _summary(adapted)


def test_a_baking_sheet_is_not_resized_it_bakes_in_batches() -> None:
    ingredients, steps, yields = _LASAGNE
    steps = [steps[0], "Line a 38 x 28 cm rimmed cookie sheet. Line a 28 x 43 cm sheet pan.", ""]
    doubled = _adapt(ingredients, steps[:2], yields, servings=8)
    assert doubled.steps[1].text == steps[1]


def test_portions_cut_or_yielded_follow_the_new_servings() -> None:
    adapted = _adapt(
        ["2 cups flour", "1 cup sugar", "1 cup butter", "1 lemon", "1 onion"],
        [
            "Mix and press into the pan; bake 25 minutes. Cut into 12 squares.",
            "Divide the rest of the dough into 12 equal(ish) 5 cm balls. Makes about 30 cookies.",
            "Cut each lemon half into 12 segments. Cut the onion into 8 wedges.",
        ],
        "12 servings",
        servings=6,
    )
    steps = [step.text for step in adapted.steps]
    assert steps[0].endswith("Cut into 6 squares.")
    assert "into 6 equal(ish) 5 cm balls" in steps[1]
    assert steps[1].endswith("Makes about 15 cookies.")
    assert steps[2] == "Cut each lemon half into 12 segments. Cut the onion into 8 wedges."


def test_a_sized_dish_with_its_depth_keeps_the_depth_and_reads_whole() -> None:
    ingredients, steps, yields = _LASAGNE
    steps = [steps[0], "Spread in a 9 x 13 x 2-inch baking dish.", steps[2]]
    step = _adapt(ingredients, steps, yields, servings=2).steps[1].text
    assert step.startswith("Spread in a 16 x 25 x 5 cm baking dish (smaller than the recipe's "
                           "23 x 33 x 5 cm")  # fmt: skip


def test_a_part_of_a_counted_item_in_a_step_is_scaled_with_the_list() -> None:
    adapted = _adapt(
        ["12 lasagna noodles", "2 cups tomato sauce"],
        ["Arrange 6 noodles over the sauce. Repeat layers."],
        "12 servings",
        servings=6,
    )
    assert adapted.ingredients[0].display.startswith("6 lasagna noodles")
    assert adapted.steps[0].text == "Arrange 3 noodles over the sauce. Repeat layers."


def test_a_servings_count_scaled_to_or_from_one_agrees_with_its_noun() -> None:
    doubled = _adapt(["1 slice bread", "1 egg"], ["Toast the bread. Makes 1 serving."],
                     "1 serving", servings=2)  # fmt: skip
    assert doubled.steps[0].text == "Toast the bread. Makes 2 servings."
    halved = _adapt(["2 cups flour", "1 cup butter"], ["Serves 2 people."], "2 servings",
                    servings=1)  # fmt: skip
    assert halved.steps[0].text == "Serves 1 person."


def test_a_count_of_sheets_in_the_list_scales_the_noodles_a_layer_takes() -> None:
    adapted = _adapt(
        ["15 sheets no-boil lasagna noodles", "2 cups tomato sauce"],
        ["Place three noodles over the sauce. Repeat. Place final 3 noodles on top."],
        "8 servings",
        servings=6,
    )
    assert adapted.steps[0].text == (
        "Place 2 noodles over the sauce. Repeat. Place final 2 noodles on top."
    )
