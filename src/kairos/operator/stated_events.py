"""Games and events the operator states as facts ("Bruins play Saturday", "there's a concert
Friday"), unlike a what-if: the session keeps them, and every answer after counts them on their
day (panel half A, o21: the Saturday plan said "nothing moves demand" after the operator had said
the Bruins play that day). Only a sentence that supposes nothing is a fact."""

from __future__ import annotations

import re
from datetime import date, time, timedelta
from typing import Final

from kairos.signals.events.models import Event

__all__ = ["STATED_EVENT", "read_stated_events", "stated_events"]

STATED_EVENT: Final = "stated"
"""The id of an event the operator said is on."""
_STATED = re.compile(
    r"\b(?:(?:celtics|bruins|red sox|sox|patriots|pats|revolution)\s+(?:play|are playing|have"
    r"|game)|(?:there'?s|there is|there will be|we(?:'ve| have) got|we have)\s+(?:an?\s+)?(?:big"
    r"\s+|home\s+|\w+\s+)?(?:game|concert|festival|parade|marathon|match)|(?:game|concert"
    r"|festival|parade|marathon|match)\s+(?:is\s+)?on)\b",
    re.I,
)
_DAY = re.compile(
    r"\b(?:(?P<day>mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|urday)?s?"
    r"|(?P<rel>today|tonight|tomorrow))\b",
    re.I,
)
_SUPPOSING = re.compile(r"\b(?:what if|if|in case|suppose|supposing|say|would|could)\b", re.I)
_DAYS: Final = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_EVENT_HOUR: Final = time(19, 0)


def read_stated_events(text: str, today: date) -> list[date]:
    """The days of the games or events the message states are on, each the next such day from
    `today` (today included)."""
    found: list[date] = []
    for sentence in re.split(r"[.!?;\n]+", text):
        stated = _STATED.search(sentence)
        if stated is None or _SUPPOSING.search(sentence):
            continue
        when = _DAY.search(sentence, stated.start()) or _DAY.search(sentence)
        if when is None:
            continue
        if when.group("rel"):
            day = today + timedelta(days=1 if when.group("rel").lower() == "tomorrow" else 0)
        else:
            weekday = _DAYS.index(when.group("day").lower())
            day = today + timedelta(days=(weekday - today.weekday()) % 7)
        if day not in found:
            found.append(day)
    return found


def stated_events(days: list[date], said: list[date]) -> list[Event]:
    """The events the operator said are on, on the days planned."""
    return [
        Event(id=STATED_EVENT, name="the game or event you said is on", day=day,
              start_time=_EVENT_HOUR)
        for day in days if day in said
    ]  # fmt: skip
