"""The planner's HTTP payloads, in the seed's names (seed 002 "API Reference") so that a client
written for it works; Kairos' additions (members, votes, evidence, meeting point) are optional
fields beside them."""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.stored_text import StoredText
from kairos.pipeline.safety import AllergyCheck

__all__ = [
    "ActionRequest",
    "Budget",
    "ChatMessage",
    "ExcludedVenue",
    "MeetingPoint",
    "Member",
    "MemberDistance",
    "MemberLocation",
    "MemberRisk",
    "PlanRequest",
    "PlanResponse",
    "RiskFlag",
    "VenueResult",
    "VoteRequest",
]

BudgetLevel = Literal["low", "medium", "high"]
Severity = Literal["high", "medium", "low"]
VoteValue = Literal["yes", "maybe", "no", "veto"]
PriceConfidence = Literal["high", "medium", "low", "none"]
_Name = Annotated[StoredText, StringConstraints(min_length=1, max_length=40)]


class MemberLocation(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: _Name | None = None
    lat: float = Field(ge=-90, le=90, strict=True)
    lng: float = Field(ge=-180, le=180, strict=True)


class Member(BaseModel):
    """One person in the group: their allergies (severity per allergen, like a profile) and
    diets are hard constraints on every venue."""

    model_config = ConfigDict(extra="forbid")

    name: _Name
    allergies: AllergyProfile = Field(default_factory=AllergyProfile)
    diets: list[Annotated[StoredText, StringConstraints(max_length=30)]] = Field(
        default_factory=list, max_length=6, description="vegan, vegetarian, halal, kosher, …"
    )
    lat: float | None = Field(default=None, ge=-90, le=90, strict=True)
    lng: float | None = Field(default=None, ge=-180, le=180, strict=True)


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    role: Annotated[StoredText, StringConstraints(max_length=20)] = "user"
    content: Annotated[StoredText, StringConstraints(max_length=2000)] = ""


class PlanRequest(BaseModel):
    """The seed's request; `members` is Kairos' group (each member's allergies and diets)."""

    model_config = ConfigDict(extra="forbid")

    prompt: Annotated[StoredText, StringConstraints(min_length=1, max_length=2000)]
    group_size: int = Field(default=1, ge=1, le=200)
    budget: BudgetLevel | Annotated[float, Field(gt=0, le=1_000_000, strict=True)] | None = Field(
        default=None, description="low / medium / high, or an amount for the whole group"
    )
    location: Annotated[StoredText, StringConstraints(max_length=120)] | None = None
    vibe: Annotated[StoredText, StringConstraints(max_length=60)] | None = None
    member_locations: list[MemberLocation] = Field(default_factory=list, max_length=30)
    chat_history: list[ChatMessage] = Field(default_factory=list, max_length=40)
    members: list[Member] = Field(default_factory=list, max_length=30)
    date: Annotated[StoredText, StringConstraints(max_length=40)] | None = Field(
        default=None, description="when, in words or ISO: 'saturday evening', '2026-12-05'"
    )


class Budget(BaseModel):
    level: BudgetLevel | None = None
    per_head: float | None = Field(default=None, description="amount per person")
    total: float | None = None
    currency: str | None = None
    text: str = ""


class RiskFlag(BaseModel):
    description: str
    severity: Severity
    kind: str = Field(description="weather, events, inspection, busy, capacity, history, allergy…")
    evidence: list[str] = Field(default_factory=list, description="what the flag rests on")


class MemberDistance(BaseModel):
    name: str
    km: float


class MemberRisk(BaseModel):
    name: str
    allergens: list[str]
    severity: str
    note: str


class MeetingPoint(BaseModel):
    rule: Literal["minimise_worst", "minimise_total"]
    lat: float
    lng: float
    explanation: str


class VenueResult(BaseModel):
    """The seed's venue, plus what Kairos shows beside it."""

    rank: int
    venue_id: str
    name: str
    address: str | None
    lat: float | None
    lng: float | None
    rating: float | None
    review_count: int = 0
    category: str | None = None
    kind: str = "restaurant"
    city: str | None = None
    vibe_score: float | None
    vibe_confidence: float = 0.0
    vibe_style: str | None = None
    price_range: str | None
    price_confidence: PriceConfidence
    price_sources: dict[str, str] = Field(default_factory=dict)
    price_from: str | None = None
    """The bottom of a range its source priced it at ("$$" of "$$–$$$"; `price_range` is the
    top); None for one tier."""
    value_score: float | None = None
    budget_fit: float | None = None
    risk_score: float = 1.0
    composite: float
    why: str = ""
    watch_out: str = ""
    evidence: list[str] = Field(default_factory=list, description="review, tip, inspection ids")
    risk_flags: list[RiskFlag] = Field(default_factory=list)
    veto: bool = False
    allergy: AllergyCheck = Field(
        description="the safety step's check of this venue for every member and the planner "
        "('you'): what is known or likely here, from which evidence, and who each risk is for"
    )
    members_at_risk: list[MemberRisk] = Field(
        default_factory=list,
        description="each person `allergy` names (with their own severity), and members whose "
        "diet this food venue shows no evidence for (severity 'diet')",
    )
    member_distances: list[MemberDistance] = Field(default_factory=list)
    takes_groups: bool | None = Field(
        default=None,
        description="its source or its reviews say it is good for groups (True), its source "
        "says it is not (False), nothing says (None); no source says how many it seats",
    )
    votes: dict[str, int] = Field(default_factory=dict)
    vetoed_by: list[str] = Field(default_factory=list)
    is_backup: bool = False
    other_kind: bool = Field(
        default=False,
        description="mainly another kind of place than asked (a counter venue kept for want "
        "of others, a café in a search for bars): never called the best pick",
    )


ExclusionCause = Literal[
    "allergy", "diet", "veto", "budget", "critic", "closed", "kind", "capacity", "noise", "vibe"
]


class ExcludedVenue(BaseModel):
    """A venue the plan found and left out, why, and for whom (each member it was left out
    for: their allergy, their diet, their veto)."""

    venue_id: str
    name: str
    reason: str
    cause: ExclusionCause = Field(
        default="allergy",
        description="allergy, diet, veto (a member's), budget (a follow-up asked for cheaper), "
        "critic (it advises against it), closed, kind (not the kind of place the outing needs), "
        "capacity (not good for a group this size), noise (asked quieter), vibe (under 0.4)",
    )
    members: list[str] = Field(default_factory=list, description="who it was left out for")
    city: str | None = None


class ActionRequest(BaseModel):
    id: uuid.UUID
    kind: Literal["email", "calendar"]
    status: Literal["proposed", "confirmed", "sent", "failed", "cancelled"]
    scopes: list[str]
    summary: str
    preview: dict[str, Any]
    confirm_url: str
    download_url: str | None = None


class PlanResponse(BaseModel):
    """The seed's `PlanResponse`; `plan_id` is shareable: members vote through it."""

    plan_id: uuid.UUID
    venues: list[VenueResult]
    global_consensus: str | None
    execution_summary: str
    user_profile: dict[str, Any]
    agent_weights: dict[str, float]
    action_request: ActionRequest | None = None
    parsed_intent: dict[str, Any] = Field(default_factory=dict)
    complexity_tier: Literal["tier_1", "tier_2", "tier_3"] = "tier_1"
    active_agents: list[str] = Field(default_factory=list)
    requires_oauth: bool = False
    oauth_scopes: list[str] = Field(default_factory=list)
    meeting_point: MeetingPoint | None = None
    backup: VenueResult | None = None
    members: list[str] = Field(default_factory=list)
    excluded: list[ExcludedVenue] = Field(
        default_factory=list,
        description="every venue found and left out (a member's allergy or diet, a veto, the "
        "budget, the critic, the kind of place or its size), with the reason and the member",
    )
    hard_excluded_allergens: dict[str, list[str]] = Field(
        default_factory=dict,
        description="allergen → the members it is excluded for: no venue shown is known to "
        "contain it (left out in SQL, and by the guard with the reason in `excluded`)",
    )
    agent_status: dict[str, str] = Field(default_factory=dict)
    timings_ms: dict[str, float] = Field(default_factory=dict)


class VoteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    member: _Name
    venue_id: Annotated[StoredText, StringConstraints(min_length=1, max_length=40)]
    vote: VoteValue
