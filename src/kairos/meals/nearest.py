"""The nearest real dishes to one the catalogue lacks, by what the dish is made of and what kind
of dish it is, never by a stray word: for "seafood boil", shrimp, crab or fish cooked in
liquid before a grilled salmon, and a grilled salmon before a roast chicken that merely comes
close in meaning.

What a dish is made of is read from its name: the foods of `foods.toml` ("shrimp", "beef") and
the allergen core's food families ("seafood": fish, shellfish and molluscs), and for a dish
`dish_knowledge` knows ("rendang"), its main foods. What a recipe is made of is the same reading
of its ingredient lines. The kind is the known dish's ("curry"), else the name's last word
("boil", "stew", "tacos"), matched by the recipe's title or, for a way of cooking, its methods,
or the family of dish the name and the title share (`dish_family`: an omelette for a frittata).
A known dish's cuisine counts too: the same cuisine, then its region, then its continent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from kairos.core.allergen_detection import detect_allergens
from kairos.meals.dish_knowledge import (
    SAME_REGION,
    cuisine_nearness,
    dish_family,
    known_dish,
    region_name,
    same_kind,
)
from kairos.meals.dish_words import shared_words
from kairos.recipes import Recipe
from kairos.recipes.foods import canonical_food, food_groups, food_table
from kairos.recipes.pantry import main_uses, used_items

__all__ = [
    "dish_foods", "flavouring", "made_of_named_foods", "name_foods", "nearest_key",
    "nearest_reason", "recipe_foods",
]  # fmt: skip

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
    """What a dish is made of, read from its name: {"shellfish", "fish"} for "seafood boil",
    {"meat"} for "rendang"."""
    known = known_dish(dish)
    return _families(dish) | (_families(" ".join(known.foods)) if known else set())


@lru_cache(maxsize=512)
def name_foods(dish: str) -> tuple[str, ...]:
    """The foods a dish's name names, longest first and not staples: ("onion",) for "french
    onion soup", ("black bean",) for "black bean soup", ("miso",) for "miso soup"."""
    words: list[str] = _WORD.findall(dish.lower())
    table = food_table().groups
    found: list[str] = []
    taken: set[int] = set()
    for size in (3, 2, 1):
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            food = canonical_food(" ".join(words[start : start + size]))
            if span & taken or food not in table or len(food.split()) != size:
                continue
            if "staples" not in food_groups(food):
                found.append(food)
                taken |= span
    return tuple(found)


def made_of_named_foods(
    recipe: Recipe, dish: str, kept_out: Callable[[str], bool] = lambda _: False
) -> bool | None:
    """Whether one of the foods the dish's name names is a main ingredient of `recipe`
    (`pantry.main_uses`: its title, a tenth of its weight, or an unweighed non-aromatic main
    food); None when the name names none ("gazpacho") but the `kept_out` ones (the peanut
    butter of peanut butter cookies for a peanut allergy: any cookie may then be close)."""
    named = [food for food in name_foods(dish) if not kept_out(food)]
    if not named:
        return None
    return bool(main_uses(used_items(named, recipe.foods), recipe))


_FLAVOURING: Final = re.compile(
    r"\b(?:stock|bouillon|broth|granules?|gravy|consomm[eé]|flavou?r(?:ed|ing)?|"
    r"extract|essence|seasoning|base|drippings?|powder)\b",
    re.IGNORECASE,
)
"""A stock, bouillon or cube gives a dish its flavour: a chicken curry with beef bouillon is not
"made with beef"."""


def flavouring(text: str) -> bool:
    """Whether a line or food is a flavouring of a food, not the food ("2 cubes beef bouillon")."""
    return bool(_FLAVOURING.search(text))


def recipe_foods(recipe: Recipe) -> set[str]:
    found: set[str] = set()
    for line in recipe.ingredients:
        if flavouring(f"{line.item} {line.food or ''}"):
            continue
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


_KIND_WEIGHT: Final = 0.9
"""The dish's foods first: a beef dish before a curry of another meat, all else equal."""
_KIND_ARTICLE: Final = frozenset(
    ("curry", "stew", "soup", "pie", "burger", "salad", "sandwich", "roast", "braise", "bake",
     "boil", "flatbread")
)  # fmt: skip


def _nearness(recipe: Recipe, dish: str, wanted: set[str]) -> tuple[float, bool, float]:
    """The dish's foods the recipe holds, whether it is the same kind of dish, and how near its
    cuisine is (a known dish only)."""
    known = known_dish(dish)
    held = len(wanted & recipe_foods(recipe))
    if known is None:
        family = bool(dish_family(dish) & dish_family(recipe.title))
        return held, _same_kind(recipe, dish) or family, 0.0
    kind = same_kind(recipe.title, known.kind)
    own = _OWN_FOOD * len(_own_foods(recipe, known.foods))  # rendang's beef, not any meat
    return held + own, kind, cuisine_nearness(known.cuisine, recipe.cuisine, recipe.title)


_OWN_FOOD: Final = 0.4
"""A food the known dish is made of (rendang's beef) counts beside its family (meat): a beef
curry before a pork curry of a nearer cuisine (`SAME_CONTINENT` 0.3); less than a kind and a
region together, so a beef dish of another kind does not pass a curry of the dish's region."""


def _own_foods(recipe: Recipe, foods: tuple[str, ...]) -> list[str]:
    """The known dish's foods the recipe holds, its stocks and bouillons apart."""
    made = [food for food in recipe.foods if not flavouring(food)]
    return [f for f in foods if any(f in food for food in made)]


def nearest_key(
    recipe: Recipe, similarity: float, dish: str, wanted: set[str]
) -> tuple[float, int, float, int]:
    """Sort key: the dish's foods the recipe holds, the same kind of dish and the same
    cuisine (or its region), then the words of the name it shares, then meaning."""
    held, kind, cuisine = _nearness(recipe, dish, wanted)
    return (
        -(held + _KIND_WEIGHT * kind + cuisine),
        -shared_words(recipe.title, dish),
        -similarity,
        recipe.id,
    )


def nearest_reason(recipe: Recipe, wanted: set[str], dish: str = "") -> str:
    """Why this is near, in words ("made with beef, also a curry"); "" when only its meaning
    is close."""
    known = known_dish(dish) if dish else None
    _, kind, cuisine = _nearness(recipe, dish, wanted) if dish else (0, False, 0.0)
    foods = _own_foods(recipe, known.foods) if known else []
    families = sorted(wanted & recipe_foods(recipe))
    parts = [f"made with {' and '.join(foods or families)}"] if foods or families else []
    if known and kind:
        parts.append(f"also {'a ' if known.kind in _KIND_ARTICLE else ''}{known.kind}")
    elif dish and (shared := sorted(dish_family(dish) & dish_family(recipe.title))):
        label = shared[0] if shared[0] in _KIND_ARTICLE else f"{shared[0].removesuffix('s')} dish"
        label = shared[0] if shared[0].endswith("dish") else label
        parts.append(f"also {'an' if label[0] in 'aeiou' else 'a'} {label}")
    if known and cuisine >= SAME_REGION:
        where = known.cuisine if cuisine > SAME_REGION else region_name(known.cuisine)
        parts.append(f"also {where.title()}")
    return ", ".join(parts)
