"""The offline school calendar: NYC public schools 2023-24, precomputed (ADR-008) and shipped in
`signals/data/` (built by `kairos signals build-school-calendar`)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import ClassVar

from kairos.core.geo import haversine_km
from kairos.signals.school_calendar.build import META_NAME, TABLE_NAME
from kairos.signals.school_calendar.models import SchoolDay, SchoolDayQuery, regular_day

NYC_CITY_HALL = (40.7128, -74.0060)
COVERAGE_KM = 35.0
"""The five boroughs lie within ~30 km of City Hall (Tottenville, the farthest corner, is 31 km
away). The circle also takes in parts of New Jersey, whose schools keep other calendars: the
answer names its calendar so a reader can tell."""


@dataclass(frozen=True)
class ListedDay:
    description: str
    closed: bool
    early_dismissal: bool
    partial: bool


@dataclass(frozen=True)
class ShippedCalendar:
    name: str
    first_day: date
    last_day: date
    days: dict[date, ListedDay]


@lru_cache(maxsize=1)
def load_calendar() -> ShippedCalendar:
    data = resources.files("kairos.signals") / "data"
    meta = json.loads((data / META_NAME).read_text(encoding="utf-8"))
    with io.StringIO((data / TABLE_NAME).read_text(encoding="utf-8")) as handle:
        days = {
            date.fromisoformat(row["date"]): ListedDay(
                row["description"],
                row["closed"] == "True",
                row["early_dismissal"] == "True",
                row["partial"] == "True",
            )
            for row in csv.DictReader(handle)
        }
    return ShippedCalendar(
        meta["calendar"],
        date.fromisoformat(meta["first_day"]),
        date.fromisoformat(meta["last_day"]),
        days,
    )


def answer_day(calendar: ShippedCalendar, day: date) -> SchoolDay:
    """The calendar's answer for a day within its span (weekends are always closed)."""
    listed = calendar.days.get(day)
    if listed is None:
        return regular_day(day, calendar.name)
    weekend = day.weekday() >= 5
    return SchoolDay(
        day=day,
        known=True,
        calendar=calendar.name,
        closed=listed.closed or weekend,
        early_dismissal=listed.early_dismissal and not weekend,
        partial=listed.partial,
        description=f"Weekend; {listed.description}" if weekend else listed.description,
    )


class ShippedSchoolCalendar:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "nyc-doe-calendar"

    def __init__(self, calendar: ShippedCalendar | None = None) -> None:
        self.calendar = calendar or load_calendar()

    async def fetch(self, query: SchoolDayQuery) -> SchoolDay:
        cal = self.calendar
        distance = haversine_km(query.lat, query.lng, *NYC_CITY_HALL)
        if distance > COVERAGE_KM:
            return SchoolDay(
                day=query.day,
                known=False,
                calendar=cal.name,
                note=f"the offline calendar is New York City's public schools; this place is "
                f"{distance:.0f} km from City Hall. Set KAIROS_SCHOOL_CALENDAR_PROVIDER=ical "
                "with the district's calendar feed in KAIROS_SCHOOL_CALENDAR_URL.",
            )
        if not cal.first_day <= query.day <= cal.last_day:
            return SchoolDay(
                day=query.day,
                known=False,
                calendar=cal.name,
                note=f"the offline calendar covers {cal.first_day:%-d %B %Y} to "
                f"{cal.last_day:%-d %B %Y} (school year 2023-24) only; outside it, whether "
                "schools are open is not known",
            )
        return answer_day(cal, query.day)

    async def aclose(self) -> None:
        return None
