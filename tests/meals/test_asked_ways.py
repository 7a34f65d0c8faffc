"""How the cook asked the dish to be made (issue 37, panel half A on the full recipes): a quick
ask ranks the dish's recipes by time and says when none is quick; a way of cooking or a part of
the dish the request names (a marinade, a slow cooker) is looked for in the lines and steps; a
dish named by its method keeps it (a stir-fry is no fried chicken); a stock or bouillon is not
what a dish is made with."""

from __future__ import annotations

from kairos.meals.asked_ways import asked_cues, cue_hits, method_conflict, quick_asked
from kairos.meals.nearest import nearest_reason, recipe_foods
from kairos.meals.suggest import meal_suggestions
from kairos.meals.understanding import read_message
from kairos.recipes import Recipe
from kairos.recipes.derive import derive_recipe
from tests.meals.helpers import cook_context


def _recipe(number: int, title: str, ingredients: list[str], steps: list[str],
            minutes: int | None = None) -> Recipe:  # fmt: skip
    row = {"recipe_id": f"t-{number}", "title": title, "ingredients": ingredients,
           "instructions": steps, "yields": "4 servings", "language": "en",
           "total_time_min": minutes}  # fmt: skip
    return derive_recipe(row, number)


BEEF = ["1 lb ground beef", "1 onion, diced", "1 tsp salt"]
SLOW = _recipe(1, "Slow Cooker Ground Beef", BEEF,
               ["Put everything in the slow cooker.", "Cook on low for 5 hours."], 305)  # fmt: skip
TACOS = _recipe(2, "Ground Beef Tacos", [*BEEF, "8 shells"],
                ["Brown the beef for 10 minutes.", "Fill the shells."], 25)  # fmt: skip
STEW = _recipe(3, "Ground Beef and Potato Stew", [*BEEF, "2 potatoes"],
               ["Brown the beef.", "Simmer with the potatoes for 50 minutes."], 70)  # fmt: skip


def test_a_quick_ask_is_read() -> None:
    assert read_message("something quick with ground beef").quick
    assert read_message("a fast dinner with chicken").quick
    assert not read_message("ground beef").quick
    assert read_message("something quick with ground beef").meal_name == "ground beef"


def test_a_quick_ask_ranks_by_time() -> None:
    """m55: "something quick with ground beef" was answered with a 5-hour slow-cooker mince."""
    candidates = [(SLOW, 0.9, True), (STEW, 0.9, True), (TACOS, 0.9, True)]
    quick, _ = meal_suggestions(candidates, cook_context("something quick with ground beef"),
                                "ground beef")  # fmt: skip
    assert [s.title for s in quick] == [
        "Ground Beef Tacos", "Ground Beef and Potato Stew", "Slow Cooker Ground Beef",
    ]  # fmt: skip
    assert not any(s.rationale.startswith("Not quick") for s in quick)


def test_when_none_is_quick_it_says_so() -> None:
    candidates = [(SLOW, 0.9, True), (STEW, 0.9, True)]
    slow, _ = meal_suggestions(candidates, cook_context("something quick with ground beef"),
                               "ground beef")  # fmt: skip
    assert slow[0].title == "Ground Beef and Potato Stew"
    assert all("Not quick: Kairos has no recipe of ground beef ready in 30 min" in s.rationale
               for s in slow)  # fmt: skip


CHICKEN = ["4 chicken breasts", "1 tsp salt", "1 tbsp olive oil"]
PLAIN = _recipe(4, "Grilled Chicken with Spinach", [*CHICKEN, "1 lb spinach"],
                ["Grill the chicken for 8 minutes a side.", "Serve."], 20)  # fmt: skip
MARINATED = _recipe(
    5, "Grilled Chicken Teriyaki", [*CHICKEN, "120 ml soy sauce", "2 tbsp honey"],
    ["Mix the soy sauce and honey for the marinade.",
     "Marinate the chicken in the refrigerator overnight.", "Grill for 8 minutes a side."],
    30,
)  # fmt: skip


def test_the_asked_marinade_is_looked_for_in_the_steps() -> None:
    """m29: "grilled chicken with an overnight marinade" got a recipe with no marinade."""
    assert asked_cues("grilled chicken with an overnight marinade") == [
        "marinade", "overnight", "grilled",
    ]  # fmt: skip
    assert cue_hits(MARINATED, ["marinade", "overnight"]) == 2
    assert cue_hits(PLAIN, ["marinade", "overnight"]) == 0
    candidates = [(PLAIN, 0.9, True), (MARINATED, 0.9, True)]
    context = cook_context("grilled chicken with an overnight marinade")
    found, _ = meal_suggestions(candidates, context, "grilled chicken")
    assert found[0].title == "Grilled Chicken Teriyaki"


FLOUR = ["2 lb chicken pieces", "1 cup flour", "1 tsp salt"]
DEEP = _recipe(6, "Southern Fried Chicken", [*FLOUR, "4 cups oil for deep frying"],
               ["Coat the chicken in flour.", "Deep fry the chicken in the hot oil."])  # fmt: skip
STIR = _recipe(7, "Stir-Fried Chicken With Pineapple", ["1 lb chicken breast", "1 can pineapple"],
               ["Stir-fry the chicken in a wok for 5 minutes.", "Add the pineapple."])  # fmt: skip


def test_a_stir_fry_is_no_fried_chicken() -> None:
    """m09: "healthier fried chicken" was answered first with a pineapple stir-fry called "a
    variant of fried chicken"."""
    assert method_conflict("Stir-Fried Chicken With Pineapple", "fried chicken")
    assert not method_conflict("Oven-Fried Chicken", "fried chicken")
    assert not method_conflict("Stir-Fried Chicken", "stir-fried chicken")
    candidates = [(STIR, 0.95, True), (DEEP, 0.9, True)]
    found, _ = meal_suggestions(
        candidates, cook_context("healthier fried chicken"), "fried chicken"
    )
    assert found[0].title == "Southern Fried Chicken"
    assert all("of fried chicken" not in s.rationale for s in found
               if s.title.startswith("Stir"))  # fmt: skip


def test_a_bouillon_is_not_what_a_dish_is_made_with() -> None:
    """m31: a chicken curry with beef bouillon was "made with beef" for beef rendang."""
    curry = _recipe(8, "Sherry Chicken Curry",
                    ["4 chicken breasts", "2 cubes beef bouillon", "3 tbsp curry powder"],
                    ["Simmer the chicken with the bouillon and curry powder."])  # fmt: skip
    assert "meat" not in recipe_foods(curry)
    assert "beef" not in nearest_reason(curry, {"meat"}, "beef rendang")
    beef = _recipe(9, "Beef Curry", ["1 lb beef", "3 tbsp curry powder"], ["Simmer."])
    assert "made with beef" in nearest_reason(beef, {"meat"}, "beef rendang")


def test_quick_words_are_not_a_dish() -> None:
    assert quick_asked("in a hurry tonight") and not quick_asked("breakfast burrito")


def test_the_known_dishs_own_food_before_its_family() -> None:
    """m31: for beef rendang, a beef curry comes before a pork curry of a nearer cuisine."""
    pork = _recipe(10, "Korean Pork Curry", ["1 lb pork", "3 tbsp curry powder"], ["Simmer."])
    pork = pork.model_copy(update={"cuisine": "korean"})
    beef = _recipe(11, "Beef Curry", ["1 lb beef", "3 tbsp curry powder"], ["Simmer."])
    candidates = [(pork, 0.6, False), (beef, 0.55, False)]
    found, _ = meal_suggestions(
        candidates, cook_context("beef rendang"), "beef rendang", nearest=True
    )
    assert [s.title for s in found] == ["Beef Curry", "Korean Pork Curry"]
