"""Interests as travellers say them, read through `trips/data/interest_words.toml`: an era or a
style ("Mughal", "colonial", "Art Deco", "old monuments"), street art, nightlife. Each entry says
which words of a request ask for it and what a place's data carries that answers it: OSM tags,
words of its name, source categories or description, a year before which its description dates
it. Retrieval lifts the places that answer an asked entry (`INTEREST_EVIDENCE`) and lowers as
much those that are its opposite (`unlike`: a modern memorial for "old monuments"); an entry the
city's places do not answer, or answer with only a few, is said in the trip's notes ("Kairos
knows no Mughal sight in Delhi")."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Final, Protocol

from kairos.trips.models import Candidate

__all__ = [
    "FEW",
    "INTEREST_EVIDENCE",
    "InterestWord",
    "answers",
    "asked_words",
    "interest_step",
    "interest_words",
    "said_gaps",
    "unlike",
]  # fmt: skip

INTEREST_EVIDENCE: Final = 0.3
"""Added to a place that answers an interest the request says in words (`asked_words`): about
the `OFF_TAG` step of retrieval, so a Mughal tomb comes before a modern memorial of like note."""
FEW: Final = 3
"""Fewer places than this answering an asked interest are named in the trip's notes."""


@dataclass(frozen=True, slots=True)
class InterestWord:
    key: str
    label: str
    asked_by: tuple[str, ...]
    osm: tuple[tuple[str, tuple[str, ...]], ...] = ()
    words: tuple[str, ...] = ()
    before_year: int | None = None
    unlike_osm: tuple[tuple[str, tuple[str, ...]], ...] = ()


@lru_cache(maxsize=1)
def interest_words() -> tuple[InterestWord, ...]:
    path = resources.files("kairos.trips") / "data" / "interest_words.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        InterestWord(
            key=key,
            label=str(entry["label"]),
            asked_by=tuple(_plain(w).strip() for w in entry["asked_by"]),
            osm=tuple((k, tuple(v)) for k, v in (entry.get("osm") or {}).items()),
            words=tuple(_plain(w).strip() for w in entry.get("words", ())),
            before_year=entry.get("before_year"),
            unlike_osm=tuple((k, tuple(v)) for k, v in (entry.get("unlike_osm") or {}).items()),
        )
        for key, entry in data.items()
    )


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return " " + " ".join(re.findall(r"[a-z0-9]+", folded)) + " "


def asked_words(interests: str) -> list[InterestWord]:
    """The entries the request's words ask for, in the table's order."""
    said = _plain(interests)
    return [e for e in interest_words() if any(f" {w} " in said for w in e.asked_by)]


def _raws(attributes: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    poi = attributes.get("poi") or {}
    return [r for r in poi.values() if isinstance(r, Mapping)] if isinstance(poi, Mapping) else []


_YEAR: Final = re.compile(r"\b(?:in|from|of|c\.?|circa|around|built|dating|dates)\s+(1[0-9]{3})\b")
_CENTURY: Final = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)[\s-]+century\b", re.I)


def _dated_before(description: str, year: int) -> bool:
    years = [int(y) for y in _YEAR.findall(description.lower())]
    years += [(int(c) - 1) * 100 for c in _CENTURY.findall(description)]
    return bool(years) and min(years) < year


_SAID_TAGS: Final = ("wikipedia", "alt_name", "name:en", "old_name", "description")


def _tags(raws: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for raw in raws:
        tags = raw.get("osm_tags")
        if isinstance(tags, Mapping):
            found.update({str(k): str(v) for k, v in tags.items()})
    return found


def _tagged(tags: Mapping[str, str], wanted: Sequence[tuple[str, Sequence[str]]]) -> bool:
    for key, values in wanted:
        value = tags.get(key, "").lower()
        if value and value != "no" and ("*" in values or value in values):
            return True
    return False


def answers(entry: InterestWord, name: str, attributes: Mapping[str, Any]) -> bool:
    """Whether a place (its name, its sources' OSM tags, categories and descriptions) answers
    `entry`."""
    raws = _raws(attributes)
    tags = _tags(raws)
    if _tagged(tags, entry.osm):
        return True
    described = " ".join(str(r.get("description") or "") for r in raws)
    described += " " + " ".join(tags.get(k, "") for k in _SAID_TAGS)
    labels = " ".join(str(c) for r in raws for c in (r.get("category_raw") or ()))
    text = _plain(f"{name} {labels} {described}")
    if any(f" {w} " in text for w in entry.words):
        return True
    return entry.before_year is not None and _dated_before(described, entry.before_year)


def unlike(entry: InterestWord, name: str, attributes: Mapping[str, Any]) -> bool:
    """Whether a place is the opposite of what `entry` asks (`unlike_osm`: a memorial for old
    monuments) and does not answer it."""
    return _tagged(_tags(_raws(attributes)), entry.unlike_osm) and not answers(
        entry, name, attributes
    )


def interest_step(
    asked: Sequence[InterestWord], name: str, attributes: Mapping[str, Any]
) -> tuple[float, tuple[str, ...]]:
    """What retrieval adds to a place's score for the interests `asked` in words (+
    `INTEREST_EVIDENCE` when it answers one, as much less when it is the opposite of one: a
    modern memorial for "old monuments"), and the keys of those it answers."""
    answered = tuple(e.key for e in asked if answers(e, name, attributes))
    opposite = any(unlike(e, name, attributes) for e in asked)
    return INTEREST_EVIDENCE * (bool(answered) - opposite), answered


class _Place(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def attributes(self) -> dict[str, Any]: ...


def answering(interests: str, rows: Sequence[_Place]) -> frozenset[str]:
    """Ids (as text) of the rows that answer an interest the request says in words: kept when
    the request's kinds (tags) would leave them out ("Mughal architecture" reads as landmarks,
    and a World Heritage tomb is filed as a historic site)."""
    asked = asked_words(interests)
    if not asked:
        return frozenset()
    return frozenset(str(r.id) for r in rows
                     if any(answers(e, r.name, r.attributes) for e in asked))  # fmt: skip


def said_gaps(interests: str, city: str, places: Sequence[Candidate]) -> list[str]:
    """A note per interest asked in words that none, or only a few (< `FEW`), of the city's
    places answer (`Candidate.interests`, set by retrieval from `answers`)."""
    notes = []
    for entry in asked_words(interests):
        found = list(dict.fromkeys(c.name for c in places if entry.key in c.interests))
        if not found:
            notes.append(f"Kairos knows no {entry.label} in {city}.")
        elif len(found) < FEW:
            notes.append(f"Kairos knows only {_count(len(found), entry.label)} in {city}: "
                         f"{', '.join(found)}.")  # fmt: skip
    return notes


def _count(n: int, label: str) -> str:
    if n == 1:
        return f"one {label}"
    plural = label if label.endswith(("art", "s")) else f"{label}s"
    return f"{n} {plural}"
