"""Opening hours as a week of minute intervals, read the same way by every product.

Two stored shapes are read:
- `attributes["opening_hours"]` (written at ingestion for points of interest, see
  `ingest/poi_hours.py`): `{"status": …, "weekly": [day0, …, day6], "text": …, "parser": …}`
  where day 0 is Monday and each day is `null` (unknown that day) or a list of
  `[open_minute, close_minute]` within `[0, 1440]`, sorted and disjoint. A span past midnight is
  stored split: `[1320, 1440]` on its day and `[0, 120]` on the next.
- `attributes["hours"]`, Yelp's `{"Monday": {"open": "11:00", "close": "2:00"}}` (a close at
  or before the open is past midnight), as the operator product already reads it.

`open_intervals` joins a span that runs to midnight with the next day's span from midnight, so a
visit from 23:30 to 00:30 fits a place open "Mo-Su 18:00-02:00"; an interval's end may then pass
1440. "24/7" is every day `[[0, 1440]]`, which joins into `[0, 2880]`: open to the next midnight.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

__all__ = [
    "DAY_MINUTES",
    "HOURS_KEY",
    "WEEKDAY_NAMES",
    "HoursStatus",
    "Interval",
    "Weekly",
    "is_open_for",
    "merge_intervals",
    "open_intervals",
    "weekly_from_attributes",
    "weekly_from_json",
    "weekly_to_json",
]

DAY_MINUTES: Final = 1440
HOURS_KEY: Final = "opening_hours"
WEEKDAY_NAMES: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                        "Sunday")  # fmt: skip

HoursStatus = Literal["known", "partial", "closed", "unknown"]
"""known: every weekday read; partial: some weekdays read, the rest unknown; closed: the source
says closed (until further notice); unknown: hours exist only as text nobody could read."""

Interval = tuple[int, int]
Weekly = tuple[tuple[Interval, ...] | None, ...]
"""Seven days from Monday; None is a day whose hours are unknown, () a day it is closed."""


def merge_intervals(intervals: Sequence[Interval]) -> tuple[Interval, ...]:
    """Sorted, disjoint, touching spans joined; empty spans dropped."""
    out: list[list[int]] = []
    for start, end in sorted(intervals):
        if end <= start:
            continue
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return tuple((a, b) for a, b in out)


def split_days(spans: Sequence[Interval]) -> list[list[Interval]]:
    """Spans in minutes from Monday 00:00 (may run past Sunday) → per-day pieces within a day."""
    days: list[list[Interval]] = [[] for _ in range(7)]
    for start, end in spans:
        while end > start:
            day, offset = divmod(start, DAY_MINUTES)
            piece_end = min(end, (day + 1) * DAY_MINUTES)
            days[day % 7].append((offset, piece_end - day * DAY_MINUTES))
            start = piece_end
    return days


def weekly_to_json(weekly: Weekly) -> list[list[list[int]] | None]:
    return [None if day is None else [[a, b] for a, b in day] for day in weekly]


def weekly_from_json(value: object) -> Weekly | None:
    """None when `value` is not seven days of intervals (a damaged or foreign value)."""
    if not isinstance(value, list) or len(value) != 7:
        return None
    days: list[tuple[Interval, ...] | None] = []
    for day in value:
        if day is None:
            days.append(None)
            continue
        if not isinstance(day, list):
            return None
        spans: list[Interval] = []
        for span in day:
            if not (isinstance(span, list | tuple) and len(span) == 2):
                return None
            start, end = span
            if not (isinstance(start, int) and isinstance(end, int)):
                return None
            spans.append((max(0, start), min(DAY_MINUTES, end)))
        days.append(merge_intervals(spans))
    return tuple(days)


def _clock(value: object) -> int | None:
    if not isinstance(value, str) or ":" not in value:
        return None
    hour, _, minute = value.partition(":")
    try:
        h, m = int(hour), int(minute or 0)
    except ValueError:
        return None
    return h * 60 + m if 0 <= h <= 24 and 0 <= m < 60 else None


def _weekly_from_yelp(hours: Mapping[str, Any]) -> Weekly | None:
    spans: list[Interval] = []
    for weekday, name in enumerate(WEEKDAY_NAMES):
        day = hours.get(name)
        if not isinstance(day, Mapping):
            continue
        opens, closes = _clock(day.get("open")), _clock(day.get("close"))
        if opens is None or closes is None:
            continue
        if closes <= opens:
            closes += DAY_MINUTES
        spans.append((weekday * DAY_MINUTES + opens, weekday * DAY_MINUTES + closes))
    if not spans:
        return None
    # Yelp lists only the days a place opens: a day it does not list is closed.
    return tuple(merge_intervals(day) for day in split_days(spans))


def weekly_from_attributes(attributes: Mapping[str, Any] | None) -> Weekly | None:
    """The place's week, or None when its hours are unknown (no shape above, or unreadable)."""
    if not attributes:
        return None
    stored = attributes.get(HOURS_KEY)
    if isinstance(stored, Mapping) and stored.get("status") in ("known", "partial", "closed"):
        return weekly_from_json(stored.get("weekly"))
    yelp = attributes.get("hours")
    if isinstance(yelp, Mapping):
        return _weekly_from_yelp(yelp)
    return None


def _joined(weekly: Weekly, weekday: int) -> list[Interval] | None:
    today = weekly[weekday % 7]
    if today is None:
        return None
    out = list(today)
    day, offset = weekday, 0
    # A span to midnight goes on with the next day's span from midnight (at most a week on).
    while out and out[-1][1] == offset + DAY_MINUTES and day < weekday + 7:
        nxt = weekly[(day + 1) % 7]
        if not nxt or nxt[0][0] != 0:
            break
        day, offset = day + 1, offset + DAY_MINUTES
        out[-1] = (out[-1][0], offset + nxt[0][1])
        if len(nxt) > 1 or nxt[0][1] < DAY_MINUTES:
            break
    return out


def open_intervals(
    attributes: Mapping[str, Any] | Weekly | None, weekday: int
) -> list[Interval] | None:
    """When a visit may be on `weekday` (0 = Monday), in minutes from that day's midnight; an
    end past 1440 runs into the next day. [] when closed that day, None when unknown."""
    weekly = attributes if isinstance(attributes, tuple) else weekly_from_attributes(attributes)
    if weekly is None:
        return None
    return _joined(weekly, weekday)


def is_open_for(
    attributes: Mapping[str, Any] | Weekly | None, weekday: int, start: int, end: int
) -> bool | None:
    """Whether the place is open for the whole of [start, end] (minutes from the midnight of
    `weekday`, end may pass 1440); None when its hours that day are unknown. A visit that starts
    after midnight is read on the next day."""
    while start >= DAY_MINUTES:
        weekday, start, end = weekday + 1, start - DAY_MINUTES, end - DAY_MINUTES
    spans = open_intervals(attributes, weekday)
    if spans is None:
        return None
    return any(a <= start and end <= b for a, b in spans)
