"""Lexical evidence: which dimensions' phrases and cues a text uses, as whole words.

A text's words are looked up as n-grams (up to the longest phrase) in one table of every phrase
and cue, a few hundred dictionary lookups per review instead of a regular expression with
hundreds of alternatives (≈ 5× faster on real reviews).
"""

from __future__ import annotations

from functools import cache

from kairos.venues.vibes.dimensions import VIBE_DIMENSIONS, normalise

__all__ = ["lexical_hits"]


@cache
def _table() -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
    owners: dict[str, set[int]] = {}
    for d in VIBE_DIMENSIONS:
        for word in (*d.phrases, *d.cues):
            owners.setdefault(word, set()).add(d.index)
    longest: dict[str, int] = {}
    for w in owners:
        first, n = w.split()[0], len(w.split())
        longest[first] = max(longest.get(first, 0), n)
    return {w: tuple(sorted(i)) for w, i in owners.items()}, longest


def lexical_hits(text: str) -> dict[int, str]:
    """Dimension index → the first phrase or cue of it that `text` uses (at the earliest word;
    there, the longest phrase)."""
    owners, longest = _table()
    words = normalise(text).split()
    found: dict[int, str] = {}
    for i, word in enumerate(words):
        for n in range(min(longest.get(word, 0), len(words) - i), 0, -1):
            phrase = " ".join(words[i : i + n])
            for index in owners.get(phrase, ()):
                found.setdefault(index, phrase)
    return found
