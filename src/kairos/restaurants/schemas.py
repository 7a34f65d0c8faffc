"""Payloads of the restaurant product (seed 000 §10, §11), in the seed's shapes."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kairos.core.allergy_guard import AllergenStatus, AllergyWarning
from kairos.core.fit_scorer import FitTag
from kairos.core.stored_text import StoredText
from kairos.pipeline.safety import AllergyCheck
from kairos.pipeline.trait_notes import TraitNote
from kairos.search.models import MatchExplanation
from kairos.text.extractive import CrowdProfile, Highlight, Quote, RuleLine

NEUTRAL = 5.0
"""What ranking assumes of an axis no review speaks to (never shown as a score)."""
UiType = Literal["restaurant_list", "radar_comparison", "map_view", "text"]


class RadarScores(BaseModel):
    """0–10 each, from review evidence; null where no review says anything about the axis
    ("not enough reviews"), never a made-up middle. `evidence` names the reviews whose words
    support each axis's score (a review arguing the other way is never listed as its support)."""

    romance: float | None = Field(ge=0, le=10)
    noise_level: float | None = Field(ge=0, le=10, description="quietness: 10 = silent")
    food_quality: float | None = Field(ge=0, le=10)
    vegan_options: float | None = Field(ge=0, le=10)
    value_for_money: float | None = Field(ge=0, le=10)
    evidence: dict[str, list[str]] = Field(default_factory=dict)

    def value(self, axis: str) -> float:
        """The axis's score for ranking: the neutral 5 where nothing is known."""
        found = getattr(self, axis)
        return NEUTRAL if found is None else float(found)


class RestaurantResult(BaseModel):
    id: int
    name: str
    area: str | None
    city: str | None
    address: str | None
    price_tier: str | None
    rating: float | None
    votes: int
    cuisine_types: list[str]
    url: str | None
    lat: float | None
    lng: float | None
    known_allergens: list[str]
    allergen_confidence: Literal["high", "medium", "low"]
    allergy: AllergyCheck = Field(
        description="the safety step's assessment of this place for you (every shown place)"
    )
    allergy_safe: bool = Field(description="no allergen of yours is known or suspected here")
    allergy_summary: str
    allergy_warnings: list[AllergyWarning] = Field(default_factory=list)
    allergen_status: list[AllergenStatus] = Field(default_factory=list)
    confidence_note: str | None = None
    scores: RadarScores | None = None
    composite_score: float | None = None
    summary: Quote | None = Field(default=None, description="a real review sentence, with its id")
    why: MatchExplanation | None = None
    evidence: list[TraitNote] = Field(
        default_factory=list, description="evidence for each diet or occasion asked for"
    )
    hours_note: str | None = Field(
        default=None,
        description="the place's hours for the time asked ('open now'), or that they are unknown",
    )


class ChatMessage(BaseModel):
    role: Literal["user", "assistant"]
    content: StoredText = Field(max_length=4000)


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: StoredText = Field(min_length=1, max_length=2000)
    conversation_history: list[ChatMessage] = Field(default_factory=list, max_length=50)
    session_id: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z0-9._:-]{1,128}$",
        description="the conversation this turn belongs to (1-128 letters, digits, '.', '_', "
        "':' or '-'); when absent, one session per user and UTC day. Echoed in the result.",
    )


class LearnedTaste(BaseModel):
    """What a message's explicit statement about the person taught their profile."""

    said: str = Field(description="the answer's sentence: 'Noted: you prefer $.'")
    added: dict[str, list[str]] = Field(description="preference key → the values added")
    undo: dict[str, dict[str, list[str]]] = Field(
        description="the body of PATCH /users/{uid} (or /demo/profile) that puts them back"
    )


class GenerativeUIPayload(BaseModel):
    ui_type: UiType
    message: str
    restaurants: list[RestaurantResult] = Field(default_factory=list)
    flagged_restaurants: list[RestaurantResult] = Field(default_factory=list)
    has_allergy_warnings: bool = False
    follow_up_questions: list[str] | None = None
    suggested_replies: list[str] = Field(
        default_factory=list,
        description="one-tap answers to the one question asked (the cities Kairos knows), each "
        "sent as the next message; never a question of its own (ADR-004: one question a turn)",
    )
    hard_excluded_allergens: list[str] = Field(
        default_factory=list, description="allergens removed in SQL before ranking"
    )
    relaxed_filters: list[str] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    cited_review_ids: list[str] = Field(default_factory=list)
    turn_id: str = ""
    session_id: str = Field(default="", description="the conversation this turn belongs to")
    learned: LearnedTaste | None = Field(
        default=None,
        description="taste this message stated, written to the profile after the turn; None "
        "when it stated none (a request teaches nothing)",
    )


class AllergySummary(BaseModel):
    is_safe: bool
    summary: str
    warnings: list[AllergyWarning]
    confidence_note: str | None = None


class RecommendationItem(BaseModel):
    rank: int
    fit_score: int = Field(ge=0, le=100)
    fit_points: dict[str, int]
    fit_tags: list[FitTag]
    consolidated_review: Quote
    allergy_summary: AllergySummary
    restaurant: RestaurantResult


class RecommendationPayload(BaseModel):
    uid: str
    generated_at: datetime
    cached: bool = False
    recommendations: list[RecommendationItem]
    hard_excluded_allergens: list[str] = Field(default_factory=list)
    location: str | None = Field(default=None, description="the city the picks are in")
    location_source: Literal["profile", "recent_requests"] | None = Field(
        default=None, description="how Kairos knows: the profile's home city, or recent chats"
    )
    note: str = Field(default="", description="one sentence saying where and why")


class AllergyDetail(BaseModel):
    summary: str
    statuses: list[AllergenStatus]
    recommendations: list[str]
    confidence_note: str | None = None


class ExpandedDetail(BaseModel):
    restaurant_id: int
    review_summary: Quote
    highlights: list[Highlight]
    crowd_profile: CrowdProfile
    best_for: list[RuleLine]
    avoid_if: list[RuleLine]
    radar_scores: RadarScores
    why_fit_paragraph: str
    allergy: AllergyCheck = Field(description="the safety step's assessment of this place for you")
    allergy_detail: AllergyDetail
    fit_score: int
