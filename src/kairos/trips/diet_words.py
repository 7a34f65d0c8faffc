"""A diet said in a trip request's words ("I am vegetarian", "halal food"), the evidence a place
to eat carries of it, and what the trip says of it. A meal prefers a place whose source says it
serves the diet (OSM `diet:vegetarian=yes|only`, a cuisine or a name saying it); the trip names
the meals whose place says nothing of it, or that none of the known places does: never a meal
called vegetarian without evidence."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

__all__ = ["DIETS", "diet_evidence", "diet_note", "said_diets"]

DIETS: Final[Mapping[str, re.Pattern[str]]] = {
    "vegan": re.compile(r"\bvegans?\b|\bplant[- ]based\b", re.I),
    "vegetarian": re.compile(r"\bvegetarians?\b|\bveggie\b|\bpure veg\b|\bveg only\b", re.I),
    "halal": re.compile(r"\bhalal\b", re.I),
    "kosher": re.compile(r"\bkosher\b", re.I),
}
"""Diets a request may say, each with the words that say it (in a request or a place's name,
cuisine or description)."""
_NOT: Final = re.compile(r"\b(?:non[- ]?veg(?:etarian)?|not (?:vegetarian|vegan|halal|kosher))\b",
                         re.I)  # fmt: skip
_SERVES: Final = frozenset({"yes", "only"})


def said_diets(text: str) -> tuple[str, ...]:
    """The diets the words say (vegan also asks for nothing a vegetarian could not eat)."""
    plain = _NOT.sub(" ", text or "")
    return tuple(d for d, words in DIETS.items() if words.search(plain))


def _raws(attributes: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    poi = attributes.get("poi") or {}
    if not isinstance(poi, Mapping):
        return []
    return [raw for raw in poi.values() if isinstance(raw, Mapping)]


def diet_evidence(name: str, attributes: Mapping[str, Any]) -> frozenset[str]:
    """The diets a place to eat's source says it serves: OSM `diet:<diet>=yes|only`, its
    cuisine, its name or its description's words (a vegan place serves vegetarians too)."""
    said: set[str] = set()
    texts = [name]
    for raw in _raws(attributes):
        tags = raw.get("osm_tags") or {}
        if isinstance(tags, Mapping):
            said |= {d for d in DIETS if str(tags.get(f"diet:{d}") or "") in _SERVES}
            texts.append(str(tags.get("cuisine") or "").replace(";", " "))
        texts.append(str(raw.get("description") or ""))
        texts += [str(c) for c in raw.get("categories") or () if isinstance(c, str)]
    plain = _NOT.sub(" ", " ".join(texts))
    said |= {d for d, words in DIETS.items() if words.search(plain)}
    if "vegan" in said:
        said.add("vegetarian")
    return frozenset(said)


def diet_note(diets: Sequence[str], meals: Sequence[tuple[str, frozenset[str]]]) -> str | None:
    """What the trip says of the diets asked for, given its meals (place name, evidence):
    which meals' places say nothing of them (ask there), or that no known place does."""
    if not diets or not meals:
        return None
    asked = " and ".join(diets)
    missing = list(dict.fromkeys(name for name, has in meals if not set(diets) <= has))
    if not missing:
        return (
            f"You said {asked}: every meal is at a place whose listing says it serves {asked} food."
        )
    listed = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
    if len(missing) == len({name for name, _ in meals}):
        return (f"You said {asked}: no place to eat on this trip is known to serve {asked} "
                f"food (their listings say nothing of it): ask at {listed} for a {asked} "
                "choice, or choose your own.")  # fmt: skip
    listings = "the listing of" if len(missing) == 1 else "the listings of"
    says = "says" if len(missing) == 1 else "say"
    return (f"You said {asked}: {listings} {listed} {says} nothing of {asked} food: ask "
            "there; the other meals are at places whose listing says they serve it.")  # fmt: skip
