"""A partial update of an allergy profile: only the fields sent change anything.

An allergy update must never lose an allergy the person did not ask to lose. The rules, applied
in this order to the stored profile:

- `remove`: the named entries leave the profile, whatever their severity.
- `confirmed`: becomes the list of confirmed allergies. Confirmed entries not listed leave,
  except anaphylactic ones, which leave only when named (`remove`, or a new `severity`).
  Listed entries become confirmed, keeping a stored confirmed severity, else `severe`.
- `intolerances`: becomes the list of intolerances. Intolerances not listed leave; listed
  entries are added as intolerances, but an entry already confirmed stays confirmed (the
  riskier reading wins).
- `severity`: sets the severity of each named entry (adding it if new); others keep theirs.
- nothing sent: nothing changes.

Every name is normalised as on validation ("prawns" -> shellfish, "nuts" -> tree_nuts and
peanuts), so an update names allergens the way a profile does.
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from kairos.core.allergens import SEVERITY_RISK, Severity, expand_allergen
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.stored_text import StoredText, storable_keys

__all__ = ["AllergyChange", "apply_change"]

_Entry = Annotated[StoredText, StringConstraints(min_length=1, max_length=80)]
_DEFAULT_CONFIRMED: Final[Severity] = "severe"


class AllergyChange(BaseModel):
    """`PATCH …/allergies`: every field optional; a field not sent leaves the profile alone."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=storable_keys)

    confirmed: list[_Entry] | None = Field(
        default=None,
        max_length=64,
        description="the confirmed allergies; anaphylactic ones not listed are kept "
        "(remove them by name with `remove`)",
    )
    intolerances: list[_Entry] | None = Field(
        default=None, max_length=64, description="the intolerances; a confirmed allergy stays one"
    )
    severity: dict[_Entry, Severity] | None = Field(
        default=None, max_length=64, description="severity per entry; entries not named keep theirs"
    )
    remove: list[_Entry] | None = Field(
        default=None,
        max_length=64,
        description="entries to take out of the profile; the only way an anaphylactic allergy "
        "leaves it apart from naming a new severity",
    )


def _names(terms: list[str] | None) -> list[str]:
    return list(dict.fromkeys(name for term in terms or () for name in expand_allergen(term)))


def _named_severities(severity: dict[str, Severity] | None) -> dict[str, Severity]:
    named: dict[str, Severity] = {}
    for term, level in (severity or {}).items():
        for name in expand_allergen(term):
            current = named.get(name)
            if current is None or SEVERITY_RISK[level] > SEVERITY_RISK[current]:
                named[name] = level
    return named


def apply_change(profile: AllergyProfile, change: AllergyChange) -> AllergyProfile:
    """The profile after `change`, following the table in the module docstring."""
    levels: dict[str, Severity] = profile.resolved_severities()
    for name in _names(change.remove):
        levels.pop(name, None)
    if change.confirmed is not None:
        listed = _names(change.confirmed)
        for name, level in list(levels.items()):
            if level not in ("intolerance", "anaphylactic") and name not in listed:
                del levels[name]
        for name in listed:
            if levels.get(name, "intolerance") == "intolerance":
                levels[name] = _DEFAULT_CONFIRMED
    if change.intolerances is not None:
        listed = _names(change.intolerances)
        for name, level in list(levels.items()):
            if level == "intolerance" and name not in listed:
                del levels[name]
        for name in listed:
            levels.setdefault(name, "intolerance")
    levels.update(_named_severities(change.severity))
    return AllergyProfile.of_levels(levels)
