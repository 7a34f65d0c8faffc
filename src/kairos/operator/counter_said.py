"""Counter service the operator says in their own words (issue 36): "how many baristas?", "we're
a food-court counter", "it's counter service". Who serves their guests follows what they say,
whatever the place's listing holds (a café listed among restaurants, a stall with no listing):
baristas or counter staff and customers, never a restaurant's servers and covers.

Kept for the session once said, apart from the lean (`lean.py`): "mostly brunch" said after
"we're a coffee shop" changes the shape of the day, not who works the counter."""

from __future__ import annotations

import re
from typing import Final, Literal

from kairos.operator.lean import read_lean
from kairos.operator.service_kind import CAFE_SAID, COUNTER_SAID

__all__ = ["Counter", "counter_categories", "read_counter"]

Counter = Literal["barista", "counter"]

_BARISTA: Final = re.compile(r"\bbaristas?\b", re.I)
"""'how many baristas tomorrow morning?': a coffee counter's staff, asked for by name."""
_COUNTER: Final = re.compile(
    r"\b(?:food[- ]?courts?|counter[- ]service|quick[- ]service|fast[- ]casual"
    r"|(?:order|orders|ordering|serve|served|serving)\s+(?:at|from)\s+(?:the|a|our)\s+counter"
    r"|(?:we(?:'re| are)|it'?s|this is|i (?:run|own|manage))\s+(?:just\s+)?an?\s+(?:\w+\s+)?"
    r"(?:counter|stall|stand|kiosk|food\s+truck|takeout\s+(?:place|spot|window)))\b",
    re.I,
)
"""'we're a food-court counter', 'counter service', 'people order at the counter', 'I run a
little noodle stall'."""


def read_counter(text: str) -> Counter | None:
    """What a message says of who serves its guests: "barista" (baristas asked for, or a café or
    coffee shop said), "counter" (a counter, a stall, a food court), or None."""
    if _COUNTER.search(text):
        return "counter"
    if _BARISTA.search(text) or read_lean(text)[0] == "cafe":
        return "barista"
    return None


def counter_categories(categories: list[str] | None, said: Counter | None) -> list[str] | None:
    """The categories staffing reads once the operator has said how their guests are served:
    the word said (`CAFE_SAID`, `COUNTER_SAID`) beside the listing's, which it outranks
    (`service_kind.front_role`)."""
    if said is None:
        return categories
    marker = CAFE_SAID if said == "barista" else COUNTER_SAID
    if marker in (categories or []):
        return categories
    return [*(categories or []), marker]
