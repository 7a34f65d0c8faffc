"""Stairs a place's data speaks of, and what a step-free trip's days say of each stop's access
(issue 35, panel trips half A t41 "the stupa's stairs not warned (only a generic step-free
note)", t27 "accessibility wording per stop").

`stairs_of` reads a place's sources: OSM `step_count` or `highway=steps`, a name that is a
stair ("… Steps", "… Stairway"), a description's sentence naming stairs, a staircase, flights
or a count of steps, or a hilltop ("atop a tall hill"). "Just steps away" is a distance, not
stairs; a sentence naming a cable car or a lift says a way up. Measured on the shared points
of interest (5,260 rows): 23 carry such words, none an OSM `step_count`; 212 carry an OSM
`wheelchair` tag (126 `no`).

`access_notes` is a step-free trip's per-day word on its stops: stairs said by name with the
source's words, then which stops their source marks wheelchair accessible and which it says
nothing of.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from kairos.trips.models import Day, Itinerary

__all__ = ["access_notes", "stairs_of"]

_NAME: Final = re.compile(r"\b(?:stairs?|stairway|staircase|steps)\b", re.IGNORECASE)
_SAID: Final = re.compile(
    r"\b(?:stairs|staircases|stairways?|flights?\s+of\s+(?:\w+\s+)?(?:stairs|steps)"
    r"|\d[\d,]*\s+(?:\w+\s+)?steps|steep\s+(?:steps|stairs|climb)|stone\s+steps"
    r"|hill\s?tops?|atop\s+(?:a\s+)?(?:\w+\s+)?hill|on\s+(?:a|the)\s+(?:top\s+of\s+(?:a|the)\s+)?hill)\b",
    re.IGNORECASE,
)
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+")
_WAY_UP: Final = re.compile(r"\b(?:cable\s+car|funicular|lifts?|elevators?|escalators?|gondola)\b",
                           re.IGNORECASE)  # fmt: skip
"""A sentence naming a way up that is no stair ("the hilltop … by cable car") says no stairs."""
QUOTED: Final = 110
"""Characters of the source's sentence quoted at most."""


def _quote(sentence: str, at: int) -> str:
    if len(sentence) <= QUOTED:
        return sentence.strip()
    start = max(0, min(at - QUOTED // 2, len(sentence) - QUOTED))
    cut = sentence[start : start + QUOTED].strip()
    return ("…" if start else "") + cut + ("…" if start + QUOTED < len(sentence) else "")


def stairs_of(name: str, attributes: Mapping[str, Any]) -> str | None:
    """The words of the place's data that say it has stairs, or None."""
    poi = attributes.get("poi") or {}
    raws = [r for r in (poi.values() if isinstance(poi, Mapping) else ()) if isinstance(r, Mapping)]
    for raw in raws:
        tags = raw.get("osm_tags")
        if isinstance(tags, Mapping):
            if str(tags.get("step_count") or "").isdigit():
                return f"{tags['step_count']} steps (OpenStreetMap)"
            if tags.get("highway") == "steps":
                return "a stairway (OpenStreetMap)"
    if _NAME.search(name):
        return f"its name, {name}"
    for raw in raws:
        for sentence in _SENTENCE.split(str(raw.get("description") or "")):
            if (found := _SAID.search(sentence)) is not None and not _WAY_UP.search(sentence):
                return _quote(sentence, found.start())
    return None


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def access_notes(day: Day, itinerary: Itinerary) -> list[str]:
    """On a step-free trip, the day's word on each stop's access: stairs its data speaks of,
    then the stops marked wheelchair accessible by their source and those it says nothing of."""
    if not itinerary.request.step_free or not day.stops:
        return []
    by_id = {c.id: c for c in itinerary.request.candidates}
    notes = []
    for stop in day.stops:
        said = by_id[stop.place_id].stairs if stop.place_id in by_id else None
        if said:
            notes.append(f"Stairs at {stop.name}: its source says “{said}”; ask for a step-free "
                         "way in before you go, or leave it out.")  # fmt: skip
    marked = [s.name for s in day.stops if s.step_free == "yes"]
    unknown = [s.name for s in day.stops if s.step_free == "unknown"]
    parts = []
    if marked:
        parts.append(f"{_names(marked)} marked wheelchair accessible by "
                     f"{'its' if len(marked) == 1 else 'their'} source")  # fmt: skip
    if unknown:
        whose = "its" if len(unknown) == 1 else "their"
        parts.append(f"{_names(unknown)}: no word of it in {whose} source, check before you go")
    return [*notes, "Step-free access: " + "; ".join(parts) + "."] if parts else notes
