"""Opening hours as written by a source → the week of minute intervals `core.opening_hours` reads.

Two readers, tried in the order the source suggests (OSM syntax first for OpenStreetMap rows,
the free-text reader first for the others, each falling back to the other):
- OSM `opening_hours` through `opening-hours-py` (import `opening_hours`), evaluated over four
  reference weeks (January, April, July, October): a day keeps the hours common to all four, so
  a seasonal rule never places a visit when the place may be shut ("varies by season" is noted).
  Public holidays are not modelled (no country calendar is loaded); comments are ignored.
- Free text as TripAdvisor and data.gov.sg write it: "Daily, 7.30am – 5.30pm", "9:00 AM - 5:00 PM",
  "Tuesday to Sunday, 9am – 6pm, Closed on Monday", "Open 24 hours". Only day names, time ranges,
  "closed on …" and a few known phrases (last admission, public holidays) are read; any other word
  (a facility's name, "by appointment") leaves the text unread: status `unknown`, text kept.
  A text that names weekdays closes the days it does not name; a bare range ("10:00 AM - 5:00 PM",
  TripAdvisor's single range without weekdays) is read as every day, and the note says so.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, Final

from kairos.core.opening_hours import (
    DAY_MINUTES,
    HoursStatus,
    Interval,
    Weekly,
    merge_intervals,
    split_days,
    weekly_to_json,
)

__all__ = ["REFERENCE_WEEKS", "hours_record", "parse_free_text", "parse_osm"]

REFERENCE_WEEKS: Final = (
    datetime(2025, 1, 6), datetime(2025, 4, 7), datetime(2025, 7, 7), datetime(2025, 10, 6),
)  # fmt: skip
"""Mondays of the weeks an OSM expression is evaluated on."""

_WEEK: Final = 7 * DAY_MINUTES


def _intersect(a: tuple[Interval, ...], b: tuple[Interval, ...]) -> tuple[Interval, ...]:
    out = [(max(s1, s2), min(e1, e2)) for s1, e1 in a for s2, e2 in b]
    return merge_intervals([(s, e) for s, e in out if s < e])


def parse_osm(expression: str) -> tuple[Weekly, str | None] | None:
    """The week an OSM expression describes and a note, or None when it does not parse."""
    from opening_hours import OpeningHours, State

    try:
        parsed = OpeningHours(expression, auto_country=False, auto_timezone=False)
    except Exception:  # the parser raises its own SyntaxError-like classes
        return None
    weeks: list[list[tuple[Interval, ...] | None]] = []
    for monday in REFERENCE_WEEKS:
        spans: list[Interval] = []
        unknown: set[int] = set()
        for start, end, state, _comment in parsed.intervals(monday, monday + timedelta(days=7)):
            a = int((start - monday).total_seconds() // 60)
            b = min(_WEEK, int((end - monday).total_seconds() // 60))
            if state == State.OPEN:
                spans.append((a, b))
            elif state == State.UNKNOWN:
                unknown.update(range(a // DAY_MINUTES, min(7, -(-b // DAY_MINUTES))))
        days = split_days(spans)
        weeks.append([None if i in unknown else merge_intervals(d) for i, d in enumerate(days)])
    week: list[tuple[Interval, ...] | None] = []
    for i in range(7):
        seen = [w[i] for w in weeks]
        if any(d is None for d in seen):
            week.append(None)
            continue
        common = seen[0] or ()
        for day in seen[1:]:
            common = _intersect(common, day or ())
        week.append(common)
    varies = any(w != weeks[0] for w in weeks[1:])
    return tuple(week), (
        "varies by season: kept the hours common to every season" if varies else None
    )


_DAY_WORDS: Final = {
    "monday": 0, "mon": 0, "mo": 0, "tuesday": 1, "tues": 1, "tue": 1, "tu": 1,
    "wednesday": 2, "wed": 2, "we": 2, "thursday": 3, "thurs": 3, "thu": 3, "th": 3,
    "friday": 4, "fri": 4, "fr": 4, "saturday": 5, "sat": 5, "sa": 5,
    "sunday": 6, "sun": 6, "su": 6,
}  # fmt: skip
_DAY: Final = "(?:" + "|".join(sorted(_DAY_WORDS, key=len, reverse=True)) + r")\b"
_TIME: Final = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|noon|midnight)"
_TOKEN: Final = re.compile(
    rf"(?P<range>{_TIME}\s*(?:-|to|till|until)\s*{_TIME})"
    rf"|(?P<allday>24/7|24 hours|all day)"
    rf"|(?P<days>{_DAY}(?:\s*(?:-|to)\s*{_DAY})?)"
    r"|(?P<daily>daily|everyday|every day|all days)\b"
    r"|(?P<closed>closed(?:\s+on)?)\b"
    r"|(?P<sep>[,;.:&]|\band\b|\bopen\b|\bfrom\b|\bhours\b|\s+)"
)
_NOISE: Final = re.compile(
    r"\(?\s*last (?:admission|entry|ticket sale)s?\s*(?:at|:)?\s*" + _TIME + r"\s*\)?"
    r"|\(?\s*except on public holidays?\s*\)?"
    r"|(?:closed|open) on public holidays?|(?:and\s+)?(?:eve of\s+)?public holidays?"
)
_CLOCK: Final = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?|(noon)|(midnight)")


def _minutes(text: str) -> int | None:
    match = _CLOCK.fullmatch(text.strip())
    if match is None:
        return None
    if match.group(4):
        return 720
    if match.group(5):
        return 0
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), match.group(3)
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    return hour * 60 + minute if hour <= 24 and minute < 60 else None


def _span(text: str) -> Interval | None:
    parts = re.split(r"\s*(?:-|to|till|until)\s*", text, maxsplit=1)
    if len(parts) != 2:
        return None
    start, end = _minutes(parts[0]), _minutes(parts[1])
    if start is None or end is None:
        return None
    if end in (1439, 1425):  # "11:59 PM", "11:45 PM" after "12:00 AM": the whole day
        end = DAY_MINUTES if start == 0 and end == 1439 else end
    if end <= start:
        end += DAY_MINUTES
    return (start, end)


def _days(text: str) -> set[int]:
    words = re.findall(_DAY, text)
    first, last = _DAY_WORDS[words[0]], _DAY_WORDS[words[-1]]
    if len(words) == 1:
        return {first}
    return {(first + i) % 7 for i in range((last - first) % 7 + 1)}


def parse_free_text(text: str) -> tuple[Weekly, str | None] | None:
    """The week a free-text description gives and a note, or None when any of it is unread."""
    s = text.lower().replace("–", "-").replace("—", "-").replace("\u2009", " ")
    s = _NOISE.sub(" ", s).strip()
    if not s:
        return None
    if s in ("closed until further notice", "permanently closed", "closed"):
        return tuple(() for _ in range(7)), "closed until further notice"
    spans: dict[int, tuple[int, list[Interval]]] = {}
    group = 0
    closed: set[int] = set()
    current: set[int] = set()
    named = daily = after_range = closing = False
    pos = 0
    while pos < len(s):
        match = _TOKEN.match(s, pos)
        if match is None:
            return None
        pos = match.end()
        kind = match.lastgroup
        if kind == "sep":
            continue
        if kind == "closed":
            closing, current = True, set()
            continue
        if kind in ("days", "daily"):
            found = set(range(7)) if kind == "daily" else _days(match.group())
            named = named or kind == "days"
            daily = daily or kind == "daily"
            if closing:
                closed |= found
                continue
            if after_range or not current:
                current, group = found, group + 1
            else:
                current = current | found
            after_range = False
            continue
        closing = False
        span = (0, DAY_MINUTES) if kind == "allday" else _span(match.group())
        if span is None:
            return None
        for day in current or range(7):
            # A later, narrower line ("…, Friday: 2.30pm – 4pm") replaces an earlier one.
            if day not in spans or spans[day][0] != group:
                spans[day] = (group, [])
            spans[day][1].append(span)
        after_range = True
    if not spans:
        return None
    week_spans = [
        (d * DAY_MINUTES + a, d * DAY_MINUTES + b) for d, (_, ds) in spans.items() for a, b in ds
    ]
    days = split_days(week_spans)
    weekly = tuple(() if d in closed else merge_intervals(days[d]) for d in range(7))
    note = None if named or daily else "no weekday given: read as every day"
    return weekly, note


def _status(weekly: Weekly) -> HoursStatus:
    if all(day is None for day in weekly):
        return "unknown"
    if all(day == () for day in weekly):
        return "closed"
    return "partial" if any(day is None for day in weekly) else "known"


def hours_record(text: str, *, osm_first: bool) -> dict[str, Any]:
    """`attributes["opening_hours"]` for hours written as `text`."""
    readers = (("osm", parse_osm), ("text", parse_free_text))
    for parser, read in readers if osm_first else readers[::-1]:
        found = read(text)
        if found is None:
            continue
        weekly, note = found
        status = _status(weekly)
        if status == "unknown":
            continue
        record: dict[str, Any] = {"status": status, "weekly": weekly_to_json(weekly)}
        record |= {"parser": parser, "text": text}
        return record | ({"note": note} if note else {})
    return {"status": "unknown", "weekly": None, "parser": None, "text": text,
            "note": "hours kept as written: no reader understood them"}  # fmt: skip
