"""The steps of an adapted recipe: rewritten once to follow the ingredient list, and what they
still say that the cook must not use.

Every replacement is made in one pass over each step, longest words first, so a replaced word
is never replaced again: "whole milk" and "milk" both become "oat milk" and the step reads "oat
milk", not "oat oat milk"; "cheddar cheese" becomes "dairy-free cheese", not "dairy-free
dairy-free cheese". A step that already names the substitute is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from kairos.meals.recipes.constraints import CookConstraints
from kairos.meals.recipes.models import Substitution
from kairos.meals.recipes.reading import Hazard, hazards_in
from kairos.meals.recipes.substitutions import short_name

__all__ = ["rewrite_steps", "step_warnings"]


def _key(words: str) -> str:
    return " ".join(words.lower().replace("-", " ").split())


def rewrite_steps(steps: Sequence[str], replacements: Iterable[tuple[str, str]]) -> list[str]:
    """`steps` with each old word replaced by its new one, in a single pass per step."""
    new_for: dict[str, str] = {}
    for old, new in sorted(replacements, key=lambda p: len(p[0]), reverse=True):
        if old.strip():
            new_for.setdefault(_key(old), new)
    if not new_for:
        return list(steps)
    alternatives = "|".join(
        re.escape(old).replace(r"\ ", r"[\s\-]+") for old in sorted(new_for, key=len, reverse=True)
    )
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)

    def replace(match: re.Match[str]) -> str:
        old = _key(match.group())
        new = new_for[old]
        # "oat" already written before "milk": the step names the substitute already
        if _key(new).endswith(f" {old}"):
            head = _key(new)[: -len(old)].strip()
            before = _key(match.string[max(0, match.start() - 60) : match.start()])
            if before == head or before.endswith(f" {head}"):
                return match.group()
        return new

    return [pattern.sub(replace, step) for step in steps]


def step_warnings(
    title: str,
    steps: Sequence[str],
    constraints: CookConstraints,
    substitutions: Sequence[Substitution],
    reason_of: Callable[[Hazard], str],
) -> list[str]:
    """Words the steps still use that the profile forbids. The ingredient list is what is
    cooked and it is safe; a step word is either the dish itself ("cake"), a food the list
    names differently ("cheese" for the substituted parmesan) or an unlisted extra ("top with
    whipped cream"): each is said, never silently kept. An allergen a step word only likely
    holds ("the curry paste") is the ingredient line's, named by the recipe's allergy check."""
    title = title.lower()
    warnings = []
    for number, step in enumerate(steps, 1):
        for hazard in hazards_in(
            step, constraints.allergens, constraints.dislikes, constraints.diets
        ):
            word = hazard.word.lower()
            if hazard.likely or hazard.kind == "dislike" or word in title:
                continue
            # the substitution of the line the word comes from, else one for the same need
            substitution = next(
                (s for s in substitutions if word in s.original_item.lower()),
                next((s for s in substitutions if hazard.name in s.removes), None),
            )
            if substitution is not None:
                warnings.append(
                    f"Step {number} says {word}: use the {short_name(substitution.new_item)} "
                    "from the ingredient list."
                )
            else:
                warnings.append(
                    f"Step {number} mentions {word}, which is not in the ingredient list: "
                    f"leave it out ({reason_of(hazard)})."
                )
    return warnings
