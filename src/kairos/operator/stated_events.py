"""Games and events the operator states as facts ("Bruins play Saturday", "there's a concert
Friday"), unlike a what-if: the session keeps them, and every answer after counts them on their
day (panel half A, o21: the Saturday plan said "nothing moves demand" after the operator had said
the Bruins play that day). Only a sentence that supposes nothing is a fact.

The words (teams, kinds of events, what supposes) are data, `operator/data/stated_events.toml`;
the day is read by the shared date reader (`text.query.when`), with its conventions: a weekday
alone is its next occurrence, today included; "tonight" today; "tomorrow" the next day. A stated
event counts as near the restaurant, as a supposed one does (`EVENT_DISTANCE_KM`): an operator
names the game that moves their own room (o21: +15 % supposed, then +7 % once stated).
"""

from __future__ import annotations

import re
import tomllib
from datetime import date, time
from functools import lru_cache
from importlib.resources import files
from typing import Final

from kairos.signals.events.models import Event
from kairos.text.query.when import extract_when

__all__ = ["EVENT_DISTANCE_KM", "STATED_EVENT", "read_stated_events", "stated_events"]

STATED_EVENT: Final = "stated"
"""The id of an event the operator said is on."""
EVENT_DISTANCE_KM: Final = 0.5
"""How far an event the operator states or supposes is taken to be: near (within 1 km)."""
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


def read_stated_events(text: str, today: date) -> list[date]:
    """The days of the games or events the message states are on, each the next such day from
    `today` (today included)."""
    stated_re, supposing = _patterns()
    found: list[date] = []
    for sentence in re.split(r"[.!?;\n]+", text):
        stated = stated_re.search(sentence)
        if stated is None or supposing.search(sentence):
            continue
        day = _day(sentence[stated.start() :], today) or _day(sentence, today)
        if day is not None and day not in found:
            found.append(day)
    return found


def stated_events(days: list[date], said: list[date]) -> list[Event]:
    """The events the operator said are on, on the days planned, near the restaurant."""
    return [
        Event(id=STATED_EVENT, name="the game or event you said is on", day=day,
              start_time=_EVENT_HOUR, distance_km=EVENT_DISTANCE_KM)
        for day in days if day in said
    ]  # fmt: skip
