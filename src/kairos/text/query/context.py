"""What a message says comes before or after the outing, not what it looks for: "late night food
for 4 after a concert" asks for food, and the concert is the evening around it."""

from __future__ import annotations

import re

__all__ = ["context_spans", "without_context"]

_CONTEXT = re.compile(
    r"\b(?:after|before|ahead of)\s+(?:a|an|the|our|my|your|their|his|her)\s+[a-z]+", re.IGNORECASE
)


def context_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of "after a concert", "before the game": no word in them is a filter."""
    return [m.span() for m in _CONTEXT.finditer(text)]


def without_context(text: str) -> str:
    return _CONTEXT.sub(" ", text)
