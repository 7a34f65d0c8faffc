"""Output gating (seed 001): nothing reaches the cook unless its final ingredient list holds
no allergen of anyone it is cooked for, and none of the request's dislikes or diet breaks; and
what does reach them carries the safety step's allergy check.

`adapt_recipe` already holds this invariant; the coach checks again on what it is about to
show (defence in depth, and the check a model's output would have to pass too), and the check
shown with the recipe is built only by `pipeline.safety.recipe_check`, for the cook ("you") and
every household member the meal is for: a line that contains an allergen of any of them is
refused there, a line that only likely holds one is named, with what to check and for whom. A
rejected suggestion is replaced by the next real recipe ("regenerated"); a request where none
is left says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kairos.pipeline.safety import AllergyCheck, Person, UnsafeToShow, recipe_check
from kairos.recipes import AdaptedRecipe, CookConstraints, remaining_hazards
from kairos.recipes.adapt import hazard_reason

__all__ = ["final_check", "final_lines", "text_hazards"]


def final_lines(adapted: AdaptedRecipe) -> list[str]:
    """The ingredient lines the cook will use, as shown."""
    return [line.display for line in adapted.ingredients if not line.omitted]


def final_check(
    adapted: AdaptedRecipe, constraints: CookConstraints, people: Sequence[Person]
) -> AllergyCheck | str:
    """The recipe's allergy check when it may be shown; otherwise why not, in a sentence."""
    lines = final_lines(adapted)
    found = remaining_hazards(lines, constraints)
    if found:
        reasons = sorted({hazard_reason(h, dict(constraints.allergens)) for h in found})
        return (
            f"{adapted.title}: its final ingredients still hold {', '.join(reasons)}; not offered."
        )
    try:
        return recipe_check(lines, people)
    except UnsafeToShow as unsafe:
        return f"{adapted.title}: {unsafe}; not offered."


def text_hazards(texts: Iterable[str], constraints: CookConstraints) -> list[str]:
    """What a model's words (titles, summaries) name that the cook must avoid."""
    found = remaining_hazards(texts, constraints)
    return sorted({hazard_reason(h, dict(constraints.allergens)) for h in found})
