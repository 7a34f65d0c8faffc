"""One schema family per entity: create, update, public."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, computed_field

from kairos.core.allergy_profile import AllergyProfile, coverage
from kairos.core.fit_scorer import TastePreferences
from kairos.core.stored_text import StoredText
from kairos.profiles.cook import CookProfile
from kairos.profiles.planner import PlannerPreferences
from kairos.profiles.travel import TravelPreferences

TASTE_LIST_MAX_ITEMS: Final = 50
TASTE_ITEM_MAX_CHARS: Final = 80
# the length checked first, so the 422 reads "at most 80 characters" (after the storable check
# pydantic counts "items")
_TasteItem = Annotated[
    str, StringConstraints(max_length=TASTE_ITEM_MAX_CHARS), *StoredText.__metadata__
]


def _taste_list(description: str | None = None) -> list[str]:
    return Field(default_factory=list, max_length=TASTE_LIST_MAX_ITEMS, description=description)


class TasteInput(TastePreferences):
    """Taste as a client sends it: each list at most 50 items of at most 80 characters (a
    cuisine, a vibe or a diet is a few words). A 422 names the list and the limit. Stored
    profiles are read without these limits, so none written before them stops loading."""

    model_config = ConfigDict(from_attributes=True)  # a `TastePreferences` is checked too

    cuisine_affinity: list[_TasteItem] = _taste_list()
    cuisine_aversion: list[_TasteItem] = _taste_list()
    vibes: list[_TasteItem] = _taste_list("Most important first.")
    dietary: list[_TasteItem] = _taste_list()


class UserCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    preferences: TasteInput = Field(default_factory=TasteInput)
    allergies: AllergyProfile = Field(default_factory=AllergyProfile)
    cook: CookProfile = Field(default_factory=CookProfile)


class UserUpdate(BaseModel):
    """Preferences only: allergies change through /users/{uid}/allergies and nowhere else."""

    model_config = ConfigDict(extra="forbid")

    preferences: TasteInput


class AllergyUpdate(AllergyProfile):
    model_config = ConfigDict(extra="forbid")


class UserPublic(BaseModel):
    uid: uuid.UUID
    preferences: TastePreferences
    allergies: AllergyProfile
    cook: CookProfile = Field(default_factory=CookProfile)
    planner: PlannerPreferences = Field(default_factory=PlannerPreferences)
    travel: TravelPreferences = Field(default_factory=TravelPreferences)
    allergy_flags: list[str]
    dietary_flags: list[str]

    vibe_tags: list[str]
    preferred_price_tiers: list[str]
    interaction_count: int
    version: int = Field(description="bumped by every profile write; caches key by it")
    tokens_not_before: datetime | None = Field(
        default=None, description="user tokens issued before this instant are refused"
    )
    demo_session: str | None = Field(default=None, exclude=True)
    recent_cities: dict[str, str] | None = Field(
        default=None,
        exclude=True,
        description="the city of the latest request naming one, by product; None when not read",
    )
    last_active_at: datetime | None
    created_at: datetime

    @property
    def account(self) -> str:
        """This user row among every row the uid has had: a user deleted and created again
        with the same uid is a new account (its `version` starts again at 1, and tokens
        issued to the old one do not speak for it)."""
        return f"{self.created_at.timestamp():.6f}"

    @property
    def cache_identity(self) -> str:
        """The stored profile as caches must key it: the uid, the account and the version
        every profile write bumps."""
        return f"{self.uid}.{self.account}.v{self.version}"

    @computed_field(  # type: ignore[prop-decorator]
        description="what each allergy keeps out, in words a person checks against their own"
    )
    @property
    def allergy_coverage(self) -> list[str]:
        return coverage(self.allergies)
