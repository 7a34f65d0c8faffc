"""Catalog places named inside a sentence: "Hi, I manage Toro on Washington St", "Stephanies on
Newbury here", "beacon hill pub, charles st." — the way operators name their restaurant, with no
"we're called" before it.

A name is found where the message's words spell it (accents, apostrophes and case aside; a
typo passes at `SPAN_CUTOFF`), a trailing "Restaurant" and a leading "The" optional (and a
"Restaurant" inside it). A name of one word must be written with a capital (or open the
message: "megumi here, ...") and be no common word, city or street word, so "finch" or "gem" in
a sentence is not a place, nor "Ave" The Avenue; a name followed by a street word is the street
("Commonwealth Ave", "75 Chestnut St"). Overlapping finds keep the longest. Every place sharing
the found name is a candidate: the caller narrows them by the city, street or ZIP said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from rapidfuzz import fuzz

__all__ = ["Spotted", "spot_names"]

SPAN_CUTOFF: Final = 90.0
"""rapidfuzz ratio of the message's words against a name of two words or more."""
OPTIONAL_TAIL: Final = frozenset({"restaurant", "restuarant", "pub", "bar", "cafe", "grill"})
"""A last word operators leave out ("The Jeanie Johnston", "China Pearl", "Kells"), as is a
leading "The"; what is left must not be a city's or neighbourhood's name, and one word left is
held to the rules of a one-word name (a capital, no common word)."""
_RESTAURANT: Final = frozenset({"restaurant", "restuarant"})
_CUISINE_TAIL: Final = frozenset({"cuisine", "cuisines"})
_CUISINE_WORDS: Final = frozenset(
    {"indian", "thai", "chinese", "japanese", "korean", "vietnamese", "italian", "mexican",
     "french", "greek", "lebanese", "turkish", "persian", "nepalese", "nepali", "ethiopian",
     "moroccan", "spanish", "peruvian", "brazilian", "cuban", "caribbean", "american", "asian",
     "mediterranean", "szechuan", "sichuan", "cantonese", "pakistani", "afghan", "himalayan",
     "burmese", "malaysian", "indonesian", "filipino", "haitian", "jamaican", "portuguese"}
)  # fmt: skip
"""A name that ends "<cuisine> Cuisine" is said without both ("Ghazal" for Ghazal Indian
Cuisine), or without "Cuisine" alone."""
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_STREET_WORDS: Final = frozenset(
    {"st", "street", "ave", "avenue", "av", "blvd", "boulevard", "rd", "road", "pl", "dr",
     "drive", "ln", "lane", "sq", "square", "pkwy", "parkway", "ct", "ter", "hwy", "way", "row",
     "plaza"}
)  # fmt: skip
_NOT_NAMES: Final = frozenset(
    {"restaurant", "cafe", "bar", "pub", "grill", "kitchen", "pizza", "sushi", "deli", "market",
     "bakery", "diner", "tavern", "bistro", "the", "staff", "monday", "tuesday", "wednesday",
     "thursday", "friday", "saturday", "sunday", "weekend", "tonight", "tomorrow", "today", "hi",
     "hey", "hello", "what", "how", "we", "our", "ok", "okay", "thanks", "also", "anything",
     "usually", "normally", "about", "just", "sorry", "actually", "now", "and", "so", "show",
     "brunch", "lunch", "dinner", "snow", "rain", "game", "reviews"}
)  # fmt: skip
"""Single words that are never taken for a place's whole name."""


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def name_key(self) -> str: ...


@dataclass(frozen=True)
class Spotted:
    start: int
    end: int
    text: str
    """The words as the message wrote them."""
    candidates: list[int]
    """Indexes of every catalog place whose name they spell."""
    score: float


_AND: Final = "and"
"""Read as "&" is (not a word of a name): names are spelled both ways."""


@dataclass(frozen=True)
class _Token:
    start: int
    end: int
    key: str
    capital: bool


def _tokens(text: str, normalise: _Normalise) -> list[_Token]:
    out = []
    for m in _TOKEN.finditer(text):
        key = normalise(m.group(0))
        if key and key != _AND:  # "Fajitas and Ritas" spells Fajitas & 'Ritas
            out.append(_Token(m.start(), m.end(), key, m.group(0)[:1].isupper()))
    return out


class _Normalise(Protocol):
    def __call__(self, text: str) -> str: ...


class NameIndex:
    """The catalog's names by the first 3 letters of their first word (built once)."""

    def __init__(self, places: Sequence[_Named]) -> None:
        self.by_prefix: dict[str, list[tuple[tuple[str, ...], int, bool]]] = {}
        for i, place in enumerate(places):
            words = tuple(w for w in place.name_key.split() if w != _AND)
            if not words:
                continue
            self.by_prefix.setdefault(words[0][:3], []).append((words, i, False))
            for short in _shorter(words):
                self.by_prefix.setdefault(short[0][:3], []).append((short, i, True))


def _shorter(words: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The name as operators shorten it: without a leading "The", a last word of
    `OPTIONAL_TAIL`, a "Restaurant" inside it ("JA Stats & Bar" for JA Stats Restaurant &
    Bar), or a "<cuisine> Cuisine" tail (`_CUISINE_TAIL`)."""
    short = words[1:] if words[0] == "the" else words
    tail = short[:-1] if short[-1:] and short[-1] in OPTIONAL_TAIL else short
    inner = tuple(w for w in short if w not in _RESTAURANT)
    forms = {tail, inner}
    if len(short) >= 2 and short[-1] in _CUISINE_TAIL:
        forms.add(short[:-1])
        if len(short) >= 3 and short[-2] in _CUISINE_WORDS:
            forms.add(short[:-2])
    return {form for form in forms if form and form != words}


def spot_names(
    text: str,
    index: NameIndex,
    normalise: _Normalise,
    cities: frozenset[str] = frozenset(),
) -> list[Spotted]:
    tokens = _tokens(text, normalise)
    found: list[Spotted] = []
    for i, token in enumerate(tokens):
        best: dict[tuple[int, str], tuple[float, list[int]]] = {}
        for form, place, reduced in index.by_prefix.get(token.key[:3], ()):
            if reduced and " ".join(form) in cities:
                continue  # "Beacon Hill" is the neighbourhood, not Beacon Hill Pub
            n = len(form)
            span = tokens[i : i + n]
            if len(span) < n:
                continue
            said = " ".join(t.key for t in span)
            wanted = " ".join(form)
            if n == 1:
                if said != wanted or not _one_word_ok(token, cities, _introduces(tokens, i)):
                    continue
                score = 100.0
            else:
                score = fuzz.ratio(said, wanted)
                if score < SPAN_CUTOFF:
                    continue
            nxt = tokens[i + n].key if i + n < len(tokens) else ""
            if nxt in _STREET_WORDS:
                continue  # "Commonwealth Ave", "75 Chestnut St": the street, not the place
            key = (n, said)
            held = best.get(key)
            if held is None or score > held[0]:
                best[key] = (score, [place])
            elif score == held[0]:
                held[1].append(place)
        for (n, _), (score, places) in best.items():
            span = tokens[i : i + n]
            start, end = span[0].start, span[-1].end
            found.append(Spotted(start, end, text[start:end], sorted(set(places)), score))
    found.sort(key=lambda s: (-(s.end - s.start), -s.score, s.start))
    kept: list[Spotted] = []
    for spot in found:
        if all(spot.end <= k.start or k.end <= spot.start for k in kept):
            kept.append(spot)
    return sorted(kept, key=lambda s: s.start)


def _one_word_ok(token: _Token, cities: frozenset[str], introduces: bool = False) -> bool:
    if token.key in _NOT_NAMES or token.key in cities or token.key.isdigit():
        return False
    if token.key in _STREET_WORDS:  # "Atlantic Ave": not "The Avenue"
        return False
    return (token.capital or introduces) and len(token.key) >= 3


def _introduces(tokens: Sequence[_Token], i: int) -> bool:
    """The word opens the message as the sender's name for themselves ("megumi here"): typed
    in lower case, it is still the restaurant's name."""
    return i == 0 and len(tokens) > 1 and tokens[1].key == "here"
