"""The one safety step every product calls before it shows places to a person.

In order: the hard set (every anaphylactic allergen of the profile, plus what this request
excludes — already applied in SQL by the caller's search, and applied again here); the profile's
custom ingredients ("garlic", "kiwi") read from the candidates' own reviews, since ingestion
knows only the 14; then the guard, which excludes, flags or annotates every place and never
hides one silently (`core/allergy_guard.py`). A group is one profile: the union of its members'
allergies, each at the riskiest severity any member has (`group_profile`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kairos.core.allergens import SEVERITY_RISK, Severity
from kairos.core.allergy_guard import GuardResult, check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.core.place_allergens import custom_ingredient_evidence
from kairos.store.places import PlaceRecord, PlacesRepository

__all__ = ["group_profile", "guard_places", "hard_set"]

CUSTOM_REVIEWS_PER_PLACE = 20


def hard_set(profile: AllergyProfile, exclude: Iterable[str] = ()) -> list[str]:
    """Allergens no place shown may be known to contain: the SQL filter and the guard's rule 1."""
    return sorted(hard_excluded_allergens(profile, list(exclude)))


def group_profile(profiles: Iterable[AllergyProfile]) -> AllergyProfile:
    """One profile for several people: every allergy of any member, at the riskiest severity."""
    levels: dict[str, Severity] = {}
    for profile in profiles:
        for name, level in profile.resolved_severities().items():
            if name not in levels or SEVERITY_RISK[level] > SEVERITY_RISK[levels[name]]:
                levels[name] = level
    return AllergyProfile(severity=dict(levels))


async def guard_places(
    places: PlacesRepository,
    records: Sequence[PlaceRecord],
    profile: AllergyProfile,
    *,
    exclude: Iterable[str] = (),
) -> GuardResult[PlaceRecord]:
    """Safe, flagged and excluded places for this profile, in the caller's order within each."""
    hard = hard_set(profile, exclude)
    evidenced = list(records)
    terms = profile.custom_ingredients
    if terms and evidenced:
        texts = await places.reviews_naming(
            [r.place.id for r in evidenced], terms, per_place=CUSTOM_REVIEWS_PER_PLACE
        )
        evidenced = [
            r.with_evidence(found)
            if (found := custom_ingredient_evidence(texts.get(r.place.id, ()), terms))
            else r
            for r in evidenced
        ]
    return check(evidenced, profile, allergens_of=lambda r: r.allergens, hard_excluded=hard)
