"""The session's state memory (ADR-015, ADR-026 phase 1): deterministic keys, no transcript.
Explicit input overrides what was inferred or remembered; every change of an assumption is an
event (`assumption_set`, `assumption_corrected`, ADR-006)."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field

from kairos.operator.counter_said import Counter
from kairos.operator.lean import Lean
from kairos.operator.schemas import Card, Daypart, ResolvedLocation

__all__ = ["BaselineState", "SessionState", "preferences_of"]

Origin = Literal["explicit", "memory", "default"]


class BaselineState(BaseModel):
    covers: int
    weekday: int | None = None
    daypart: Daypart | None = None
    """The covers are for this part of the day ("120 covers on Friday nights"); None: all day."""
    origin: Origin = "explicit"
    unit: Literal["covers", "orders"] = "covers"
    """"orders": takeout or delivery orders, not guests at tables (`baselines.Baseline.unit`)."""


class SessionState(BaseModel):
    card: Card = "staffing"
    locations: list[ResolvedLocation] = Field(default_factory=list)
    location_origin: Origin | None = None
    baseline: BaselineState | None = None
    place_baselines: dict[str, BaselineState] = Field(default_factory=dict)
    """Each restaurant's own covers when several were said together ("120 and 150 on
    fridays"), by its label: the baseline follows the restaurant the session turns to."""
    scope: Literal["first", "all"] | None = None
    scope_origin: Origin | None = None
    scope_asked: bool = False
    location_asked: bool = False
    window: tuple[date, date] | None = None
    window_text: str | None = None
    lean: Lean | None = None
    """What the operator said their trade mostly is ("mostly lunch", "it's mostly bar")."""
    counter: Counter | None = None
    """Who serves the guests, as the operator said it ("baristas", "a food-court counter")."""
    daypart: Daypart | None = None
    """The part of the day the operator asked about with the window ("tomorow nite"), if any."""
    unknown_name: str | None = None
    """The restaurant the operator named that the catalog lacks: its street or area stands in,
    and its name, once given, is never asked for again."""
    competitor_used: str | None = None
    first_insight_turn: int | None = None
    last_action: str | None = None
    last_recommendation: str | None = None
    """The last answer's recommendation: the same one again is said in one line, not repeated."""
    last_plan: str | None = None
    """The last recommendation that was no what-if's: the plan a what-if's next turn returns to."""
    planned: tuple[date, date, Daypart] | None = None
    """The busiest window the last answer planned (its window's first day, the day, the part):
    when covers given next move it, the answer says why (`steps.moved_window`)."""
    assumed: dict[str, str] = Field(default_factory=dict)
    events_said: list[date] = Field(default_factory=list)
    """Days of the games or events the operator said are on: counted in every answer after."""
    event_venues: dict[str, str] = Field(default_factory=dict)
    """Where those said are held ("TD Garden (if a home game)"), by the day's ISO date."""
    stand_ins_said: list[int] = Field(default_factory=list)
    """Places whose stand-ins (`stand_ins.py`) were said: said once a session."""
    choices: list[ResolvedLocation] = Field(default_factory=list)
    """The restaurants the one question offered ("Which Starbucks is yours: …?"), until one is
    picked or another location named."""


def preferences_of(state: SessionState) -> dict[str, Any]:
    """The light cross-session memory: only structured values the operator stated."""
    prefs: dict[str, Any] = {"card": state.card}
    if state.location_origin == "explicit" and state.locations:
        prefs["locations"] = [loc.model_dump(mode="json") for loc in state.locations]
    if state.baseline is not None and state.baseline.origin == "explicit":
        prefs["baseline"] = {
            **state.baseline.model_dump(mode="json"),
            "location": state.locations[0].label if state.locations else None,
        }
    return prefs
