"""Open now, late, lunch on Sunday (issue 39): when a message asks for a time, places whose
opening hours are known and say they are closed then are left out; places whose hours are
unknown stay, and their card says so. Hours are the place's own (`core.opening_hours`: Yelp's
week, or the week read for points of interest), in the place's local time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from kairos.core.opening_hours import WEEKDAY_NAMES, is_open_for
from kairos.search.models import SearchHit
from kairos.store.database import Database
from kairos.text.query.words import normalise_message

__all__ = ["UNKNOWN_HOURS", "OpenAsk", "asked_hours", "by_hours", "hours_note", "open_state"]

UNKNOWN_HOURS = "Opening hours unknown: check before you go."

_DAYS = {name.lower(): i for i, name in enumerate(WEEKDAY_NAMES)}
_DAY = r"(?P<day>" + "|".join(_DAYS) + r")s?"
_MEALS = {  # minutes from midnight: a table sat at the usual time of the meal
    "breakfast": (8 * 60, 9 * 60),
    "brunch": (11 * 60, 12 * 60 + 30),
    "lunch": (12 * 60, 13 * 60),
    "dinner": (19 * 60, 20 * 60 + 30),
    "supper": (19 * 60, 20 * 60 + 30),
}
_MEAL = r"(?P<meal>" + "|".join(_MEALS) + r")"
_NOW = re.compile(
    r"\b(?:open (?:right )?now|right now|open at the moment|currently open|still open)\b"
)
_AFTER = re.compile(
    r"\b(?:open )?(?:after|past) (?P<hour>1[0-2]|[1-9])(?::(?P<min>[0-5]\d))? ?(?P<ampm>am|pm)?\b"
)
_LATE = re.compile(
    r"\b(?:open late|late night|late at night|late-night|open till late|after midnight|late)\b"
)
_MEAL_ON_DAY = (
    re.compile(rf"\b{_MEAL}\b(?:.*?)\bon {_DAY}\b"),
    re.compile(rf"\b{_DAY} {_MEAL}\b"),
    re.compile(rf"\bon {_DAY}\b(?:.*?)\bfor {_MEAL}\b"),
)
_TONIGHT = re.compile(r"\b(?:tonight|this evening)\b")
LATE_FROM = 22 * 60
"""'Late' is a table from 22:00."""
VISIT = 60
"""Minutes a place has to stay open for a visit that starts at the time asked."""
CITY_ZONES: Mapping[str, str] = {
    **dict.fromkeys(("boston", "cambridge", "atlanta", "orlando", "columbus", "kissimmee",
                     "new york", "washington", "somerville", "brookline"), "America/New_York"),
    **dict.fromkeys(("austin", "chicago", "houston", "dallas"), "America/Chicago"),
    "london": "Europe/London",
    "barcelona": "Europe/Madrid",
    "hyderabad": "Asia/Kolkata",
    "delhi": "Asia/Kolkata",
    "kathmandu": "Asia/Kathmandu",
    "singapore": "Asia/Singapore",
    "tokyo": "Asia/Tokyo",
    "toronto": "America/Toronto",
    "vancouver": "America/Vancouver",
    "quebec city": "America/Toronto",
}  # fmt: skip
"""Where a place's local time is read: its hours are written in it."""


@dataclass(frozen=True)
class OpenAsk:
    """A time a message asks places to be open at. `weekday` None: the day it is where the
    place is; `start` None: now, where the place is."""

    said: str
    weekday: int | None = None
    start: int | None = None
    end: int | None = None


def asked_hours(message: str) -> OpenAsk | None:
    """The time a message asks for, or None ("thai in boston" asks for no time)."""
    text = normalise_message(message)
    if match := next((m for p in _MEAL_ON_DAY if (m := p.search(text))), None):
        day, meal = match["day"], match["meal"]
        start, end = _MEALS[meal]
        return OpenAsk(f"{meal} on {WEEKDAY_NAMES[_DAYS[day]]}", _DAYS[day], start, end)
    if _NOW.search(text):
        return OpenAsk("open now")
    if match := _AFTER.search(text):
        hour = int(match["hour"]) % 12
        if match["ampm"] != "am":  # "after 11" at a restaurant is the evening
            hour += 12
        start = hour * 60 + int(match["min"] or 0)
        said = f"open after {start // 60:02d}:{start % 60:02d}"
        return OpenAsk(said, None, start, start + VISIT)
    if _LATE.search(text):
        return OpenAsk("open late", None, LATE_FROM, LATE_FROM + VISIT)
    if _TONIGHT.search(text):
        start, end = _MEALS["dinner"]
        return OpenAsk("open tonight", None, start, end)
    return None


def _local(now: datetime, city: str | None, lng: float | None) -> datetime:
    zone = CITY_ZONES.get((city or "").lower().split(" (")[0])
    if zone is not None:
        return now.astimezone(ZoneInfo(zone))
    if lng is not None:  # a rough local clock from the longitude, for a city not listed
        return now.astimezone(timezone(timedelta(hours=round(lng / 15))))
    return now


def open_state(
    ask: OpenAsk,
    attributes: Mapping[str, Any] | None,
    now: datetime,
    city: str | None,
    lng: float | None,
) -> bool | None:
    """Whether the place is open for the time asked; None when its hours are unknown."""
    local = _local(now, city, lng)
    weekday = local.weekday() if ask.weekday is None else ask.weekday
    start = local.hour * 60 + local.minute if ask.start is None else ask.start
    end = start + VISIT if ask.end is None else ask.end
    return is_open_for(attributes, weekday, start, end)


def hours_note(ask: OpenAsk | None, state: bool | None) -> str | None:
    """What a card says about its hours: known open for the time asked, or unknown."""
    if state is None:
        return UNKNOWN_HOURS
    if ask is not None and state:
        return f"Open for what you asked ({ask.said}), by its listed hours."
    return None


_HOURS = (
    "SELECT id, jsonb_build_object('hours', attributes -> 'hours', 'opening_hours',"
    " attributes -> 'opening_hours') AS hours FROM places WHERE id = ANY(CAST(:ids AS bigint[]))"
)


async def by_hours(
    db: Database, hits: Sequence[SearchHit], ask: OpenAsk | None, now: datetime
) -> tuple[list[SearchHit], dict[int, str], int]:
    """The hits to show, each card's hours note, and how many were left out as closed: known
    open first, unknown after, known closed never. Without a time asked, every hit, no note
    and no query."""
    if not hits or ask is None:
        return list(hits), {}, 0
    rows = await db.fetch(_HOURS, {"ids": [h.place.id for h in hits]})
    hours = {int(r["id"]): _attributes(r["hours"]) for r in rows}
    states = {
        h.place.id: open_state(ask, hours.get(h.place.id), now, h.place.city, h.place.lng)
        for h in hits
    }
    notes = {i: n for i, s in states.items() if (n := hours_note(ask, s)) is not None}
    kept = [h for h in hits if states[h.place.id] is True]
    kept += [h for h in hits if states[h.place.id] is None]
    return kept, notes, len(hits) - len(kept)


def _attributes(value: object) -> Mapping[str, Any] | None:
    if isinstance(value, str):
        value = json.loads(value)
    return value if isinstance(value, Mapping) else None
