"""A quick ask (meals panel half A, m55 "something quick with ground beef": a 40- and a
55-minute dish offered as quick): quick means ready in `QUICK_MINUTES` from start to table where
the time is known; for an ask naming a food the quick meals of it come first, titled or not,
and every suggestion says its time, or that its time is unknown."""

from __future__ import annotations

from kairos.meals.suggest import meal_suggestions
from kairos.recipes import Recipe
from kairos.recipes.derive import derive_recipe
from tests.meals.helpers import cook_context


def _recipe(number: int, title: str, ingredients: list[str], steps: list[str],
            minutes: int | None = None) -> Recipe:  # fmt: skip
    row = {"recipe_id": f"q-{number}", "title": title, "ingredients": ingredients,
           "instructions": steps, "yields": "4 servings", "language": "en",
           "total_time_min": minutes}  # fmt: skip
    return derive_recipe(row, number)


BEEF = ["1 lb ground beef", "1 onion, diced", "1 tsp salt"]
TACOS = _recipe(1, "Ground Beef Tacos", [*BEEF, "8 taco shells"],
                ["Brown the beef for 10 minutes.", "Fill the shells."], 25)  # fmt: skip
BAKE = _recipe(2, "Ground Beef and Potato Bake", [*BEEF, "2 potatoes"],
               ["Brown the beef.", "Bake with the potatoes for 40 minutes."], 55)  # fmt: skip
JOES = _recipe(3, "Sloppy Joes", [*BEEF, "1 cup ketchup", "4 hamburger buns"],
               ["Brown the beef with the onion.", "Stir in the ketchup; spoon onto buns."],
               20)  # fmt: skip
UNTIMED = _recipe(4, "Ground Beef Skillet", [*BEEF, "1 can tomatoes"],
                  ["Brown the beef.", "Add the tomatoes and heat through."])  # fmt: skip
ASK = "something quick with ground beef"


def test_quick_meals_of_the_food_come_before_slower_ones_titled_with_it() -> None:
    candidates = [(BAKE, 0.9, True), (TACOS, 0.9, True), (JOES, 0.8, False)]
    offered, _ = meal_suggestions(candidates, cook_context(ASK), "ground beef")
    assert [s.title for s in offered][:2] == ["Ground Beef Tacos", "Sloppy Joes"], offered


def test_each_suggestion_says_its_time_against_quick() -> None:
    candidates = [(BAKE, 0.9, True), (TACOS, 0.9, True), (UNTIMED, 0.9, True)]
    offered, _ = meal_suggestions(candidates, cook_context(ASK), "ground beef")
    said = {s.title: s.rationale for s in offered}
    assert "Quick: ready in 25 min." in said["Ground Beef Tacos"], said
    assert (
        "Ready in 55 min from start to table, longer than a quick meal (30 min)."
        in said["Ground Beef and Potato Bake"]
    ), said
    assert (
        "Time unknown: the source does not say how long it takes." in said["Ground Beef Skillet"]
    ), said


def test_a_named_dish_stays_before_quicker_other_dishes() -> None:
    """ "quick lasagna": a slower lasagna is still the dish asked, before a quick other one."""
    lasagna = _recipe(5, "Classic Lasagna", [*BEEF, "9 lasagna noodles"],
                      ["Layer and bake for 45 minutes."], 60)  # fmt: skip
    offered, _ = meal_suggestions(
        [(JOES, 0.8, False), (lasagna, 0.9, True)], cook_context("quick lasagna"), "lasagna"
    )
    assert offered[0].title == "Classic Lasagna"


def test_no_time_is_said_when_quick_was_not_asked() -> None:
    offered, _ = meal_suggestions([(TACOS, 0.9, True)], cook_context("ground beef"), "ground beef")
    assert "Quick:" not in offered[0].rationale


def test_a_quick_meal_of_the_food_is_found_past_many_slower_titled_ones() -> None:
    slower = [
        (_recipe(10 + n, f"Ground Beef Bake {n}", [*BEEF, "2 potatoes"],
                 ["Brown the beef.", "Bake for 40 minutes."], 50 + n), 0.9, True)
        for n in range(12)
    ]  # fmt: skip
    offered, _ = meal_suggestions([*slower, (JOES, 0.8, False)], cook_context(ASK), "ground beef")
    assert offered[0].title == "Sloppy Joes", [s.title for s in offered]
