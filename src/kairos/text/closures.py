"""A review saying the place it reviews has closed ("this place has closed", "will miss you",
a leading "RIP"): the phrases that point at the venue itself, read by the venue planner (a place
whose latest reviews say so is left out) and by the restaurant cards (never quoted as a reason
to go). Why only these phrases: `kairos.venues.closed_by_reviews`."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["closure_said"]

_THE_VENUE: Final = (
    r"(?:this (?:place|restaurant|bar|location|spot|store|shop|pub|cafe)"
    r"|the (?:place|restaurant|location))"
)
"""The venue itself: "the bar had closed" or "the store is closed" is often the hour (a bar
inside a restaurant at last call, a shop shut at 3 pm)."""
_CLOSURE: Final = re.compile(
    "|".join(
        (
            rf"\b{_THE_VENUE} (?:has|had|is|was) (?:now |just |finally |sadly )?"
            r"(?:permanently )?(?:closed|shut)\b(?! (?:on|at|for (?:lunch|dinner|renovation)"
            r"|mondays|sundays|early|when|until))",
            r"\b(?:they're|they are|they have|it's|it is|it has) (?:now |sadly )?"
            r"(?:permanently )?closed(?: down| for good)?\s*[.!]",
            r"\bpermanently closed\b",
            r"\bclosed (?:permanently|for good)\b",
            r"\b(?:is|has) closed (?:its|their) doors\b",
            r"\bno longer in business\b",
            r"\b(?:will|'ll) miss you\b",
            r"\byou will be missed\b",
            r"\bsad to see (?:it|them|this place|you) (?:go|close)\b",
            r"\bhearing (?:that )?(?:it's|it is|they're|they are) closing\b",
        )
    ),
    re.IGNORECASE,
)
_BUT: Final = re.compile(r"^\W*but\b", re.IGNORECASE)
""""App says this place has closed, but I had some great pizza there today": gainsaid."""
_RIP: Final = re.compile(r"^\W*(?:RIP|R\.I\.P\.?)\b(?!\W*OFF)")
"""A review that opens with "RIP" (upper case, never "RIP OFF"): a eulogy for the place."""


def closure_said(text: str) -> str | None:
    """The words of `text` saying the venue reviewed has closed, if any."""
    if m := _RIP.search(text):
        return m.group(0).strip()
    m = _CLOSURE.search(text)
    if m and not _BUT.search(text[m.end() :]):
        return m.group(0)
    return None
