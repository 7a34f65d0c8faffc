"""Scaled lines a cook can measure without the source's package (issue 37, "true numbers"):
a can or package with no size stated is measured by the usual size, said as an estimate; the
noun agrees with the scaled count; minced garlic scaled is counted in cloves (panel half A:
"½ can tomato sauce/paste unsized", "unsized sausage package", "1¾ tsp garlic", "1 eggs")."""

from __future__ import annotations

from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe


def _lines(ingredients: list[str], servings: int, units: str = "metric") -> list[str]:
    recipe = derive_recipe(
        {"recipe_id": "t-1", "title": "Tomato Bake", "yields": "4 servings",
         "ingredients": ingredients, "instructions": ["Mix everything and bake."]}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, CookConstraints(), servings=servings, units=units)  # type: ignore[arg-type]
    assert isinstance(adapted, AdaptedRecipe)
    return [line.display for line in adapted.ingredients]


def test_an_unsized_can_or_package_says_the_usual_size_scaled() -> None:
    """A part of a can is weighed by the usual size, the part said beside it: never a
    fraction of a container to measure (brief of round 9: "⅛ container ricotta")."""
    lines = _lines(
        ["1 can tomato paste", "2 cans black beans, drained", "1 package lasagna noodles",
         "1 (29 ounce) can tomato sauce", "1 package mystery mix"],
        servings=2,
    )  # fmt: skip
    assert lines[0] == "85 g tomato paste (about ½ can; a usual can is 170 g)"
    assert lines[1] == "1 can black beans (a usual can is about 425 g), drained"
    assert lines[2] == "220 g lasagna noodles (about ½ package; a usual package is 450 g)"
    assert lines[3] == "410 g tomato sauce"  # its own size, no estimate
    assert lines[4] == "½ package mystery mix (package size not given)"  # said, not invented


def test_a_whole_unsized_package_says_the_usual_size_in_the_cooks_units() -> None:
    metric = _lines(["1 package breakfast sausage patties"], servings=4)
    imperial = _lines(["1 package breakfast sausage patties"], servings=4, units="imperial")
    assert metric == ["1 package breakfast sausage patties (a usual package is about 340 g)"]
    assert imperial == ["1 package breakfast sausage patties (a usual package is about 12 oz)"]


def test_scaled_counts_agree_and_garlic_is_counted_in_cloves() -> None:
    lines = _lines(
        ["2 eggs", "1 onion, chopped", "2 teaspoons minced garlic", "1 teaspoon garlic powder"],
        servings=2,
    )
    assert lines[0] == "1 egg"
    assert lines[1] == "½ onion, chopped"
    assert lines[2] == "1 clove garlic, minced"
    assert lines[3] == "½ tsp garlic powder"
    doubled = _lines(["1 onion, chopped", "2 teaspoons minced garlic"], servings=8)
    assert doubled == ["2 onions, chopped", "4 cloves garlic, minced"]


def _adapted(steps: list[str], servings: int) -> AdaptedRecipe:
    recipe = derive_recipe(
        {"recipe_id": "t-2", "title": "Layered Bake", "yields": "8 servings",
         "ingredients": ["450 g ground beef", "1 (12 ounce) package lasagna noodles"],
         "instructions": steps}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, CookConstraints(), servings=servings)
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


def test_a_recipe_scaled_far_says_the_vessel_it_needs() -> None:
    layered = ["Layer the beef and noodles in the slow cooker.", "Cook on LOW for 6 hours."]
    small = _adapted(layered, servings=2).warnings
    assert any("use a smaller slow cooker" in note for note in small), small
    large = _adapted(["Spread in a 9x13 inch baking dish and bake."], servings=24).warnings
    assert any("use a larger baking dish or two" in note for note in large), large
    assert not any("smaller" in note for note in _adapted(layered, servings=6).warnings)


def test_whole_cans_of_a_stated_size_say_it_in_the_cooks_units() -> None:
    metric = _lines(
        ["2 (11 ounce) cans mandarin oranges, drained", "1 (6 ounce) can tomato paste"], servings=4
    )
    assert metric == ["2 cans mandarin oranges (310 g each), drained", "1 can tomato paste (170 g)"]
    imperial = _lines(["1 (400 g) can chickpeas"], servings=4, units="imperial")
    assert imperial == ["1 can chickpeas (14 oz)"]


def test_a_part_of_a_can_as_written_or_scaled_up_is_weighed_too() -> None:
    """ "½ can coconut milk" as written and "1 can sweet corn" for 10 of 6 (1⅔ cans) are
    measured by weight, the cans said beside; whole cans stay cans with their usual size."""
    assert _lines(["1/2 can coconut milk"], servings=4) == [
        "200 ml coconut milk (about ½ can; a usual can is 400 ml)"
    ]
    assert _lines(["1 can sweet corn", "2 cans black beans"], servings=6) == [
        "640 g sweet corn (about 1½ cans; a usual can is 425 g)",
        "3 cans black beans (about 1280 g; a usual can is 425 g)",
    ]


def test_a_part_of_a_sized_can_as_written_is_weighed_not_measured_in_cans() -> None:
    """ "1/6 (15.5 oz) can black beans" unscaled read "⅛ can black beans (440 g)": a part of a
    can of stated size is weighed by that size even when no scaling runs."""
    lines = _lines(["1/6 (15.5 oz) can black beans", "1 (29 ounce) can tomato sauce"], servings=4)
    assert lines[0] == "75 g black beans"
    assert lines[1] == "1 can tomato sauce (820 g)"  # whole cans stay cans


def test_a_small_part_of_a_package_of_no_known_size_is_bought_whole_and_the_rest_kept() -> None:
    """Scaled from 4 to 1, a package of no size anybody knows read "¼ package": a cook buys
    one and uses about a quarter of it."""
    lines = _lines(["1 package mystery mix", "2 packages mystery mix", "½ tsp nutmeg"], servings=1)
    assert lines[2] == "⅛ tsp nutmeg"  # a spoon is measured, never bought whole
    assert lines[0] == (
        "1 package mystery mix (package size not given: use about ¼ of one and keep the rest)"
    )
    assert lines[1] == "½ package mystery mix (package size not given)"  # half is practical
