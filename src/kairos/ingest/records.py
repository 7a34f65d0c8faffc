"""Source-neutral records that every adapter produces and the writer consumes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any


@dataclass(slots=True)
class ReviewRecord:
    source: str
    source_review_id: str
    text: str
    rating: float | None = None
    review_date: date | None = None
    title: str | None = None


@dataclass(frozen=True, slots=True)
class InspectionRecord:
    """One health inspection of a place: counts of minor, major and severe violations."""

    source: str
    source_inspection_id: str
    inspected_on: date
    minor: int = 0
    major: int = 0
    severe: int = 0


Checkins = dict[tuple[int, int], int]
"""Check-ins by (weekday 0 = Monday … 6 = Sunday, local hour 0 … 23)."""


@dataclass(slots=True)
class PlaceRecord:
    source: str
    source_id: str
    name: str
    kind: str = "restaurant"
    categories: list[str] = field(default_factory=list)
    price_level: int | None = None
    price_raw: dict[str, Any] = field(default_factory=dict)
    rating: float | None = None
    votes: int = 0
    city: str | None = None
    area: str | None = None
    country: str | None = None
    address: str | None = None
    lat: float | None = None
    lng: float | None = None
    url: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    reviews: list[ReviewRecord] = field(default_factory=list)
    # None: this source says nothing about check-ins (the stored ones stay); a dict, even an
    # empty one, replaces what this source stored for the place.
    checkins: Checkins | None = None
    inspections: list[InspectionRecord] = field(default_factory=list)


@dataclass(slots=True)
class BadRow:
    line: int
    reason: str


@dataclass(slots=True)
class ParsedBatch:
    """What an adapter yields: places ready to write, and the rows it had to skip, with why."""

    places: list[PlaceRecord]
    bad_rows: list[BadRow] = field(default_factory=list)
