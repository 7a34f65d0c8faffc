"""A user's allergy profile, normalised on validation so every later check sees canonical names.

The stored shape is the seed's `{confirmed, intolerances, severity}`. Whatever a client sends
("Ghee", "prawns", "nut allergy", "garlic") is rewritten on validation: synonyms become canonical
allergens, umbrella words widen ("nuts" -> tree_nuts and peanuts), unknown words stay as custom
ingredients, duplicates merge keeping the riskiest severity, and every entry gets a severity.
Validating the output again gives the same profile, so it is safe to store and re-read.
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from kairos.core.allergens import (
    SEVERITY_RISK,
    Severity,
    expand_allergen,
    is_canonical,
)
from kairos.core.stored_text import StoredText, storable_keys

__all__ = ["AllergyProfile", "anaphylactic_allergens", "flags"]

DEFAULT_CONFIRMED_SEVERITY: Final[Severity] = "severe"
"""A confirmed allergy with no stated severity is treated as severe, never as mild."""
DEFAULT_INTOLERANCE_SEVERITY: Final[Severity] = "intolerance"

_Entry = Annotated[StoredText, StringConstraints(max_length=80)]


def _riskier(current: Severity | None, new: Severity) -> Severity:
    if current is None or SEVERITY_RISK[new] > SEVERITY_RISK[current]:
        return new
    return current


def _resolved(
    confirmed: list[str], intolerances: list[str], severity: dict[str, Severity | None]
) -> dict[str, Severity]:
    """One severity per canonical name, in first-named order (confirmed, then intolerances).

    Outside the validator so that mutation testing, which skips decorated functions, reaches it.
    """
    explicit: dict[str, Severity] = {}
    for term, stated in severity.items():
        if stated is None:
            continue
        for name in expand_allergen(term):
            explicit[name] = _riskier(explicit.get(name), stated)
    resolved: dict[str, Severity] = {}
    for terms, default in (
        (confirmed, DEFAULT_CONFIRMED_SEVERITY),
        (intolerances, DEFAULT_INTOLERANCE_SEVERITY),
    ):
        for term in terms:
            for name in expand_allergen(term):
                chosen = explicit.get(name, default)
                resolved[name] = _riskier(resolved.get(name), chosen)
    for term in severity:
        # A severity for an allergen listed nowhere else is still an allergy; None -> severe.
        for name in expand_allergen(term):
            resolved.setdefault(name, explicit.get(name, DEFAULT_CONFIRMED_SEVERITY))
    return resolved


class AllergyProfile(BaseModel):
    """Confirmed allergies, intolerances and their severities, in canonical names.

    After validation: `severity` has exactly one entry per allergen or custom ingredient;
    `confirmed` lists those with a severity above `intolerance`, `intolerances` the rest, each in
    the order the user first named them.
    """

    model_config = ConfigDict(extra="forbid", json_schema_extra=storable_keys)

    confirmed: list[_Entry] = Field(default_factory=list, max_length=64)
    intolerances: list[_Entry] = Field(default_factory=list, max_length=64)
    severity: dict[_Entry, Severity | None] = Field(default_factory=dict, max_length=64)

    @model_validator(mode="after")
    def _normalise(self) -> AllergyProfile:
        resolved = _resolved(self.confirmed, self.intolerances, self.severity)
        self.confirmed = [name for name, level in resolved.items() if level != "intolerance"]
        self.intolerances = [name for name, level in resolved.items() if level == "intolerance"]
        self.severity = dict(resolved)
        return self

    def severity_of(self, allergen: str) -> Severity | None:
        """The severity recorded for a canonical allergen or custom ingredient, if any."""
        return self.severity.get(allergen)

    @property
    def allergens(self) -> list[str]:
        """Every allergen and custom ingredient in the profile, in first-named order."""
        return list(self.severity)

    @property
    def custom_ingredients(self) -> list[str]:
        """Entries that are not one of the 14 canonical allergens (garlic, kiwi, ...)."""
        return [name for name in self.severity if not is_canonical(name)]

    def resolved_severities(self) -> dict[str, Severity]:
        """`severity` with the guarantee, for type checkers, that no value is None."""
        return {name: level or DEFAULT_CONFIRMED_SEVERITY for name, level in self.severity.items()}


def anaphylactic_allergens(profile: AllergyProfile) -> frozenset[str]:
    """Allergens whose severity is anaphylactic: the ones SQL must always exclude."""
    return frozenset(
        name for name, level in profile.resolved_severities().items() if level == "anaphylactic"
    )


def flags(profile: AllergyProfile) -> list[str]:
    """Flat, ordered list of every allergen and custom ingredient (users.allergy_flags)."""
    return profile.allergens
