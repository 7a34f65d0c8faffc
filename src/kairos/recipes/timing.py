"""A recipe's time as a cook plans it: the time at the stove and the waiting apart ("about 38
min + 24 h marinating"), never one sum such as "about 1458 min" for an overnight marinade.

The waiting is what the steps say a food sits for ("marinate overnight", "refrigerate for 24
hours", "let rise 1 hour", "chill at least 4 hours"); an hour or more of it is said apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from kairos.recipes.tags import duration_number

__all__ = [
    "HOURS_FROM", "TimeSplit", "duration_text", "split_time", "time_text", "waiting", "within_time",
]  # fmt: skip

_VERBS: Final = (
    (re.compile(r"marinat", re.I), "marinating"),
    (re.compile(r"ris(?:e|ing)|proof|doubl", re.I), "rising"),
    (re.compile(r"soak", re.I), "soaking"),
    (re.compile(r"refrigerat|chill|fridge|freez|set\b", re.I), "in the fridge"),
    (re.compile(r"rest|stand|cool|sit", re.I), "resting"),
    (re.compile(r"cook", re.I), "slow cooking"),
    (re.compile(r"bak|roast|oven", re.I), "in the oven"),
    (re.compile(r"brais", re.I), "braising"),
    (re.compile(r"simmer", re.I), "simmering"),
)
_WAIT: Final = re.compile(
    r"\b(?P<verb>marinat\w*|refrigerat\w*|chill\w*|fridge|freez\w*|rest\w*|stand|sit|"
    r"rise|proof\w*|soak\w*|double\w*|set|cook\w*\s+on\s+(?:low|high)(?!\s+heat))\b[^.;]{0,70}?"
    r"(?:(?P<overnight>overnight)|\b(?P<n>\d+(?:\.\d+)?(?:\s*[½¼¾])?)(?:\s*(?:-|–|—|to)\s*(?P<top>\d+(?:\.\d+)?(?:\s*[½¼¾])?))?"
    r"\s*(?P<u>hours?|hrs?|h)\b)",
    re.IGNORECASE,
)
_SLOW_AFTER: Final = re.compile(
    r"\b(?P<verb>cook)\w*\b[^.;]{0,30}?()\b(?P<n>\d+(?:\.\d+)?(?:\s*[½¼¾])?)(?:\s*(?:-|–|—|to)\s*"
    r"(?P<top>\d+(?:\.\d+)?(?:\s*[½¼¾])?))?\s*(?:hours?|hrs?|h)\b\s+on\s+(?:the\s+)?(?:low|high)\b",
    re.IGNORECASE,
)
"""'Cook soup 8 hours on low', 'cook for 5 hours on the Low setting': a slow cooker's hours."""
_UNATTENDED: Final = re.compile(
    r"\b(?P<verb>bak(?:e|es|ing)|roast(?:s|ing)?|oven|brais\w*|simmer\w*)\b[^.;]{0,60}?"
    r"\b(?P<n>\d+(?:\.\d+)?(?:\s*[½¼¾])?)(?:\s*(?:-|–|—|to)\s*(?P<top>\d+(?:\.\d+)?(?:\s*[½¼¾])?))?\s*(?:hours?|hrs?|h)\b",
    re.IGNORECASE,
)
"""'Place into a 225°F oven and cook 6 hours', 'simmer for 2 to 3 hours', 'braise 3 hours': the
food cooks unattended, hours a cook waits, not works."""
_OVERNIGHT_MINUTES: Final = 8 * 60
WAITING_APART: Final = 60
"""Minutes of waiting from which it is said apart from the time at the stove."""


def waiting(steps: Sequence[str]) -> tuple[int, int, str, bool] | None:
    """The longest wait the steps state, in minutes (a range's top, then its low end), and
    what it is ("marinating"), and whether the steps say "overnight"; None when none is an hour
    or more."""
    return _waiting(tuple(steps))


@lru_cache(maxsize=8192)
def _waiting(steps: tuple[str, ...]) -> tuple[int, int, str, bool] | None:
    """Kept: a recipe's time is told with each suggestion of it and with its recipe."""
    best: tuple[int, int, str, bool] | None = None
    for step in steps:
        found = (*_WAIT.finditer(step), *_SLOW_AFTER.finditer(step))
        for match in (*found, *_UNATTENDED.finditer(step)):
            if match.re is _WAIT and match["overnight"]:
                minutes = low = _OVERNIGHT_MINUTES
            else:
                minutes = round(duration_number(match["top"] or match["n"]) * 60)
                low = round(duration_number(match["n"]) * 60)
            what = next((w for p, w in _VERBS if p.match(match["verb"])), "resting")
            if match.re is _SLOW_AFTER:
                what = "slow cooking"
            if "marinade" in step.lower() or "marinat" in step.lower():
                what = "marinating"  # "place the bag in the refrigerator for 24 hours"
            if minutes >= WAITING_APART and (best is None or minutes > best[0]):
                overnight = match.re is _WAIT and bool(match["overnight"])
                best = (minutes, min(low, minutes), what, overnight)
    return best


class TimeSplit(NamedTuple):
    """A recipe's time in the numbers its text says: `active + waiting == total`, always."""

    active: int
    waiting: int
    waiting_for: str | None
    total: int
    overnight: bool = False
    """The steps say "overnight" (counted as 8 h)."""


def split_time(total: int | None, steps: Sequence[str]) -> TimeSplit | None:
    """The time at the stove and the wait apart; None when the time is unknown. A stated total
    that already holds the wait is split ("1458 min" with "refrigerate for 24 hours": 18 active
    + 1440 waiting); one that cannot hold it ("135 min" beside "marinate overnight") gets the
    wait added, so the total never says less than the text."""
    if not total:
        return None
    wait = waiting(steps)
    if wait is None:
        return TimeSplit(total, 0, None, total)
    top, low, what, overnight = wait
    if total - top >= 5:
        return TimeSplit(total - top, top, what, total, overnight)
    if total - low >= 5:  # "cook on LOW 8-9 hours" in a stated 510 min: its low end
        return TimeSplit(total - low, low, what, total)
    return TimeSplit(total, top, what, total + top, overnight)


def time_text(total: int | None, estimated: bool, steps: Sequence[str]) -> str | None:
    """ "35 min", "about 20 min", or the active time and the wait apart: "about 38 min + 24 h
    marinating", "2 h 15 min + overnight marinating" (the numbers of `split_time`; two hours
    and more said in hours, `duration_text`)."""
    split = split_time(total, steps)
    if split is None:
        return None
    about = "about " if estimated else ""
    if not split.waiting:
        return f"{about}{duration_text(split.active)}"
    wait = "overnight" if split.overnight else f"{split.waiting / 60:g} h"
    return f"{about}{duration_text(split.active)} + {wait} {split.waiting_for}"


HOURS_FROM: Final = 120
"""Minutes from which a time is said in hours: "135 min" is read as a count, "2 h 15 min" as a
time a cook plans."""


def duration_text(minutes: int) -> str:
    """ "35 min" under `HOURS_FROM`; above it hours and the minutes left to the nearest 5
    ("2 h 15 min", "4 h")."""
    if minutes < HOURS_FROM:
        return f"{minutes} min"
    hours, rest = divmod(5 * round(minutes / 5), 60)
    return f"{hours} h {rest} min" if rest else f"{hours} h"


def within_time(total: int | None, steps: Sequence[str], max_minutes: int | None) -> bool:
    """Whether a recipe fits a cook's time limit ("30 minutes") from start to table, the waits
    its steps name included: a satay stated as 30 min that marinates overnight does not fit
    30 minutes. An unknown time fits (it is not known to be longer)."""
    if not max_minutes:
        return True
    split = split_time(total, steps)
    return split is None or split.total <= max_minutes
