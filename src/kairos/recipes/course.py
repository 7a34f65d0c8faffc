"""Whether a recipe is a meal: "what can I make with eggs and spinach?" wants a dish to eat, not
a cake, a dipping sauce or a jar of jam, unless what is in the cupboard is for baking.

The source's own category decides where it has one ("Dessert", "Drinks", "Dressing"); else the
title's words ("Christmas Sugar Cookies", "Peanut Dipping Sauce", "Puppy Chow").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from kairos.recipes.models import Recipe

__all__ = ["PART_OF_A_DISH", "is_meal", "part_of_a_dish", "wants_baking"]

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


PART_OF_A_DISH: Final = frozenset(
    ("sauce", "sauces", "dip", "dipping", "dressing", "vinaigrette", "marinade", "glaze",
     "seasoning", "rub", "paste", "spice", "spices", "mix", "powder", "syrup", "stock", "broth",
     "gravy", "drink", "drinks", "smoothie", "smoothies", "cocktail", "cocktails", "punch",
     "lemonade", "margarita", "margaritas", "tea", "coffee", "shell", "shells", "crust")
)  # fmt: skip
"""Title words of a part of a dish or a drink: "Pad Thai Sauce" is not a pad thai, "Tall Quiche
Shell" no quiche (when every quiche holds a cook's allergen, safe dishes close to one are offered,
not its bare pastry)."""
_WORDS: Final = re.compile(r"[^\W_]+")


_MAIN_CLAUSE: Final = re.compile(r"\s+(?:with|on|over|served|in)\s+|[(,:]|\s+-\s+", re.IGNORECASE)
_NOT_THE_HEAD: Final = frozenset(("recipe", "ii", "iii", "iv", "v", "vi", "easy", "best"))


def part_of_a_dish(title: str, dish: str) -> bool:
    """The title's head (the last word before "with …", "(…)") is a sauce, seasoning or drink
    that the dish asked for does not name ("Korean Fried Chicken Sauce" for "fried chicken";
    not "Peanut Sauce" for "peanut sauce", nor "Spaghetti with Bolognese Meat Sauce")."""
    words = [w for w in _WORDS.findall(_MAIN_CLAUSE.split(title.lower())[0])
             if w not in _NOT_THE_HEAD]  # fmt: skip
    if not words or words[-1] not in PART_OF_A_DISH:
        return False
    return words[-1] not in _WORDS.findall(dish.lower())


def is_meal(recipe: Recipe) -> bool:
    if recipe.category:
        return _NOT_A_MEAL_CATEGORY.search(recipe.category) is None
    return _NOT_A_MEAL_TITLE.search(recipe.title) is None


def wants_baking(pantry: Iterable[str]) -> bool:
    """A cupboard with two baking staples (flour and sugar) may well be for a cake."""
    return len(_BAKING & set(pantry)) >= 2
