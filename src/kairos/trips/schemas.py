"""The trips product's HTTP payloads."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints, model_validator

from kairos.core.allergens import Severity
from kairos.core.stored_text import StoredText
from kairos.pipeline.safety import AllergyCheck
from kairos.profiles.travel import Companions, Mode, Pace

__all__ = [
    "CheckView",
    "DayView",
    "LockRequest",
    "Quality",
    "RefineRequest",
    "SlotView",
    "SwapRequest",
    "ToCheck",
    "TripCreate",
    "TripView",
]

_Text = Annotated[StoredText, StringConstraints(max_length=300)]


class TripCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    city: Annotated[StoredText, StringConstraints(min_length=2, max_length=80)] = Field(
        description="a city the catalog has points of interest in, e.g. Delhi, Singapore"
    )
    start_date: date | None = Field(default=None, description="default: tomorrow")
    days: int = Field(default=3, ge=1, le=14)
    pace: Pace | None = Field(
        default=None, description="default: the traveller's preferred pace, else moderate"
    )
    mode: Mode | None = Field(
        default=None, description="default: the traveller's first travel mode, else transit"
    )
    companions: Companions | None = Field(
        default=None, description="default: the traveller's usual companions"
    )
    interests: _Text = Field(default="", description="what the traveller likes, in words")
    tags: list[Annotated[StoredText, StringConstraints(min_length=2, max_length=40)]] = Field(
        default_factory=list, max_length=10, description="kinds or categories to keep only"
    )
    hotel: tuple[float, float] | None = Field(
        default=None, description="[lat, lng] of the start and end point of every day"
    )
    accessibility: StrictBool | None = Field(
        default=None,
        description="only step-free (wheelchair) places; default: the traveller's need, else no",
    )
    free_days: list[Annotated[int, Field(ge=1, le=14)]] = Field(
        default_factory=list,
        max_length=13,
        description="days (1-based) to keep free: nothing is planned on them, and their being "
        "empty is not a failed check (any other empty day is)",
    )

    @model_validator(mode="after")
    def _free_days_in_trip(self) -> TripCreate:
        outside = sorted({d for d in self.free_days if d > self.days})
        if outside:
            raise ValueError(f"free_days {outside} are outside this {self.days}-day trip")
        if len(set(self.free_days)) >= self.days:
            raise ValueError("every day would be free: leave at least one day to plan")
        self.free_days = sorted(set(self.free_days))
        return self


class SlotView(BaseModel):
    kind: Literal["stop", "lunch", "dinner"]
    place_id: str
    name: str
    place_kind: str
    lat: float
    lng: float
    arrive: str
    start: str
    end: str
    travel_minutes: int
    travel_known: bool = Field(
        default=True,
        description="false: this place or the one before has no known position, so "
        "`travel_minutes` is an allowance and the leg's time is unknown",
    )
    distance_km: float
    source: str
    licence: str
    locked: bool
    hours_known: bool = Field(
        description="the place's opening hours that day are known and it is open for the whole "
        "slot (checked); false: see `hours`"
    )
    hours: Literal["open", "closed", "unknown"] = Field(
        description="`open` checked open for the whole slot; `closed` its source says it is "
        "closed for part of the slot (a failed check); `unknown` not checked: see `hours_check`"
    )
    hours_check: str | None = Field(
        default=None,
        description="when `hours` is unknown: what to check before going, and why it is unknown",
    )
    allergy: AllergyCheck = Field(
        description="the shared safety step's check for the traveller: a meal's place as the "
        "restaurant product assesses it (verdict, basis, summary, each risk with its message and "
        "who it is for); a stop is `not_food` (nobody is sent there to eat)"
    )
    risk_reason: str | None = Field(
        default=None,
        description="a meal at a place with a known allergy risk: why it was kept (no place to "
        "eat without one fitted the slot)",
    )
    position_known: bool = Field(
        default=True,
        description="false: the source gives no position (`lat`/`lng` are the city's centre, "
        "not drawn on the map) and the travel to and from it is an allowance; see `address`",
    )
    address: str | None = Field(
        default=None, description="the source's street address of a place with no position"
    )
    step_free: Literal["yes", "no", "unknown"] = Field(
        default="unknown",
        description="what the place's source says of wheelchair access (OSM `wheelchair`)",
    )


class DayQuality(BaseModel):
    """The day's route (`trips/route_quality.py`)."""

    travel_minutes: int = Field(description="every leg's minutes, the way back included")
    route_km: float = Field(description="straight-line km through the stops in visiting order")
    shortest_km: float = Field(description="the same in the shortest order found for them")
    backtrack_km: float = Field(description="route_km − shortest_km")
    backtracks: bool = Field(description="the order doubles back (said in the day's notes)")


class DayView(BaseModel):
    index: int = Field(description="1-based")
    date: date
    title: str = ""
    summary: str = ""
    slots: list[SlotView]
    return_minutes: int
    notes: list[str]
    quality: DayQuality | None = None


class CheckView(BaseModel):
    constraint: str
    passed: bool = Field(description="true only when `status` is `passed`")
    status: Literal["passed", "failed", "not_checked"] = Field(
        description="`passed`: ran on every slot with known inputs and held; `failed`: broken "
        "somewhere (named in `detail`); `not_checked`: nothing failed, but it could not run on "
        "some slots (named in `unchecked`)"
    )
    detail: str
    unchecked: list[str] = Field(default_factory=list, description="what could not be checked")


class ToCheck(BaseModel):
    """A slot whose opening hours nobody could check: the traveller should."""

    place_id: str
    name: str
    kind: Literal["stop", "lunch", "dinner"]
    day: int = Field(description="1-based")
    date: date
    start: str
    end: str
    hours_text: str | None = Field(description="the hours as the source writes them, if any")
    why: str
    advice: str = Field(description="what to check, in words")


class Quality(BaseModel):
    coverage: float = Field(description="stops placed ÷ the pace's capacity (stops a day × days)")
    diversity: float = Field(description="distinct kinds among the stops ÷ stops")
    personalisation: float = Field(description="mean retrieval score of the chosen stops")
    travel_minutes: int = Field(default=0, description="the days' travel minutes, summed")
    backtracking_days: int = Field(default=0, description="days whose route doubles back")


class TripView(BaseModel):
    trip_id: uuid.UUID
    intent_id: str
    version: int
    city: str
    start_date: date
    days: list[DayView]
    pace: str
    mode: str
    companions: str | None = None
    accessibility: bool = Field(default=False, description="only step-free places were planned")
    hotel: tuple[float, float] | None = Field(
        default=None, description="[lat, lng] every day starts and ends at, when one was given"
    )
    from_profile: list[str] = Field(
        default_factory=list, description="request values taken from the travel preferences"
    )
    free_days: list[int] = Field(
        default_factory=list, description="days (1-based) kept free as the request asked"
    )
    allergies_checked: dict[str, Severity] = Field(
        description="the traveller's allergies (and severities) every slot was checked for; a "
        "trip read after they change is planned again"
    )
    unplaced: list[dict[str, str]]
    excluded: int = Field(description="candidates left out before planning (see notes)")
    verified: bool = Field(
        description="true only when every hard check ran on every slot with known inputs and "
        "passed; false when a check failed or could not be run (a place whose opening hours are "
        "unknown, named in `to_check`)"
    )
    verdict: str = Field(description="the verification in one sentence, as the views show it")
    verification: list[CheckView]
    to_check: list[ToCheck] = Field(
        description="every slot whose opening hours could not be checked, with what to check"
    )
    quality: Quality
    diversified: bool
    broadened: bool
    edits: list[dict[str, object]]
    notes: list[str]
    attribution: list[str] = Field(description="the sources and licences of the stops")
    overview: str = ""
    ai_phrased: bool = Field(
        description="the overview and the days' titles and summaries were written by a model"
    )
    phrased_by: str = Field(default="rules", description="`rules`, or the model that wrote them")
    disclaimer: str | None = Field(default=None, description="present when a model wrote text")
    enrichment: dict[str, object] = Field(
        default_factory=dict,
        description="the enrichment provider, its statuses, and the fields still unknown per stop",
    )
    timings_ms: dict[str, float]


class MoreRelaxedRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    change: Literal["more_relaxed"]


class SwapStopRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    change: Literal["swap"]
    place_id: Annotated[str, StringConstraints(pattern=r"^\d{1,19}$")] = Field(
        description="the stop to replace (a place_id of that day)"
    )
    want: Annotated[str, StringConstraints(min_length=2, max_length=40)] = Field(
        description="outdoors, indoors, culture, sights, spiritual, or a kind"
    )


RefineRequest = Annotated[MoreRelaxedRequest | SwapStopRequest, Field(discriminator="change")]


class SwapRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    want: Annotated[str, StringConstraints(min_length=2, max_length=40)]


class LockRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    day: int = Field(ge=1, le=14, description="1-based")
    start: Annotated[str, StringConstraints(pattern=r"^\d{2}:\d{2}$")] | None = None
