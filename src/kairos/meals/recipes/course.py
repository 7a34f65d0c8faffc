"""Whether a recipe is a meal: "what can I make with eggs and spinach?" wants a dish to eat, not
a cake, a dipping sauce or a jar of jam, unless what is in the cupboard is for baking.

The source's own category decides where it has one ("Dessert", "Drinks", "Dressing"); else the
title's words ("Christmas Sugar Cookies", "Peanut Dipping Sauce", "Puppy Chow").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from kairos.meals.recipes.models import Recipe

__all__ = ["is_meal", "wants_baking"]

_NOT_A_MEAL_CATEGORY: Final = re.compile(
    r"\b(?:desserts?|treats?|drinks?|beverages?|cocktails?|jams?|marmalades?|dressings?"
    r"|sauces?|condiments?|snacks?|cand(?:y|ies)|cookies|cakes|baking)\b",
    re.IGNORECASE,
)
_NOT_A_MEAL_TITLE: Final = re.compile(
    r"\b(?:cakes?|cupcakes?|cookies?|brownies?|blondies?|muffins?|fudge|cand(?:y|ies)|frosting"
    r"|icing|puddings?|chow|truffles?|cheesecakes?|sauce|dip|dipping|dressing|vinaigrette|jam"
    r"|syrup|smoothies?|lemonade|cocktails?|punch|marinade|glaze|seasoning|rub|sprinkles)\b",
    re.IGNORECASE,
)
_BAKING: Final = frozenset(
    ("sugar", "white sugar", "brown sugar", "powdered sugar", "flour", "all-purpose flour",
     "chocolate", "chocolate chips", "cocoa powder", "butter", "cake mix", "frosting")
)  # fmt: skip


def is_meal(recipe: Recipe) -> bool:
    if recipe.category:
        return _NOT_A_MEAL_CATEGORY.search(recipe.category) is None
    return _NOT_A_MEAL_TITLE.search(recipe.title) is None


def wants_baking(pantry: Iterable[str]) -> bool:
    """A cupboard with two baking staples (flour and sugar) may well be for a cake."""
    return len(_BAKING & set(pantry)) >= 2
