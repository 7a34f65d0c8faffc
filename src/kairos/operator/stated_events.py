"""Games and events the operator states as facts ("Bruins play Saturday", "there's a concert
Friday"), unlike a what-if: the session keeps them, and every answer after counts them on their
day (panel half A, o21: the Saturday plan said "nothing moves demand" after the operator had said
the Bruins play that day). Only a sentence that supposes nothing is a fact.

The words (teams, kinds of events, what supposes) are data, `operator/data/stated_events.toml`;
the day is read by the shared date reader (`text.query.when`), with its conventions: a weekday
alone is its next occurrence, today included; "tonight" today; "tomorrow" the next day. A stated
event is where its sentence puts it (`event_venue.py`: a venue named, or the team's home ground),
its distance measured from the restaurant; with no venue its distance is unknown, said so, and
it counts as near, as a supposed one does: an operator names the game that moves their own room
(o21: +15 % supposed, then +7 % once stated).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from datetime import date, time
from functools import lru_cache
from importlib.resources import files
from typing import Final

from kairos.operator.event_venue import venue_of, venue_said
from kairos.signals.events.models import Event
from kairos.text.query.when import extract_when

__all__ = ["STATED_EVENT", "read_stated_events", "read_stated_venues", "stated_events"]

STATED_EVENT: Final = "stated"
"""The id of an event the operator said is on."""
_EVENT_HOUR: Final = time(19, 0)


def _words(items: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(items, key=len,
                                                                        reverse=True))  # fmt: skip


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    text = (files("kairos.operator") / "data" / "stated_events.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    teams, events = _words(data["teams"]), _words(data["events"])
    stated = re.compile(
        rf"\b(?:(?:{teams})\s+(?:play|are\s+playing|have|game)"
        rf"|(?:there'?s|there\s+is|there\s+will\s+be|we(?:'ve|\s+have)\s+got|we\s+have)\s+"
        rf"(?:an?\s+)?(?:big\s+|home\s+|\w+\s+)?(?:{events})"
        rf"|(?:{events})\s+(?:is\s+)?on)\b",
        re.I,
    )
    supposing = re.compile(rf"\b(?:{_words(data['supposing'])})\b", re.I)
    return stated, supposing


def _day(sentence: str, today: date) -> date | None:
    when, _, _ = extract_when(sentence.lower(), today)
    return when.start if when is not None else None


def _stated(text: str, today: date) -> list[tuple[date, str | None]]:
    stated_re, supposing = _patterns()
    found: list[tuple[date, str | None]] = []
    for sentence in re.split(r"[.!?;\n]+", text):
        stated = stated_re.search(sentence)
        if stated is None or supposing.search(sentence):
            continue
        day = _day(sentence[stated.start() :], today) or _day(sentence, today)
        if day is not None and day not in [d for d, _ in found]:
            found.append((day, venue_said(sentence)))
    return found


def read_stated_events(text: str, today: date) -> list[date]:
    """The days of the games or events the message states are on, each the next such day from
    `today` (today included)."""
    return [day for day, _ in _stated(text, today)]


def read_stated_venues(text: str, today: date) -> dict[str, str]:
    """The venues of the events the message states are on (`event_venue.venue_said`), by the
    day's ISO date; days with no venue said are left out."""
    return {day.isoformat(): venue for day, venue in _stated(text, today) if venue}


def stated_events(
    days: list[date], said: list[date], venues: Mapping[str, str] | None = None
) -> list[Event]:
    """The events the operator said are on, on the days planned, at the venue said with them
    (`venues`, by ISO date: its position, measured from the restaurant by `event_venue.placed`),
    or with their distance unknown."""
    found = []
    for day in days:
        if day not in said:
            continue
        venue = (venues or {}).get(day.isoformat())
        mark = venue_of(venue)
        found.append(
            Event(
                id=STATED_EVENT,
                name="the game or event you said is on",
                day=day,
                start_time=_EVENT_HOUR,
                venue=venue if mark else None,
                lat=mark.lat if mark else None,
                lng=mark.lng if mark else None,
            )
        )
    return found
