"""The dishes cooks ask for most (`data/common_dishes.txt`, issue 37) and which recipe titles
name them: the recipe sample is cut to cover them, and its coverage is reported.

A title names a dish when it holds every word of one of the dish's names ("Spaghetti alla
Bolognese" names "spaghetti bolognese") and is not a sauce, drink or other part of a dish that
the name does not ask for ("Pad Thai Sauce" is not a pad thai).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from kairos.recipes.course import part_of_a_dish

__all__ = ["Dish", "common_dishes", "coverage", "dish_score", "names_dish"]

_FILE: Final = Path(__file__).parent / "data" / "common_dishes.txt"
_WORD: Final = re.compile(r"[^\W_]+")

Dish = tuple[str, ...]
"""One dish: its names, the first the one shown."""


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", ""))


@lru_cache(maxsize=1)
def common_dishes() -> tuple[Dish, ...]:
    dishes = []
    for line in _FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            dishes.append(tuple(name.strip() for name in line.split("|") if name.strip()))
    return tuple(dishes)


def dish_score(title: str, dish: Dish) -> int | None:
    """How nearly the title is the dish (lower is nearer: a title naming the dish's first name
    before one naming another of its names, then fewer words that are not the dish's), or None
    when the title does not name the dish."""
    words = _words(title)
    best: int | None = None
    for index, name in enumerate(dish):
        wanted = _words(name)
        if not set(wanted) <= set(words):
            continue
        if part_of_a_dish(title, name):
            continue
        extra = 100 * index + len([w for w in words if w not in wanted])
        best = extra if best is None else min(best, extra)
    return best


def names_dish(title: str, dish: Dish) -> bool:
    return dish_score(title, dish) is not None


def coverage(
    rows: Iterable[Mapping[str, Any]], dishes: Sequence[Dish] | None = None
) -> tuple[int, int, list[str]]:
    """(dishes covered, dishes listed, the names of those not covered)."""
    dishes = dishes if dishes is not None else common_dishes()
    titles = [str(row.get("title") or "") for row in rows]
    missing = [d[0] for d in dishes if not any(names_dish(t, d) for t in titles)]
    return len(dishes) - len(missing), len(dishes), missing
