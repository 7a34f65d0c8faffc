"""The words and times of opening hours written as free text: weekdays and their ranges, times
and time ranges in minutes, the statement tokens `hours_text` reads, and the phrases it drops or
distrusts."""

from __future__ import annotations

import html
import re
from typing import Final

from kairos.core.opening_hours import DAY_MINUTES as DAY

Span = tuple[int, int]

DAY_WORDS: Final = {
    "monday": 0, "mondays": 0, "mon": 0, "mo": 0, "tuesday": 1, "tuesdays": 1, "tues": 1,
    "tue": 1, "tu": 1, "wednesday": 2, "wednesdays": 2, "wed": 2, "thursday": 3,
    "thursdays": 3, "thurs": 3, "thur": 3, "thu": 3, "th": 3, "friday": 4, "fridays": 4,
    "fri": 4, "fr": 4, "saturday": 5, "saturdays": 5, "sat": 5, "sa": 5, "sunday": 6,
    "sundays": 6, "sun": 6, "su": 6,
}  # fmt: skip
"""("we" is not read as Wednesday: "we are open daily".)"""
GROUP_WORDS: Final = {"weekdays": range(5), "weekday": range(5), "weekends": range(5, 7),
                       "weekend": range(5, 7)}  # fmt: skip
_ONE_DAY: Final = "(?:" + "|".join(sorted(DAY_WORDS, key=len, reverse=True)) + r")\b\.?"
_THROUGH: Final = r"\s*(?:-|to|through|thru|till|until)\s*"
_TIME: Final = (
    r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|\d{1,2}[:.]\d{2}(?:\s*(?:hrs|h)\b)?"
    r"|\d{1,2}\s*(?:hrs|h)\b|12\s*noon|12\s*midnight|noon|midnight)"
)
_ALONE: Final = rf"(?![\w.:])(?!{_THROUGH})"
"""A time that does not begin a range."""
TOKEN: Final = re.compile(
    rf"(?P<range>(?:{_TIME}|\d{{1,2}}){_THROUGH}{_TIME})"
    r"|(?P<allday>24\s*/\s*7|24\s*hours|24\s*hrs|all\s+day|round the clock|around the clock)"
    r"(?![\w])"
    rf"|(?P<days>{_ONE_DAY}(?:{_THROUGH}{_ONE_DAY})?)"
    r"|(?P<group>weekdays?|weekends?)\b"
    r"|(?P<daily>daily|everyday|every\s+day|all\s+days|all\s+week"
    r"|(?:7|seven)\s+days\s+a\s+week)\b"
    r"|(?P<closed>closed|shut)\b"
    rf"|(?P<opens>(?:(?:opens?|opening)\s+(?:at|from)|from)\s+{_TIME}{_ALONE})"
    rf"|(?P<closes>(?:(?:closes?|closing)\s+at|until|till)\s+{_TIME}{_ALONE})"
    rf"|(?P<at>at\s+{_TIME}{_ALONE})"
    r"|(?P<time>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)"
    r"|(?P<filler>opening\s+hours|operating\s+hours|hours\s+of\s+operation|visiting\s+hours"
    r"|opens?|hours|from|on|and|every|at|we|it|are|is)\b"
    r"|(?P<sep>[,:&/()\-+]|\s+)"
    r"|(?P<word>[^\W\d_]+|\S)"
)
NOISE: Final = re.compile(
    r"\(?\s*last\s+(?:admission|entry|entries|ticket\s+sales?|show|tickets?)\s*(?:is\s+)?(?:at|:)?"
    rf"\s*{_TIME}\s*\)?"
    r"|\(?\s*except\s+(?:on\s+)?(?:eve\s+of\s+)?public\s+holidays?\s*\)?"
    r"|(?:closed|open)\s+on\s+public\s+holidays?"
    r"|(?:and\s+)?(?:the\s+)?(?:eve\s+of\s+)?public\s+holidays?"
    r"|please\s+(?:visit|check|see|refer\s+to)\s+(?:the\s+|our\s+)?(?:official\s+)?website"
    r"(?:\s+for\s+(?:more\s+)?(?:information|details))?"
    r"|for\s+more\s+(?:information|details)"
    r"|effective\s+(?:from|since)\s+\d{1,2}\s+[a-z]+\s+\d{4}"
)
CLOSE_VARIES: Final = re.compile(r"closing\s+times?\s+(?:may\s+)?vary|closing\s+times?\s+varies")
_RISKY_WORDS: Final = (
    "appointment appointments except excluding unless not no only varies vary may subject "
    "seasonal season summer winter spring autumn fall holiday holidays school prior before after "
    "shows show showtime showtimes performance performances tour tours guided event events mass "
    "services service renovation renovations temporarily reservation reservations booking "
    "january february march april june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
RISKY: Final = frozenset(_RISKY_WORDS.split())
"""Words that can change what the hours around them mean: their text's opening claims are
not used (closures are)."""
ALL_CLOSED: Final = re.compile(
    r"(?:permanently|temporarily)\s+closed|closed\s+(?:until\s+further\s+notice|permanently"
    r"|temporarily)|closed"
)


def minutes(text: str, meridiem: str | None = None) -> int | None:
    """ "9am", "7.30pm", "09:00", "noon", "12 midnight" → minutes from midnight; `meridiem`
    stands in for a missing am / pm ("11 - 7pm")."""
    s = text.replace(" ", "")
    if s in ("noon", "12noon"):
        return 720
    if s in ("midnight", "12midnight"):
        return 0
    match = re.fullmatch(r"(\d{1,2})(?:[:.](\d{2}))?(am|pm|hrs|h)?", s)
    if match is None:
        return None
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    half = match.group(3) if match.group(3) in ("am", "pm") else meridiem
    if minute >= 60 or hour > 24 or (half is not None and not 1 <= hour <= 12):
        return None
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    return hour * 60 + minute


def _half(text: str) -> str | None:
    found = re.search(r"(am|pm)$", text.replace(" ", ""))
    return found.group(1) if found else None


def _other(half: str) -> str:
    return "am" if half == "pm" else "pm"


def time_range(text: str) -> Span | None:
    """A time range in minutes (an end past midnight runs past 1440); None when it is unclear:
    no am / pm on either side and an end at or before the start that is not a night's end
    ("10:00-6:00" may be the evening or the next morning)."""
    parts = re.split(_THROUGH, text, maxsplit=1)
    if len(parts) != 2:
        return None
    a_text, b_text = parts[0].strip(), parts[1].strip()
    a_half, b_half = _half(a_text), _half(b_text)
    if a_half is None and b_half is not None:  # "11 - 7pm" is 11am; "1 - 5pm" is 1pm
        b = minutes(b_text)
        same, other = minutes(a_text, b_half), minutes(a_text, _other(b_half))
        start = same if same is not None and b is not None and same < b else other
        start = start if start is not None else minutes(a_text)
        end = b
    elif b_half is None and a_half is not None:  # "10am - 6" is to 6pm
        start = minutes(a_text)
        same, other = minutes(b_text, a_half), minutes(b_text, _other(a_half))
        end = same if same is not None and start is not None and same > start else other
    else:
        start, end = minutes(a_text), minutes(b_text)
    if start is None or end is None:
        return None
    if a_half is None and b_half is None and end <= start and not (start >= 720 and end <= 360):
        return None
    if end == 1439 and start == 0:  # "12:00 AM - 11:59 PM": the whole day
        end = DAY
    if end <= start:
        end += DAY
    return (start, end)


def weekdays_in(text: str) -> set[int]:
    words = [w for w in re.findall(r"[a-z]+", text) if w in DAY_WORDS]
    first, last = DAY_WORDS[words[0]], DAY_WORDS[words[-1]]
    if len(words) == 1:
        return {first}
    return {(first + i) % 7 for i in range((last - first) % 7 + 1)}


def normalise(text: str) -> str:
    s = html.unescape(text).lower()
    for dash in ("\u2013", "\u2014", "\u2012", "\u2212"):
        s = s.replace(dash, "-")
    s = re.sub(r"\b([ap])\.\s?m\b\.?", r"\1m", s)
    return " ".join(s.replace("\u2009", " ").replace("\u00a0", " ").split())
