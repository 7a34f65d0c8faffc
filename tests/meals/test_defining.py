"""A dish served without what defines it says so: a carbonara for an egg allergy is not a
carbonara, and the cook reads what it is instead."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.meals.defining import defining_note, dish_note
from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe, Refusal

CARBONARA = {
    "recipe_id": "c-1", "title": "Spaghetti Carbonara", "yields": "4",
    "ingredients": ["400 g spaghetti", "150 g pancetta, diced", "3 eggs", "50 g parmesan cheese"],
    "instructions": ["Cook the spaghetti.", "Fry the pancetta.", "Toss with eggs and cheese."],
}  # fmt: skip
SOUR_CREAM = {
    "recipe_id": "c-2", "title": "Mushroom Carbonara", "yields": "2",
    "ingredients": ["200 g linguine", "85 g prosciutto", "170 g mushrooms", "60 g sour cream"],
    "instructions": ["Cook the linguine.", "Crisp the prosciutto.", "Stir in the sour cream."],
}  # fmt: skip


def _adapted(row: dict[str, object], constraints: CookConstraints) -> AdaptedRecipe:
    adapted = adapt_recipe(derive_recipe(row), constraints)
    assert not isinstance(adapted, Refusal), adapted
    return adapted


def _eggs() -> CookConstraints:
    allergy = {"confirmed": ["eggs"], "severity": {"eggs": "severe"}}
    return CookConstraints.from_profile(AllergyProfile.model_validate(allergy))


def test_a_carbonara_without_egg_for_an_egg_allergy_says_it_is_not_a_carbonara() -> None:
    """The source uses no egg (a sour-cream sauce): for a cook who cannot have eggs it still
    lacks what makes a carbonara, and says what it is instead."""
    recipe = derive_recipe(SOUR_CREAM)
    note = defining_note(recipe, _adapted(SOUR_CREAM, _eggs()), "carbonara", _eggs())
    assert note.startswith(" Carbonara without egg is not a carbonara ("), note
    assert "it is a pasta with" in note and "prosciutto" in note, note


def test_a_carbonara_keeping_its_egg_and_pork_is_the_dish() -> None:
    recipe = derive_recipe(CARBONARA)
    assert defining_note(recipe, _adapted(CARBONARA, CookConstraints()), "carbonara",
                         CookConstraints()) == ""  # fmt: skip
    assert dish_note(recipe, _adapted(CARBONARA, CookConstraints()), "carbonara",
                     CookConstraints(), False) == ""  # fmt: skip


def test_a_carbonara_whose_pork_the_cook_dislikes_says_so() -> None:
    """No allergy: the pancetta the source holds is left out or swapped for a dislike, and the
    dish without it is said not to be a carbonara."""
    dislikes = CookConstraints(dislikes=("pancetta",))
    recipe = derive_recipe(CARBONARA)
    adapted = _adapted(CARBONARA, dislikes)
    assert all("pancetta" not in line.item for line in adapted.ingredients if not line.omitted)
    note = defining_note(recipe, adapted, "carbonara", dislikes)
    assert note.startswith(" Carbonara without pancetta is not a carbonara"), note
