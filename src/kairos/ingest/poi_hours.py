"""Opening hours as written by a source → the record `core.opening_hours` reads, with what is
known, known closed and unknown kept apart.

Two readers, tried in the order the source suggests (OSM syntax first for OpenStreetMap rows,
the free-text reader first for the others, each falling back to the other):
- OSM `opening_hours` through `opening-hours-py` (import `opening_hours`), evaluated over four
  reference weeks (January, April, July, October): a day keeps the hours common to all four, so
  a seasonal rule never places a visit when the place may be shut ("varies by season" is noted).
  Public holidays are not modelled (no country calendar is loaded); comments are ignored. An
  expression with days and no time ("Su-Fr", which OSM reads as open all day) gives the days
  it names as open at unknown hours and the others as closed.
- Free text (`core/hours_text.py`): "Daily, 7.30am – 5.30pm", "Tuesday to Sunday, 9am – 6pm,
  Closed on Monday", "Open daily at 10am" (closed before 10, unknown after), "Galleries closed
  on Monday" (Monday closed, the rest unknown); a text it cannot read is kept, unknown.

The record (`attributes["opening_hours"]`): `status` (`known` every day known, `partial` some
of it, `closed`, `unknown`), `weekly` (a day known in full: its open spans; else null), `text`,
`parser`, and when they apply: `closed` (per day, spans known closed on a day not known in full:
"opens at 10am" closes 00:00–10:00), `weekdays_given: false` (a range that names no weekday,
read as every day: which days it holds is not confirmed), `unread` (what was not read) and
`note`.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any, Final

from kairos.core.hours_text import DayHours, HoursReading, read_hours_text
from kairos.core.opening_hours import (
    DAY_MINUTES,
    HoursStatus,
    Interval,
    Weekly,
    merge_intervals,
    split_days,
)

__all__ = ["REFERENCE_WEEKS", "hours_record", "osm_reading", "parse_free_text", "parse_osm"]

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


_TIMED: Final = re.compile(r"\d{1,2}:\d{2}|24/7|sunrise|sunset|dawn|dusk")


def osm_reading(expression: str) -> HoursReading | None:
    """An OSM expression as a reading (a day parse_osm gives: known in full), or None."""
    found = parse_osm(expression)
    if found is None:
        return None
    weekly, note = found
    untimed = _TIMED.search(expression) is None
    days: list[DayHours] = []
    for day in weekly:
        if day is None or (untimed and day):  # "Su-Fr": open those days, at unknown hours
            days.append(DayHours())
            continue
        gaps, t = [], 0
        for a, b in day:
            gaps.append((t, a))
            t = b
        days.append(DayHours(day, merge_intervals([*gaps, (t, DAY_MINUTES)])))
    notes: tuple[str, ...] = (note,) if note else ()
    if untimed:
        notes += ("days without times: the hours of the days it opens are unknown",)
    return HoursReading(expression, tuple(days), notes=notes)


def parse_free_text(text: str) -> tuple[Weekly, str | None] | None:
    """The week a free-text description gives in full, and a note; None when any day is not
    known in full (`core.hours_text.read_hours_text` says what is)."""
    reading = read_hours_text(text)
    if not reading.complete:
        return None
    note = "; ".join(reading.notes) or None
    return tuple(d.intervals for d in reading.days), note


def _status(reading: HoursReading) -> HoursStatus:
    if reading.complete:
        return "closed" if all(not d.open for d in reading.days) else "known"
    return "partial" if reading.anything_known else "unknown"


def hours_record(text: str, *, osm_first: bool) -> dict[str, Any]:
    """`attributes["opening_hours"]` for hours written as `text`: the first reading that knows
    every day, else the first that knows some of it, else unknown with what was not read."""
    readers = (("osm", osm_reading), ("text", read_hours_text))
    readings = [(p, r) for p, read in (readers if osm_first else readers[::-1])
                if (r := read(text)) is not None]  # fmt: skip
    usable = [(p, r) for p, r in readings if r.anything_known]
    chosen = next(((p, r) for p, r in usable if r.complete), usable[0] if usable else None)
    if chosen is None:
        unread = [u for _, r in readings for u in r.unread]
        record: dict[str, Any] = {
            "status": "unknown", "weekly": None, "parser": None, "text": text,
            "note": "hours kept as written: no reader understood them",
        }  # fmt: skip
        return record | ({"unread": list(dict.fromkeys(unread))} if unread else {})
    parser, reading = chosen
    record = {"status": _status(reading), "parser": parser, "text": text,
              "weekly": [None if d.intervals is None else [list(s) for s in d.intervals]
                         for d in reading.days]}  # fmt: skip
    if any(d.closed and not d.known for d in reading.days):
        record["closed"] = [[] if d.known else [list(s) for s in d.closed] for d in reading.days]
    if not reading.weekdays_given:
        record["weekdays_given"] = False
    if reading.unread:
        record["unread"] = list(reading.unread)
    if reading.notes:
        record["note"] = "; ".join(reading.notes)
    return record
