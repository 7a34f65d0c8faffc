"""What a cupboard request asks for: recipes built on what the cook has, not garnished with it.

"I have chicken, rice and spinach" is answered by a dish made of chicken, rice or spinach,
not by a guacamole that shares a lime with the list. Each pantry item the recipe uses weighs by
the part it plays in a dish: a protein most, a starch or a vegetable next, a fruit, herb or
condiment least; an item the recipe's title names counts as a main ingredient. A pantry item
also covers the cuts and forms of itself that recipes list ("chicken" covers "chicken breast"
and "chicken thigh", "lime" covers "lime juice", "rice" covers "brown rice") but never a
different food named after it ("chicken stock", "peanut butter" for "butter").

An item is a food by identity, not by a shared word: "sweet potato" is not "potato" nor
"green onion" "onion" (`_DIFFERENT`), and "garbanzo bean" is "chickpea" (`_SAME`).

An item is a main ingredient of a recipe (`main_uses`) when the title names it, or, when it is
no seasoning (an aromatic, a spice or a staple: "1 onion", "2 cloves garlic", oil and cumin
season a dish, they do not make it, however much of them it holds), when its lines weigh at
least `MAIN_SHARE` of the recipe's weighed lines or, its amount unweighed ("3 eggs"), when it is
a protein, a starch or a vegetable. A food still to buy is a main ingredient to buy
(`missing_mains`) by the same reading (a stock, a broth or a sauce is not one). Recipes rank
(`pantry_order`) by how many of the cook's items they use as main ingredients, less one for each
main ingredient to buy past `FREE_MISSING_MAINS` (a koshary holding the cook's chickpeas and
tomatoes but made mostly of rice, lentils and pasta the cook lacks; herbs and spices to buy do
not count, so a chickpea salad needing basil, capers and oregano is not pushed down); then by
the weight of those main items (a
protein over a vegetable: a chickpea stew before a spinach lasagna); then by the fewest other
proteins to buy (a frittata of the cook's eggs and spinach before egg muffins that need
sausage), the fewest main ingredients to buy, then the fewest foods to buy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from kairos.recipes.foods import canonical_food, food_groups, food_table
from kairos.recipes.models import Recipe
from kairos.recipes.servings_estimate import line_grams

__all__ = [
    "main_item", "main_uses", "missing_mains", "pantry_forms", "pantry_order", "pantry_weight",
    "seasoning", "used_items",
]  # fmt: skip

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
MAIN_SHARE: Final = 0.1
"""The share of a recipe's weighed lines an item's lines must weigh to be a main ingredient."""
FREE_MISSING_MAINS: Final = 2
"""Main ingredients to buy that cost nothing (one or two are a shopping list); each past them
costs a recipe one of the cook's main items."""
"""More foods to buy than this costs a recipe one main item (and a protein's weight)."""
_AROMATICS: Final = frozenset({
    "onion", "red onion", "green onion", "spring onion", "scallion", "shallot", "leek", "garlic",
    "chile", "chili", "jalapeño", "jalapeno", "pepper", "celery", "ginger",
})  # fmt: skip
_SPICES: Final = frozenset({
    "cumin", "paprika", "cinnamon", "nutmeg", "turmeric", "curry powder", "chili powder",
    "garlic powder", "onion powder", "bay leaf", "oregano", "thyme", "rosemary", "garam masala",
    "coriander seed", "chili flakes", "red pepper flakes", "cayenne", "allspice", "clove",
})  # fmt: skip
"""Spices and dried herbs: they season a dish, whatever they weigh."""
_NOT_PROTEIN: Final = frozenset({"stock", "broth", "bouillon", "sauce", "granules", "powder"})
_DIFFERENT: Final = frozenset({
    "sweet potato", "green onion", "spring onion", "sun-dried tomato", "green bean",
    "bean sprout", "green pepper",
})  # fmt: skip
"""Foods named after another food that are not a form of it (never covered by its last word)."""
_SAME: Final = (
    frozenset({"chickpea", "garbanzo bean"}), frozenset({"zucchini", "courgette"}),
    frozenset({"eggplant", "aubergine"}), frozenset({"shrimp", "prawn"}),
    frozenset({"arugula", "rocket"}), frozenset({"green onion", "scallion", "spring onion"}),
    frozenset({"tomato", "crushed tomatoes"}), frozenset({"cilantro", "coriander"}),
)  # fmt: skip
"""Names of one food: a pantry item covers the others."""
_KINDS: Final = {
    "pasta": frozenset({"spaghetti", "noodle", "macaroni", "linguine", "fettuccine", "penne",
                        "rigatoni", "fusilli", "farfalle", "orzo", "tagliatelle"}),
}  # fmt: skip
"""A general name and the kinds of it recipes list: the cook's "pasta" makes a spaghetti dish."""


def _is_food(words: str) -> bool:
    return bool(words) and canonical_food(words) in food_table().groups


@cache
def pantry_forms(item: str) -> frozenset[str]:
    """The canonical foods a pantry item covers: itself, its cuts and forms."""
    item = canonical_food(item)
    groups = food_groups(item)
    forms = {item} | _KINDS.get(item, frozenset())
    for same in _SAME:
        forms |= same if item in same else set()
    size = len(item.split())
    for food in food_table().groups:
        words = food.split()
        if len(words) <= size or food == item or food in _DIFFERENT:
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
        if _named(item, lowered):
            total += TITLE_WEIGHT
    return total


def _named(item: str, lowered_title: str) -> bool:
    return any(form in lowered_title or form.rstrip("s") in lowered_title
               for form in pantry_forms(item))  # fmt: skip


def seasoning(item: str) -> bool:
    """An aromatic, a spice or a staple (onion, garlic, salt, oil, cumin): it seasons a dish and
    is no main ingredient of it unless the title names it, however much of it the dish holds."""
    food = canonical_food(item)
    return food in _AROMATICS or food in _SPICES or "staples" in food_groups(food)


def main_uses(used: Sequence[str], recipe: Recipe) -> list[str]:
    """The used pantry items that are main ingredients of `recipe`: named by its title, or, not
    a seasoning (`seasoning`), weighing `MAIN_SHARE` of its weighed lines or (unweighed) a
    protein, starch or vegetable."""
    title = recipe.title.lower()
    weights = [(line.food, line_grams(line)) for line in recipe.ingredients]
    total = sum(grams for _, grams in weights if grams)
    mains = []
    for item in used:
        forms = pantry_forms(item)
        grams = [g for food, g in weights if food in forms]
        weighed = sum(g for g in grams if g)
        heavy = bool(total) and weighed >= MAIN_SHARE * total
        unweighed_main = not weighed and bool(grams) and main_item(item)
        if _named(item, title) or (not seasoning(item) and (heavy or unweighed_main)):
            mains.append(item)
    return mains


def missing_mains(missing: Sequence[str], recipe: Recipe) -> list[str]:
    """The foods still to buy (`missing`) that are main ingredients of `recipe`: a protein,
    starch or vegetable weighing `MAIN_SHARE` of its weighed lines or, unweighed, not an
    aromatic; a stock, broth or sauce is not one, nor the milk or cheese of a frittata."""
    weights = [(line.food, line_grams(line)) for line in recipe.ingredients]
    total = sum(grams for _, grams in weights if grams)
    mains = []
    for food in dict.fromkeys(missing):
        if set(food.split()) & _NOT_PROTEIN:
            continue
        grams = [g for name, g in weights if name == food]
        weighed = sum(g for g in grams if g)
        heavy = bool(total) and weighed >= MAIN_SHARE * total
        if main_item(food) and not seasoning(food) and (heavy or (not weighed and grams)):
            mains.append(food)
    return mains


def _missing_proteins(missing: Sequence[str]) -> int:
    """Proteins still to buy; a stock, broth or sauce made of one is not a protein of the dish."""
    return sum(
        1 for food in missing
        if (food_groups(food) & _PROTEIN or food in _MAIN_FOODS)
        and not set(food.split()) & _NOT_PROTEIN
    )  # fmt: skip


def pantry_order(
    mains: Sequence[str], missing: Sequence[str], weight: float,
    missing_main: Sequence[str] = (),
) -> tuple[float, float, int, int, int, float]:  # fmt: skip
    """The sort key of a pantry recipe from the items it uses as main ingredients (`main_uses`),
    the foods still to buy and the main ingredients among them (`missing_mains`): the most main
    items (one less for each main ingredient to buy past `FREE_MISSING_MAINS`), their weight,
    the fewest other proteins to buy, the fewest main ingredients to buy, the fewest foods to
    buy, then the heaviest use (`pantry_weight`)."""
    penalty = max(0, len(missing_main) - FREE_MISSING_MAINS)
    count = len(mains) - penalty
    main_weight = sum(_weight(item) for item in mains) - PROTEIN_WEIGHT * penalty
    return (
        -count, -main_weight, _missing_proteins(missing), len(missing_main), len(missing),
        -weight,
    )  # fmt: skip
