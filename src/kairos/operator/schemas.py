"""The operator assistant's HTTP payloads (seed 004): one request shape, one answer shape for all
three cards (ADR-024: the cards share the output schema and differ in what they fetch and rank).
"""

from __future__ import annotations

import uuid
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    WithJsonSchema,
    field_validator,
)

from kairos.core.stored_text import StoredText
from kairos.errors import InvalidInput
from kairos.signals.geocoding.models import check_location_text

__all__ = [
    "ActionLine",
    "Card",
    "CompetitorSnapshot",
    "Confidence",
    "ConfidenceCap",
    "DaypartDemand",
    "Driver",
    "EvidenceItem",
    "GuestSnapshot",
    "OperatorAnswer",
    "OperatorRequest",
    "ResolvedLocation",
    "SourceStatus",
    "StaffAction",
    "ThemeSignal",
]

Card = Literal["staffing", "risk", "opportunity"]
Level = Literal["low", "medium", "high"]
Daypart = Literal["breakfast", "lunch", "afternoon", "dinner", "late"]
_THREE_ALNUM = r"(?:[^A-Za-z0-9]*[A-Za-z0-9]){3}"
_LocationText = Annotated[
    StoredText,
    StringConstraints(min_length=3, max_length=200, pattern=_THREE_ALNUM),
    WithJsonSchema(
        {
            "type": "string",
            "minLength": 3,
            "maxLength": 200,
            "pattern": r"^(?:[^\x00A-Za-z0-9]*[A-Za-z0-9]){3}[^\x00]*$",
        }
    ),
]
"""ADR-021: at least three letters or digits (a ZIP, an address, a name); the validator below
says what to type instead."""


class OperatorRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: Annotated[StoredText, StringConstraints(min_length=1, max_length=2000)]
    session_id: uuid.UUID | None = Field(
        default=None, description="continue a session; omit to start one (the answer gives it)"
    )
    card: Card | None = Field(default=None, description="staffing, risk or opportunity")
    locations: list[_LocationText] | None = Field(
        default=None,
        max_length=3,
        description="addresses, ZIPs or place names; replaces the session's locations",
    )
    refresh: bool = Field(default=False, description="fetch every source live (ADR-007)")

    @field_validator("locations", mode="before")
    @classmethod
    def _lookupable(cls, value: object) -> object:
        """ADR-021: text too short to look up is refused before any lookup, with examples
        (before the schema's own pattern, whose message says less)."""
        if not isinstance(value, list):
            return value
        try:
            return [check_location_text(t) if isinstance(t, str) else t for t in value]
        except InvalidInput as exc:
            raise ValueError(exc.detail) from None


class ResolvedLocation(BaseModel):
    label: str = Field(description="what the geocoder matched, e.g. 'Atlantic Ave, Brooklyn'")
    kind: Literal["place", "address", "street", "postcode", "city", "unresolved"]
    lat: float | None = None
    lng: float | None = None
    place_id: int | None = Field(default=None, description="the catalog place, when matched")
    resolved: bool = Field(description="precise enough to decide from (a place or an address)")


class SourceStatus(BaseModel):
    name: str = Field(description="weather, school_calendar, events, closures, reviews, demand")
    provider: str
    status: Literal["ok", "stale", "error", "timeout", "skipped", "not_configured"] = Field(
        description="not_configured: no provider for the role (events and closures offline), so "
        "nothing is known; never cited, never counted as answered"
    )
    error_code: str | None = None
    detail: str | None = Field(
        default=None, description="what happened; for not_configured, the settings to change"
    )
    freshness: str = Field(description="'live', '12 min old', 'unavailable', 'not configured'")
    cache_hit: bool = False
    informative: bool = Field(
        default=True,
        description="the answer covers this place and period (climatology far from its station, "
        "a calendar for another year or a role with no provider does not)",
    )
    external: bool = Field(
        default=False,
        description="an informative outside account of this period: a forecast, listed events, "
        "closure permits, the school calendar; climatology (the normal for the date), the "
        "catalog's reviews and check-ins are not. High confidence needs one",
    )
    note: str | None = None


class Driver(BaseModel):
    """One reason behind an action: which source said what, and how much it moved demand."""

    source: str
    summary: str
    effect_pct: float = Field(description="change in expected covers it causes (+ more guests)")
    rank: float = Field(description="the card profile's weight × the effect's size (ADR-024)")
    evidence_ids: list[str] = Field(default_factory=list)


class StaffAction(BaseModel):
    kind: Literal["add_staff", "cut_staff", "hold", "prep", "risk", "promote"]
    day: date | None = None
    daypart: Daypart | None = None
    window: str = Field(description="'Sat 28 Nov, dinner 17:00–22:00'")
    text: str = Field(description="the action as the operator reads it")
    staff_delta: int = 0
    expected_covers: int | None = None
    usual_covers: int | None = None
    drivers: list[Driver] = Field(default_factory=list)
    location: str | None = None


class DaypartDemand(BaseModel):
    weekday: int = Field(ge=0, le=6, description="0 = Monday")
    daypart: Daypart
    share: float = Field(description="share of the week's guests in this weekday and daypart")


class ConfidenceCap(BaseModel):
    level: Level
    reason: str


class Confidence(BaseModel):
    level: Level
    uncapped: Level
    caps: list[ConfidenceCap] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)


class ThemeSignal(BaseModel):
    theme: Literal["wait_time", "staffing", "noise", "food", "service"]
    mentions: int
    negative: int
    positive: int
    summary: str = Field(description="paraphrased, never a quote (ADR-018)")


class EvidenceItem(BaseModel):
    review_id: int
    place: str
    date: date | None
    theme: str
    polarity: Literal["negative", "positive"]
    snippet: str | None = Field(
        default=None, description="a short fragment; only when the operator expands evidence"
    )


class GuestSnapshot(BaseModel):
    place: str
    place_id: int
    sample_size: int = Field(description="reviews read")
    window_start: date | None
    window_end: date | None
    themes: list[ThemeSignal]
    summary: str
    sparse: bool = Field(description="too few or too old to lean on: confidence is lowered")
    evidence: list[EvidenceItem] = Field(default_factory=list)


class CompetitorSnapshot(BaseModel):
    """ADR-025: its own block, computed after the core card; never blocks or changes it."""

    name: str
    status: Literal["ok", "not_found", "already_used", "error", "timeout"]
    detail: str
    snapshot: GuestSnapshot | None = None
    comparison: str | None = None
    """Both places side by side (ratings, review themes, price, busy windows), each from its
    own record; the JSON answer's text leads with it (`competitor_compare.py`)."""


class ActionLine(BaseModel):
    action: str
    window: str
    confidence: Level
    sources: list[tuple[str, str]] = Field(description="(source, freshness) pairs")

    def render(self) -> str:
        cited = "; ".join(f"{name} ({fresh})" for name, fresh in self.sources)
        return (
            f"Action: {self.action} | Window: {self.window} | "
            f"Confidence: {self.confidence} | Source: {cited}"
        )


class OperatorAnswer(BaseModel):
    session_id: uuid.UUID
    turn_index: int
    trace_id: str
    card: Card
    kind: Literal["insight", "clarification", "explanation", "what_if", "correction", "fallback"]
    text: str = Field(description="the whole answer; its last line is the action line")
    recommendation: str
    why: list[str] = Field(max_length=2)
    trigger: str
    question: str | None = Field(default=None, description="the one clarifying question, if any")
    action_line: ActionLine
    actions: list[StaffAction]
    confidence: Confidence
    locations: list[ResolvedLocation]
    scope: Literal["first", "all"] | None
    window_start: date
    window_end: date
    baseline: dict[str, Any] | None = Field(
        default=None,
        description="usual covers, the weekday and the part of the day (or null: all day) they "
        "were given for",
    )
    assumptions: list[str]
    sources: list[SourceStatus]
    demand: list[DaypartDemand] = Field(default_factory=list)
    demand_basis: str | None = None
    guest_snapshot: GuestSnapshot | None = None
    competitor: CompetitorSnapshot | None = None
    events: list[str] = Field(description="the events this turn recorded, in order")
    phrased_by: str = Field(description="'rules' or the model that phrased the text")
