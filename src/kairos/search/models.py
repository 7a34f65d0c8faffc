"""What a search returns: the place as stored, and why it matched."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from kairos.store.places import PlaceSummary

__all__ = ["Arm", "MatchExplanation", "PlaceSummary", "SearchHit", "SearchResult"]

Arm = Literal["text", "vector", "rating"]


class MatchExplanation(BaseModel):
    arms: list[Arm] = Field(description="which rankings found this place")
    matched_terms: list[str] = Field(default_factory=list, description="query words found")
    similarity: float | None = Field(default=None, description="cosine of the closest review")
    best_review_id: int | None = None
    snippet: str | None = None
    distance_km: float | None = None


class SearchHit(BaseModel):
    place: PlaceSummary
    version: str | None = Field(default=None, description="the row's version (xmin) as read")
    score: float
    rank: int
    why: MatchExplanation


class SearchResult(BaseModel):
    hits: list[SearchHit]
    strategy: str = Field(description="how vectors were searched: exact, hnsw or none")
    resolved: dict[str, list[str]] = Field(
        default_factory=dict, description="how fuzzy filters were resolved (city, area, categories)"
    )
