"""What a search returns: the place as stored, and why it matched."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Arm = Literal["text", "vector", "rating"]


class PlaceSummary(BaseModel):
    id: int
    name: str
    kind: str
    categories: list[str]
    price_tier: str | None
    rating: float | None
    votes: int
    city: str | None
    area: str | None
    address: str | None
    lat: float | None
    lng: float | None
    url: str | None
    known_allergens: list[str]
    contains_allergens: list[str]
    allergen_confidence: Literal["high", "medium", "low"]
    allergen_evidence: list[dict[str, Any]] = Field(default_factory=list)
    review_count: int = 0


class MatchExplanation(BaseModel):
    arms: list[Arm] = Field(description="which rankings found this place")
    matched_terms: list[str] = Field(default_factory=list, description="query words found")
    similarity: float | None = Field(default=None, description="cosine of the closest review")
    best_review_id: int | None = None
    snippet: str | None = None
    distance_km: float | None = None


class SearchHit(BaseModel):
    place: PlaceSummary
    score: float
    rank: int
    why: MatchExplanation


class SearchResult(BaseModel):
    hits: list[SearchHit]
    strategy: str = Field(description="how vectors were searched: exact, hnsw or none")
    resolved: dict[str, list[str]] = Field(
        default_factory=dict, description="how fuzzy filters were resolved (city, area, categories)"
    )
