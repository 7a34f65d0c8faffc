"""Words of a day's edit the answer reads beyond its first change: an add said after a remove
("we'd rather skip the zoo, add another memorial"), the day an add without a day goes to, and
what the answer says the edit did (the day's newest note: "day 2: Lincoln Memorial added")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from kairos.trips.intent import DayChange
from kairos.trips.intent_cues import tokens
from kairos.trips.intent_parts import find_change
from kairos.trips.schemas import TripView

__all__ = ["Move", "also_added", "changed_words", "move_asked", "roomiest_day"]

_PARTS: Final = re.compile(r"[,;.!?]|\bthen\b|\band\b|\bbut\b", re.IGNORECASE)


def also_added(text: str) -> DayChange | None:
    """An add of a kind said in a part of the message of its own ("..., add another
    memorial"), or None."""
    for part in _PARTS.split(text):
        found = find_change(tokens(part), part) if part.strip() else None
        if found is not None and found.kind == "add" and found.target not in (None, "food"):
            return DayChange(kind="add", target=found.target, phrase=found.phrase)
    return None


def roomiest_day(trip: TripView) -> int:
    """The day (1-based) with the fewest stops, the earliest of equals: where an add without a
    day goes."""
    counts = [(sum(s.kind == "stop" for s in d.slots), d.index) for d in trip.days]
    return min(counts)[1] if counts else 1


def changed_words(trip: TripView, day: int) -> str:
    """What the edit did, from the trip's notes about that day, else that the day changed."""
    label = f"day {day}:"
    said = [n for n in trip.notes if n.lower().startswith(label)]
    if said:
        text = said[-1]
        return f"Day {day}{text[len(label) - 1 :]}; the other days are as they were."
    return f"Day {day} changed; the other days are as they were."


_MOVE: Final = re.compile(
    r"\b(?:move|put|shift)\s+(?:the\s+)?(?P<stop>.+?)\s+(?:to|on|onto|into)\s+day\s+(?P<day>\d+)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Move:
    place_id: str
    name: str
    day: int
    """The day asked (1-based)."""
    now: int
    """The day the stop is on now."""


def move_asked(text: str, trip: TripView) -> Move | None:
    """ "move sentosa to day 1": the trip's stop the words name (its name holds them) and the
    day asked, or None when no stop is named so."""
    found = _MOVE.search(text)
    if found is None:
        return None
    said = " ".join(tokens(found["stop"]))
    stops = [(s, d.index) for d in trip.days for s in d.slots if s.kind == "stop"
             and said and f" {said} " in f" {' '.join(tokens(s.name))} "]  # fmt: skip
    if not stops:
        return None
    stop, now = max(stops, key=lambda pair: len(pair[0].name))
    return Move(stop.place_id, stop.name, int(found["day"]), now)
