"""A question about one thing guests say ("do reviews mention waits?", "any complaints about
the noise?"): the theme asked, and the answer to it from the place's own reviews — how many
mention it and how, or plainly that none does — before any quote, and quotes of that theme only
(issue 36, item 2: a wait question answered with a quote about the food reads as an answer).
"""

from __future__ import annotations

import re
from typing import Final

from kairos.operator.schemas import EvidenceItem, GuestSnapshot

__all__ = ["THEME_NAMES", "read_themes_asked", "theme_lead"]

_THEME_WORDS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    (
        "wait_time",
        re.compile(
            r"\bwait(?:s|ing|ed)?\b(?! ?staff)|\bwait ?times?\b|\bqueues?\b"
            r"|\blines? (?:out|at|by) the door\b",
            re.I,
        ),
    ),
    (
        "staffing",
        re.compile(
            r"\b(?:under|short)[- ]?staffed\b|\bstaffing\b|\bnot enough (?:staff|servers)", re.I
        ),
    ),
    ("noise", re.compile(r"\bnois(?:e|y|ier)\b|\bloud(?:ness|er)?\b", re.I)),
    ("service", re.compile(r"\bservice\b|\bwait ?staff\b|\brude\b|\battentive\b", re.I)),
    ("food", re.compile(r"\bfood\b|\bdish(?:es)?\b|\bportions?\b", re.I)),
)
THEME_NAMES: Final[dict[str, str]] = {
    "wait_time": "waits",
    "staffing": "a short-staffed floor",
    "noise": "noise",
    "service": "service",
    "food": "the food",
}
_ABOUT_REVIEWS: Final = re.compile(
    r"\b(?:reviews?|reviewers?|yelp|complain\w*|complaints?|mention\w*|say(?:s|ing)?|said)\b",
    re.I,
)
_ABOUT_GUESTS: Final = re.compile(r"\b(?:guests?|diners?|customers?|people)\b", re.I)
"""Guests named in a question ("do guests find it loud?") ask the reviews too."""


def read_themes_asked(text: str) -> tuple[str, ...]:
    """The themes a message asks the reviews about, in the order above; () when it asks about
    no review or names no theme ("we have a long wait on Fridays" asks nothing of reviews)."""
    if not _ABOUT_REVIEWS.search(text) and not ("?" in text and _ABOUT_GUESTS.search(text)):
        return ()
    return tuple(theme for theme, pattern in _THEME_WORDS if pattern.search(text))


def theme_lead(snapshot: GuestSnapshot, themes: tuple[str, ...]) -> tuple[str, list[EvidenceItem]]:
    """The line that answers the themes asked, and the quotes of those themes only (complaints
    first): "3 of 14 reviews mention waits: 2 complain of long waits, 1 says seated quickly" or
    "None of its 14 reviews (Jan 2010–Mar 2011) mentions waits"."""
    n = snapshot.sample_size
    said: list[str] = []
    missing: list[str] = []
    for theme in themes:
        signal = next((t for t in snapshot.themes if t.theme == theme), None)
        if signal is None or signal.mentions == 0:
            missing.append(THEME_NAMES[theme])
            continue
        parts = []
        if signal.negative:
            parts.append(f"{signal.negative} complaint{'s' * (signal.negative > 1)}")
        if signal.positive:
            parts.append(f"{signal.positive} in praise")
        verb = "mentions" if signal.mentions == 1 else "mention"
        said.append(f"{THEME_NAMES[theme]}: {signal.mentions} of {n} reviews {verb} it "
                    f"({', '.join(parts)})")  # fmt: skip
    span = (
        f"{snapshot.window_start:%b %Y}–{snapshot.window_end:%b %Y}"
        if snapshot.window_start and snapshot.window_end
        else "undated"
    )
    line = ""
    if said:
        line = "On " + "; on ".join(said) + "."
    if missing:
        none = " or ".join(missing)
        whose = f"{snapshot.place}'s" if snapshot.place_id else "the"
        line += (" " if line else "") + (
            f"None of {whose} {n} review{'s' if n != 1 else ''} ({span}) mentions {none}."
        )
    quotes = [e for e in snapshot.evidence if e.snippet and e.theme in themes]
    quotes.sort(key=lambda e: e.polarity != "negative")
    return line, quotes
