"""A recipe of the dish asked for that adds something to it: "Pumpkin Chocolate Chip Cookies"
for "chocolate chip cookies". Such a variant says what it adds (`variant_note`), so the cook
is never handed it as the plain dish; its rank is left to `suggest` (health, title, servings).

A title's extra words are the foods (`recipes.foods`) it names that the dish's words do not
hold (a plural or another spelling, "lasagna" for "lasagne", is the same word); "easy", "slow
cooker" or "light" name no food, a staple ("Brown Sugar Cookies": sugar, flour, salt) makes no
other dish, and a meat, fish or legume is the dish's filling ("Beef Tacos" for "tacos"), not a
variant.
"""

from __future__ import annotations

import re
from typing import Final

from kairos.meals.dish_knowledge import dish_family, family_words
from kairos.recipes.foods import canonical_food, food_groups, food_table

__all__ = ["a_food", "usual_of", "variant_note", "variant_words"]

_WORD: Final = re.compile(r"[a-zà-ÿ]+(?:'[a-z]+)?", re.IGNORECASE)
_NO_FOOD: Final = frozenset({
    "a", "an", "and", "the", "of", "with", "in", "on", "for", "my", "our", "your", "i", "ii",
    "iii", "iv", "easy", "easiest", "best", "ever", "simple", "quick", "quickest", "classic",
    "homemade", "home", "made", "perfect", "recipe", "style", "favorite", "favourite", "famous",
    "old", "fashioned", "traditional", "authentic", "basic", "original", "real", "ultimate",
    "delicious", "tasty", "yummy", "amazing", "awesome", "super", "chewy", "soft", "crispy",
    "crisp", "moist", "mom's", "grandma's", "good", "great", "world's", "s", "version", "big",
    "little", "mini", "new", "family", "minute", "minutes", "hour", "one", "two", "pot", "pan",
})  # fmt: skip


def _stem(word: str) -> str:
    word = word.lower()
    for end in ("ies", "es", "s"):
        if word.endswith(end) and len(word) > len(end) + 2:
            return word[: -len(end)] + ("y" if end == "ies" else "")
    return word


def _held(word: str, held: set[str]) -> bool:
    stem = _stem(word)
    return stem in held or any(len(h) >= 5 and stem[:5] == h[:5] for h in held)


_FILLING: Final = frozenset({"meat", "processed_meat", "poultry", "fish_names", "shellfish_names",
                             "legumes"})  # fmt: skip


def _food(word: str) -> bool:
    food = canonical_food(word)
    groups = food_groups(food)
    return food in food_table().groups and not groups & _FILLING and "staples" not in groups


def variant_words(title: str, dish: str) -> list[str]:
    """The foods `title` names that the dish `dish` does not hold, in title order."""
    held = {_stem(w) for w in _WORD.findall(dish)}
    for kind in dish_family(dish):  # pad thai is a noodle dish: "Pad Thai Noodles" adds none
        held |= {_stem(w) for name in (kind, *family_words(kind)) for w in _WORD.findall(name)}
    extra: list[str] = []
    for word in _WORD.findall(title):
        lowered = word.lower()
        if lowered in _NO_FOOD or lowered in extra or _held(word, held) or not _food(word):
            continue
        extra.append(lowered)
    return extra


_MEALS: Final = frozenset({
    "dinner", "dinners", "lunch", "lunches", "breakfast", "breakfasts", "supper", "brunch",
    "meal", "meals", "something", "food", "snack", "snacks", "dish", "dishes",
})  # fmt: skip
"""Words of an ask that name no dish ("something healthy for dinner"): a recipe is no variant
of them."""


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def a_food(dish: str) -> bool:
    """ "ground beef", "salmon": an ask naming a food, not a dish made of it."""
    name = " ".join(dish.lower().split())
    food = canonical_food(name)
    return food in food_table().groups and food in (name, name.removesuffix("s"))


def _names_meal(dish: str) -> bool:
    return bool(set(_WORD.findall(dish.lower())) & _MEALS)


def usual_of(dish: str) -> str:
    """What a recipe is compared with, said as dishes: "the usual lasagne", "other dinners"
    for an ask naming a meal, "other ground beef dishes" for one naming a food."""
    name = " ".join(dish.split())
    if _names_meal(name):
        return f"other {name}{'es' if name.endswith(('ch', 'sh', 's')) else 's'}"
    if a_food(name):
        return f"other {name} dishes"
    return f"the usual {name}"


def variant_note(title: str, dish: str) -> str:
    """What a recipe titled with the dish and more is, said as a dish: " A version of chocolate
    chip cookies with pumpkin." for "Pumpkin Chocolate Chip Cookies"; " A dish of ground beef
    with potato." when the ask names a food; nothing when it names a meal ("dinner"), which no
    recipe is a version of, or when the title adds no food."""
    extra = variant_words(title, dish)
    if not extra or _names_meal(dish):
        return ""
    if a_food(dish):
        return f" A dish of {dish} with {_and(extra)}."
    return f" A version of {dish} with {_and(extra)}."
