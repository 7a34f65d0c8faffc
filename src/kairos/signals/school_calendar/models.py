"""School calendars: the query, the answer, the interface, and how a calendar's words become
flags (shared by the shipped calendar's builder and the iCalendar source)."""

from __future__ import annotations

import re
from datetime import date
from typing import ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field

from kairos.signals.envelope import SignalData

_EARLY = re.compile(r"dismiss\w*\b.*\bearly|early dismissal|half[- ]day", re.I)
_PARTIAL = re.compile(r"no classes for students attending|students in these schools", re.I)
_CLOSED = re.compile(
    r"schools? (are )?closed|no school|recess|students do not attend|no classes for students"
    r"|holiday|(?<!professional )development day",
    re.I,
)


class SchoolDayQuery(BaseModel):
    model_config = ConfigDict(frozen=True)

    day: date
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)


class SchoolDay(SignalData):
    """Whether public schools near a place are in session on a day. `known=False` means the
    calendar does not cover this day or place (see note), not that schools are open."""

    day: date
    known: bool
    calendar: str = Field(description="which calendar answered, e.g. NYC public schools 2023-24")
    closed: bool | None = Field(default=None, description="no classes for (most) students")
    early_dismissal: bool | None = Field(default=None, description="students leave early")
    partial: bool | None = Field(default=None, description="only some schools are affected")
    description: str | None = None


class SchoolCalendarSource(Protocol):
    """Contract: answers every valid query; a day the calendar covers is `known` with `closed`
    and `early_dismissal` set (weekends closed); a day or place it does not cover is
    `known=False` with a note. Raises `SignalUnavailable` only when the service fails."""

    name: str
    needs_key: ClassVar[bool]
    offline: ClassVar[bool]

    async def fetch(self, query: SchoolDayQuery) -> SchoolDay: ...

    async def aclose(self) -> None: ...


def flags(description: str, closed: bool | None = None) -> tuple[bool, bool, bool]:
    """(closed, early_dismissal, partial) from a calendar entry; `closed` from the source wins
    when it states one."""
    early = bool(_EARLY.search(description))
    partial = bool(_PARTIAL.search(description))
    if closed is None:
        closed = bool(_CLOSED.search(description)) and not early
    return closed, early, partial


def regular_day(query_day: date, calendar: str) -> SchoolDay:
    """A day inside the calendar's span with no entry: weekends closed, weekdays in session."""
    weekend = query_day.weekday() >= 5
    return SchoolDay(
        day=query_day,
        known=True,
        calendar=calendar,
        closed=weekend,
        early_dismissal=False,
        partial=False,
        description="Weekend" if weekend else "Regular school day",
    )
