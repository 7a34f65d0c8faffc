"""A dish asked with a food ("a greek salad with chicken", issue 37): the chosen recipe gets the
food as a marked addition (a line scaled to the servings, a step, a warning), or the answer says
why it was not added; the final list is checked again."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import httpx

from kairos.core.allergy_profile import AllergyProfile
from kairos.meals.additions import (
    added_to,
    addition_note,
    asked_additions,
    holding_first,
    with_additions,
)
from kairos.meals.context import Context
from kairos.meals.gate import final_check
from kairos.meals.suggest import meal_suggestions
from kairos.meals.understanding import read_message
from kairos.profiles.schemas import TastePreferences, UserPublic
from kairos.recipes import CookConstraints, adapt_recipe, remaining_hazards
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe, Recipe
from tests.meals.helpers import coach, create_user, select

GREEK = ["1 head romaine lettuce, chopped", "2 tomatoes, chopped", "1 cucumber, sliced",
         "100 g feta cheese, crumbled", "6 tablespoons olive oil", "1 lemon, juiced"]  # fmt: skip
STEPS = ["Combine the vegetables and cheese in a bowl.", "Whisk the oil and lemon; toss."]


def _recipe(title: str, ingredients: list[str], servings: str = "4 servings") -> Recipe:
    row = {"recipe_id": "t-1", "title": title, "ingredients": ingredients,
           "instructions": STEPS, "yields": servings, "language": "en"}  # fmt: skip
    return derive_recipe(row, 1)


def _adapted(recipe: Recipe, constraints: CookConstraints) -> AdaptedRecipe:
    adapted = adapt_recipe(recipe, constraints)
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


def _context(text: str, constraints: CookConstraints) -> Context:
    user = UserPublic(
        uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile(),
        allergy_flags=[], dietary_flags=[], vibe_tags=[], preferred_price_tiers=[],
        interaction_count=0, version=1, last_active_at=None, created_at=datetime.now(UTC),
    )  # fmt: skip
    request = read_message(text)
    added = asked_additions(request.meal_name, request.meal_head)
    request = request.model_copy(update={"added": added, "meal_name": request.meal_head})
    return Context(user=user, request=request, household=False, constraints=constraints)


def test_the_foods_asked_with_a_dish_are_read() -> None:
    def asked(text: str) -> list[str]:
        request = read_message(text)
        return asked_additions(request.meal_name, request.meal_head)

    assert asked("a greek salad with chicken") == ["chicken"]
    assert asked("caesar salad with salmon and avocado") == ["salmon", "avocado"]
    assert asked("greek salad with prawns") == ["shrimp"]
    assert asked("grilled chicken with an overnight marinade") == []
    assert asked("greek salad") == []


def test_a_missing_food_is_added_scaled_with_a_step_and_a_warning() -> None:
    adapted = _adapted(_recipe("Greek Salad", GREEK), CookConstraints())
    assert adapted.servings == 4
    added, said = with_additions(adapted, ["chicken"], CookConstraints(), "greek salad")
    new = added.ingredients[-1]
    assert len(added.ingredients) == len(adapted.ingredients) + 1
    assert new.quantity == 480 and new.unit == "g" and "chicken breast" in new.display
    assert "added: not in the source" in new.display
    assert "chicken" in added.steps[-1].text and "salad" in added.steps[-1].text
    assert added.steps[-1].text.startswith("Added (not in the source)")
    assert any("addition not in the source" in w for w in added.warnings)
    assert said and "480 g" in said[0]
    assert added.nutrition is None


def test_a_recipe_that_holds_the_food_is_left_as_it_is() -> None:
    adapted = _adapted(_recipe("Greek Salad", [*GREEK, "2 chicken breasts"]), CookConstraints())
    assert with_additions(adapted, ["chicken"], CookConstraints(), "greek salad") == (adapted, [])


def test_a_food_that_breaks_the_diet_or_an_allergy_is_not_added_and_said() -> None:
    vegetarian = CookConstraints(diets=("vegetarian",))
    adapted = _adapted(_recipe("Greek Salad", GREEK), vegetarian)
    added, said = with_additions(adapted, ["chicken"], vegetarian, "greek salad")
    assert added.ingredients == adapted.ingredients and added.steps == adapted.steps
    assert said == ["Chicken was not added: it goes against vegetarian diet."]
    assert said[0] in added.warnings
    shellfish = CookConstraints(allergens={"shellfish": "anaphylactic"})
    adapted = _adapted(_recipe("Greek Salad", GREEK), shellfish)
    added, said = with_additions(adapted, ["shrimp"], shellfish, "greek salad")
    assert added.ingredients == adapted.ingredients and "not added" in said[0]
    lines = [i.display for i in added.ingredients if not i.omitted]
    assert remaining_hazards(lines, shellfish) == []


def test_the_chosen_recipe_carries_the_check_of_its_final_list() -> None:
    context = _context("a greek salad with chicken", CookConstraints())
    adapted = _adapted(_recipe("Greek Salad", GREEK), context.constraints)
    check = final_check(adapted, context.constraints, context.people)
    assert not isinstance(check, str)
    added, _, said = added_to(adapted, check, context)
    assert "chicken breast" in added.ingredients[-1].display and "addition" in said
    assert not isinstance(final_check(added, context.constraints, context.people), str)


def test_suggestions_say_the_food_will_be_added() -> None:
    recipe = _recipe("Greek Salad", GREEK)
    context = _context("a greek salad with chicken", CookConstraints())
    suggestions, _ = meal_suggestions([(recipe, 1.0, True)], context, "greek salad")
    noted, message = addition_note(suggestions, [(recipe, 1.0, True)], context)
    assert "No chicken in this recipe: it is added" in noted[0].rationale
    assert "Chicken is added" in message
    with_chicken = _recipe("Greek Salad", [*GREEK, "2 chicken breasts"])
    assert addition_note(suggestions, [(with_chicken, 1.0, True)], context) == (suggestions, "")


def test_a_recipe_of_the_dish_holding_the_food_is_kept_in_place_of_the_others() -> None:
    plain = _recipe("Greek Salad", GREEK)
    with_chicken = _recipe("Greek Salad", [*GREEK, "2 chicken breasts"]).model_copy(
        update={"id": 2}
    )
    close = _recipe("Mediterranean Salad", GREEK).model_copy(update={"id": 3})
    candidates = [(plain, 0.9, True), (with_chicken, 0.8, True), (close, 0.6, False)]
    assert holding_first(candidates, ["chicken"]) == candidates[1:]
    assert holding_first(candidates[::2], ["chicken"]) == candidates[::2]
    assert holding_first(candidates, []) == candidates


async def test_greek_salad_with_chicken_gets_the_chicken(client: httpx.AsyncClient) -> None:
    """Graded defect: the greek salad came back without the chicken asked with it."""
    uid = await create_user(client)
    answer = await coach(client, uid, text="a greek salad with chicken")
    assert "Chicken is added" in answer["message"]
    recipe_answer = await select(client, uid, answer["session_id"], "s1")
    recipe = recipe_answer["recipe"]
    lines = [i["display"] for i in recipe["ingredients"] if not i["omitted"]]
    assert any("chicken breast" in line and "added" in line for line in lines)
    assert any("chicken" in step["text"] for step in recipe["steps"])
    assert any("addition not in the source" in w for w in recipe["warnings"])
    assert "addition" in recipe_answer["message"]


async def test_a_vegetarian_is_told_the_chicken_was_not_added(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, cook={"diet_style": "vegetarian"})
    answer = await coach(client, uid, text="a greek salad with chicken")
    assert "not added" in answer["message"] and "vegetarian" in answer["message"]
    recipe = (await select(client, uid, answer["session_id"], "s1"))["recipe"]
    lines = [i["display"] for i in recipe["ingredients"] if not i["omitted"]]
    assert not any("chicken" in line for line in lines)


def test_a_household_member_whose_diet_keeps_the_food_out_is_named() -> None:
    household = CookConstraints(diets=("vegetarian",), owners={"diet:vegetarian": ("Ana",)})
    adapted = _adapted(_recipe("Greek Salad", GREEK), household)
    _, said = with_additions(adapted, ["chicken"], household, "greek salad")
    assert said == ["Chicken was not added: it goes against Ana's vegetarian diet."]


def test_a_food_asked_that_kairos_does_not_add_is_read_and_said() -> None:
    """Graded class: "a greek salad with quinoa" (a food outside `ADDED_FOODS`) was neither
    added nor said; words that are no food ("an overnight marinade", "the kids") stay unread."""

    def asked(text: str) -> list[str]:
        request = read_message(text)
        return asked_additions(request.meal_name, request.meal_head)

    assert asked("a greek salad with quinoa") == ["quinoa"]
    assert asked("caesar salad with chicken and olives") == ["chicken", "olives"]
    assert asked("pasta with the kids") == []
    assert asked("beef stew with no mushrooms") == []
    adapted = _adapted(_recipe("Greek Salad", GREEK), CookConstraints())
    added, said = with_additions(adapted, ["quinoa"], CookConstraints(), "greek salad")
    assert added.ingredients == adapted.ingredients and added.steps == adapted.steps
    assert said == ["Quinoa, asked with the dish, is not in this recipe and was not added."]
    assert said[0] in added.warnings
    held = _adapted(_recipe("Greek Salad", [*GREEK, "100 g black olives"]), CookConstraints())
    assert with_additions(held, ["olives"], CookConstraints(), "greek salad") == (held, [])
    _, said = with_additions(adapted, ["olives"], CookConstraints(), "greek salad")
    assert said == ["Olives, asked with the dish, are not in this recipe and were not added."]


def test_a_food_asked_that_breaks_an_allergy_is_refused_even_outside_the_table() -> None:
    peanuts = CookConstraints(allergens={"peanuts": "anaphylactic"})
    adapted = _adapted(_recipe("Greek Salad", GREEK), peanuts)
    added, said = with_additions(adapted, ["peanuts"], peanuts, "greek salad")
    assert added.ingredients == adapted.ingredients
    assert said and said[0].startswith("Peanuts were not added: it goes against")


def test_suggestions_say_a_food_kairos_does_not_add_is_missing() -> None:
    recipe = _recipe("Greek Salad", GREEK)
    context = _context("a greek salad with quinoa", CookConstraints())
    suggestions, _ = meal_suggestions([(recipe, 1.0, True)], context, "greek salad")
    noted, message = addition_note(suggestions, [(recipe, 1.0, True)], context)
    assert "No quinoa in this recipe, and Kairos does not add it." in noted[0].rationale
    assert "quinoa" in message.lower()
    with_quinoa = _recipe("Greek Salad", [*GREEK, "200 g cooked quinoa"])
    assert addition_note(suggestions, [(with_quinoa, 1.0, True)], context) == (suggestions, "")


def test_a_food_held_as_something_made_of_it_is_not_said_missing() -> None:
    """Graded (half B, round 19): "chicken satay with peanut sauce" was told "Peanut, asked with
    the dish, is not in this recipe" beside 65 g of peanut butter, false and unsafe to believe.
    A line made of the food holds it; a stock or a flavouring named after it does not."""
    satay = ["500 g chicken thighs, cubed", "65 g peanut butter", "1 tbsp soy sauce"]
    adapted = _adapted(_recipe("Chicken Satay With Peanut Sauce", satay), CookConstraints())
    assert with_additions(adapted, ["peanut"], CookConstraints(), "chicken satay") == (adapted, [])
    broth = _adapted(_recipe("Greek Salad", [*GREEK, "250 ml chicken broth"]), CookConstraints())
    _, said = with_additions(broth, ["chicken"], CookConstraints(), "greek salad")
    assert said and said[0].startswith("Chicken is an addition not in the source recipe"), said
    flavoured = _adapted(
        _recipe("Ramen Salad", [*GREEK, "1 pack chicken-flavored ramen"]), CookConstraints()
    )
    _, said = with_additions(flavoured, ["chicken"], CookConstraints(), "ramen salad")
    assert said and said[0].startswith("Chicken is an addition"), said
