"""Lexical evidence: which dimensions' phrases and cues a text uses, as whole words.

One regular expression over every phrase and cue (longest first) reads a text in one pass, so a
venue's 150 reviews cost well under a millisecond each.
"""

from __future__ import annotations

import re
from functools import cache

from kairos.venues.vibes.dimensions import VIBE_DIMENSIONS, normalise

__all__ = ["lexical_hits"]


@cache
def _pattern() -> tuple[re.Pattern[str], dict[str, tuple[int, ...]]]:
    owners: dict[str, set[int]] = {}
    for d in VIBE_DIMENSIONS:
        for word in (*d.phrases, *d.cues):
            owners.setdefault(word, set()).add(d.index)
    words = sorted(owners, key=lambda w: (-len(w), w))
    pattern = re.compile(r"(?<= )(?:" + "|".join(re.escape(w) for w in words) + r")(?= )")
    return pattern, {w: tuple(sorted(i)) for w, i in owners.items()}


def lexical_hits(text: str) -> dict[int, str]:
    """Dimension index → the first phrase or cue of it that `text` uses."""
    pattern, owners = _pattern()
    found: dict[int, str] = {}
    for match in pattern.finditer(normalise(text)):
        for index in owners[match.group(0)]:
            found.setdefault(index, match.group(0))
    return found
