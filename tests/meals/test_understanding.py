"""The coach's reading of a message: meal or ingredients, and the constraints it states."""

from __future__ import annotations

import pytest

from kairos.meals.learning import allergies_in, dislikes_in, learn
from kairos.meals.understanding import answer_kind, read_message


@pytest.mark.parametrize(
    ("text", "kind", "name", "ingredients"),
    [
        ("healthier chicken curry in 20 minutes for 4", "text_meal", "chicken curry", []),
        ("make my mac and cheese healthier", "text_meal", "mac and cheese", []),
        ("I have eggs, spinach and feta", "text_ingredients", None, ["eggs", "spinach", "feta"]),
        ("chicken, rice, broccoli, soy sauce", "text_ingredients", None,
         ["chicken", "rice", "broccoli", "soy sauce"]),
        ("what can I make with tomatoes and pasta", "text_ingredients", None,
         ["tomatoes", "pasta"]),
    ],
)  # fmt: skip
def test_meal_or_ingredients(
    text: str, kind: str, name: str | None, ingredients: list[str]
) -> None:
    reading = read_message(text)
    assert reading.kind == kind
    assert reading.meal_name == name
    assert reading.ingredients == ingredients


def test_constraints_from_the_shared_reader_and_kitchen_words() -> None:
    reading = read_message("air fryer chicken wings in 20 minutes for 4, no oven, for the family")
    assert reading.meal_name == "chicken wings"
    assert reading.max_minutes == 20
    assert reading.servings == 4
    assert reading.equipment_with == ["air fryer"]
    assert reading.equipment_without == ["oven"]
    assert reading.household


@pytest.mark.parametrize(
    ("text", "dish", "equipment"),
    [("slow cooked pulled pork", "pulled pork", "slow cooker"),
     ("I want to slow cook a beef chili", "beef chili", "slow cooker"),
     ("pressure cooked beans", "beans", "pressure cooker")],
)  # fmt: skip
def test_the_verb_of_a_cooker_asks_for_it(text: str, dish: str, equipment: str) -> None:
    """'slow cooked', 'slow cook' name the slow cooker as 'slow cooker' does: its recipes
    first, or a word that the one offered is not made in it; the dish read without them."""
    reading = read_message(text)
    assert reading.meal_name == dish
    assert reading.equipment_with == [equipment]


@pytest.mark.parametrize(
    ("text", "kind"),
    [("The prepared meal", "meal"), ("it's a meal: pad thai", "meal"),
     ("Ingredients to cook with", "ingredients"), ("raw ingredients", "ingredients"),
     ("not sure", None)],
)  # fmt: skip
def test_answer_to_the_photo_question(text: str, kind: str | None) -> None:
    assert answer_kind(text) == kind


def test_notes_add_dislikes_never_allergies() -> None:
    assert dislikes_in("I hate mushrooms") == ["mushrooms"]
    assert dislikes_in("Not a fan of olives, but the rest was great") == ["olives"]
    assert dislikes_in("I'm allergic to peanuts and hate them") == []
    # the meals panel: the olives were lost because the note also named an allergy
    assert dislikes_in("I hate olives and I am allergic to sesame") == ["olives"]
    assert allergies_in("I hate olives and I am allergic to sesame") == ["sesame"]
    assert dislikes_in("I hate washing up") == []


def test_learning_rules_follow_the_seed() -> None:
    tags = ["bake", "italian", "quick"]
    liked = learn(title="T", meal_tags=tags, liked=True, cooked_again=False, tags=["spicy"],
                  notes=None)  # fmt: skip
    assert liked.facts == {"like:bake": 1.0, "like:italian": 1.0, "like:quick": 1.0,
                           "like:spicy": 1.0}  # fmt: skip
    disliked = learn(title="T", meal_tags=tags, liked=False, cooked_again=False,
                     tags=["creamy sauces"], notes=None)  # fmt: skip
    assert disliked.facts["avoid:creamy-sauces"] == 1.0
    assert disliked.facts["like:bake"] == -0.5
    again = learn(title="T", meal_tags=tags, liked=None, cooked_again=True, tags=[], notes=None)
    assert again.facts["like:italian"] == 2.0
    assert again.memories == ["Cooked T (bake, italian, quick); cooked it again"]


def test_a_diet_in_the_dish_name_is_kept_to_and_the_dish_is_looked_for() -> None:
    """ "vegetarian chili" offered fish tacos: no title named the diet and the dish together."""
    reading = read_message("vegetarian chili")
    assert reading.meal_name == "chili" and reading.diets == ["vegetarian"]
    assert read_message("gluten-free pancakes").diets == ["gluten_free"]
    assert read_message("vegan").meal_name == "vegan"  # nothing else named: the word is the dish


def test_a_change_asked_with_the_dish_is_not_part_of_its_name() -> None:
    assert read_message("chicken curry but less spicy").meal_name == "chicken curry"
    assert read_message("seafood boil for 6 people this weekend").meal_name == "seafood boil"


@pytest.mark.parametrize(
    ("text", "dish", "servings"),
    [("a fish pie to feed 6", "fish pie", 6),
     ("roast chicken for a family of 5", "roast chicken", 5),
     ("a curry that serves four", "curry", 4)],
)  # fmt: skip
def test_how_many_a_meal_feeds_is_its_servings_not_part_of_the_dish(
    text: str, dish: str, servings: int
) -> None:
    reading = read_message(text)
    assert reading.servings == servings
    assert reading.meal_name == dish
