"""Warning wording: one level and title per severity, one sentence per kind of evidence.

The level is chosen by the user's severity, never by how sure we are: an anaphylactic allergy
gets a danger banner even when the only hint is the cuisine, and an intolerance gets an info note
even when the dish certainly contains it. How sure we are is said in the message instead.
"""

from __future__ import annotations

from typing import Final, Literal

from kairos.core.allergen_detection import MentionStatus
from kairos.core.allergens import Confidence, Severity
from kairos.core.place_allergens import EvidenceSource

__all__ = [
    "LEVELS",
    "TITLES",
    "WarningLevel",
    "advice",
    "confidence_note",
    "display_name",
    "warning_message",
]

WarningLevel = Literal["danger", "warning", "caution", "info"]

LEVELS: Final[dict[Severity, WarningLevel]] = {
    "anaphylactic": "danger",
    "severe": "warning",
    "moderate": "caution",
    "intolerance": "info",
}
TITLES: Final[dict[Severity, str]] = {
    "anaphylactic": "Anaphylaxis risk",
    "severe": "Allergy warning",
    "moderate": "May contain",
    "intolerance": "Contains",
}
_NAMES: Final[dict[str, str]] = {
    "tree_nuts": "tree nuts",
    "molluscs": "molluscs",
    "sulphites": "sulphites",
}
_SOURCES: Final[dict[str, str]] = {
    "menu": "its menu",
    "dish": "a dish it serves",
    "review": "a review",
}
_ADVICE: Final[dict[Severity, str]] = {
    "anaphylactic": (
        "Anaphylaxis risk for {whom}: do not eat here unless staff confirm a {name}-free "
        "preparation with no cross-contact, and keep {their} emergency medication with {them}."
    ),
    "severe": "This can cause {whom} a severe reaction: ask staff before ordering.",
    "moderate": "Check with staff if {who} want{s} to avoid {name}.",
    "intolerance": "{Who} noted an intolerance; choose dishes without {name}.",
}
_NOTES: Final[dict[Confidence, str]] = {
    # Scoped to the 14 allergens: a custom ingredient ("garlic") is read from the reviews at
    # request time, so a card can cite a review for it while these notes stay true.
    "medium": (
        "For the 14 major allergens, this place's information comes from its cuisine type, not "
        "from its menu or reviews, so it is not verified. Confirm with staff before ordering."
    ),
    "low": (
        "Nothing is known about the 14 major allergens at this place. Confirm with staff before "
        "ordering."
    ),
}


def display_name(allergen: str) -> str:
    """How an allergen or custom ingredient is written in sentences."""
    return _NAMES.get(allergen, allergen.replace("_", " "))


def _evidence_sentence(
    name: str, status: MentionStatus, source: EvidenceSource | None, span: str, ref: str | None
) -> str:
    if source == "cuisine_heuristic":
        cuisine = ref or span
        return f"{cuisine.title()} kitchens commonly use {name}; not verified for this place."
    if source == "category":
        return f"Contains {name}: every {(ref or span).lower()} place serves it."
    if source == "name":
        return f'Contains {name}: its name, "{ref or span}", says {span.lower()}.'
    if source == "description":
        why = f" ({ref})" if ref else ""
        return (
            f'May contain {name}: its own description names "{span}"{why}; not verified for '
            "this place."
        )
    if source is None:
        verb = "containing" if status == "contains" else "possibly containing"
        return f"Recorded as {verb} {name} (source not kept)."
    where = _SOURCES[source]
    if status == "may_contain":
        return f'May contain {name}: {where} says "{span}".'
    return f'Contains {name}: {where} mentions "{span}".'


def advice(severity: Severity, allergen: str, who: str = "you") -> str:
    """What to do about one allergen at one place, said to or about `who` ("you", "Sam",
    "Sam and Ana")."""
    you = who == "you"
    return _ADVICE[severity].format(
        name=display_name(allergen),
        whom=who,
        who=who,
        Who=who[:1].upper() + who[1:],
        their="your" if you else "their",
        them="you" if you else "them",
        s="" if you or " and " in who else "s",
    )


def warning_message(
    allergen: str,
    severity: Severity,
    status: MentionStatus,
    source: EvidenceSource | None,
    span: str,
    ref: str | None,
) -> str:
    """The full sentence shown under the warning title, from one piece of evidence."""
    name = display_name(allergen)
    sentence = _evidence_sentence(name, status, source, span, ref)
    return f"{sentence} {advice(severity, allergen)}"


def confidence_note(confidence: Confidence) -> str | None:
    """The note shown when a place's allergen knowledge is not high-confidence."""
    return _NOTES.get(confidence)
