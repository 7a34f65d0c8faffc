"""Why a line or a recipe is changed or refused, in the words a cook reads: "dairy allergy",
"gluten intolerance", "vegan diet", "you avoid mushrooms"; for a household, whose need it is
("Ana's vegan diet", "your and Tom's peanut allergy (anaphylactic)", "Lea avoids olives")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kairos.core.allergens import Severity
from kairos.core.allergy_warnings import display_name
from kairos.recipes.reading import Hazard

__all__ = ["LABELS", "hazard_reason", "reasons"]

LABELS: Final = {
    "peanuts": "peanut", "tree_nuts": "tree nut", "shellfish": "shellfish",
    "molluscs": "mollusc", "fish": "fish", "dairy": "dairy", "eggs": "egg", "gluten": "gluten",
    "soy": "soy", "sesame": "sesame", "mustard": "mustard", "celery": "celery",
    "lupin": "lupin", "sulphites": "sulphite",
}  # fmt: skip


def _whose(names: Sequence[str]) -> str:
    """ "your", "Ana's", "your and Tom's"."""
    said = ["your" if n == "you" else f"{n}'s" for n in names]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" and {said[-1]}"


def hazard_reason(
    hazard: Hazard,
    severities: dict[str, Severity],
    owners: Mapping[str, tuple[str, ...]] | None = None,
) -> str:
    """ "dairy allergy", "gluten intolerance", "vegan diet", "you avoid mushrooms"; for a
    household (`owners`), whose: "Ana's vegan diet", "your and Tom's peanut allergy", "Lea
    avoids olives"."""
    names = (owners or {}).get(f"{hazard.kind}:{hazard.name}", ())
    if names and hazard.kind != "dislike":
        return f"{_whose(names)} {hazard_reason(hazard, severities)}"
    if hazard.kind == "diet":
        return f"{hazard.name.replace('_', '-')} diet"
    if hazard.kind == "dislike":
        if names and names != ("you",):
            who = " and ".join(n for n in names)
            return f"{who} avoid{'s' if len(names) == 1 else ''} {hazard.name}"
        return f"you avoid {hazard.name}"
    label = LABELS.get(hazard.name, hazard.name)
    severity = severities.get(hazard.name)
    if severity == "intolerance":
        return f"{label} intolerance"
    if severity == "anaphylactic":
        return f"{label} allergy (anaphylactic)"
    return f"{label} allergy"


def reasons(
    hazards: Sequence[Hazard],
    severities: dict[str, Severity],
    owners: Mapping[str, tuple[str, ...]] | None = None,
) -> str:
    """Every need a line breaks, "dairy allergy and vegan diet"; for an allergen it only likely
    holds, why: "celery allergy (anaphylactic): most stocks hold celery"."""
    parts = []
    for hazard in hazards:
        reason = hazard_reason(hazard, severities, owners)
        if hazard.likely:
            reason += f": {hazard.reason or f'it may hold {display_name(hazard.name)}'}"
        parts.append(reason)
    return " and ".join(dict.fromkeys(parts))
