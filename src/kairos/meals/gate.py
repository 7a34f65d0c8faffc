"""Output gating (seed 001): nothing reaches the cook unless the allergen core, reading its
final ingredient list, finds none of the request's allergens, dislikes or diet breaks.

`adapt_recipe` already holds this invariant; the coach checks again on what it is about to
show (defence in depth, and the check a model's output would have to pass too). A rejected
suggestion is replaced by the next real recipe ("regenerated"); a request where none is left
says why.
"""

from __future__ import annotations

from collections.abc import Iterable

from kairos.meals.recipes import AdaptedRecipe, CookConstraints, remaining_hazards
from kairos.meals.recipes.adapt import hazard_reason

__all__ = ["final_check", "text_hazards"]


def final_check(adapted: AdaptedRecipe, constraints: CookConstraints) -> str | None:
    """None when the recipe may be shown; otherwise why not, in a sentence."""
    lines = [line.display for line in adapted.ingredients if not line.omitted]
    found = remaining_hazards(lines, constraints)
    if not found:
        return None
    reasons = sorted({hazard_reason(h, dict(constraints.allergens)) for h in found})
    return f"{adapted.title}: its final ingredients still hold {', '.join(reasons)}; not offered."


def text_hazards(texts: Iterable[str], constraints: CookConstraints) -> list[str]:
    """What a model's words (titles, summaries) name that the cook must avoid."""
    found = remaining_hazards(texts, constraints)
    return sorted({hazard_reason(h, dict(constraints.allergens)) for h in found})
