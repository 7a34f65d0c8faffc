"""One line per business in a city: "ice cream in boston" listed J.P. Licks twice, two branches
whose lines read the same (name, city, categories). A list of five is a list of choices, so the
best-ranked branch stands for its name, unless the person asks for the branches themselves
("J.P. Licks locations", a "where is" or a comparison naming it). Naming each branch instead
would need a street or a neighbourhood on every card, which many catalogue rows lack.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.core.venue_identity import name_key
from kairos.restaurants.schemas import RestaurantResult

__all__ = ["BRANCHES_ASKED", "one_per_name"]

BRANCHES_ASKED: Final = re.compile(r"\b(?:locations?|branch(?:es)?|outlets?)\b", re.IGNORECASE)
"""Words that ask for a business's several places."""

_BRANCH_MARK: Final = re.compile(r"\s+(?:-|–|—|@)\s+.*$|\s*\(.*\)\s*$")
# a name that is itself a kind of place: "Cafe" is not one business with "Cafe Fleuri"
_GENERIC_NAMES: Final = frozenset(
    {
        "cafe", "pizza", "bar", "grill", "kitchen", "bistro", "restaurant", "bakery", "deli",
        "diner", "tavern", "pub", "sushi", "thai", "tacos", "taco", "coffee", "tea", "burger",
        "burgers",
    }
)  # fmt: skip


def _business(name: str) -> str:
    """The name without a branch's mark ("J.P. Licks - Allston", "Flour (Fort Point)")."""
    business = name_key(_BRANCH_MARK.sub("", name))
    return name_key(name) if not business or business in _GENERIC_NAMES else business


def _same_business(a: str, b: str) -> bool:
    """The same name, or one name the other's first words ("FoMu" and "FoMu Ice Cream")."""
    if a == b:
        return True
    short, long = sorted((a.split(), b.split()), key=len)
    return (
        long[: len(short)] == short
        and not (len(short) == 1 and short[0] in _GENERIC_NAMES)
        and len("".join(short)) >= 3
    )


def one_per_name(scored: Sequence[RestaurantResult], order: list[int]) -> list[int]:
    """`order` keeping the first place of each business in each city."""
    kept: list[int] = []
    seen: list[tuple[str, str]] = []
    for i in order:
        city = (scored[i].city or "").strip().lower()
        name = _business(scored[i].name)
        if any(c == city and _same_business(n, name) for c, n in seen):
            continue
        seen.append((city, name))
        kept.append(i)
    return kept
