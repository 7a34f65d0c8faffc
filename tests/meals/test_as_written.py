"""Recipes a cook can follow as written (issue 37; panel half A m35, m07, m55, m53 on the full
recipes): lines the steps never use, a component listed ready that a step says to prepare, and
foods only the steps use are said in the recipe (a food only in the steps still checked against
the cook's allergies and dislikes); a recipe of the dish with such gaps comes after a complete
one. A recipe of the dish that adds a food is said to be a version of the dish, never "a variant
of dinner"."""

from __future__ import annotations

from kairos.meals.suggest import meal_suggestions
from kairos.meals.variants import usual_of, variant_note
from kairos.recipes import CookConstraints, Recipe
from kairos.recipes.adapt import adapt_recipe
from kairos.recipes.completeness import completeness
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe
from tests.meals.helpers import cook_context


def _recipe(number: int, title: str, ingredients: list[str], steps: list[str]) -> Recipe:
    return derive_recipe(
        {"recipe_id": f"w-{number}", "title": title, "ingredients": ingredients,
         "instructions": steps, "yields": "4 servings", "language": "en"},
        number,
    )  # fmt: skip


GAPS = _recipe(
    1, "Baked Layered Pasta",
    ["2 tbsp olive oil", "1 onion, chopped", "2 carrots, chopped", "2 celery stalks, chopped",
     "500 g ground beef", "1 can tomatoes", "1 package pasta sheets", "700 ml béchamel sauce",
     "50 g parmesan"],
    ["Heat the olive oil and brown the beef.", "Add the tomatoes and simmer for 20 minutes. "
     "Meanwhile, prepare the béchamel sauce.", "Layer the meat sauce, pasta sheets and "
     "béchamel sauce; top with parmesan and bake for 45 minutes."],
)  # fmt: skip
WHOLE = _recipe(
    2, "Baked Layered Pasta Classic",
    ["2 tbsp olive oil", "1 onion, chopped", "500 g ground beef", "1 can tomatoes",
     "1 package pasta sheets", "50 g butter", "50 g flour", "600 ml milk", "50 g parmesan"],
    ["Heat the olive oil, soften the onion and brown the beef.", "Add the tomatoes and simmer.",
     "Melt the butter, stir in the flour, whisk in the milk and simmer until thick.",
     "Layer the meat sauce, pasta sheets and white sauce; top with parmesan and bake."],
)  # fmt: skip
BEEF = _recipe(
    3, "Slow Cooker Beef",
    ["900 g ground beef", "1½ tsp salt", "½ tsp garlic powder", "½ tsp onion powder", "1 onion"],
    ["Add the beef to the slow cooker.", "Sprinkle over the salt, pepper, onion powder and "
     "garlic powder.", "Add the onion. Cook on low for 5 hours."],
)  # fmt: skip


def _adapted(recipe: Recipe, constraints: CookConstraints) -> AdaptedRecipe:
    adapted = adapt_recipe(recipe, constraints)
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


def test_lines_the_steps_never_use_and_a_component_with_no_method_are_said() -> None:
    found = completeness(GAPS)
    assert found.unused == ("onion", "carrot", "celery")
    assert found.unmade == ("béchamel sauce",)
    warnings = _adapted(GAPS, CookConstraints()).warnings
    assert (
        "The source lists onion, carrot and celery but its steps never say when to add "
        "them." in warnings
    )
    assert any(w.startswith("The source says to prepare the béchamel sauce but gives no method")
               for w in warnings)  # fmt: skip
    assert completeness(WHOLE) == completeness(WHOLE).__class__(9, (), (), ())
    assert not any("The source" in w for w in _adapted(WHOLE, CookConstraints()).warnings)


def test_a_food_only_the_steps_use_is_named_and_checked() -> None:
    assert completeness(BEEF).unlisted == ("pepper",)
    said = _adapted(BEEF, CookConstraints()).warnings
    assert "The steps also use pepper, which the ingredient list does not give." in said
    avoided = _adapted(BEEF, CookConstraints(dislikes=["pepper"])).warnings
    assert any(w.startswith("The steps also use pepper") and "leave it out" in w
               and "pepper" in w.split("(")[-1] for w in avoided)  # fmt: skip
    nuts = _recipe(4, "Beef and Nut Stir", ["500 g beef", "1 onion"],
                   ["Fry the beef, peanuts and onion for 8 minutes."])  # fmt: skip
    warnings = _adapted(nuts, CookConstraints(allergens={"peanuts": "severe"})).warnings
    assert any(w.startswith("Step 1 mentions peanuts") and "peanut allergy" in w for w in warnings)
    assert not any(w.startswith("The steps also use peanuts") for w in warnings)  # said once


def test_a_complete_recipe_of_the_dish_comes_before_one_with_gaps() -> None:
    candidates = [(GAPS, 0.95, True), (WHOLE, 0.9, True)]
    found, _ = meal_suggestions(
        candidates, cook_context("baked layered pasta"), "baked layered pasta"
    )
    assert [s.title for s in found][:2] == ["Baked Layered Pasta Classic", "Baked Layered Pasta"]


def test_a_version_says_what_the_dish_is() -> None:
    assert variant_note("Pasta Soup for Kids", "dinner") == ""
    assert variant_note("Authentic Pad Thai Noodles", "pad thai") == ""  # a noodle dish (m01)
    assert variant_note("Serbian Ground Beef and Potato Bake", "ground beef") == (
        " A dish of ground beef with potato."
    )
    assert variant_note("Lemon Pineapple Fried Chicken", "fried chicken") == (
        " A version of fried chicken with lemon and pineapple."
    )


def test_what_a_recipe_is_compared_with_is_said_as_dishes() -> None:
    """m39: "not compared with the usual dinner"; m55: "the usual ground beef"."""
    assert usual_of("dinner") == "other dinners"
    assert usual_of("ground beef") == "other ground beef dishes"
    assert usual_of("lasagne") == "the usual lasagne"
    assert variant_note("Brown Sugar Chocolate Chip Cookies", "chocolate chip cookies") == ""


def test_a_step_only_product_is_named_whole() -> None:
    """m31 on the branch: "the steps also use mango" for "mango chutney"."""
    curry = _recipe(5, "Beef Curry", ["450 g ground beef", "1 onion", "2 tbsp tomato purée"],
                    ["Brown the beef and onion.", "Add the tomato purée, mango chutney and "
                     "paprika and stir."])  # fmt: skip
    assert completeness(curry).unlisted == ("mango chutney", "paprika")
