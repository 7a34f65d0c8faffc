"""What a cupboard request asks for: recipes built on what the cook has, not garnished with it.

"I have chicken, rice and spinach" is answered by a dish made of chicken, rice or spinach,
not by a guacamole that shares a lime with the list. Each pantry item the recipe uses weighs by
the part it plays in a dish: a protein most, a starch or a vegetable next, a fruit, herb or
condiment least; an item the recipe's title names counts as a main ingredient. A pantry item
also covers the cuts and forms of itself that recipes list ("chicken" covers "chicken breast"
and "chicken thigh", "lime" covers "lime juice", "rice" covers "brown rice") but never a
different food named after it ("chicken stock", "peanut butter" for "butter").

Recipes rank (`pantry_order`) by how many of the cook's main items (a protein, a starch or a
vegetable) they use, then by the fewest foods still to buy, then by the weight: a chicken, rice
and broccoli dish before a chicken and rice one that sends the cook out for asparagus and oranges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from kairos.meals.recipes.foods import canonical_food, food_groups, food_table

__all__ = ["main_item", "pantry_forms", "pantry_order", "pantry_weight", "used_items"]

_PARTS: Final = frozenset({
    "breast", "thigh", "wing", "drumstick", "leg", "fillet", "filet", "mince", "steak",
    "juice", "zest", "floret", "leaf", "leaves", "cube", "chunk", "strip", "loin", "shoulder",
    "tenderloin", "chop", "shank", "cutlet",
})  # fmt: skip
_PROTEIN: Final = frozenset({"meat", "processed_meat", "poultry", "fish_names", "shellfish_names",
                             "legumes"})  # fmt: skip
_MAIN_FOODS: Final = frozenset({"egg", "tofu", "tempeh", "paneer", "halloumi", "seitan"})
_STARCH: Final = frozenset({"rice", "pasta", "spaghetti", "noodle", "bread", "tortilla",
                            "potato", "sweet potato", "couscous", "quinoa", "polenta"})  # fmt: skip
PROTEIN_WEIGHT: Final = 3.0
STARCH_WEIGHT: Final = 2.0
VEGETABLE_WEIGHT: Final = 2.0
OTHER_WEIGHT: Final = 1.0
TITLE_WEIGHT: Final = 1.0
"""Added when the recipe's title names the item: the dish is built on it."""


def _is_food(words: str) -> bool:
    return bool(words) and canonical_food(words) in food_table().groups


@cache
def pantry_forms(item: str) -> frozenset[str]:
    """The canonical foods a pantry item covers: itself, its cuts and forms."""
    item = canonical_food(item)
    groups = food_groups(item)
    forms = {item}
    size = len(item.split())
    for food in food_table().groups:
        words = food.split()
        if len(words) <= size or food == item:
            continue
        if " ".join(words[:size]) == item and (set(words[size:]) <= _PARTS or not groups):
            forms.add(food)  # "chicken breast", "lime juice"; "feta cheese" for "feta"
        elif " ".join(words[-size:]) == item:
            prefix = " ".join(words[:-size])
            if not _is_food(prefix) or (food_groups(food) & groups):
                forms.add(food)  # "brown rice", "cherry tomato"; not "peanut butter"
    return frozenset(forms)


def _weight(item: str) -> float:
    groups = food_groups(item)
    if groups & _PROTEIN or item in _MAIN_FOODS:
        return PROTEIN_WEIGHT
    if item in _STARCH or "whole_grains" in groups:
        return STARCH_WEIGHT
    if "vegetables" in groups:
        return VEGETABLE_WEIGHT
    return OTHER_WEIGHT


def main_item(item: str) -> bool:
    """A protein, a starch or a vegetable: what a dish is made of, not what garnishes it."""
    return _weight(canonical_food(item)) > OTHER_WEIGHT


def used_items(pantry: Sequence[str], foods: Iterable[str]) -> list[str]:
    """The pantry items `foods` (a recipe's canonical foods) use, in the pantry's order."""
    have = set(foods)
    return [item for item in pantry if pantry_forms(item) & have]


def pantry_weight(used: Sequence[str], title: str) -> float:
    """How much of a dish the used pantry items make: the sum of their weights."""
    lowered = title.lower()
    total = 0.0
    for item in used:
        total += _weight(item)
        if any(form in lowered or form.rstrip("s") in lowered for form in pantry_forms(item)):
            total += TITLE_WEIGHT
    return total


def pantry_order(
    used: Sequence[str], missing: Sequence[str], weight: float
) -> tuple[int, int, float]:
    """The sort key of a pantry recipe: the most of the cook's main items used, fewest foods
    missing, then the heaviest use (`pantry_weight`)."""
    return -sum(1 for item in used if main_item(item)), len(missing), -weight
