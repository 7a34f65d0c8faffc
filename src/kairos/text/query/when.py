"""Times, dates and durations in a request: "saturday", "tomorrow night", "next weekend",
"at 7pm", "3 days in delhi", "under 30 minutes", "2 hours".

Dates resolve against a reference day (the request's `today`), so the same message on the same
day always means the same dates. Conventions, chosen because they are what people usually mean:
- a weekday alone ("saturday", "this saturday") is its next occurrence, today included;
  "next saturday" is the Saturday of next week (weeks start on Monday);
- "this weekend" is the coming Saturday and Sunday (today if it is the weekend); "next weekend"
  is the weekend of next week;
- "next week" is Monday to Sunday of next week; "next month" its first to its last day;
- "tonight" is today, at night; "tomorrow night" tomorrow, at night;
- "at 7" with no am/pm is 7 pm when the message speaks of dinner, evening or night, and 7 am
  when it speaks of breakfast or morning; otherwise 7 pm (hours 1-6 and 7-11 are read as
  afternoon or evening, the hours people go out), with the assumption stated;
- "3 days", "a week", "2 nights" (3 days) are a length; with a start, they give the end;
- a duration bounds how long something takes: "under 30 minutes" (at most), "about 2 hours",
  "at least an hour".
"""

from __future__ import annotations

import re
from datetime import date, time, timedelta
from typing import Literal

from pydantic import BaseModel

__all__ = ["Duration", "TimeOfDay", "When", "extract_when"]

TimeOfDay = Literal["morning", "midday", "afternoon", "evening", "night"]
Bound = Literal["at_most", "about", "at_least"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_FORMS = {
    **{d: i for i, d in enumerate(_WEEKDAYS)},
    **{d[:3]: i for i, d in enumerate(_WEEKDAYS)},
    "tues": 1, "weds": 2, "thur": 3, "thurs": 3,
}  # fmt: skip
_MONTHS = {
    **{m: i + 1 for i, m in enumerate(
        ("january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"))},
    **{m: i + 1 for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))},
    "sept": 9,
}  # fmt: skip
_PARTS: dict[str, TimeOfDay] = {
    "morning": "morning", "breakfast": "morning", "brunch": "midday", "lunch": "midday",
    "lunchtime": "midday", "noon": "midday", "midday": "midday", "afternoon": "afternoon",
    "evening": "evening", "dinner": "evening", "supper": "evening", "night": "night",
    "tonight": "night", "late night": "night",
}  # fmt: skip
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "couple of": 2, "a couple of": 2,
    "few": 3, "a few": 3, "half an": 0.5, "half a": 0.5,
}  # fmt: skip
_NUM = (
    r"(?:\d+(?:\.\d+)?|a couple of|couple of|a few|few|half an|half a|an|a|one|two|three|"
    r"four|five|six|seven|eight|nine|ten)"
)
_WEEKDAY = "|".join(sorted(_WEEKDAY_FORMS, key=len, reverse=True))
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))

_DURATION = re.compile(
    rf"\b(?P<bound>under|less than|within|in under|at most|no more than|max(?:imum)?|up to|"
    rf"in|about|around|roughly|approximately|at least|more than|over)?\s*"
    rf"(?P<num>{_NUM})\s*(?P<unit>minutes?|mins?|hours?|hrs?|h)\b(?!\s*(?:walk|drive|away))"
    rf"(?:\s+and\s+a\s+half)?"
)
_LENGTH = re.compile(
    rf"\b(?:for\s+)?(?P<num>{_NUM})[\s-]{{0,3}}(?P<unit>days?|nights?|weeks?)\b(?!\s+(?:ago|old))"
)
_ISO = re.compile(r"\b(?P<y>20\d\d)-(?P<m>\d\d)-(?P<d>\d\d)\b")
_DAY_MONTH = re.compile(
    rf"\b(?:on\s+)?(?:the\s+)?(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{_MONTH})\b"
)
_MONTH_DAY = re.compile(rf"\b(?:on\s+)?(?P<m>{_MONTH})\.?\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\b")
_RELATIVE = re.compile(
    r"\b(?P<word>day after tomorrow|today|tonight|tomorrow(?:\s+(?:night|morning|evening|"
    r"afternoon|lunch|lunchtime))?|this weekend|next weekend|the weekend|weekend|next week|"
    r"next month)\b"
)
_WEEKDAY_RE = re.compile(rf"\b(?P<which>this|next|on|coming)?\s*(?P<day>{_WEEKDAY})s?\b")
_RANGE = re.compile(
    rf"\bfrom\s+(?P<a>{_WEEKDAY})\s+(?:to|till|until|through|-)\s+(?P<b>{_WEEKDAY})\b"
)
_CLOCK = re.compile(
    r"\b(?:at|around|by|from|after|before|for)?\s*(?P<h>[0-2]?\d)(?::(?P<m>[0-5]\d))?\s*"
    r"(?P<ampm>am|pm|a\.m\.|p\.m\.|o'?clock)\b|\b(?:at|around|by)\s+(?P<h2>[0-2]?\d)"
    r"(?::(?P<m2>[0-5]\d))?\b(?!\s*(?:people|ppl|of us|guests|km|mi|stars?|\$|dollars))"
)
_PART_RE = re.compile(
    r"\b(?P<part>late night|" + "|".join(sorted(_PARTS, key=len, reverse=True)) + r")\b"
)


class When(BaseModel):
    """Dates and times a message names, resolved against its reference day."""

    start: date | None = None
    end: date | None = None
    days: int | None = None
    weekdays: list[int] = []
    time_of_day: TimeOfDay | None = None
    clock: time | None = None
    text: list[str] = []
    assumptions: list[str] = []


class Duration(BaseModel):
    minutes: int
    bound: Bound
    text: str


def _number(raw: str) -> float:
    raw = raw.strip()
    return float(raw) if raw[0].isdigit() else float(_NUMBERS[raw])


def _weekend(today: date, *, next_week: bool) -> tuple[date, date]:
    """This week's Saturday and Sunday (only Sunday, if that is today), or next week's."""
    if today.weekday() == 6 and not next_week:
        return today, today
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5 + 7 * next_week)
    return saturday, saturday + timedelta(days=1)


def _next_weekday(today: date, weekday: int, *, next_week: bool) -> date:
    if next_week:
        monday = today - timedelta(days=today.weekday()) + timedelta(days=7)
        return monday + timedelta(days=weekday)
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def _calendar_date(today: date, month: int, day: int) -> date | None:
    """A day and month without a year: the next one on or after today."""
    for year in (today.year, today.year + 1):
        try:
            found = date(year, month, day)
        except ValueError:
            return None
        if found >= today:
            return found
    return None


class _Reader:
    def __init__(self, text: str, today: date) -> None:
        self.text = text
        self.masked = text
        self.today = today
        self.spans: list[tuple[int, int]] = []
        self.when = When()

    def take(self, match: re.Match[str], group: int | str = 0) -> None:
        start, end = match.span(group)
        self.spans.append((start, end))
        self.masked = self.masked[:start] + " " * (end - start) + self.masked[end:]
        self.when.text.append(match.group(group).strip())

    def set_dates(self, start: date, end: date | None = None) -> None:
        if self.when.start is None:
            self.when.start, self.when.end = start, end or start

    def duration(self) -> Duration | None:
        match = _DURATION.search(self.masked)
        if match is None:
            return None
        unit = match.group("unit")
        amount = _number(match.group("num"))
        if "and a half" in match.group():
            amount += 0.5
        minutes = amount * (60 if unit.startswith("h") else 1)
        lead = (match.group("bound") or "").strip()
        bound: Bound = "about"
        if lead in {"under", "less than", "within", "in under", "at most", "no more than",
                    "max", "maximum", "up to", "in"}:  # fmt: skip
            bound = "at_most"
        elif lead in {"at least", "more than", "over"}:
            bound = "at_least"
        self.take(match)
        return Duration(minutes=round(minutes), bound=bound, text=match.group().strip())

    def dates(self) -> None:
        today = self.today
        for pattern in (_ISO, _DAY_MONTH, _MONTH_DAY):
            for match in pattern.finditer(self.masked):
                month = match.group("m")
                month_number = int(month) if month.isdigit() else _MONTHS[month]
                if pattern is _ISO:
                    try:
                        found: date | None = date(int(match.group("y")), month_number,
                                                  int(match.group("d")))  # fmt: skip
                    except ValueError:
                        found = None
                else:
                    found = _calendar_date(today, month_number, int(match.group("d")))
                if found is not None:
                    self.set_dates(found)
                    self.take(match)
        span = _RANGE.search(self.masked)
        if span is not None:
            first = _next_weekday(today, _WEEKDAY_FORMS[span.group("a")], next_week=False)
            last_day = _WEEKDAY_FORMS[span.group("b")]
            last = first + timedelta(days=(last_day - first.weekday()) % 7)
            self.set_dates(first, last)
            self.when.weekdays += [first.weekday(), last.weekday()]
            self.take(span)
        for match in _RELATIVE.finditer(self.masked):
            word = match.group("word")
            if word.startswith("tomorrow"):
                self.set_dates(today + timedelta(days=1))
                part = word.removeprefix("tomorrow").strip()
                if part:
                    self.when.time_of_day = _PARTS[part]
            elif word == "day after tomorrow":
                self.set_dates(today + timedelta(days=2))
            elif word == "next week":
                monday = today - timedelta(days=today.weekday()) + timedelta(days=7)
                self.set_dates(monday, monday + timedelta(days=6))
            elif word == "next month":
                first = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
                after = (first + timedelta(days=32)).replace(day=1)
                self.set_dates(first, after - timedelta(days=1))
            elif word in {"today", "tonight"}:
                self.set_dates(today)
                if word == "tonight":
                    self.when.time_of_day = "night"
            else:
                saturday, sunday = _weekend(today, next_week=word == "next weekend")
                self.set_dates(saturday, sunday)
                self.when.days = self.when.days or (sunday - saturday).days + 1
            self.take(match)
        for match in _WEEKDAY_RE.finditer(self.masked):
            day = _WEEKDAY_FORMS[match.group("day")]
            if match.group("day") in {"mar", "may", "sun", "sat", "wed"} and not match.group(
                "which"
            ):
                # "sun", "sat", "wed", "may" are words too; only "on sat" is a day
                continue
            found = _next_weekday(today, day, next_week=match.group("which") == "next")
            self.set_dates(found)
            self.when.weekdays.append(day)
            self.take(match)

    def length(self) -> None:
        match = _LENGTH.search(self.masked)
        if match is None:
            return
        amount = _number(match.group("num"))
        unit = match.group("unit")
        days = (
            amount * 7
            if unit.startswith("week")
            else amount + 1
            if unit.startswith("night")
            else amount
        )
        self.when.days = max(1, round(days))
        self.take(match)

    def clock(self) -> None:
        part = _PART_RE.search(self.masked)
        if part is not None and self.when.time_of_day is None:
            self.when.time_of_day = _PARTS[part.group("part")]
        match = _CLOCK.search(self.masked)
        if match is None:
            return
        hour = int(match.group("h") or match.group("h2"))
        minute = int(match.group("m") or match.group("m2") or 0)
        ampm = (match.group("ampm") or "").replace(".", "")
        if hour > 23 or (ampm in {"am", "pm"} and not 1 <= hour <= 12):
            return
        if ampm == "pm" and hour < 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        elif not ampm.endswith(("am", "pm")) and 1 <= hour <= 11:
            morning = self.when.time_of_day == "morning"
            hour = hour if morning else hour + 12
            if self.when.time_of_day is None:
                self.when.assumptions.append(
                    f"Read '{match.group().strip()}' as {hour % 12 or 12} "
                    f"{'am' if morning else 'pm'}."
                )
        self.when.clock = time(hour % 24, minute)
        if self.when.time_of_day is None:
            self.when.time_of_day = (
                "morning" if hour < 11 else "midday" if hour < 14 else "afternoon"
                if hour < 17 else "evening" if hour < 21 else "night"
            )  # fmt: skip
        self.take(match)


def extract_when(
    text: str, today: date
) -> tuple[When | None, Duration | None, list[tuple[int, int]]]:
    """Dates, times and a duration in a normalised message, and the character spans they used
    (so the number reader does not take "3 days" for a party of three)."""
    reader = _Reader(text, today)
    duration = reader.duration()
    reader.dates()
    reader.length()
    reader.clock()
    when = reader.when
    if when.start is not None and when.days and when.end == when.start:
        when.end = when.start + timedelta(days=when.days - 1)
    elif when.start is not None and when.end is not None and when.days is None:
        when.days = (when.end - when.start).days + 1 if when.end != when.start else None
    has_when = bool(when.text)
    return (when if has_when else None), duration, reader.spans
