"""Street closures near a place: the query, the answer and the interface every source implements."""

from __future__ import annotations

from datetime import date
from typing import ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kairos.signals.envelope import SignalData

MAX_SPAN_DAYS = 31
"""A month of closures at most per call, like events."""


class ClosuresQuery(BaseModel):
    model_config = ConfigDict(frozen=True)

    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    radius_km: float = Field(default=0.5, gt=0, le=10)
    start: date = Field(description="first day, inclusive")
    end: date = Field(description="last day, inclusive")

    @model_validator(mode="after")
    def _window(self) -> ClosuresQuery:
        if self.end < self.start:
            raise ValueError("end is before start")
        if (self.end - self.start).days >= MAX_SPAN_DAYS:
            raise ValueError(f"ask for at most {MAX_SPAN_DAYS} days of closures at a time")
        return self


class Closure(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    street: str
    from_street: str | None = None
    to_street: str | None = None
    borough: str | None = None
    start: date
    end: date
    purpose: str | None = None
    distance_km: float | None = Field(default=None, description="nearest point of the closure")


class ClosureList(SignalData):
    """Closures in force on any day of the window, nearest first. Empty: none known nearby."""

    closures: list[Closure] = Field(default_factory=list)


class ClosuresSource(Protocol):
    """Contract: answers every valid query with the closures overlapping the window within the
    radius, nearest first (empty when there are none, with a note when the source has no data at
    all). Raises `SignalUnavailable` only when the service fails."""

    name: str
    needs_key: ClassVar[bool]
    offline: ClassVar[bool]

    async def fetch(self, query: ClosuresQuery) -> ClosureList: ...

    async def aclose(self) -> None: ...
