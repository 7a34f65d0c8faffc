"""Reading the operator's answer to the one question, and locations sent as a list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rapidfuzz import fuzz

from kairos.operator.reading import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.signals.geocoding.catalog import normalise

__all__ = ["PICK_CUTOFF", "mention_of", "pick_answer"]

PICK_CUTOFF: Final = 80.0
"""partial_ratio of an answer ("the one on Boylston") against a candidate's address."""

_FILLER: Final = frozenset({"that", "this", "with", "just", "only", "yeah", "yes", "ours", "mine",
                            "place", "location", "restaurant", "street"})  # fmt: skip


def pick_answer(message: str, choices: Sequence[ResolvedLocation]) -> ResolvedLocation | None:
    """The candidate an answer names ("the one on Boylston", "Longwood"), if exactly one."""
    words = [w for w in normalise(message).split() if len(w) >= 4 and w not in _FILLER]
    if not words:
        return None
    scored = []
    for choice in choices:
        where = normalise(choice.label.split(",", 1)[1] if "," in choice.label else "")
        best = max((fuzz.partial_ratio(w, where) for w in words), default=0.0)
        scored.append((best, choice))
    hits = [c for s, c in scored if s >= PICK_CUTOFF]
    return hits[0] if len(hits) == 1 else None


def mention_of(text: str) -> LocationMention:
    """A location sent in the request's `locations`: a name unless it holds a digit."""
    digit = any(ch.isdigit() for ch in text)
    return LocationMention(address=text) if digit else LocationMention(name=text)
