"""True numbers in an adapted recipe: servings the source never stated stay unknown (or are read
from the steps, said to be an estimate), and the steps agree with the scaled, converted list:
°C and cm for a metric cook, °F and inches for an imperial one, step amounts scaled with the
lines, plates scaled with the servings, times and pan sizes as written."""

from __future__ import annotations

import re
from typing import Any

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.display import format_amount

_IMPERIAL = re.compile(
    r"\d\s*(?:°\s*F|degrees\s*F)\b|\b[3-5]\d\d\s*degrees\b|\binch|\bcups?\b(?!\s+(?:muffin))|"
    r"\boz\b|\bounces?\b|\blbs?\b|\bpounds?\b",
    re.IGNORECASE,
)
"""The checker's own reading of a non-metric measure (it does not import the rewriter)."""


def _recipe(ingredients: list[str], steps: list[str], yields: str | None) -> Any:
    row = {"recipe_id": "t-1", "title": "Test dish", "ingredients": ingredients,
           "instructions": steps, "yields": yields, "language": "en"}  # fmt: skip
    return derive_recipe(row)


def _adapt(recipe: Any, **kwargs: Any) -> AdaptedRecipe:
    adapted = adapt_recipe(recipe, CookConstraints(), **kwargs)
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


def test_a_recipe_without_servings_is_never_said_to_serve_one() -> None:
    recipe = _recipe(["2 lb chicken thighs", "1 cup rice"], ["Cook the rice.", "Grill."], None)
    adapted = _adapt(recipe)
    assert adapted.servings is None
    assert any("does not say how many it serves" in w for w in adapted.warnings)
    asked = _adapt(recipe, servings=4)
    assert asked.servings is None  # not "serves 4" over amounts nobody scaled
    assert asked.ingredients[0].display == "910 g chicken thighs"
    assert any("not scaled for 4" in w for w in asked.warnings)


def test_servings_read_from_the_steps_are_an_estimate_and_scale() -> None:
    recipe = _recipe(
        ["1 cup rice", "2 cups water"],
        ["Simmer the rice in the water.", "Divide the rice between 3 serving bowls."],
        None,
    )
    adapted = _adapt(recipe, servings=6)
    assert adapted.servings == 6
    assert adapted.ingredients[1].display == "950 ml water"
    assert adapted.steps[1].text == "Divide the rice between 6 serving bowls."
    assert any("estimate" in w and "3" in w for w in adapted.warnings)


def test_steps_scale_their_amounts_with_the_list_and_keep_their_times() -> None:
    recipe = _recipe(
        ["1/2 cup water", "3 tbsp cornstarch", "1 can coconut milk"],
        [
            "Mix 3 tbsp of cornstarch with ¼ cup of cold water.",
            "Whisk 1 can coconut milk in and simmer 15 minutes.",
            "Divide between 3 plates.",
        ],
        "3 servings",
    )
    adapted = _adapt(recipe, servings=6)
    steps = [s.text for s in adapted.steps]
    assert steps[0] == "Mix 6 tbsp of cornstarch with 120 ml of cold water."
    assert steps[1] == "Whisk 2 cans coconut milk in and simmer 15 minutes."
    assert steps[2] == "Divide between 6 plates."
    assert all(s.changed for s in adapted.steps)


def test_metric_cooks_read_celsius_and_centimetres_in_the_steps() -> None:
    recipe = _recipe(
        ["1 lb potatoes, cut into 1/2 inch sticks", "2 tbsp oil"],
        [
            "Preheat the oven to 450°F/232°C.",
            "Spread on a 9x13 inch pan and bake at 400 degrees for 25 minutes.",
            "Cook until it reads 165 F, then rest 5 minutes.",
            "Use a 1-1/2 tablespoon scoop and a 12-cup muffin tin.",
        ],
        "4 servings",
    )
    adapted = _adapt(recipe, units="metric")
    texts = [s.text for s in adapted.steps] + [i.display for i in adapted.ingredients]
    assert [t for t in texts if _IMPERIAL.search(t)] == []  # spoons and a 12-cup tin are kept
    assert adapted.steps[0].text == "Preheat the oven to 232°C."
    assert adapted.steps[1].text == "Spread on a 23 x 33 cm pan and bake at 205°C for 25 minutes."
    assert adapted.steps[2].text == "Cook until it reads 74°C, then rest 5 minutes."
    assert adapted.ingredients[0].display == "450 g potatoes, cut into 1.5 cm sticks"


def test_imperial_cooks_read_fahrenheit_and_inches() -> None:
    recipe = _recipe(
        ["250 g flour", "1 chicken, 1.5 kg"],
        ["Heat the oven to 200°C (180°C fan).", "Cut into 2 cm pieces."],
        "4 servings",
    )
    adapted = _adapt(recipe, units="imperial")
    assert adapted.steps[0].text == "Heat the oven to 400°F (350°F fan)."
    assert adapted.steps[1].text == "Cut into ¾ inch pieces."
    assert adapted.ingredients[0].display.endswith("oz flour")


def test_a_second_amount_in_other_units_is_not_shown_beside_the_converted_one() -> None:
    recipe = _recipe(
        ["4 oz ham, cut into cubes (125 g)", "1 butternut squash (1 3/4 lb.)"], ["Cook."], "4"
    )
    adapted = _adapt(recipe)
    assert adapted.ingredients[0].display == "115 g ham, cut into cubes"
    assert adapted.ingredients[1].display == "1 butternut squash, 790 g"


def test_a_metric_cook_weighs_flour_butter_and_sugar() -> None:
    recipe = _recipe(
        ["2 1/4 cups all-purpose flour", "1 cup butter, softened", "1 cup milk"],
        ["Beat the butter, then stir in ½ cup of the flour."],
        "24",
    )
    adapted = _adapt(recipe, units="metric")
    assert [i.display for i in adapted.ingredients] == [
        "280 g all-purpose flour",
        "230 g butter, softened",
        "240 ml milk",
    ]
    assert adapted.steps[0].text == "Beat the butter, then stir in 65 g of the flour."


def test_a_litre_and_more_reads_in_litres_and_a_pair_of_temperatures_reads_once() -> None:
    recipe = _recipe(
        ["8 cups water", "1 lb beef"],
        ["Preheat oven to 375 degrees F (190 degrees C.) In a 6-quart pot bring the water up."],
        "4",
    )
    adapted = _adapt(recipe, units="metric")
    assert adapted.ingredients[0].display == "1.9 l water"
    assert adapted.steps[0].text == "Preheat oven to 190°C. In a 5.7 l pot bring the water up."


def test_half_and_half_is_the_dairy_line_it_names_scaled_and_substituted() -> None:
    """ "half and half" was read as ½ of "and half": shown as "½ and half", doubled to "1 and
    half", and its cream no longer the line's food (issue 37, meals panel)."""
    recipe = _recipe(
        ["1 cup half-and-half", "half and half, to finish", "2 cups pasta"],
        ["Boil the pasta.", "Stir in the half-and-half."],
        "2 servings",
    )
    doubled = _adapt(recipe, servings=4)
    shown = [line.display for line in doubled.ingredients]
    assert shown[0] == "470 ml half-and-half"  # 2 cups, kitchen-rounded
    assert shown[1].startswith("half and half")
    assert not any("and half" in line and "half and half" not in line for line in shown)
    dairy_free = adapt_recipe(recipe, CookConstraints(allergens={"dairy": "severe"}))
    assert isinstance(dairy_free, AdaptedRecipe)
    swapped = [line for line in dairy_free.ingredients if line.substitution is not None]
    assert len(swapped) == 2
    assert not any("half" in line.display.lower() for line in dairy_free.ingredients)


def test_a_spoon_scaled_below_a_pinch_reads_as_a_pinch() -> None:
    """A 12-serving lasagna cooked for 2 listed "0.042 tsp cinnamon": no cook measures that."""
    assert format_amount(0.042, None, "teaspoon") == "a pinch of"
    assert format_amount(0.02, None, "tablespoon") == "a pinch of"
    assert format_amount(0.125, None, "teaspoon") == "⅛ tsp"
    assert format_amount(1.5, None, "teaspoon") == "1½ tsp"


def test_a_recipe_without_servings_is_scaled_from_an_estimate_its_amounts_give() -> None:
    """A lasagna whose source states no servings, asked for 2: its amounts (about 2.5 kg of
    food, cans and the package at their stated size or 400 g) make about 7 plates, so it is
    scaled from 7 to 2 and says the number is an estimate."""
    lines = [
        "1 lb lean ground beef", "1 onion, chopped", "2 teaspoons minced garlic",
        "1 (15 ounce) can tomato sauce", "1 (6 ounce) can tomato paste", "1 teaspoon salt",
        "1 (16 ounce) package lasagna noodles", "12 ounces cottage cheese",
        "1/2 cup grated Parmesan cheese", "1 lb shredded mozzarella cheese",
    ]  # fmt: skip
    recipe = _recipe(lines, ["Cook the beef.", "Layer and bake."], None)
    asked = _adapt(recipe, servings=2)
    assert asked.servings == 2
    note = next(w for w in asked.warnings if "states no servings" in w)
    assert "estimate" in note and "from 7 to 2" in note, note
    assert asked.ingredients[0].display == "130 g lean ground beef", asked.ingredients[0].display
    assert _adapt(recipe).servings is None  # nobody asked for a number: unknown stays unknown


def test_water_is_not_counted_as_plates_of_food_in_the_estimate() -> None:
    """A curry with a litre of water: 1.8 kg of food make about 5 plates, not the 8 that
    counting the water as food gave (so 4 asked for were scaled down from a guessed 8)."""
    lines = [
        "700 g chicken thighs", "700 g potatoes", "4 cups water", "400 g chopped tomatoes",
        "2 tablespoons curry powder",
    ]  # fmt: skip
    asked = _adapt(_recipe(lines, ["Simmer everything."], None), servings=4)
    note = next(w for w in asked.warnings if "states no servings" in w)
    assert "from 5 to 4" in note, note


def test_a_pie_without_servings_is_kept_whole_not_scaled_from_a_guess() -> None:
    """A pot pie asked for 3 with no servings stated: its pan and crust set the yield, so the
    amounts stay as written, with the estimate of how many it feeds said to be one."""
    lines = [
        "2 (9 inch) refrigerated pie crusts", "500 g chicken breast", "300 g frozen peas",
        "300 g carrots", "500 ml chicken broth", "250 ml milk", "50 g butter",
    ]  # fmt: skip
    row = {"recipe_id": "t-2", "title": "Chicken Pot Pie", "ingredients": lines,
           "instructions": ["Fill the crust and bake."], "language": "en"}  # fmt: skip
    asked = _adapt(derive_recipe(row), servings=3)
    note = next(w for w in asked.warnings if "states no servings" in w)
    assert "baked whole" in note and "not scaled for 3" in note, note
    assert asked.servings is not None and asked.servings > 3
    assert asked.ingredients[1].display.startswith("500 g"), asked.ingredients[1].display


def test_a_second_amount_in_sticks_is_dropped_beside_the_converted_one() -> None:
    """ "1 cup unsalted butter, softened (2 sticks)" read "230 g unsalted butter, softened;
    2 sticks": sticks are the source's second amount, stale beside the converted one."""
    recipe = _recipe(["1 cup unsalted butter, softened (2 sticks)", "2 cups flour"], [], "4")
    display = _adapt(recipe).ingredients[0].display
    assert "stick" not in display and display.startswith("2"), display
