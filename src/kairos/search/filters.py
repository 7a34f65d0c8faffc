"""The structured part of a search request, shared by every product and every query parser."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, BeforeValidator, Field, field_validator

from kairos.core.price_tiers import PRICE_TIERS, PriceTier
from kairos.core.stored_text import StoredText

__all__ = ["MAX_RADIUS_KM", "PRICE_TIERS", "GeoPoint", "PriceTier", "SearchFilters", "Tier"]

MAX_RADIUS_KM: Final = 100.0


def _coerce_tier(value: object) -> object:
    """Models and people write tiers as 2, "2" or "$$"; all mean the same thing."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and 1 <= value <= 4:
        return PRICE_TIERS[value - 1]
    if isinstance(value, str) and value.strip().isdigit() and 1 <= int(value) <= 4:
        return PRICE_TIERS[int(value) - 1]
    if isinstance(value, str):
        return value.strip()
    return value


Tier = Annotated[PriceTier, BeforeValidator(_coerce_tier)]


class GeoPoint(BaseModel):
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)


class SearchFilters(BaseModel):
    """Hard constraints: a place that fails one is not a candidate."""

    price_tiers: list[Tier] = Field(default_factory=list)
    categories: list[StoredText] = Field(
        default_factory=list, description="cuisines or categories; any match, case-insensitive"
    )
    exclude_categories: list[StoredText] = Field(default_factory=list)
    city: StoredText | None = Field(default=None, description="fuzzy, case-insensitive")
    area: StoredText | None = Field(default=None, description="neighbourhood or district, fuzzy")
    min_rating: float | None = Field(default=None, ge=0, le=5)
    near: GeoPoint | None = None
    radius_km: float | None = Field(default=None, gt=0, le=MAX_RADIUS_KM)
    exclude_allergens: list[StoredText] = Field(
        default_factory=list, description="canonical allergens excluded in SQL (hard filter)"
    )
    kinds: list[StoredText] = Field(default_factory=list, description="restaurant, cafe, bar, …")

    @field_validator("categories", "exclude_categories", "kinds", "exclude_allergens")
    @classmethod
    def _lower(cls, values: list[str]) -> list[str]:
        return sorted({v.strip().lower() for v in values if v and v.strip()})

    @field_validator("city", "area")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value.strip() or None if value else None
