"""The cook's part of the shared profile (the meal coach, seed 001): diet style, dislikes,
equipment, time per meal, skill, units, and the household members cooked for, each with their
own allergies at their own severities.

A member's allergies are validated by the same `AllergyProfile` as the user's, so "prawns" is
shellfish and a missing severity is severe. Cooking "for the household" applies the union of
every member's hard constraints (the meals product does that with `group_profile`). Feedback
never writes allergies: the learner may only add to `dislikes`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.stored_text import StoredText

__all__ = ["CookProfile", "CookUpdate", "HouseholdMember", "merge_cook_patch"]

CookingSkill = Literal["beginner", "intermediate", "advanced"]
UnitSystem = Literal["metric", "imperial"]
_Word = Annotated[StoredText, StringConstraints(min_length=1, max_length=60)]


def _clean(values: list[str]) -> list[str]:
    """Lower case, single spaces, first mention kept."""
    seen: dict[str, None] = {}
    for value in values:
        word = " ".join(value.lower().split())
        if word:
            seen.setdefault(word, None)
    return list(seen)


class HouseholdMember(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[StoredText, StringConstraints(min_length=1, max_length=40)]
    allergies: AllergyProfile = Field(default_factory=AllergyProfile)
    dislikes: list[_Word] = Field(default_factory=list, max_length=40)
    diet_style: _Word | None = Field(default=None, description="vegetarian, vegan, pescatarian…")

    @field_validator("dislikes")
    @classmethod
    def _dislikes(cls, value: list[str]) -> list[str]:
        return _clean(value)


class CookProfile(BaseModel):
    """Stored in `users.cook`. Every field optional: an empty profile cooks for one person with
    no restriction beyond their allergies."""

    model_config = ConfigDict(extra="forbid")

    diet_style: _Word | None = Field(default=None, description="vegetarian, vegan, pescatarian…")
    dislikes: list[_Word] = Field(default_factory=list, max_length=80)
    equipment: list[_Word] | None = Field(
        default=None,
        max_length=30,
        description="what the kitchen has (oven, stovetop, air fryer, microwave, slow cooker, "
        "pressure cooker, blender, food processor, mixer, grill, steamer); null = not said",
    )
    time_per_meal_minutes: int | None = Field(default=None, ge=5, le=600)
    skill: CookingSkill | None = None
    units: UnitSystem = "metric"
    household: list[HouseholdMember] = Field(default_factory=list, max_length=12)

    @field_validator("dislikes")
    @classmethod
    def _dislikes(cls, value: list[str]) -> list[str]:
        return _clean(value)

    @field_validator("equipment")
    @classmethod
    def _equipment(cls, value: list[str] | None) -> list[str] | None:
        return None if value is None else _clean(value)


class CookUpdate(BaseModel):
    """A partial update: fields sent replace the stored ones, fields not sent are kept."""

    model_config = ConfigDict(extra="forbid")

    diet_style: _Word | None = None
    dislikes: list[_Word] | None = Field(default=None, max_length=80)
    equipment: list[_Word] | None = Field(default=None, max_length=30)
    time_per_meal_minutes: int | None = Field(default=None, ge=5, le=600)
    skill: CookingSkill | None = None
    units: UnitSystem | None = None
    household: list[HouseholdMember] | None = Field(default=None, max_length=12)


def merge_cook_patch(current: CookProfile, patch: CookUpdate) -> CookProfile:
    sent = patch.model_dump(exclude_unset=True)
    if sent.get("units") is None:
        sent.pop("units", None)
    for key in ("dislikes", "household"):
        if key in sent and sent[key] is None:
            sent[key] = []
    return CookProfile.model_validate({**current.model_dump(), **sent})
