"""Words of a trip request the shared date reader (`text/query/when.py`) leaves to the trip:
explicit ISO dates ("starting 2027-01-15", "from 2027-01-08 to 2027-01-10", "on 2027-02-06"), a
month named alone ("in March": the trip starts on its first day, the next time it comes), the
number of days said ("3 days", "two days"), "a long weekend" (three days, Friday to Sunday),
and a mode said in the negative ("we don't walk much", "no car": not that mode, so transit)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

__all__ = ["SaidDates", "negated_mode", "said_dates"]

_ISO: Final = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTHS: Final = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)  # fmt: skip
_MONTH: Final = re.compile(
    r"\b(?:in|during|for|this|next|early|late|mid)\s+(" + "|".join(_MONTHS) + r")\b", re.I
)
_NUMBERS: Final = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_DAYS: Final = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven)[\s-]+days?\b", re.I)
_LONG_WEEKEND: Final = re.compile(r"\blong\s+weekend\b", re.I)
_DAY_TRIP: Final = re.compile(r"\bday[\s-]?trip\b|\bfor\s+the\s+day\b", re.I)
_NO_WALK: Final = re.compile(
    r"\b(?:(?:do\s*n[o']?t|dont|don't|not|never|hate|no)\s+"
    r"(?:(?:really|like|love|much|want\s+to|to)\s+)*walk(?:ing)?|no\s+walking)\b", re.I,
)  # fmt: skip
_NO_CAR: Final = re.compile(
    r"\b(?:no\s+car|without\s+(?:a\s+)?car|(?:do\s*n[o']?t|dont|don't)\s+(?:have\s+a\s+car|"
    r"drive)|not\s+driving|carless)\b", re.I,
)  # fmt: skip


@dataclass(frozen=True)
class SaidDates:
    start: date | None
    end: date | None
    days: int | None


def _iso(text: str) -> list[date]:
    found = []
    for y, m, d in _ISO.findall(text):
        try:
            found.append(date(int(y), int(m), int(d)))
        except ValueError:
            continue
    return found


def _month_start(text: str, today: date) -> date | None:
    match = _MONTH.search(text)
    if match is None:
        return None
    month = _MONTHS.index(match.group(1).lower()) + 1
    year = today.year if month > today.month else today.year + 1
    return date(year, month, 1)


def said_dates(text: str, today: date, start: date | None, end: date | None,
               days: int | None) -> SaidDates:  # fmt: skip
    """The reader's (start, end, days) with what the text says explicitly put first."""
    length = None
    if match := _DAYS.search(text):
        word = match.group(1).lower()
        length = int(word) if word.isdigit() else _NUMBERS[word]
    if length is None and _DAY_TRIP.search(text):
        length = 1  # "day trip around Delhi on 2027-02-06": one day, whatever the date says
    if _LONG_WEEKEND.search(text):
        length = 3
        if start is not None and start.weekday() == 5:  # the reader's Saturday: from Friday
            start = start - timedelta(days=1)
    explicit = _iso(text)
    month = _month_start(text, today)
    if explicit:
        start = explicit[0]
        end = explicit[-1] if len(explicit) > 1 and explicit[-1] >= explicit[0] else None
    elif month is not None and (start is None or start.replace(day=1) != month):
        start, end = month, None
    elif month is not None and length and start is not None and end == start:
        end = None  # "in March, 3 days" read as the 3rd of March: the month and its length
    if length and length <= 60:
        days = length
        if start is not None and (end is None or not explicit or len(explicit) < 2):
            end = start + timedelta(days=length - 1)
    if start is not None and end is not None and end >= start and not days:
        days = (end - start).days + 1
    return SaidDates(start, end, days)


def negated_mode(text: str) -> str | None:
    """ "walk" or "drive" when the traveller says they will not (much), else None."""
    if _NO_WALK.search(text):
        return "walk"
    if _NO_CAR.search(text):
        return "drive"
    return None
