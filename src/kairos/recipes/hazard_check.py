"""What the allergen core finds in ingredient lines that a cook's constraints forbid: the check
every adapted recipe's final list must pass with an empty result (`remaining_hazards`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from kairos.recipes.constraints import CookConstraints
from kairos.recipes.reading import DIET_RULES, Hazard, hazards_in, tolerated

__all__ = ["GRAVE", "forbidden_hazards", "grave", "remaining_hazards"]

GRAVE: Final = frozenset({"anaphylactic", "severe"})
"""Severities for which a line that only likely holds the allergen is not kept, only named."""


def forbidden_hazards(lines: Iterable[str], constraints: CookConstraints) -> list[Hazard]:
    found: list[Hazard] = []
    for line in lines:
        read = hazards_in(line, constraints.allergens, constraints.dislikes, constraints.diets)
        for hazard in read:
            if not tolerated(hazard, line, constraints.allergens):
                found.append(hazard)
            elif diet := _diet_without(hazard.name, constraints.diets):
                # lactose-free butter suits the intolerance, not a vegan: still dairy
                found.append(Hazard("diet", diet, hazard.word, hazard.status))
    return found


def _diet_without(allergen: str, diets: Iterable[str]) -> str | None:
    """The first of `diets` that excludes `allergen` (vegan excludes dairy), if any."""
    return next((d for d in diets if allergen in DIET_RULES.get(d, ((), ()))[1]), None)


def grave(hazard: Hazard, constraints: CookConstraints) -> bool:
    """An allergen a line only likely holds, of an anaphylactic or severe allergy."""
    return hazard.likely and constraints.allergens.get(hazard.name) in GRAVE


def remaining_hazards(lines: Iterable[str], constraints: CookConstraints) -> list[Hazard]:
    """What the allergen core still finds in `lines` that `constraints` forbids — an allergen
    they contain (or likely hold, for an anaphylactic or severe allergy), a custom entry, a
    dislike, a diet break: the check every final ingredient list must pass with an empty
    result."""
    return [
        h for h in forbidden_hazards(lines, constraints) if not h.likely or grave(h, constraints)
    ]
