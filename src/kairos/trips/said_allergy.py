"""Allergies said in a trip request's words ("Singapore 2 days, allergic to peanuts"), read by
the engine's reading of allergy language (`text.query.constraints.extract_allergies`, with its
spelling correction and umbrella words), and added to the traveller's profile for that trip's
checks: every place to eat is checked for the profile's allergies plus the said ones. A said
allergy with no severity is severe; a stored severity is never lowered. The words are part of
the stored request, so a trip read again is checked for the same allergies."""

from __future__ import annotations

from typing import Any, Final

from kairos.core.allergens import SEVERITY_RISK, Severity, named_allergens
from kairos.core.allergy_profile import DEFAULT_CONFIRMED_SEVERITY, AllergyProfile
from kairos.core.allergy_warnings import display_name
from kairos.text.query.constraints import extract_allergies
from kairos.text.query.draft import Draft
from kairos.text.query.words import Words, normalise_message

__all__ = ["SAID_ALLERGY", "said_allergens", "said_note", "trip_allergies"]

SAID_ALLERGY: Final = "Your allergy to "
"""How the note on allergies said in the request begins (the intent's answer says it first)."""


def said_allergens(text: str) -> tuple[str, ...]:
    """Canonical allergens the words say the traveller must avoid, in the order said."""
    if not text.strip():
        return ()
    words = Words(normalise_message(text))
    draft = Draft()
    extract_allergies(words, draft, named_allergens)
    return tuple(draft.allergens)


def _request_said(request: dict[str, Any]) -> tuple[str, ...]:
    """Said in the request's words, then in a follow-up on the trip (`said_allergies`)."""
    later = tuple(str(a) for a in request.get("said_allergies") or ())
    return tuple(dict.fromkeys((*said_allergens(str(request.get("interests") or "")), *later)))


def trip_allergies(profile: AllergyProfile, request: dict[str, Any]) -> AllergyProfile:
    """The allergies a trip's places to eat are checked for: the profile's, plus those said in
    the request (severe unless the profile records a higher severity)."""
    said = _request_said(request)
    if not said:
        return profile
    levels: dict[str, Severity] = dict(profile.resolved_severities())
    for allergen in said:
        stored = levels.get(allergen)
        if stored is None or SEVERITY_RISK[stored] < SEVERITY_RISK[DEFAULT_CONFIRMED_SEVERITY]:
            levels[allergen] = DEFAULT_CONFIRMED_SEVERITY
    return AllergyProfile.of_levels(levels)


def said_note(profile: AllergyProfile, request: dict[str, Any]) -> str | None:
    """The allergies said in the request that the profile does not hold, said once."""
    new = [a for a in _request_said(request) if profile.severity_of(a) is None]
    if not new:
        return None
    names = [display_name(a) for a in new]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    one = len(new) == 1
    return (
        f"{SAID_ALLERGY}{listed} (said in your request) {'is' if one else 'are'} checked at every "
        f"place to eat; add {'it' if one else 'them'} to your profile to keep "
        f"{'it' if one else 'them'} for next time."
    )
