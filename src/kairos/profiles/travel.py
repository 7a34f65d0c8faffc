"""The traveller's part of the shared profile (seed 003: favourite tags, companions, travel modes,
pace and accessibility needs). A trip request's own values win; what it leaves out is taken from
here, and the trip says which values came from the profile.

- `favourite_tags`: kinds or tags ("museum", "viewpoint", "temple") ranked higher in retrieval;
- `companions`: who travels; `family_with_kids` keeps bars and nightlife out of the plan;
- `modes`: travel modes in order of preference, the first is the trip's default;
- `pace`: relaxed, moderate or packed;
- `accessibility`: only step-free (wheelchair) places.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

from kairos.core.stored_text import StoredText

__all__ = [
    "Companions",
    "Mode",
    "Pace",
    "TravelPreferences",
    "TravelUpdate",
    "merge_travel_patch",
]

Pace = Literal["relaxed", "moderate", "packed"]
Mode = Literal["walk", "transit", "drive"]
Companions = Literal["solo", "partner", "friends", "family_with_kids", "group"]
Tag = Annotated[StoredText, StringConstraints(min_length=2, max_length=40)]


class TravelPreferences(BaseModel):
    """Stored in `users.travel`; every field has a neutral default."""

    model_config = ConfigDict(extra="forbid")

    favourite_tags: list[Tag] = Field(default_factory=list, max_length=20)
    companions: Companions | None = None
    modes: list[Mode] = Field(default_factory=list, max_length=3)
    pace: Pace | None = None
    accessibility: StrictBool = Field(
        default=False, description="only step-free (wheelchair) places"
    )


class TravelUpdate(BaseModel):
    """A partial update: fields sent replace the stored ones, fields not sent are kept; an
    explicit null clears `companions` or `pace` (the other fields ignore a null)."""

    model_config = ConfigDict(extra="forbid")

    favourite_tags: list[Tag] | None = Field(default=None, max_length=20)
    companions: Companions | None = None
    modes: list[Mode] | None = Field(default=None, max_length=3)
    pace: Pace | None = None
    accessibility: StrictBool | None = None


_CLEARABLE = frozenset({"companions", "pace"})


def merge_travel_patch(current: TravelPreferences, patch: TravelUpdate) -> TravelPreferences:
    sent = {k: v for k, v in patch.model_dump(exclude_unset=True).items()
            if v is not None or k in _CLEARABLE}  # fmt: skip
    if "favourite_tags" in sent:
        sent["favourite_tags"] = list(
            dict.fromkeys(t.strip().lower() for t in sent["favourite_tags"])
        )
    if "modes" in sent:
        sent["modes"] = list(dict.fromkeys(sent["modes"]))
    return TravelPreferences.model_validate({**current.model_dump(), **sent})
