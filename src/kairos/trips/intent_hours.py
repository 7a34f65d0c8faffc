"""The hours of the day a traveller gives in words: "9am to 6pm", "from 10 until 4", "layover
9–18", "we land at 2pm", "back at the hotel by 5", "an early start" / "before the crowds" (08:00,
`EARLY_START`).

`said_hours(text)` → (first minute, last minute) of each day, either None when not said. The
last minute is when the traveller is back (the way home included); a landing gives the day from
an hour after it (`LANDING`). A bare range of small numbers ("2 to 3 days", "4-5 stops") is no
time: a range is read only with am/pm, a colon, a 24-hour clock or "from" before it.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["LANDING", "hours_said", "said_hours"]

LANDING: Final = 60
"""Minutes from landing to the first visit (the airport, the way into town)."""

_TIME: Final = r"(?<![\d./:])(\d{1,2})(?:[:.h](\d{2}))?(?![\d/])\s*(am|pm|a\.m\.|p\.m\.)?"
_RANGE: Final = re.compile(
    r"(?P<from>\bfrom\s+|\bbetween\s+)?(?<![\d-])" + _TIME  # "2027-01-15" holds no "01-15"
    + r"\s*(?:to|until|till|til|-|–|—|and)\s*" + _TIME
    + r"(?!\s*(?:days?|nights?|weeks?|hours?|hrs?|stops?|people|kids|years?|yo|jan|feb|mar|"
    r"apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|"
    r"september|october|november|december)\b)",
    re.IGNORECASE,
)  # fmt: skip
_MONTH_BEFORE: Final = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*(?:from\s+)?$", re.I
)
_LAND: Final = re.compile(
    r"\b(?:land|landing|arrive|arriving|arrival|get in|gets in)\s+(?:is\s+)?(?:at|by|around)\s+"
    + _TIME,
    re.IGNORECASE,
)
_BACK: Final = re.compile(
    r"\b(?:back|return|home|be at [a-z ]{1,30}?)\b[^.;,!?]{0,40}?"
    r"\b(?:by|at|before)\s+" + _TIME,
    re.IGNORECASE,
)
_START: Final = re.compile(r"\b(?:start|starting|begin|out)\s+(?:at|from)\s+" + _TIME, re.I)
_EARLY: Final = re.compile(
    r"\b(?:early\s+(?:start|starts|riser|risers|bird|birds|mornings?)"
    r"|(?:start|starting|begin|out|up)\s+early"
    r"|(?:before|beat|beating|avoid|avoiding|ahead\s+of)\s+the\s+(?:crowds?|queues?|lines?|rush))",
    re.IGNORECASE,
)
EARLY_START: Final = 8 * 60
"""The day's first minute when the words ask for an early start or to beat the crowds and give
no time: the gates of most sights that open early, an hour before a moderate day's 09:00."""


def _minute(hour: str, minute: str | None, half: str | None, after: int | None = None) -> int:
    h, m = int(hour), int(minute or 0)
    half = (half or "").replace(".", "").lower()
    if half == "pm" and h < 12:
        h += 12
    elif half == "am" and h == 12:
        h = 0
    elif not half and after is not None and h * 60 + m <= after and h < 12:
        h += 12  # "from 10 until 4": four in the afternoon
    elif not half and after is None and h < 7:
        h += 12  # "back by 5": five in the afternoon
    return h * 60 + m


def _clock(hour: str, minute: str | None) -> bool:
    return 0 <= int(hour) <= 23 and (minute is None or int(minute) < 60)


def said_hours(text: str, days: int = 1) -> tuple[int | None, int | None]:
    """The day's first and last minute as the words give them (None: not said); a landing
    time starts a one-day trip only (on a longer trip it is the first day's, not each day's)."""
    first: int | None = None
    last: int | None = None
    for m in _RANGE.finditer(text):
        a, am, ah, b, bm, bh = m.group(2, 3, 4, 5, 6, 7)
        if not (_clock(a, am) and _clock(b, bm)) or _MONTH_BEFORE.search(text[: m.start(2)]):
            continue  # "December 24-26" is days of a month
        timed = ah or bh or am or bm or m.group("from") or int(a) > 12 or int(b) > 12
        if not timed:
            continue
        start = _minute(a, am, ah or (bh if bh and "a" in bh.lower() else None))
        end = _minute(b, bm, bh, after=start)
        if end > start:
            first, last = start, end
            break
    land = _LAND.search(text) if days == 1 else None
    if first is None and land and _clock(land[1], land[2]):
        first = _minute(land[1], land[2], land[3], after=9 * 60 if not land[3] else None) + LANDING
    if first is None and (begin := _START.search(text)) and _clock(begin[1], begin[2]):
        first = _minute(begin[1], begin[2], begin[3])
    if first is None and _EARLY.search(text):
        first = EARLY_START  # "early start", "before the crowds"
    if last is None and (back := _BACK.search(text)) and _clock(back[1], back[2]):
        last = _minute(back[1], back[2], back[3])
    if first is not None and last is not None and last <= first:
        return first, None
    return first, last


def hours_said(hours: tuple[int | None, int | None]) -> str:
    """The words that say the hours were read ("Each day runs 09:00–18:00, as you asked.")."""
    first, last = hours
    hhmm = "{:02d}:{:02d}".format
    if first is not None and last is not None:
        span = f"runs {hhmm(*divmod(first, 60))}–{hhmm(*divmod(last, 60))}"
    elif first is not None:
        span = f"starts at {hhmm(*divmod(first, 60))}"
    elif last is not None:
        span = f"ends by {hhmm(*divmod(last, 60))}, the way back included"
    else:
        return ""
    return f"Each day {span}, as you asked."
