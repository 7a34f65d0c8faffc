"""The days an operator means (issue 36, item 5): "this weekend", "tomorrow" as it is typed,
"next week", read on the restaurant's own day and hour.

A restaurant's weekend starts on Friday night. Asked on a Saturday or Sunday, "this weekend" is
the rest of it, and the answer says so; asked on a Sunday after `WEEKEND_OVER_HOUR` (local), the
weekend is nearly over and the operator is planning the next one: Friday to Sunday of the coming
week, also said. The shared reader (`text/query/when.py`) reads everything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from itertools import pairwise
from typing import Final
from zoneinfo import ZoneInfo

from kairos.text.query.when import extract_when

__all__ = ["WEEKEND_OVER_HOUR", "WindowRead", "local_now", "read_window"]

WEEKEND_OVER_HOUR: Final = 20
"""From this local hour on a Sunday, "this weekend" is the next one (tonight's service is under
way; what is left to plan is next weekend)."""
MAX_SPAN_DAYS: Final = 14

_TOMORROW_TYPO = re.compile(
    r"\b(?:t[ou]?m+[ou]?r+(?:o+w*|w)|2m+o*r+(?:o+w*|w)|tmw|tmr|tomoz)(?:'?s)?(?=\W|$)", re.I
)
""""tomorrow" as it is typed: tommorow, tomorow, tomorrw, tmrw, tmr, 2moro, tomorrow's."""
_NITE = re.compile(r"\bnite\b", re.I)
_TODAY = re.compile(r"\btoday\b", re.I)
_A_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
_NEXT_WEEK = re.compile(r"\bnext week\b", re.I)
_THIS_WEEK = re.compile(r"\b(?:this week|the week|coming week)\b", re.I)
_MIDWEEK = re.compile(r"\bmid-?\s?week\b", re.I)
_WEEKEND = re.compile(r"\b(?:this |the )?weekend\b", re.I)
_NEXT_WEEKEND = re.compile(r"\bnext weekend\b", re.I)
_FRIDAY, _SATURDAY, _SUNDAY = 4, 5, 6


_US_ZONES: Final = (
    (-87.5, "America/New_York"),
    (-101.0, "America/Chicago"),
    (-114.5, "America/Denver"),
    (-180.0, "America/Los_Angeles"),
)
"""The contiguous US's time zones by longitude, their boundaries roughly (enough to tell a
Sunday evening); elsewhere the hour comes from the longitude."""


def local_now(now: datetime, lat: float | None, lng: float | None) -> datetime:
    """`now` (aware) on the restaurant's clock; unchanged when its place is unknown."""
    if lat is None or lng is None:
        return now
    if 24.0 <= lat <= 50.0 and -125.0 <= lng <= -66.0:
        zone = next(name for west, name in _US_ZONES if lng >= west)
        return now.astimezone(ZoneInfo(zone))
    return now.astimezone(timezone(timedelta(hours=round(lng / 15))))


@dataclass(frozen=True)
class WindowRead:
    window: tuple[date, date] | None = None
    text: str | None = None
    note: str | None = None
    """What the words were taken to mean when it is not obvious ("this weekend" on a Sunday)."""


def normalise(text: str) -> str:
    """Typed forms of "tomorrow" and "nite" in their usual spelling."""
    return _NITE.sub("night", _TOMORROW_TYPO.sub("tomorrow", text))


def _days(start: date, end: date) -> str:
    if start == end:
        return f"{start:%a %d %b}"
    return f"{start:%a %d} – {end:%a %d %b}"


def _this_weekend(today: date, hour: int | None) -> WindowRead | None:
    """'this weekend' read on a Saturday or Sunday; None on a weekday (Friday to Sunday)."""
    if today.weekday() == _SUNDAY and hour is not None and hour >= WEEKEND_OVER_HOUR:
        friday = today + timedelta(days=_FRIDAY + 1)
        sunday = friday + timedelta(days=2)
        note = (
            f"It is Sunday evening and this weekend is nearly over, so this is next weekend, "
            f"{_days(friday, sunday)} (say 'tonight' for today)."
        )
        return WindowRead((friday, sunday), "next weekend", note)
    if today.weekday() == _SUNDAY:
        note = f"This weekend is today, {today:%a %d %b}: its last day (say 'next weekend' for "
        note += "the one after)."
        return WindowRead((today, today), "this weekend (today)", note)
    if today.weekday() == _SATURDAY:
        sunday = today + timedelta(days=1)
        note = f"This weekend is what is left of it, {_days(today, sunday)}."
        return WindowRead((today, sunday), "this weekend", note)
    return None


def _midweek(today: date) -> WindowRead:
    """ "Midweek": Tuesday to Thursday, this week's while any of it is left, else the next."""
    monday = today - timedelta(days=today.weekday())
    if today.weekday() > 3:
        monday += timedelta(days=7)
    start, end = max(today, monday + timedelta(days=1)), monday + timedelta(days=3)
    return WindowRead((start, end), "midweek", f"Midweek is {_days(start, end)}.")


_JOINED: Final = re.compile(r"^\s*(?:,|and|&|or|plus|vs|versus|\+)?\s*(?:and\s+)?(?:also\s+)?$")


def _joined_days(text: str, spans: list[tuple[int, int]], today: date) -> list[date]:
    """The days of day words joined to the first by "and", "&", "or", "vs" or a comma ("tonight
    and tomorrow", "friday and saturday"): every part asked is in the window (the brief's
    round-2 notes: "tonight and tomorrow" answered for tonight only)."""
    days: list[date] = []
    for (_, end), (start, stop) in pairwise(spans):
        if not _JOINED.match(text[end:start]):
            break
        alone, _, _ = extract_when(text[start:stop], today)
        if alone is not None and alone.start is not None:
            days.append(alone.end or alone.start)
    return days


def read_window(text: str, today: date, hour: int | None = None) -> WindowRead:
    """The days asked about, on `today` at local `hour` (None: the hour is unknown, and a
    Sunday's "this weekend" is today)."""
    text = normalise(text)
    if _A_WEEKDAY.search(text):
        text = _TODAY.sub(" ", text)  # "different place today … what does Friday look like"
    if _NEXT_WEEK.search(text):
        monday = today + timedelta(days=7 - today.weekday())
        return WindowRead((monday, monday + timedelta(days=6)), "next week")
    if _MIDWEEK.search(text):
        return _midweek(today)
    if _THIS_WEEK.search(text):
        if today.weekday() == _SUNDAY:  # what is left of it is today: the week meant is next
            monday = today + timedelta(days=1)
            days = _days(monday, monday + timedelta(days=6))
            coming = f"On a Sunday, this week is the coming one, {days}."
            return WindowRead((monday, monday + timedelta(days=6)), "this week (the coming one)",
                              coming)  # fmt: skip
        sunday = today + timedelta(days=6 - today.weekday())
        note = (
            f"This week is what is left of it, {_days(today, sunday)}." if today.weekday() else None
        )
        return WindowRead((today, sunday), "this week", note)
    weekend = _WEEKEND.search(text) is not None
    if weekend and not _NEXT_WEEKEND.search(text) and (said := _this_weekend(today, hour)):
        return said
    when, _, spans = extract_when(text.lower(), today)
    if when is None or when.start is None:
        return WindowRead()
    start, end = when.start, when.end or when.start
    for also in _joined_days(text.lower(), spans, today):  # "tonight and tomorrow": both
        start, end = min(start, also), max(end, also)
    if weekend and start.weekday() == _SATURDAY and start - timedelta(days=1) >= today:
        start -= timedelta(days=1)  # a restaurant's weekend starts on Friday night
    if (end - start).days >= MAX_SPAN_DAYS:
        end = start + timedelta(days=MAX_SPAN_DAYS - 1)
    return WindowRead((start, end), " ".join(when.text))
