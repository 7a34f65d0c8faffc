"""Words of a day's edit the answer reads beyond its first change: an add said after a remove
("we'd rather skip the zoo, add another memorial"), the day an add without a day goes to, and
what the answer says the edit did (the day's newest note: "day 2: Lincoln Memorial added")."""

from __future__ import annotations

import re
from typing import Final

from kairos.trips.intent import DayChange
from kairos.trips.intent_cues import tokens
from kairos.trips.intent_parts import find_change
from kairos.trips.schemas import TripView

__all__ = ["also_added", "changed_words", "roomiest_day"]

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
