"""A stand-in for a dish whose main ingredient is the cook's allergen: shrimp scampi for a
shellfish allergy is answered with the nearest dishes of the same form with another protein
that keep the dish's other flavours (a chicken pasta with garlic, lemon and parsley), each said
to be a stand-in, before any pasta that merely shares the form.

The dish's main food and flavours are its `dish_identity` entry (`main`, `flavours`); the
proteins searched for are `STAND_IN_PROTEINS` the cook may eat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.core.allergens import asked_allergens
from kairos.meals.dish_identity import dish_identity, holds_word, other_kind
from kairos.meals.schemas import Suggestion
from kairos.recipes import Recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.foods import food_groups

__all__ = [
    "STAND_IN_PROTEINS",
    "is_stand_in",
    "kept_flavours",
    "main_kept_out",
    "said_as_stand_ins",
    "stand_in_key",
    "stand_in_queries",
]

STAND_IN_PROTEINS: Final = ("chicken", "white fish", "tofu")
"""Proteins a stand-in is searched with, in this order, those the cook may eat."""
_PROTEIN_GROUPS: Final = frozenset({"meat", "poultry", "fish_names", "shellfish_names"})
_NOT_A_PIECE: Final = frozenset({"stock", "broth", "bouillon", "sauce", "granules", "powder"})
_PLANT_PROTEINS: Final = frozenset({"tofu", "tempeh", "seitan", "chickpea", "lentil"})
FLAVOURS_SEARCHED: Final = 3


def _kept_out(food: str, constraints: CookConstraints) -> bool:
    return bool(asked_allergens(food, constraints.allergens))


def main_kept_out(dish: str, constraints: CookConstraints) -> bool:
    """The food the dish is built on is one of the cook's allergens (shrimp of a scampi)."""
    main = dish_identity(dish).main
    return main is not None and _kept_out(main, constraints)


def kept_flavours(dish: str, constraints: CookConstraints) -> list[str]:
    """The dish's other flavours the cook may eat (a scampi's garlic, lemon, butter, parsley)."""
    return [f for f in dish_identity(dish).flavours if not _kept_out(f, constraints)]


def stand_in_queries(dish: str, constraints: CookConstraints) -> list[str]:
    """Searches for stand-ins: "chicken pasta with garlic lemon butter", one per protein the
    cook may eat; none unless the dish's main food is kept out."""
    if not main_kept_out(dish, constraints):
        return []
    identity = dish_identity(dish)
    flavours = " ".join(kept_flavours(dish, constraints)[:FLAVOURS_SEARCHED])
    form = identity.kind or ""
    return [
        " ".join(f"{protein} {form} with {flavours}".split())
        for protein in STAND_IN_PROTEINS
        if not _kept_out(protein, constraints)
    ]


def _protein(recipe: Recipe, constraints: CookConstraints) -> str | None:
    """The first protein of the recipe that is a piece of food, not a stock made of one."""
    for food in recipe.foods:
        plant = any(word in _PLANT_PROTEINS for word in food.split())
        if not (food_groups(food) & _PROTEIN_GROUPS or plant):
            continue
        if set(food.split()) & _NOT_A_PIECE or _kept_out(food, constraints):
            continue
        return food
    return None


def _held_flavours(recipe: Recipe, dish: str, constraints: CookConstraints) -> list[str]:
    items = [line.item for line in recipe.ingredients]
    return [f for f in kept_flavours(dish, constraints) if holds_word(f, items)]


def stand_in_key(recipe: Recipe, dish: str, constraints: CookConstraints) -> tuple[bool, int]:
    """Sort key: a recipe with a protein the cook may eat holding the most of the dish's other
    flavours first (two at least make a stand-in)."""
    held = len(_held_flavours(recipe, dish, constraints))
    stand_in = is_stand_in(recipe, dish, constraints)
    return not stand_in, -held


def is_stand_in(recipe: Recipe, dish: str, constraints: CookConstraints) -> bool:
    """Of the dish's form (no other kind: a chicken soup is no scampi's stand-in), with a
    protein the cook may eat and two of the dish's other flavours at least."""
    return (
        not other_kind(recipe.title, dish)
        and _protein(recipe, constraints) is not None
        and len(_held_flavours(recipe, dish, constraints)) >= 2
    )


def said_as_stand_ins(
    suggestions: Sequence[Suggestion], pool: Sequence[Recipe], dish: str,
    constraints: CookConstraints,
) -> list[Suggestion]:  # fmt: skip
    """Each suggestion that is a stand-in says so: "A stand-in for shrimp scampi: chicken in
    place of the shrimp, with its garlic, lemon and parsley."."""
    if not main_kept_out(dish, constraints):
        return list(suggestions)
    recipes = {recipe.id: recipe for recipe in pool}
    identity = dish_identity(dish)
    said = []
    for suggestion in suggestions:
        recipe = recipes.get(suggestion.source_recipe_ids[0])
        if recipe is None or not is_stand_in(recipe, dish, constraints):
            said.append(suggestion)
            continue
        protein = _protein(recipe, constraints)
        held = _held_flavours(recipe, dish, constraints)
        flavours = ", ".join(held[:-1]) + " and " + held[-1]
        note = (
            f"A stand-in for {identity.name}: {protein} in place of the {identity.main}, "
            f"with its {flavours}. "
        )
        said.append(suggestion.model_copy(update={"rationale": note + suggestion.rationale}))
    return said
