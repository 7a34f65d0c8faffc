"""What a dish the catalogue may lack is: its cuisine, kind and main foods
(`recipes/data/world_dishes.toml`), so that the nearest real dishes to "beef rendang" are a
beef curry and an Indonesian dish, not whatever beef recipe comes close in meaning; and how
near a recipe's cuisine is to the dish's (the same cuisine, then its region, then its
continent)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final

__all__ = [
    "FAMILY_SEARCHES",
    "KnownDish",
    "cuisine_nearness",
    "dish_family",
    "family_words",
    "known_dish",
    "region_name",
    "same_kind",
    "shared_traits",
]

SAME_CUISINE: Final = 1.0
SAME_REGION: Final = 0.6
SAME_CONTINENT: Final = 0.3
_WORD: Final = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class KnownDish:
    name: str
    cuisine: str
    kind: str
    foods: tuple[str, ...]
    what: str
    traits: tuple[str, ...] = ()
    """Ingredient words that define the dish (a carbonara's eggs or cured pork)."""

    @property
    def query(self) -> str:
        """The dish in words any catalogue uses: "indonesian beef curry"."""
        return " ".join((self.cuisine, *self.foods[:1], self.kind))


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower().replace("'", "")))


@cache
def _data() -> dict[str, Any]:
    path = resources.files("kairos.recipes").joinpath("data").joinpath("world_dishes.toml")
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def _dishes() -> dict[str, KnownDish]:
    return {
        _words(name): KnownDish(
            name=name,
            cuisine=entry["cuisine"],
            kind=entry["kind"],
            foods=tuple(entry.get("foods", ())),
            what=entry["what"],
            traits=tuple(entry.get("traits", ())),
        )
        for name, entry in _data()["dishes"].items()
    }


@lru_cache(maxsize=1024)
def known_dish(dish: str) -> KnownDish | None:
    """The longest known dish whose words stand whole in `dish` ("beef rendang" → rendang)."""
    words = f" {_words(dish)} "
    found = [key for key in _dishes() if f" {key} " in words]
    return _dishes()[max(found, key=len)] if found else None


def _families(cuisine: str) -> tuple[str, ...]:
    return (cuisine, *_data()["cuisines"].get(cuisine, ()))


@lru_cache(maxsize=4096)
def _title_cuisines(title: str) -> tuple[str, ...]:
    words = f" {_words(title)} "
    return tuple(c for c in _data()["cuisines"] if f" {_words(c)} " in words)


def cuisine_nearness(cuisine: str, recipe_cuisine: str | None, title: str) -> float:
    """How near a recipe (its stated cuisine and the cuisines its title names) is to
    `cuisine`: the same, one of its region, one of its continent, or none of these."""
    held = {c for c in (recipe_cuisine, *_title_cuisines(title)) if c}
    if cuisine in held:
        return SAME_CUISINE
    families = _families(cuisine)
    theirs = {f for c in held for f in _families(c)}
    if len(families) > 1 and families[1] in theirs:
        return SAME_REGION
    return SAME_CONTINENT if theirs & set(families[1:]) else 0.0


def same_kind(title: str, kind: str) -> bool:
    """The title names a dish of that kind ("Beef Curry Soup" is a curry)."""
    words = f" {_words(title)} "
    return any(f" {_words(w)} " in words for w in _data()["kinds"].get(kind, (kind,)))


_METHOD_KINDS: Final = frozenset({"fried", "roast", "bake", "boil"})
"""Kinds that name a way of cooking, not a family of dishes (a baked chicken is no egg bake)."""


@lru_cache(maxsize=4096)
def dish_family(text: str) -> frozenset[str]:
    """The families of dish a name or title belongs to, by the words recipe titles use for them
    (`[kinds]` of world_dishes.toml): {"pie", "egg dish"} for "quiche", {"rice"} for "jollof
    rice"; a known dish's kind too. Ways of cooking ("baked", "fried") are no family."""
    words = f" {_words(text)} "
    kinds = {
        kind for kind, names in _data()["kinds"].items()
        if any(f" {_words(name)} " in words for name in names)
    }  # fmt: skip
    known = known_dish(text)
    if known is not None:
        kinds.add(known.kind)
    return frozenset(kinds - _METHOD_KINDS)


FAMILY_SEARCHES: Final = 3
"""Names of a family searched for when a dish is refused (each one search)."""


def family_words(kind: str) -> list[str]:
    """The first names a family of dish goes by in titles, to search by one by one:
    "omelette", "omelet", "frittata" for an egg dish."""
    return list(_data()["kinds"].get(kind, (kind,))[:FAMILY_SEARCHES])


def region_name(cuisine: str) -> str:
    families = _families(cuisine)
    return families[1] if len(families) > 1 else cuisine


def shared_traits(dish: str, items: Iterable[str]) -> list[str] | None:
    """The defining ingredients of `dish` that `items` (a recipe's ingredient items) hold, or
    None when the dish has none on record (anything may then be near it)."""
    known = known_dish(dish)
    if known is None or not known.traits:
        return None
    words = " | ".join(f" {_words(item)} " for item in items)
    return [t for t in known.traits if re.search(rf" {_words(t)}s? ", words)]
