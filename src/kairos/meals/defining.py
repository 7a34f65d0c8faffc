"""A dish served without what defines it says so: a carbonara for an egg allergy, or whose
bacon was swapped for a vegetarian, is "not a carbonara" and the cook is told what it is
instead, never handed it as the dish.

What defines a dish is its `traits` in `recipes/data/world_dishes.toml` (a carbonara's egg or
cured pork). A trait is missing from the recipe as served when no final line holds it and
either a line of the source held it (swapped or left out) or the cook's allergies keep it out
(a carbonara whose source uses sour cream still lacks the egg the dish is made with)."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.core.allergens import asked_allergens
from kairos.meals.dish_identity import authentic_note, kind_note, other_kind
from kairos.meals.dish_knowledge import known_dish, shared_traits
from kairos.meals.variants import variant_note
from kairos.recipes import Recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.foods import canonical_food
from kairos.recipes.models import AdaptedRecipe
from kairos.recipes.pantry import main_item

__all__ = ["defining_note", "dish_note", "missing_traits"]

_MADE_OF = 3
"""Main foods named in what the dish is instead, at most."""


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def missing_traits(
    recipe: Recipe, adapted: AdaptedRecipe, dish: str, constraints: CookConstraints
) -> list[str]:
    """The defining ingredients of `dish` the adapted recipe lacks (see the module)."""
    known = known_dish(dish)
    if known is None or not known.traits:
        return []
    final = [line.item for line in adapted.ingredients if not line.omitted]
    had = set(shared_traits(dish, [line.item for line in recipe.ingredients]) or ())
    kept = set(shared_traits(dish, final) or ())
    kept_out = {t for t in known.traits if asked_allergens(t, constraints.allergens)}
    return [t for t in known.traits if t not in kept and (t in had or t in kept_out)]


def defining_note(
    recipe: Recipe, adapted: AdaptedRecipe, dish: str, constraints: CookConstraints
) -> str:
    """ " Carbonara without egg is not a carbonara (Roman pasta in a sauce of eggs…): it is a
    pasta with mushroom, prosciutto and pea." or nothing."""
    missing = missing_traits(recipe, adapted, dish, constraints)
    known = known_dish(dish)
    if not missing or known is None:
        return ""
    foods = [
        food
        for food in dict.fromkeys(
            canonical_food(line.item) for line in adapted.ingredients if not line.omitted
        )
        if main_item(food)
    ][:_MADE_OF]
    instead = f"{_a(known.kind)} {known.kind}" + (f" with {_and(foods)}" if foods else "")
    name = " ".join(dish.split())
    return (
        f" {name[:1].upper()}{name[1:]} without {missing[0]} is not {_a(name)} {name} "
        f"({known.what}): it is {instead}."
    )


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def dish_note(
    recipe: Recipe, adapted: AdaptedRecipe, dish: str, constraints: CookConstraints,
    titled: bool, asked: str = "",
) -> str:  # fmt: skip
    """What a recipe of the dish (`titled`: its title names the dish) is beside the dish:
    another kind of dish that shares its name (`dish_identity.kind_note`: "This is an oatmeal,
    not a banana bread."), not the dish without what defines it (`defining_note`), else what it
    adds (`variant_note`) and which of the dish's defining ingredients it has none of
    (`dish_identity.authentic_note`; "not an authentic one" when `asked` or the title says
    authentic)."""
    if not titled:
        return ""
    if other_kind(recipe.title, dish):
        return kind_note(recipe.title, dish)
    final = [line.item for line in adapted.ingredients if not line.omitted]
    return defining_note(recipe, adapted, dish, constraints) or (
        variant_note(recipe.title, dish) + authentic_note(dish, recipe.title, asked, final)
    )
