"""Places the traveller names in the request ("central park and a museum"): read from the
request's words against the candidates' names, they come before any other stop of their day (an
outdoor one first, in daylight), and a visit too long for the day's light or hours is shortened,
not below `MIN_NAMED_VISIT`, rather than dropped; one that still cannot be visited on any day is
said first, with the reason (`asked_notes`), not only among the places not placed.

A name is matched as whole words, accents folded and words singular ("Toronto Islands" reads
"Toronto Island Park"): the full name, a listing title's part before "&", ":" or a comma
("Pulau Ubin & Singapore Islands" is named by "Pulau Ubin"), the name without a leading "the"
or a trailing city name ("Madame Tussauds New York"), or without a trailing kind word ("park",
"museum"), or its words before its first kind word ("the Whitney"), or without its hyphens
("kinkakuji"). A form made only of kind or request words ("National Museum", "Park"), or of
the city's name without a kind of place ("New York City"; "Toronto Island" names one), or one
word shorter than `MIN_WORD`, names no place. "The castle" names the city's one castle. A
full name beats a shortened one on the same words ("Central Park" is not "Central Park Zoo").
Retrieval adds a named place the positioned ones would have left out (no position, another
tag: `retrieval.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise
from typing import Final, Protocol

from rapidfuzz.distance import DamerauLevenshtein

from kairos.text.words import fold, singular
from kairos.trips.day_slots import outdoors
from kairos.trips.models import Candidate, Day, Unplaced

__all__ = [
    "ASKED_SAID",
    "MIN_NAMED_VISIT",
    "NAMED_LEAD",
    "NAMED_STEP",
    "asked_notes",
    "named_first",
    "named_in",
    "shorten_named",
]

MIN_NAMED_VISIT: Final = 60
"""The shortest visit a named place is cut to (a park or a museum seen in less is not seen)."""
NAMED_LEAD: Final = 1e6
"""Taken from a named place's rank: it is preferred to any stop not named."""
NAMED_STEP: Final = 30
"""Minutes a named place's visit is shortened by per try."""
MIN_WORD: Final = 5
"""A one-word name shorter than this names no place ("Art", "Zoo")."""
ASKED_SAID: Final = "You asked for "
"""How a note about a place the traveller named begins (the answer's message repeats it)."""

_WORD = re.compile(r"[a-z0-9]+")
_FILLER: Final = frozenset((
    "the", "a", "an", "of", "and", "in", "at", "on", "to", "for", "with", "by", "from", "near",
    "or", "our", "my", "we", "i", "is", "it", "de", "la", "le", "du"
))  # fmt: skip
_KIND: Final = frozenset((
    "park", "garden", "botanical", "museum", "gallery", "art", "square", "street", "island",
    "church", "cathedral", "temple", "shrine", "mosque", "market", "zoo", "aquarium", "beach",
    "tower", "bridge", "memorial", "monument", "hall", "house", "library", "centre", "center",
    "national", "city", "old", "new", "north", "south", "east", "west", "great", "royal", "public",
    "site", "castle", "palace", "fort", "view", "viewpoint", "lookout", "trail", "lake", "river",
    "hill", "plaza", "building", "theatre", "theater", "stadium", "station", "wharf", "pier",
    "harbour", "harbor", "bay", "point"
))  # fmt: skip
_VAGUE: Final = frozenset((
    "city", "centre", "center", "old", "new", "north", "south", "east", "west", "great",
    "royal", "public", "national", "site", "view", "point", "building"
))  # fmt: skip
_REQUEST: Final = frozenset((
    "day", "week", "weekend", "trip", "family", "kid", "child", "food", "walk", "walking",
    "history", "night", "shopping", "famous", "landmark", "sight", "nature", "outdoor", "indoor",
    "something", "place", "one", "two", "three", "just", "next", "saturday", "sunday", "monday",
    "tuesday", "wednesday", "thursday", "friday", "morning", "evening", "little", "big", "small",
    "best", "top", "good", "nice", "local"
))  # fmt: skip


_LEAD: Final = re.compile(r"\s*(?:&|:|;|,|\s[-–—]\s)\s*")
"""Where a listing's title leaves its place's name for the city or the listing's words."""


def _tokens(text: str) -> list[str]:
    return [singular(w) for w in _WORD.findall(fold(text))]


@lru_cache(maxsize=65536)
def _forms(name: str, city: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """The word sequences that name the place, each with whether it is the full name (cached:
    a city's rows are read for every request)."""
    words = _tokens(name)
    while words and words[0] in _FILLER:
        words = words[1:]
    forms: list[tuple[tuple[str, ...], bool]] = [(tuple(words), True)]
    lead = _LEAD.split(name.replace("&amp;", "&"), maxsplit=1)[0]
    if lead.strip() and lead != name:  # a listing's title: "Pulau Ubin & Singapore Islands"
        forms += [(f, False) for f, _ in _forms(lead, city)]
    n = len(city)
    if n and len(words) > n and tuple(words[-n:]) == city:
        words = words[:-n]
        forms.append((tuple(words), True))
    if n and len(words) > n and tuple(words[:n]) == city:  # "Singapore Botanic Gardens"
        forms.append((tuple(words[n:]), False))
    if _joined(name) != name:  # "Kinkaku-ji" is typed "kinkakuji"
        forms += _forms(_joined(name), city)
    lead_kind = next((k for k, w in enumerate(words) if k and w in _KIND and w not in _VAGUE), 0)
    if lead_kind and lead_kind < len(words) - 1:  # "the whitney": Whitney Museum of American Art
        forms.append((tuple(words[:lead_kind]), False))
    if len(words) > 1 and words[-1] in _KIND:
        short = words[:-1]
        while short and short[-1] in _FILLER:  # "Gardens by the Bay" is not "gardens by the"
            short = short[:-1]
        forms.append((tuple(short), False))
    return tuple((f, full) for f, full in forms if f and _names_a_place(f, city))


def _names_a_place(form: tuple[str, ...], city: tuple[str, ...]) -> bool:
    own = [w for w in form if w not in _FILLER and w not in _KIND and w not in _REQUEST]
    if not own:
        return False
    if all(w in city for w in own):  # "Toronto Island", "Toronto Zoo"; never "New York City"
        return any(w in _KIND and w not in _VAGUE for w in form)
    return len(form) > 1 or len(form[0]) >= MIN_WORD


def _at(text: Sequence[str], form: tuple[str, ...]) -> Iterable[int]:
    n = len(form)
    return (i for i in range(len(text) - n + 1) if tuple(text[i : i + n]) == form)


def _near_at(text: Sequence[str], form: tuple[str, ...]) -> Iterable[int]:
    n = len(form)
    return (
        i for i in range(len(text) - n + 1)
        if all(_near(w, t) for w, t in zip(form, text[i : i + n], strict=True))
    )  # fmt: skip


class _Place(Protocol):
    @property
    def id(self) -> object: ...
    @property
    def name(self) -> str: ...


_CITY_ONES: Final = frozenset(
    ("castle", "fort", "palace", "cathedral", "tower", "zoo", "aquarium", "island", "citadel")
)
"""Kinds a city has one of that bears its name ("the castle" is Edinburgh Castle, among
castles; "the park" is not Toronto Island Park, among parks)."""
_JOINS: Final = re.compile(r"(?<=[^\W\d_])[-‐‑'’](?=[^\W\d_])")
"""A hyphen or apostrophe inside a word ("Kinkaku-ji", "Humayun's"), often typed without."""


def _joined(text: str) -> str:
    return _JOINS.sub("", text)


def named_in(text: str, candidates: Sequence[_Place], city: str) -> frozenset[str]:
    """Ids (as text) of the candidates, or catalogue rows, whose name the request's words say:
    as typed, with a name's hyphens and apostrophes left out ("kinkakuji" names Kinkaku-ji),
    and "the castle" or "the islands" for the city's one place of that kind (`_the_kind`)."""
    home = tuple(_tokens(city))
    named = _named_by(_tokens(text), candidates, home)
    if _joined(text) != text:
        named |= _named_by(_tokens(_joined(text)), candidates, home)
    said = {w for c in candidates if str(c.id) in named for w in _name_words(c.name)}
    words = _tokens(text)
    pairs = {a + b for a, b in pairwise(words)} & said  # "ginkaku ji" said as Ginkakuji
    rest = [  # the words no place is named by yet: a typo of another name
        "" if w in said or any(w in p for p in pairs) else w for w in words
    ]  # fmt: skip
    named |= _named_by(rest, candidates, home, near=True)
    return named | _the_kind(_tokens(text), candidates, home, named)


def _near(word: str, typed: str) -> bool:
    """`typed` is `word` or a typo of it: one letter off for a word of `MIN_WORD` letters or
    more that names no kind ("qutb" for "qutub"), never a kind or a short word."""
    if word == typed:
        return True
    if word in _KIND or len(word) < MIN_WORD or len(typed) < MIN_WORD - 1:
        return False
    return DamerauLevenshtein.distance(word, typed) <= 1


def _the_kind(
    words: Sequence[str], candidates: Sequence[_Place], home: tuple[str, ...],
    named: frozenset[str],
) -> frozenset[str]:  # fmt: skip
    """ "the castle", "the islands": the one candidate whose name holds that kind's word, else
    the one of them whose name begins with the city's ("Edinburgh Castle"), when the words
    name no place holding it already."""
    found: set[str] = set()
    for before, word in pairwise(words):
        if before != "the" or word not in _KIND or word in _VAGUE:
            continue
        holding = [c for c in candidates if word in _name_words(c.name)]
        if any(str(c.id) in named for c in holding):
            continue
        home_led = [c for c in holding if home and _name_words(c.name)[: len(home)] == home
                    and word in _CITY_ONES]  # fmt: skip
        for pick in (holding, home_led):
            if len(pick) == 1:
                found.add(str(pick[0].id))
                break
    return frozenset(found)


@lru_cache(maxsize=65536)
def _name_words(name: str) -> tuple[str, ...]:
    return tuple(_tokens(name))


def _named_by(
    words: Sequence[str], candidates: Sequence[_Place], home: tuple[str, ...], near: bool = False
) -> frozenset[str]:
    """The candidates the words name; `near`: by a full name of two words or more each typed
    at most a letter off (`_near`)."""
    if not words:
        return frozenset()
    found: list[tuple[int, int, bool, str]] = []
    for c in candidates:
        for form, full in _forms(c.name, home):
            if near and (not full or len(form) < 2):
                continue
            at = _near_at(words, form) if near else _at(words, form)
            found += [(i, i + len(form), full, str(c.id)) for i in at]
    found.sort(key=lambda m: (-(m[1] - m[0]), not m[2], m[0]))
    claimed: dict[tuple[int, int], bool] = {}
    named: set[str] = set()
    for start, end, full, cid in found:
        span = (start, end)
        if span in claimed:
            if claimed[span] == full:
                named.add(cid)
            continue
        if any(a < end and start < b for a, b in claimed):
            continue
        claimed[span] = full
        named.add(cid)
    return frozenset(named)


def named_first(stops: Sequence[Candidate], named: frozenset[str], weekday: int) -> list[Candidate]:
    """The named stops first (an outdoor one before the others), the rest in their order."""
    if not named:
        return list(stops)
    first = sorted((c for c in stops if c.id in named), key=lambda c: not outdoors(c, weekday))
    return first + [c for c in stops if c.id not in named]


Timed = tuple[Day, list[tuple[Candidate, str]]]


def shorten_named(
    timed: Timed, ordered: Sequence[Candidate], named: frozenset[str],
    again: Callable[[list[Candidate]], Timed],
) -> Timed:  # fmt: skip
    """The day timed again with each named stop it could not place visited for less (by
    `NAMED_STEP`, not below `MIN_NAMED_VISIT`) while that places it; the shortening is said on
    the day. `again` times the stops in the order given."""
    day, skipped = timed
    for c in [c for c, _ in skipped if c.id in named]:
        tries = {*range(c.duration - NAMED_STEP, MIN_NAMED_VISIT, -NAMED_STEP), MIN_NAMED_VISIT}
        for minutes in sorted((m for m in tries if m < c.duration), reverse=True):
            short = replace(c, duration=minutes)
            trial = [short if k.id == c.id else k for k in ordered]
            new, left = again(trial)
            if all(k.id != c.id for k, _ in left):
                said = (f"{c.name}: a {minutes}-minute visit instead of the usual "
                        f"{c.duration}, so the place you asked for fits the day")  # fmt: skip
                day, skipped, ordered = replace(new, notes=(*new.notes, said)), left, trial
                break
    return day, skipped


def asked_notes(
    named: frozenset[str], names: dict[str, str], unplaced: Sequence[Unplaced],
    excluded: Sequence[Unplaced], placed: set[str],
) -> list[str]:  # fmt: skip
    """A note per place the traveller named that the trip does not visit, with the reason."""
    notes: list[str] = []
    said = {names[p] for p in placed if p in names}
    for u in [*unplaced, *excluded]:
        name = names.get(u.place_id, u.name)
        if u.place_id in named and u.place_id not in placed and name not in said:
            said.add(name)
            notes.append(f"{ASKED_SAID}{name}, but it is not in the trip: {u.reason}.")
    return notes
