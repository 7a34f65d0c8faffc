"""The structured part of a search request, shared by every product and every query parser."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from kairos.core.geo import MAX_RADIUS_KM
from kairos.core.pricing import PRICE_TIERS, PriceTier, Tier
from kairos.core.stored_text import StoredText

__all__ = ["MAX_RADIUS_KM", "PRICE_TIERS", "GeoPoint", "PriceTier", "SearchFilters", "Tier"]


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
    towns: list[StoredText] = Field(
        default_factory=list,
        description="towns searched with the city: the boroughs of a metropolis its sources "
        "file under their own town (Twickenham, Greater London)",
    )
    area: StoredText | None = Field(default=None, description="neighbourhood or district, fuzzy")
    min_rating: float | None = Field(default=None, ge=0, le=5)
    near: GeoPoint | None = None
    radius_km: float | None = Field(default=None, gt=0, le=MAX_RADIUS_KM)
    exclude_allergens: list[StoredText] = Field(
        default_factory=list, description="canonical allergens excluded in SQL (hard filter)"
    )
    kinds: list[StoredText] = Field(default_factory=list, description="restaurant, cafe, bar, …")
    traits: list[StoredText] = Field(
        default_factory=list,
        description="diets and occasions a place must hold, with evidence (vegan, outdoor, …)",
    )

    @field_validator(
        "categories", "exclude_categories", "kinds", "exclude_allergens", "traits", "towns"
    )
    @classmethod
    def _lower(cls, values: list[str]) -> list[str]:
        return sorted({v.strip().lower() for v in values if v and v.strip()})

    @field_validator("city", "area")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value.strip() or None if value else None
