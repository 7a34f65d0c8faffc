"""The covers an operator says they usually do (issue 36, item 5): "180 covers on a Friday",
"fri we do about 120", "we usually do 120 covers Friday nights" — the covers, the weekday they
are for and, when said, the part of that day. Their words are blanked from the text the window
is read from: a baseline's weekday is not the day asked about.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from kairos.operator.schemas import Daypart

__all__ = ["Baseline", "read_baseline", "read_more_covers"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = (
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|weds|thur?s?|fri"
    r"|(?<=on )(?:sat|sun|wed)|(?<=on a )(?:sat|sun|wed)|(?<=every )(?:sat|sun|wed)"
    r"|(?<=^)(?:sat|sun|wed))"
)
"""A weekday as typed: "Friday", "fri", "thurs"; "sat", "sun" and "wed" are words too ("we sat
120"), so they are days only after "on", "on a", "every" or opening the message."""
_COVERS = re.compile(
    r"\b(?P<n>\d{2,4})\s*(?:covers|guests|diners|customers|people|heads|seatings)\b", re.I
)
_ORDERS = re.compile(
    r"\s*(?:(?:takeout|take-out|delivery|to-go|pizza)\s+)?(?:orders|deliveries)\b", re.I
)
"""A number said in orders ("250 orders", "180 delivery orders"): takeout or delivery tickets,
not guests at tables (panel half A, o39: 250 pizza orders staffed as 10 servers)."""
_ORDERS_NUMBER = re.compile(r"\b(?P<n>\d{2,4})(?=" + _ORDERS.pattern + ")", re.I)
Unit = Literal["covers", "orders"]
_COVERS_DAY_AFTER = re.compile(rf"^[^.;!?\d]{{0,24}}?\b(?P<day>{_WEEKDAY})s?\b", re.I)
_BASELINE_PART = re.compile(
    r"s?\s*(?:nights?|nite|evenings?|dinners?|lunch(?:es)?|brunch(?:es)?|mornings?|breakfasts?)\b",
    re.I,
)
"""The part of the day right after a baseline's weekday: "Friday nights", "on a Saturday lunch"."""
_COVERS_DAY_BEFORE = re.compile(rf"\b(?P<day>{_WEEKDAY})s?\b[^.;!?\d]{{0,24}}$", re.I)

_USUAL_NUMBER = re.compile(
    r"\b(?:usually|normally|typically|generally|on average|average|we do|we see|we get"
    r"|we(?:'re| are)(?: usually| normally)? at|we(?:'re| are) doing)\s+(?:at\s+|do\s+|see\s+"
    r"|get\s+|have\s+)?(?:about\s+|around\s+|roughly\s+|like\s+)?(?P<n>\d{2,4})\b"
    r"(?![:.]\d|\s*(?:%|am\b|pm\b|percent))",
    re.I,
)
"""A baseline said without "covers": "usually at 140 on a friday", "we're at 75, my bad"."""
_CORRECTED_NUMBER = re.compile(
    r"\b(?:it'?s|its|more like|closer to|meant|make (?:it|that)|actually)\s+(?:about\s+"
    r"|around\s+|roughly\s+|more like\s+|like\s+|closer to\s+)?(?P<n>\d{2,4})\b"
    r"(?![:.]\d|\s*(?:%|am\b|pm\b|percent|st\b|nd\b|rd\b|th\b|min|hours?\b))",
    re.I,
)
"""In a correction, the number put right without "covers": "actually it's 130", "sorry, more
like 230", "I meant 150" (the first one: "…, the 160 was new years" is what it replaces)."""


@dataclass(frozen=True)
class Baseline:
    covers: int
    weekday: int | None
    """0 = Monday; None: a typical day."""
    daypart: Daypart | None = None
    """The part of the day the covers are for ("120 covers on Friday nights"); None: all day,
    even when the day is said to be mostly one part ("300 on a Friday, mostly lunch": `lean.py`)."""
    unit: Unit = "covers"
    """"orders": the number is takeout or delivery orders, staffed at the counter and the line."""


def _weekday_index(said: str) -> int:
    return next(i for i, name in enumerate(_WEEKDAYS) if name.startswith(said[:3].lower()))


def read_baseline(
    text: str, is_address: Callable[[str, int], bool], *, correcting: bool = False
) -> tuple[Baseline | None, str]:
    """The baseline, and the text with the baseline's words blanked (its weekday is not the
    window asked about: "usually 180 covers on a Friday"). `is_address`: a number there is a
    street number ("we're at 350 Columbus Ave"), not covers. `correcting`: the message puts
    something right, so a bare number it gives is the covers corrected."""
    match = _COVERS.search(text)
    if match is None:
        match = _USUAL_NUMBER.search(text)
        if match is None and correcting:
            match = _CORRECTED_NUMBER.search(text)
        if match is None:
            match = _ORDERS_NUMBER.search(text)  # "250 orders on a Friday"
        if match is None or is_address(text, match.start("n")):
            return None, text
    covers = int(match.group("n"))
    unit: Unit = "orders" if _ORDERS.match(text, match.end("n")) else "covers"
    start, end = match.start(), match.end()
    weekday, part = None, None
    if after := _COVERS_DAY_AFTER.search(text[end:]):
        weekday = _weekday_index(after.group("day"))
        end += after.end()
        if said := _BASELINE_PART.match(text, end):
            part, end = _part_of(said.group(0)), said.end()
    elif before := _COVERS_DAY_BEFORE.search(text[:start]):
        weekday = _weekday_index(before.group("day"))
        start = before.start()
        if said := _BASELINE_PART.match(text, before.end("day")):
            part = _part_of(said.group(0))
    baseline = Baseline(covers=covers, weekday=weekday, daypart=part, unit=unit)
    return baseline, text[:start] + " " * (end - start) + text[end:]


def _part_of(word: str) -> Daypart:
    word = word.strip().lower()
    return "lunch" if word.startswith(("lunch", "brunch")) else "breakfast" if word.startswith(
        ("morning", "breakfast")) else "dinner"  # fmt: skip


_MORE_COVERS = re.compile(
    r"(?P<gap>(?:\s*(?:covers|guests|diners|customers|people|orders|heads)\b)?(?:\s+(?:at|for)"
    r"\s+[^.;!?\d]{1,40}?)?\s*(?:,|\band\b|&|/)\s*(?:about\s+|around\s+|roughly\s+)?)"
    r"(?P<n>\d{2,4})\b(?![:.]\d|\s*(?:%|am\b|pm\b|percent))",
    re.I,
)
"""A second place's covers said beside the first's: "120 and 150 on fridays", "180 at Banq and
250 orders at Upper Crust" (issue 36: each restaurant its own baseline)."""


def read_more_covers(
    text: str, first: Baseline, is_address: Callable[[str, int], bool]
) -> tuple[list[Baseline], tuple[int, int]]:
    """The covers said right after the first baseline's number, in order, for the same weekday
    and part of the day (and that weekday when it is said only after the last of them), with
    the span of text they were read from (blanked from the window's text)."""
    match = _COVERS.search(text) or _USUAL_NUMBER.search(text)
    if match is None or int(match.group("n")) != first.covers:
        return [], (0, 0)
    more: list[int] = []
    units: list[Unit] = [first.unit]
    at = match.end("n")
    while (said := _MORE_COVERS.match(text, at)) is not None and not is_address(
        text, said.start("n")
    ):
        more.append(int(said.group("n")))
        at = said.end("n")
        units.append("orders" if _ORDERS.match(text, at) else "covers")
    if not more:
        return [], (0, 0)
    start, weekday, part = match.end("n"), first.weekday, first.daypart
    if weekday is None and (after := _COVERS_DAY_AFTER.search(text[at:])):
        weekday = _weekday_index(after.group("day"))
        at += after.end()
        if said_part := _BASELINE_PART.match(text, at):
            part, at = _part_of(said_part.group(0)), said_part.end()
    counts = [first.covers, *more]
    read = [Baseline(covers=n, weekday=weekday, daypart=part, unit=u)
            for n, u in zip(counts, units, strict=True)]  # fmt: skip
    return read, (start, at)
