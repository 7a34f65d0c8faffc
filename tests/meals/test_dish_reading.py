"""Dish names as cooks type them (issue 37): typos read against the recipe titles' words, the
request's words taken off, spelling variants accepted, and parts of a dish (a sauce, a drink)
never taken for the dish."""

from __future__ import annotations

from kairos.meals.dish_words import corrected_dish, spelling_variants, title_names, title_words
from kairos.meals.understanding import dish_words, read_message
from kairos.recipes.course import part_of_a_dish
from kairos.recipes.foods import canonical_food

TITLES = [
    "Spaghetti alla Bolognese", "Chicken Alfredo", "Basic Lasagna", "Vegetable Lasagne",
    "Chicken Curry", "Fried Chicken", "Macaroni and Cheese",
]  # fmt: skip


def test_typos_are_read_against_the_titles_words() -> None:
    vocabulary = title_words(TITLES)
    assert corrected_dish("spagetti bolognese", vocabulary)[0] == "spaghetti bolognese"
    assert corrected_dish("chiken alfredo", vocabulary)[0] == "chicken alfredo"
    name, notes = corrected_dish("helthy lasagne", vocabulary)
    assert name == "healthy lasagne" and notes == ["'helthy' read as 'healthy'"]
    assert dish_words(name) == "lasagne"


def test_known_and_short_words_are_kept() -> None:
    vocabulary = title_words(TITLES)
    assert corrected_dish("pad thai", vocabulary) == ("pad thai", [])  # too short to read
    assert corrected_dish("ratatouille", vocabulary) == ("ratatouille", [])  # nothing near


def test_the_titles_other_spellings_are_accepted() -> None:
    vocabulary = title_words(TITLES)
    assert spelling_variants("lasagne", vocabulary) == ["lasagna", "lasagne"]
    assert spelling_variants("curry", vocabulary) == ["curry"]


def test_the_request_words_around_the_dish_are_taken_off() -> None:
    assert read_message("chicken satay with peanut sauce but healthier").meal_name == (
        "chicken satay peanut sauce"
    )
    assert read_message("mac and cheese the kids will eat").meal_name == "mac and cheese"
    family = read_message("healthier mac and cheese for the family")
    assert family.meal_name == "mac and cheese" and family.household


def test_a_sauce_or_a_drink_is_not_the_dish() -> None:
    assert part_of_a_dish("Korean Fried Chicken Sauce", "fried chicken")
    assert part_of_a_dish("Pad Thai Sauce", "pad thai")
    assert part_of_a_dish("Kay's Spaghetti and Lasagna Sauce", "lasagna")
    assert part_of_a_dish("Beer Margaritas", "chicken rice broccoli lime")
    assert not part_of_a_dish("Peanut Sauce", "peanut sauce")
    assert not part_of_a_dish("Spaghetti with Bolognese Meat Sauce", "spaghetti bolognese")
    assert not part_of_a_dish("Chicken Satay with Peanut Dipping Sauce (Recipe II)", "satay")
    assert not part_of_a_dish("Oven-Fried Chicken", "fried chicken")
    assert part_of_a_dish("Tall Quiche Shell", "quiche")  # its pastry, not a quiche
    assert part_of_a_dish("Cauliflower Pizza Crust", "pizza")
    assert not part_of_a_dish("Stuffed Shells", "stuffed shells")
    assert not part_of_a_dish("Chicken Pot Pie with a Biscuit Crust", "chicken pot pie")


def test_a_title_names_the_dish_by_its_words_not_their_stems() -> None:
    assert title_names("Oven-Fried Chicken", "fried chicken")
    assert title_names("Chicken Enchiladas Verdes", "chicken enchilada")
    assert title_names("Basic Lasagna", "lasagne")
    assert title_names("Macaroni and Cheese (Vegan)", "macaroni and cheese")
    assert not title_names("Avocado Chicken Stir-Fry", "fried chicken")
    assert not title_names("Fish Tacos", "beef tacos")


def test_the_units_asked_for_are_read_and_not_taken_for_ingredients() -> None:
    cookies = read_message("chocolate chip cookies, I use grams and celsius")
    assert cookies.kind == "text_meal" and cookies.meal_name == "chocolate chip cookies"
    assert cookies.units == "metric"
    assert read_message("pot roast in cups and fahrenheit please").units == "imperial"
    assert read_message("grilled chicken with an overnight marinade").meal_head == (
        "grilled chicken"
    )
    assert read_message("lasagna").units is None and read_message("lasagna").meal_head is None


def test_cooking_words_are_known_and_not_misread() -> None:
    vocabulary = title_words(["Easy Grilled Chicken Teriyaki", "Spaghetti Marinara"])
    assert corrected_dish("grilled chicken overnight marinade", vocabulary)[1] == []


def test_a_flavour_is_not_the_food() -> None:
    assert canonical_food("chicken-flavored ramen noodles") == canonical_food("ramen noodles")
    assert canonical_food("beef flavour instant noodles") == canonical_food("instant noodles")
    assert canonical_food("chicken breast") == canonical_food("chicken breasts")


def test_a_title_is_shown_without_the_sources_html_entities() -> None:
    from kairos.recipes.derive import derive_recipe

    recipe = derive_recipe(
        {"recipe_id": "t-entity", "title": "Frito Chili Pie &#8211; Crockpot or Stove",
         "ingredients": ["1 bag corn chips"], "instructions": ["Layer and bake."]}
    )  # fmt: skip
    assert recipe.title == "Frito Chili Pie – Crockpot or Stove"
