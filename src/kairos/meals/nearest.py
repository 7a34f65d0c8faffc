"""The nearest real dishes to one the catalogue lacks, by what the dish is made of and what kind
of dish it is, never by a stray word: for "seafood boil", shrimp, crab or fish cooked in
liquid before a grilled salmon, and a grilled salmon before a roast chicken that merely comes
close in meaning.

What a dish is made of is read from its name: the foods of `foods.toml` ("shrimp", "beef") and
the allergen core's food families ("seafood": fish, shellfish and molluscs). What a recipe is
made of is the same reading of its ingredient lines. The kind is the name's last word ("boil",
"stew", "tacos"), matched by the recipe's title or, for a way of cooking, its methods.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from kairos.core.allergen_detection import detect_allergens
from kairos.meals.dish_words import shared_words
from kairos.meals.recipes import Recipe
from kairos.meals.recipes.foods import canonical_food, food_groups

__all__ = ["dish_foods", "nearest_key", "nearest_reason"]

_FAMILY_OF_GROUP: Final = {
    "meat": "meat", "processed_meat": "meat", "poultry": "poultry", "fish_names": "fish",
    "shellfish_names": "shellfish", "legumes": "legumes",
}  # fmt: skip
_FAMILY_OF_ALLERGEN: Final = {"fish": "fish", "shellfish": "shellfish", "molluscs": "shellfish"}
_KIND_METHODS: Final = {
    "boil": ("boil",), "stew": ("boil",), "soup": ("boil",), "chowder": ("boil",),
    "curry": ("boil",), "chili": ("boil",), "roast": ("roast", "bake"), "bake": ("bake",),
    "casserole": ("bake",), "grill": ("grill",), "bbq": ("grill",), "fry": ("fry",),
    "stir": ("fry",), "steam": ("steam",),
}  # fmt: skip
_WORD: Final = re.compile(r"[a-z]+")


def _families(text: str) -> set[str]:
    """The food families named in `text`: meat, poultry, fish, shellfish, legumes."""
    found = {
        _FAMILY_OF_ALLERGEN[m.allergen]
        for m in detect_allergens(text)
        if m.status == "contains" and m.allergen in _FAMILY_OF_ALLERGEN
    }
    words = _WORD.findall(text.lower())
    for size in (2, 1):
        for start in range(len(words) - size + 1):
            food = canonical_food(" ".join(words[start : start + size]))
            found |= {_FAMILY_OF_GROUP[g] for g in food_groups(food) if g in _FAMILY_OF_GROUP}
    return found


def dish_foods(dish: str) -> set[str]:
    """What a dish is made of, read from its name: {"shellfish", "fish"} for "seafood boil"."""
    return _families(dish)


def _recipe_foods(recipe: Recipe) -> set[str]:
    found: set[str] = set()
    for line in recipe.ingredients:
        found |= {_FAMILY_OF_ALLERGEN[a] for a in line.contains if a in _FAMILY_OF_ALLERGEN}
        food = line.food or canonical_food(line.item)
        found |= {_FAMILY_OF_GROUP[g] for g in food_groups(food) if g in _FAMILY_OF_GROUP}
    return found


@lru_cache(maxsize=512)
def _kind(dish: str) -> str | None:
    """The name's last word when it is a kind of dish ("boil"), not a food ("chicken")."""
    words: list[str] = _WORD.findall(dish.lower())
    if len(words) < 2 or food_groups(canonical_food(words[-1])) or _families(words[-1]):
        return None
    return words[-1]


def _same_kind(recipe: Recipe, dish: str) -> bool:
    kind = _kind(dish)
    if kind is None:
        return False
    methods = _KIND_METHODS.get(kind.removesuffix("ed").removesuffix("s"), ())
    return bool(shared_words(recipe.title, kind)) or any(m in recipe.methods for m in methods)


def nearest_key(
    recipe: Recipe, similarity: float, dish: str, wanted: set[str]
) -> tuple[int, bool, int, float, int]:
    """Sort key: the dish's foods the recipe holds, then the same kind of dish, then the words
    of the name it shares, then meaning."""
    return (
        -len(wanted & _recipe_foods(recipe)),
        not _same_kind(recipe, dish),
        -shared_words(recipe.title, dish),
        -similarity,
        recipe.id,
    )


def nearest_reason(recipe: Recipe, wanted: set[str]) -> str:
    """Why this is near, in words ("made with shellfish"); "" when only its meaning is close."""
    held = sorted(wanted & _recipe_foods(recipe))
    return f"made with {' and '.join(held)}" if held else ""
