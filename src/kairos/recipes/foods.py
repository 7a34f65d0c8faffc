"""Canonical foods: the one name an ingredient line's item maps to, and the groups it is in.

The allergen core reads allergens; this module only names foods, for diets (meat, fish),
pantry matching ("chicken breast" in a recipe is the pantry's "chicken breasts") and the health
estimate. Data in `data/foods.toml`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from kairos.core.lexicon import inflections, term_key, trie_regex

__all__ = ["FoodTable", "canonical_food", "food_groups", "food_table"]

_DESCRIPTIVE: Final = frozenset(
    [
        "fresh",
        "freshly",
        "large",
        "small",
        "medium",
        "extra",
        "virgin",
        "ripe",
        "raw",
        "cooked",
        "dried",
        "frozen",
        "canned",
        "organic",
        "chopped",
        "diced",
        "minced",
        "sliced",
        "grated",
        "shredded",
        "crushed",
        "ground",
        "whole",
        "boneless",
        "skinless",
        "lean",
        "unsalted",
        "salted",
        "sweetened",
        "unsweetened",
        "plain",
        "hot",
        "cold",
        "warm",
        "soft",
        "firm",
        "finely",
        "thinly",
        "roughly",
        "low-sodium",
        "reduced-fat",
        "fat-free",
        "light",
        "dark",
        "good",
        "quality",
        "of",
        "the",
        "a",
        "an",
        "baby",
    ]
)


@dataclass(frozen=True, slots=True)
class FoodTable:
    canonical: dict[str, str]
    """term key of every form -> canonical food."""
    groups: dict[str, frozenset[str]]
    """canonical food -> groups."""
    pattern: re.Pattern[str]


@cache
def food_table() -> FoodTable:
    path = resources.files("kairos.recipes").joinpath("data").joinpath("foods.toml")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    canonical: dict[str, str] = {}
    groups: dict[str, set[str]] = {}
    forms: set[str] = set()
    for group, foods in data["groups"].items():
        for food in foods:
            groups.setdefault(food, set()).add(group)
            for form in inflections(food):
                canonical.setdefault(term_key(form), food)
                forms.add(form)
    regex = r"(?<![^\W_])(?:" + trie_regex(sorted(forms)) + r")(?![^\W_])"
    return FoodTable(
        canonical=canonical,
        groups={food: frozenset(g) for food, g in groups.items()},
        pattern=re.compile(regex.replace(" ", r"[\s\-]*")),
    )


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


_FLAVOUR = re.compile(r"\b[^\W\d_]+(?:[\s-]+[^\W\d_]+)?[\s-]+flavou?r(?:ed|ing)?\b")


_PRODUCT_HEADS: Final = ("starch", "oil", "flour", "milk", "meal")
"""Nouns that make a different food of the food before them: "potato starch" is not a potato,
"peanut oil" not peanuts, "almond milk" not almonds (the allergen core reads their allergens
apart; this names the food a cook buys)."""


_PRODUCT_AFTER: Final = re.compile(
    r"s?[\s-]+(?P<head>" + "|".join(_PRODUCT_HEADS) + r")(?![^\W_])"
    r"(?![\s,]+(?:or|and)\b)"  # "tortillas, flour or corn" are tortillas
)


def _product_of(food: str, lowered: str, end: int, table: FoodTable) -> str:
    """`food` (read in `lowered` up to `end`), or the product it names when a product noun
    follows it ("potato starch"): the known food of both words joined ("corn starch" ->
    "cornstarch") or the two words."""
    found = _PRODUCT_AFTER.match(lowered, end)
    if found is None:
        return food
    for name in (f"{food}{found['head']}", f"{food} {found['head']}"):
        if (known := table.canonical.get(term_key(name))) is not None:
            return known
    return f"{food} {found['head']}"


def canonical_food(item: str) -> str:
    """The canonical food an item names: the longest known food in it (or the product made of
    it, `_product_of`: "potato starch"), else the item without descriptive words, singular
    ("2 large ripe Hass avocados" -> "avocado")."""
    table = food_table()
    lowered = _FLAVOUR.sub(" ", item.lower())  # "chicken-flavored ramen" is not chicken
    best, end = "", 0
    for match in table.pattern.finditer(lowered):
        food = table.canonical.get(term_key(match.group()), "")
        if len(match.group()) > len(best) and food:
            best, end = food, match.end()
    if best:
        return _product_of(best, lowered, end, table)
    head = re.split(r"\s+(?:or|and|with)\s+|,", lowered)[0]
    words = [w for w in re.findall(r"[^\W\d_][\w'\-]*", head) if w not in _DESCRIPTIVE]
    if not words:
        return " ".join(lowered.split())
    words[-1] = _singular(words[-1])
    return " ".join(words[-3:])


def food_groups(food: str) -> frozenset[str]:
    return food_table().groups.get(food, frozenset())
