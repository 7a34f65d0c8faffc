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

An item is a main ingredient of a recipe (`main_uses`) when the title names it, when its lines
weigh at least `MAIN_SHARE` of the recipe's weighed lines, or, its amount unweighed ("3 eggs"),
when it is a protein, a starch or a vegetable that is not an aromatic ("1 onion", "2 cloves
garlic" season a dish; they do not make it). A food still to buy is a main ingredient to buy
(`missing_mains`) by the same reading (a stock, a broth or a sauce is not one).

Recipes rank (`pantry_order`) by what the cook has against what they must buy: each of the
cook's items the recipe uses is worth one (one and a half for a protein the dish is built on,
half when it only seasons or garnishes the dish),
less one for every `FOODS_PER_ITEM` foods to buy, each food weighed by its part in the dish
(`buy_costs`: a protein the dish is built on 2, another main ingredient 1, anything else a
half; staples and the common spices of a cupboard, `staple`, nothing). "Uses three of your
items but needs nine more" answers a cupboard worse than "uses two, needs one". Ties go to the
cheapest shopping, then the most main items and their weight (a protein over a vegetable), the
fewest proteins, main ingredients and foods to buy, then the heaviest use.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from kairos.recipes.foods import canonical_food, food_groups, food_table
from kairos.recipes.models import IngredientLine, Recipe
from kairos.recipes.servings_estimate import line_grams

__all__ = [
    "SPICES", "buy_costs", "foods_to_buy", "main_item", "main_uses", "missing_mains",
    "pantry_forms", "pantry_order", "pantry_value", "pantry_weight", "spice_rack", "stand_ins",
    "staple",
    "used_items",
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
FOODS_PER_ITEM: Final = 3.0
"""Foods to buy (weighed by `buy_costs`) that cost a recipe one of the cook's items."""
PROTEIN_VALUE: Final = 1.5
"""What the cook's protein (chickpeas, chicken, eggs) is worth to a dish built on it: the
dish is built around it, as the protein to buy is the dearest food on a list."""
GARNISH_VALUE: Final = 0.5
"""What one of the cook's items is worth to a recipe that only seasons or garnishes with it."""
PROTEIN_COST: Final = 2.0
MAIN_COST: Final = 1.0
OTHER_COST: Final = 0.5
SPICES: Final = frozenset({
    "cumin", "paprika", "smoked paprika", "cinnamon", "nutmeg", "turmeric", "curry powder",
    "chili powder", "chilli powder", "garlic powder", "onion powder", "bay leaf", "oregano",
    "thyme", "rosemary", "cayenne", "cayenne pepper", "allspice", "clove", "ground ginger",
    "red pepper flake", "red pepper flakes", "italian seasoning", "dried oregano", "dried thyme",
    "coriander seed", "ground coriander", "garam masala", "mixed spice",
})  # fmt: skip
"""The dried spices and herbs a cupboard holds: like salt and oil, never a food to buy."""
SPICE_GRAMS: Final = 30.0
"""A spice line heavier than this (or in a can or pack) is a food named after the spice
("2 cans of cinnamon rolls"), to buy like any other."""
_SPOONS: Final = frozenset({"teaspoon", "tablespoon", "pinch", "dash", "sprig", "leaf"})
_DRIED: Final = ("dried ", "ground ", "dry ")
_AROMATICS: Final = frozenset({
    "onion", "red onion", "green onion", "spring onion", "scallion", "shallot", "leek", "garlic",
    "chile", "chili", "jalapeño", "jalapeno", "pepper", "celery", "ginger",
})  # fmt: skip
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


def staple(food: str) -> bool:
    """Salt, oil, water, flour, sugar (the food table's staples) or a common spice (`SPICES`):
    what a pantry answer never sends the cook out to buy."""
    return "staples" in food_groups(food) or food in SPICES


def _spice_amount(line: IngredientLine) -> bool:
    """A spoonful, a pinch, a few grams, or no amount at all ("cumin, to taste")."""
    if line.quantity is None or line.unit in _SPOONS:
        return True
    grams = line_grams(line)
    return grams is not None and grams <= SPICE_GRAMS


def spice_rack(recipe: Recipe) -> set[str]:
    """The recipe's foods a cupboard's spice rack holds: a common spice (`SPICES`) or a dried or
    ground herb or spice ("dried basil", "ground coriander"), every line of it a spice's amount
    (two cans of cinnamon rolls, read as "cinnamon", are not)."""
    lines: dict[str, list[IngredientLine]] = {}
    for line in recipe.ingredients:
        if line.food:
            lines.setdefault(line.food, []).append(line)
    return {
        food for food, its in lines.items()
        if all(_spice_amount(line) for line in its)
        and (food in SPICES or all(line.item.lower().startswith(_DRIED) for line in its))
    }  # fmt: skip


def foods_to_buy(foods: Iterable[str], recipe: Recipe, covered: Iterable[str]) -> list[str]:
    """The recipe's foods (`foods`) the cook must buy: not covered by their items, not staples,
    not on the spice rack (`spice_rack`)."""
    have = set(covered) | spice_rack(recipe)
    return [food for food in foods if food not in have and "staples" not in food_groups(food)]


_SOFT_CHEESES: Final = frozenset({
    "cream cheese", "cottage cheese", "ricotta", "ricotta cheese", "mascarpone",
    "mascarpone cheese", "quark",
})  # fmt: skip
"""Cheeses a dish is made of (a cheesecake's): no crumbled or grated cheese stands in."""
_STAND_IN_KINDS: Final = (
    frozenset({"pasta"}) | _KINDS["pasta"],
    frozenset({"spinach", "kale", "chard", "swiss chard", "collard greens"}),
    frozenset({"onion", "red onion", "yellow onion", "white onion", "shallot"}),
)  # fmt: skip
"""Foods one of which does a dish's work for another: kinds of pasta, of leafy greens, of
onions; and (`_cheese`) the grated or crumbled cheeses."""


def _cheese(food: str) -> bool:
    return food not in _SOFT_CHEESES and food.endswith("cheese")


def _same_kind(item: str, food: str) -> bool:
    forms = pantry_forms(item)
    if any(_cheese(form) for form in forms) and _cheese(food):
        return True
    return any(forms & kind and food in kind for kind in _STAND_IN_KINDS)


def stand_ins(unused: Sequence[str], to_buy: Sequence[str]) -> list[tuple[str, str]]:
    """(the cook's item, the food to buy it stands in for): an item no part of the recipe uses
    that is of the same kind (`_same_kind`) as a food on the list: the cook's feta for a
    frittata's cheddar, their pasta for its penne. One food for each item."""
    swaps: list[tuple[str, str]] = []
    taken: set[str] = set()
    for item in dict.fromkeys(canonical_food(i) for i in unused):
        food = next((f for f in to_buy if f not in taken and _same_kind(item, f)), None)
        if food is not None:
            swaps.append((item, food))
            taken.add(food)
    return swaps


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


def main_uses(used: Sequence[str], recipe: Recipe) -> list[str]:
    """The used pantry items that are main ingredients of `recipe`: named by its title, weighing
    `MAIN_SHARE` of its weighed lines, or (unweighed) a non-aromatic protein, starch or
    vegetable."""
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
        if _named(item, title) or heavy or (unweighed_main and item not in _AROMATICS):
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
        if main_item(food) and (heavy or (not weighed and grams and food not in _AROMATICS)):
            mains.append(food)
    return mains


def _missing_proteins(missing: Sequence[str]) -> int:
    """Proteins still to buy; a stock, broth or sauce made of one is not a protein of the dish."""
    return sum(
        1 for food in missing
        if (food_groups(food) & _PROTEIN or food in _MAIN_FOODS)
        and not set(food.split()) & _NOT_PROTEIN
    )  # fmt: skip


def buy_costs(missing: Sequence[str], missing_main: Sequence[str] = ()) -> float:
    """What the foods still to buy cost a recipe: a protein the dish is built on 2, another main
    ingredient (`missing_mains`) 1, anything else (a sauce, a cheese to sprinkle, a herb) a
    half; staples and common spices nothing."""
    mains = set(missing_main)
    total = 0.0
    for food in dict.fromkeys(missing):
        if "staples" in food_groups(food):
            continue
        if food in mains:
            total += PROTEIN_COST if _missing_proteins([food]) else MAIN_COST
        else:
            total += OTHER_COST
    return total


def pantry_value(used: Sequence[str], mains: Sequence[str]) -> float:
    """What the cook's items make of a recipe: one for each main ingredient (`PROTEIN_VALUE` for
    a protein), `GARNISH_VALUE` for each item it only seasons or garnishes with."""
    main = set(mains)
    return sum(
        (PROTEIN_VALUE if _weight(item) == PROTEIN_WEIGHT else 1.0) if item in main
        else GARNISH_VALUE
        for item in dict.fromkeys(used)
    )  # fmt: skip


def pantry_order(
    mains: Sequence[str], missing: Sequence[str], weight: float,
    missing_main: Sequence[str] = (), used: Sequence[str] | None = None,
) -> tuple[float, float, int, float, int, int, int, float]:  # fmt: skip
    """The sort key of a pantry recipe from the cook's items it uses (`used`; by default its
    main ones), those it uses as main ingredients (`main_uses`), the foods still to buy and the
    main ingredients among them (`missing_mains`): the most of the cook's items less what must
    be bought (`pantry_value` less `buy_costs` over `FOODS_PER_ITEM`), the cheapest shopping,
    the most main items and their weight, the fewest proteins, main ingredients and foods to
    buy, then the heaviest use (`pantry_weight`)."""
    cost = buy_costs(missing, missing_main)
    net = pantry_value(mains if used is None else used, mains) - cost / FOODS_PER_ITEM
    to_buy = [food for food in missing if "staples" not in food_groups(food)]
    return (
        -round(net, 6), cost, -len(mains), -sum(_weight(item) for item in mains),
        _missing_proteins(to_buy), len(missing_main), len(to_buy), -weight,
    )  # fmt: skip
