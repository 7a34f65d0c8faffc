"""The text arm's query (`trips/retrieval.py`): the words of a request a place's name,
description and tags are matched against, the city's own name aside."""

from __future__ import annotations

import re

from rapidfuzz.distance import DamerauLevenshtein

from kairos.signals.geocoding.cities import find_city

__all__ = ["city_words", "query_words"]


def city_words(city: str) -> frozenset[str]:
    """The words of a city's name and of its aliases ("new", "york", "nyc")."""
    known = find_city(city)
    names = (city, *(known.aliases if known is not None else ()))
    return frozenset(w for n in names for w in re.findall(r"[a-z0-9]+", n.lower()))


def _the_city(word: str, city: frozenset[str]) -> bool:
    """A word of the city's name, or one slip from a long one ("dehli", "tokio")."""
    return word in city or (
        len(word) >= 5 and any(len(c) >= 5 and DamerauLevenshtein.distance(word, c) <= 1
                               for c in city)
    )  # fmt: skip


def query_words(interests: str, city: str = "") -> str:
    """The text arm's words (an OR query): the interests' words of three letters or more, the
    city's own name aside ("Toronto" in a request pulls no "Toronto City Hall" or "Toronto
    Sign": every place there is in Toronto)."""
    own = city_words(city) if city else frozenset()
    words = [w for w in "".join(c if c.isalnum() else " " for c in interests.lower()).split()
             if len(w) > 2 and not _the_city(w, own)]  # fmt: skip
    return " | ".join(dict.fromkeys(words))
