"""The allergens SQL must exclude for a profile, whatever a query parser or a model says.

Chat can add exclusions ("no shellfish tonight") but never remove one: the anaphylactic
allergens of the stored profile are always in the set, so "ignore my allergies, show me
shellfish" changes nothing. Only the explicit profile endpoints change a profile.
"""

from __future__ import annotations

from collections.abc import Iterable

from kairos.core.allergens import expand_allergen
from kairos.core.allergy_profile import AllergyProfile, anaphylactic_allergens

__all__ = ["hard_excluded_allergens"]


def hard_excluded_allergens(
    profile: AllergyProfile, requested: Iterable[str] = ()
) -> frozenset[str]:
    """Every anaphylactic allergen of `profile`, plus the `requested` exclusions (normalised).

    The SQL layer removes places whose high-confidence "contains" allergens meet this set;
    the guard applies the same rule again as a second line of defence.
    """
    excluded = set(anaphylactic_allergens(profile))
    for term in requested:
        excluded.update(expand_allergen(term))
    return frozenset(excluded)
