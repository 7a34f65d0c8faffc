"""Events near a place: the query, the answer and the interface every events source implements."""

from __future__ import annotations

from datetime import date, time
from typing import ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kairos.signals.envelope import SignalData

MAX_SPAN_DAYS = 31
"""Events are asked for a weekend or a month ahead at most; a wider window is a caller's bug."""


class EventsQuery(BaseModel):
    model_config = ConfigDict(frozen=True)

    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    radius_km: float = Field(default=2.0, gt=0, le=50)
    start: date = Field(description="first local day, inclusive")
    end: date = Field(description="last local day, inclusive")

    @model_validator(mode="after")
    def _window(self) -> EventsQuery:
        if self.end < self.start:
            raise ValueError("end is before start")
        if (self.end - self.start).days >= MAX_SPAN_DAYS:
            raise ValueError(f"ask for at most {MAX_SPAN_DAYS} days of events at a time")
        return self


class Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    day: date = Field(description="local day it starts")
    start_time: time | None = Field(default=None, description="local start time, when announced")
    venue: str | None = None
    lat: float | None = None
    lng: float | None = None
    distance_km: float | None = None
    category: str | None = Field(default=None, description="e.g. Music, Sports, Arts & Theatre")
    url: str | None = None


class EventList(SignalData):
    """Events in the window, soonest first. Empty is an answer: nothing is on nearby."""

    events: list[Event] = Field(default_factory=list)


class EventsSource(Protocol):
    """Contract: answers every valid query with the events starting within the window and
    radius, soonest first (empty when there are none, with a note when the source has no data
    at all). Raises `SignalUnavailable` only when the service fails."""

    name: str
    needs_key: ClassVar[bool]
    offline: ClassVar[bool]

    async def fetch(self, query: EventsQuery) -> EventList: ...

    async def aclose(self) -> None: ...
