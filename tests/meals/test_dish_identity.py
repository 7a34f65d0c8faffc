"""What a dish is (`meals/dish_identity.py`, `recipes/data/dish_identity.toml`): a recipe that
only shares the dish's name is another kind and ranks after the dish's own recipes, saying so;
a recipe lacking what defines the dish says which ("authentic" said when it is not)."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from importlib import resources

from kairos.meals.defining import dish_note
from kairos.meals.dish_identity import (
    authentic_note,
    identity_rank,
    kind_note,
    missing_defining,
    other_kind,
)
from kairos.meals.suggest import meal_suggestions
from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import Refusal
from tests.meals.helpers import cook_context

NOW = datetime.now(UTC)
SAUCE = {
    "recipe_id": "pt-1", "title": "Pad Thai Sauce", "yields": "4",
    "ingredients": ["60 ml tamarind paste", "3 tbsp fish sauce", "60 g palm sugar"],
    "instructions": ["Stir everything over a low heat until the sugar melts."],
}  # fmt: skip
NOODLES = {
    "recipe_id": "pt-2", "title": "Authentic Pad Thai Noodles", "yields": "2",
    "ingredients": ["125 g rice vermicelli", "1 egg", "2 tbsp soy sauce", "2 tbsp lime juice",
                    "100 g bean sprouts"],
    "instructions": ["Soak the noodles.", "Scramble the egg.", "Toss everything in a wok."],
}  # fmt: skip
FULL = {
    "recipe_id": "pt-3", "title": "Shrimp Pad Thai", "yields": "2",
    "ingredients": ["125 g rice noodles", "150 g shrimp", "2 tbsp tamarind paste",
                    "2 tbsp fish sauce", "1 egg", "100 g bean sprouts"],
    "instructions": ["Soak the noodles.", "Fry the shrimp and scramble the egg.",
                     "Toss with the tamarind, fish sauce and bean sprouts."],
}  # fmt: skip


def test_the_table_knows_at_least_fifty_dishes_each_with_a_kind_and_what_defines_it() -> None:
    path = resources.files("kairos.recipes").joinpath("data/dish_identity.toml")
    dishes = tomllib.loads(path.read_text(encoding="utf-8"))["dishes"]
    assert len(dishes) >= 50
    assert all(entry.get("kind") and entry.get("defining") for entry in dishes.values())


def test_a_title_naming_another_kind_is_not_the_dish() -> None:
    assert other_kind("Banana Bread Oatmeal", "banana bread")
    assert kind_note("Banana Bread Oatmeal", "banana bread") == (
        " This is an oatmeal, not a banana bread."
    )
    assert kind_note("Curry Chicken Salad", "chicken curry") == (
        " This is a salad, not a chicken curry."
    )
    assert kind_note("Quiche Pastry Shell", "quiche") == " This is a pastry shell, not a quiche."
    assert kind_note("Korean Fried Chicken Sauce", "healthier fried chicken") == (
        " This is a sauce, not a fried chicken."
    )


def test_a_title_whose_head_is_the_dish_is_the_dish() -> None:
    """The head noun is the last: oatmeal cookies are cookies; what comes after "with" adds."""
    assert not other_kind("Oatmeal Chocolate Chip Cookies", "chocolate chip cookies")
    assert not other_kind("Peanut Butter Banana Bread", "banana bread")
    assert not other_kind("Beef Stew with Dumplings", "beef stew")
    assert not other_kind("Chicken Enchilada Casserole", "chicken enchiladas")  # an `also` kind
    assert not other_kind("Shrimp Scampi Pasta", "shrimp scampi")
    assert other_kind("Lasagna Soup", "lasagne for 6")
    assert not other_kind("Margarita Grilled Chicken", "grilled chicken")  # before the name
    assert kind_note("Kay's Spaghetti and Lasagna Sauce", "lasagna") == (
        " This is a sauce, not a lasagna."
    )


def test_a_title_naming_another_known_dish_is_not_the_dish() -> None:
    """A pad see ew is no pad thai; a korma is a chicken curry (the dish is named by its kind);
    a known dish before the dish's name qualifies it (a chicken alfredo lasagna)."""
    assert kind_note("Pad See Ew (Thai Noodles with Beef and Broccoli)", "pad thai") == (
        " This is a pad see ew, not a pad thai."
    )
    assert not other_kind("Chicken Korma", "chicken curry")
    assert not other_kind("Chicken Alfredo Lasagna", "lasagna")
    assert not other_kind("Roasted Vegetable Lasagna | Recipes", "lasagne")  # spelt otherwise
    assert not other_kind("General Tso's Chicken", "general tso chicken")
    assert not other_kind("Ground Beef Tacos", "ground beef")  # a food asked, not a dish
    assert kind_note("Easy Chicken Fajitas Bowl", "fajitas") == " This is a bowl, not fajitas."


def test_what_defines_the_dish_is_said_when_a_recipe_lacks_it() -> None:
    noodles = ["rice vermicelli", "egg", "soy sauce", "lime juice"]
    assert missing_defining("pad thai", noodles) == ["tamarind", "fish sauce"]
    assert missing_defining("pad thai", ["rice noodles", "tamarind paste", "fish sauce"]) == []
    note = authentic_note("pad thai", "Authentic Pad Thai Noodles", "pad thai", noodles)
    assert (
        note
        == " It has no tamarind or fish sauce, which a pad thai is made with: not an authentic one."
    )
    assert "authentic" not in authentic_note("pad thai", "Pad Thai", "pad thai", noodles)
    meringue = ["egg white", "sugar", "chocolate chips"]
    assert authentic_note("chocolate chip cookies", "Meringue Cookies", "", meringue) == (
        " It has no flour or butter, which chocolate chip cookies are made with."
    )


def test_the_note_reaches_the_suggestion() -> None:
    recipe = derive_recipe(SAUCE)
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    note = dish_note(recipe, adapted, "pad thai", CookConstraints(), True)
    assert note == " This is a sauce, not a pad thai."


def test_the_dish_itself_comes_before_its_sauce_and_a_lacking_one_says_what_it_lacks() -> None:
    """The sauce, named after the dish and holding its tamarind and fish sauce, goes after both
    recipes of the dish and says it is a sauce; the recipe lacking two of the three things
    that make a pad thai goes after the one holding them, whatever its health, and says what
    it lacks."""
    candidates = [(derive_recipe(row), 0.9, True) for row in (SAUCE, NOODLES, FULL)]
    suggestions, _ = meal_suggestions(candidates, cook_context("pad thai"), "pad thai")
    titles = [s.title for s in suggestions]
    assert titles == ["Shrimp Pad Thai", "Authentic Pad Thai Noodles", "Pad Thai Sauce"]
    lacking = suggestions[titles.index("Authentic Pad Thai Noodles")]
    assert "It has no tamarind or fish sauce" in lacking.rationale
    assert "not an authentic one" in lacking.rationale
    assert "This is a sauce, not a pad thai." in suggestions[2].rationale
    full, noodles = derive_recipe(FULL), derive_recipe(NOODLES)
    assert identity_rank(full.title, [line.item for line in full.ingredients], "pad thai") < (
        identity_rank(noodles.title, [line.item for line in noodles.ingredients], "pad thai")
    )


def test_a_recipe_without_the_food_the_dish_is_built_on_ranks_after_the_others() -> None:
    """Graded (m15, 'lasagna for 2'): a quinoa 'lasagna' with no pasta came first, ahead of
    lasagnas of pasta. Lacking the defining group that holds the dish's main ranks it after
    the recipes that hold it, whatever its health; lacking another group alone does not."""
    quinoa = ["cooked quinoa", "marinara sauce", "ricotta", "mozzarella"]
    pasta = ["lasagna noodles", "marinara sauce", "ricotta", "mozzarella"]
    no_cheese = ["lasagna noodles", "marinara sauce", "spinach"]
    assert identity_rank("Quinoa Lasagna", quinoa, "lasagna")[1] is True
    assert identity_rank("Lasagna", pasta, "lasagna")[1] is False
    assert identity_rank("Vegan Lasagna", no_cheese, "lasagna")[1] is False
    assert identity_rank("Lasagna", pasta, "lasagna") < identity_rank(
        "Quinoa Lasagna", quinoa, "lasagna"
    )
