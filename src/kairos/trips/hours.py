"""What a place's opening hours say about one visit: open, closed, or unknown, and what a
traveller should check when they are unknown.

A place's hours are three things on a `Candidate`: `hours` (the days known in full: their open
spans), `closed` (per day not known in full, the spans known closed: "opens at 10am" closes
00:00–10:00) and `weekdays_given` (False when the source gave one range with no weekday, read
as every day). A visit is

- `open` when its weekday is known in full, from a source that names weekdays, and it is open
  for the whole visit;
- `closed` when any of it falls in a span known closed (or outside the one range of a source
  that names no weekday);
- `unknown` otherwise: the planner may use it (nothing says it is shut), the verifier cannot
  vouch for it, and the trip names it with what to check.

A museum or gallery whose source says nothing of a day's hours is planned within a museum's
usual hours (`USUAL_MUSEUM_HOURS`, 10:00–17:30), never at 18:00 past its likely closing; the
visit stays `unknown` and the trip says the hours are not known. A museum is one by its kind,
its source's category or its name ("Tokyo National Museum" filed as an attraction); a garden
with a gate (by its name: "Rikugi-en", "Botanic Gardens"; not a city park) likewise keeps a
garden's usual hours (`USUAL_GARDEN_HOURS`, 09:00–17:30), and is visited in daylight
(`day_slots.by_daylight`).
"""

from __future__ import annotations

import re
from typing import Final, Literal

from kairos.core.opening_hours import DAY_MINUTES, Interval, is_open_for, open_intervals
from kairos.trips.models import Candidate

__all__ = [
    "EVENING", "OPEN_END", "USUAL_GARDEN_HOURS", "USUAL_MUSEUM_HOURS", "HoursState",
    "allowed_spans", "asks_for_appointments", "by_appointment_only", "day_known", "evening_only",
    "garden_named", "museum_like", "usual_hours", "visit_hours", "why_unknown",
]  # fmt: skip

HoursState = Literal["open", "closed", "unknown"]
OPEN_END: Final = 10**6
"""The end of a span with no known end (the planner's day window bounds it)."""


_APPOINTMENT_ONLY: Final = re.compile(
    r"\b(?:by|with)\s+(?:prior\s+)?appointments?\s+only\b|\bonly\s+by\s+(?:prior\s+)?appointment"
    r"|\bvisits?\s+(?:are\s+|is\s+)?(?:strictly\s+)?by\s+(?:prior\s+)?appointment\b"
    r"|\bappointments?\s+only\b",
    re.IGNORECASE,
)
"""'Visits are by appointment only', 'open by appointment only': no walk-in visit. ('Groups by
appointment' alone is not: the place may still open to others.)"""


def by_appointment_only(c: Candidate) -> bool:
    """The source's hours say a visit needs an appointment: not a walk-in stop."""
    return bool(c.hours_text and _APPOINTMENT_ONLY.search(c.hours_text))


def asks_for_appointments(words: str) -> bool:
    """The traveller's words say they will book visits ('by appointment', 'we can book')."""
    return re.search(r"\bappointments?\b|\bbook(?:ed|ing)?\s+(?:a\s+)?(?:visit|tour)s?\b",
                     words, re.IGNORECASE) is not None  # fmt: skip


EVENING: Final = 17 * 60
"""A place whose every open span of a day starts at or after this opens only in the evening."""


def evening_only(c: Candidate, weekday: int) -> tuple[int, int] | None:
    """The first open span of a day known in full when every span starts in the evening
    (Night Safari, 'Daily, 7.30pm - 12am'); None otherwise."""
    if not day_known(c, weekday):
        return None
    spans = allowed_spans(c, weekday)
    return spans[0] if spans and all(a >= EVENING for a, _b in spans) else None


def _hhmm(minute: int) -> str:
    return f"{minute // 60 % 24:02d}:{minute % 60:02d}"


def day_known(c: Candidate, weekday: int) -> bool:
    """Whether `c`'s hours on `weekday` are known in full."""
    return c.hours is not None and c.hours[weekday % 7] is not None


def _closed_spans(c: Candidate, weekday: int) -> tuple[Interval, ...]:
    return c.closed[weekday % 7] if c.closed is not None else ()


USUAL_MUSEUM_HOURS: Final = (10 * 60, 17 * 60 + 30)
"""When museums and galleries are usually open (planned so when their source says nothing)."""
USUAL_GARDEN_HOURS: Final = (9 * 60, 17 * 60 + 30)
"""When a garden with an entrance (a botanic garden, a Japanese garden) is usually open."""

_MUSEUM_NAME: Final = re.compile(
    r"\b(?:museums?|museo|mus[ée]e|museu|museet|museum\w*|galler(?:y|ies)|galerie|galleria|"
    r"kunsthalle|pinacoteca)\b",
    re.IGNORECASE,
)
"""A name that says museum or gallery (a source may file "Tokyo National Museum" as an
attraction)."""
_GARDEN_NAME: Final = re.compile(
    r"\b(?:gardens?|garten|jardin|jardim|jard[ií]n|giardino|botanic(?:al)?|arboretum|\w+-en|"
    r"\w*(?:teien|gyoen|rakuen))\b",
    re.IGNORECASE,
)
"""A name that says garden, Japanese ones too ("Rikugi-en", "Hama-rikyū Onshi-teien",
"Shinjuku Gyoen", "Kōrakuen")."""
_OPEN_NAME: Final = re.compile(r"\b(?:night|beer|market|square|district|street)\b", re.IGNORECASE)
"""A garden or a museum named so is not one with a gate that shuts at 17:30 ("Night Garden",
"Beer Garden", "Garden Square")."""


def museum_like(c: Candidate) -> bool:
    """A museum or a gallery, by its kind, its source's category or its name."""
    if c.kind in ("museum", "gallery") or (c.category or "").lower() in ("museum", "gallery"):
        return True
    return bool(_MUSEUM_NAME.search(c.name)) and not _OPEN_NAME.search(c.name)


def garden_named(c: Candidate) -> bool:
    """A garden by its name or kind (visited in daylight, within a garden's usual hours when its
    source says nothing)."""
    if c.kind == "garden" or (c.category or "").lower() == "garden":
        return True
    return bool(_GARDEN_NAME.search(c.name)) and not _OPEN_NAME.search(c.name)


def usual_hours(c: Candidate, weekday: int) -> Interval | None:
    """A museum's or a garden's usual hours when its source says nothing of the day's (see the
    module)."""
    if day_known(c, weekday) or _closed_spans(c, weekday):
        return None
    if museum_like(c):
        return USUAL_MUSEUM_HOURS
    if garden_named(c) and c.kind != "park":  # a city park stays open: daylight bounds it
        return USUAL_GARDEN_HOURS
    return None


def allowed_spans(c: Candidate, weekday: int) -> list[Interval]:
    """When the planner may place a visit on `weekday`: the open spans of a day known in full,
    else a museum's usual hours when nothing is known of the day, else every time not known
    closed."""
    if day_known(c, weekday):
        return open_intervals(c.hours, weekday) or []
    if (usual := usual_hours(c, weekday)) is not None:
        return [usual]
    spans, t = [], 0
    for a, b in _closed_spans(c, weekday):
        if a > t:
            spans.append((t, a))
        t = max(t, b)
    spans.append((t, OPEN_END if t < DAY_MINUTES else t))
    return [(a, b) for a, b in spans if b > a]


def visit_hours(c: Candidate, weekday: int, start: int, end: int) -> HoursState:
    """Whether `c` is open for the whole of [start, end] on `weekday` (see the module)."""
    while start >= DAY_MINUTES:
        weekday, start, end = weekday + 1, start - DAY_MINUTES, end - DAY_MINUTES
    if day_known(c, weekday):
        state = is_open_for(c.hours, weekday, start, end)
        if state is False:
            return "closed"
        return "open" if state and c.weekdays_given else "unknown"
    if any(a < end and start < b for a, b in _closed_spans(c, weekday)):
        return "closed"
    return "unknown"


def why_unknown(c: Candidate, weekday: int) -> str:
    """Why a visit's hours are unknown, in words, with the source's text when it has one."""
    if c.holiday is not None:  # a public holiday (`holiday_hours.on_holiday`)
        given = (f" (its usual hours: “{c.hours_text}”)" if c.hours_text
                 else "; its source gives no opening hours at all")  # fmt: skip
        return f"{c.holiday}: holiday hours not known, check before going{given}"
    text = f"“{c.hours_text}”" if c.hours_text else None
    if day_known(c, weekday) and not c.weekdays_given:
        return (f"its source gives one range, {text}, without saying on which days; it may be "
                "closed on this one")  # fmt: skip
    closed = _closed_spans(c, weekday)
    if closed:
        said = ", ".join(f"{_hhmm(a)}–{_hhmm(b) if b < DAY_MINUTES else '24:00'}"
                         for a, b in closed)  # fmt: skip
        return f"its source says only when it is closed ({said}); the rest is unknown: {text}"
    usual = usual_hours(c, weekday)
    what = "a museum's" if museum_like(c) else "a garden's"
    within = (f"; planned within {what} usual hours, {_hhmm(usual[0])}–{_hhmm(usual[1])}"
              if usual is not None else "")  # fmt: skip
    if text:
        return f"its source's hours could not be read for this day: {text}{within}"
    return f"its source gives no opening hours{within}"
