"""Opening hours written as free text → what is known of each weekday, and what is not.

Pure and typed. A reading keeps three states apart for every minute of the week: known open,
known closed, and unknown. It never turns unknown into open:

- "Tuesday to Saturday, 11am - 7pm; closed on Monday": Tuesday–Saturday known (open 11–19,
  closed the rest), Monday closed; Sunday, named by no part, is closed too (a text that lists
  weekdays lists the days a place opens).
- "Open daily at 10am. Closing time varies.": closed before 10:00 every day, unknown after.
- "Galleries closed on Monday": Monday closed (a closure of any part of a place is read as the
  place's: the traveller cannot count on it), the other days unknown.
- "10:00 AM - 5:00 PM" (a range with no weekday, as TripAdvisor lists one day's hours): read as
  every day, and `weekdays_given` is False so a caller can say the days are not confirmed.

Statements are split at sentence ends (".", ";"); each is read token by token: weekdays and
their ranges ("Mon-Fri", "Tuesday to Sunday", "weekends", "daily"), times and time ranges
("9am", "7.30pm", "09:00", "noon", "12 midnight"), "closed", "open(s) at", "until", "24 hours".
Words the reader does not know, before a statement's days and times, name a part of the place
("Outdoor Gardens:", "Box Office"): such a part's opening hours are not the place's and are not
used (its closures are), except when a text gives only several parts' hours and the first names
its days and times ("History Gallery Daily, 10am – 6pm. Living Galleries Daily, 10am – 8pm"):
the first part's are used, and the reading's notes say so. A word that can change the meaning
("appointment", "except", a month, "varies", "shows") makes every opening claim of the text
unknown (closures are still kept), and an unknown word after a statement's times does the same.
Last-admission and public-holiday phrases are dropped (public holidays are not modelled).
Refusing is always allowed: the reading says which parts were not read, and a caller keeps
unknown as unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kairos.core.hours_tokens import (
    ALL_CLOSED,
    CLOSE_VARIES,
    GROUP_WORDS,
    NOISE,
    RISKY,
    TOKEN,
    Span,
    minutes,
    normalise,
    time_range,
    weekdays_in,
)
from kairos.core.opening_hours import DAY_MINUTES as DAY
from kairos.core.opening_hours import merge_intervals

__all__ = ["DayHours", "HoursReading", "Span", "read_hours_text"]


@dataclass(frozen=True)
class DayHours:
    """One weekday: spans known open and spans known closed (minutes from its midnight, within
    [0, 1440]); every other minute is unknown."""

    open: tuple[Span, ...] = ()
    closed: tuple[Span, ...] = ()

    @property
    def known(self) -> bool:
        """Every minute of the day is known open or known closed."""
        return merge_intervals(self.open + self.closed) == ((0, DAY),)

    @property
    def intervals(self) -> tuple[Span, ...] | None:
        """The day's open spans when the whole day is known, else None."""
        return self.open if self.known else None


@dataclass(frozen=True)
class HoursReading:
    text: str
    days: tuple[DayHours, ...]
    weekdays_given: bool = True
    """False when the text named no weekday and its hours were read as every day's."""
    unread: tuple[str, ...] = ()
    """What was not read, and why: the text's opening claims are then not used."""
    notes: tuple[str, ...] = field(default=())

    @property
    def complete(self) -> bool:
        return all(d.known for d in self.days)

    @property
    def anything_known(self) -> bool:
        return any(d.open or d.closed for d in self.days)


@dataclass
class _Group:
    """Days and what one statement says of them."""

    days: set[int]
    qualified: bool
    spans: list[Span] = field(default_factory=list)
    opens: int | None = None
    closes: int | None = None
    range_first: bool = False
    part: str = ""
    """The words that name the part of the place the statement is about ("" for the place)."""

    @property
    def timed(self) -> bool:
        return bool(self.spans) or self.opens is not None or self.closes is not None


@dataclass
class _Read:
    groups: list[_Group] = field(default_factory=list)
    closed: set[int] = field(default_factory=set)
    unread: list[str] = field(default_factory=list)
    named: bool = False


def _statement(s: str, read: _Read) -> None:
    """One sentence's tokens into groups of days and times (see the module's docstring)."""
    words: list[str] = []
    qualified = closing = said_open = False
    part = ""
    group: _Group | None = None
    for match in TOKEN.finditer(s):
        kind, value = match.lastgroup, match.group()
        if kind == "sep" or kind == "filler":
            said_open = said_open or value.startswith("open")
            continue
        if kind == "at" and said_open:  # "Open daily at 10am"
            kind = "opens"
        if kind in ("word", "time", "at"):
            if value in RISKY:
                read.unread.append(f"'{value}' may change what the hours mean")
            words.append(value)
            continue
        if words:  # words before days and times name a part of the place
            qualified, part, words, group, closing = True, " ".join(words), [], None, False
        if kind == "closed":
            if group is not None and group.days and not group.timed:  # "Monday: closed"
                read.closed |= group.days
                read.groups.remove(group)
                group = None
            closing = True
            continue
        if kind in ("days", "group", "daily"):
            found = (set(range(7)) if kind == "daily" else set(GROUP_WORDS[value])
                     if kind == "group" else weekdays_in(value))  # fmt: skip
            if closing:
                read.closed |= found
                continue
            read.named = read.named or (kind != "daily" and not qualified)
            if group is not None and not group.days and group.timed:  # "10am-6pm Tue-Sun"
                group.days = found
            elif group is not None and not group.timed:  # "Saturday and Sunday"
                group.days |= found
            else:
                group = _Group(found, qualified, part=part)
                read.groups.append(group)
            continue
        closing = False
        if group is None or (group.range_first and group.days):
            group = _Group(set(), qualified, range_first=True, part=part)
            read.groups.append(group)
        if kind in ("range", "allday"):
            span = (0, DAY) if kind == "allday" else time_range(value)
            if span is None:
                read.unread.append(f"an unclear time range: '{value}'")
            else:
                group.spans.append(span)
        elif kind == "opens":
            group.opens = minutes(re.sub(r"^(?:(?:opens?|opening)\s+)?(?:at|from)\s*", "",
                                          value))  # fmt: skip
        elif kind == "closes":
            group.closes = minutes(re.sub(r"^(?:closes?|closing|until|till)\s*(?:at\s*)?",
                                           "", value))  # fmt: skip
    if words:
        read.unread.append(f"words not read: '{' '.join(words)}'")


def _week(read: _Read, close_varies: bool) -> tuple[list[DayHours], bool]:
    """Per day what is known; and whether the days came from the text (not "every day" read
    into a range that names none)."""
    use_open = not read.unread
    opened: list[list[Span]] = [[] for _ in range(7)]
    shut: list[list[Span]] = [[] for _ in range(7)]
    setter: dict[int, int] = {}
    weekdays_given = True
    timed: set[int] = set()
    untimed: set[int] = set()
    for index, g in enumerate(read.groups):
        if g.qualified:
            continue
        days = g.days or set(range(7))
        for d in days:
            if g.opens is not None:
                shut[d].append((0, g.opens))
            if g.closes is not None and g.closes > 0:
                shut[d].append((g.closes, DAY))
        if not g.spans:
            untimed |= days
            continue
        weekdays_given = weekdays_given and bool(g.days)
        if not use_open:
            continue
        for d in days:
            if setter.get(d) != index:  # a later line for a day replaces an earlier one
                opened[d], setter[d] = [], index
            opened[d] += g.spans
            timed.add(d)
    if close_varies:  # only the opening time is known
        for d in timed:
            shut[d].append((0, min(a for a, _ in opened[d])))
            opened[d] = []
        timed = set()
    days_open: list[list[Span]] = [[] for _ in range(7)]
    for d in range(7):
        for a, b in opened[d]:
            days_open[d].append((a, min(b, DAY)))
            if b > DAY:  # past midnight: the next day's first hours
                days_open[(d + 1) % 7].append((0, b - DAY))
    known = set(timed)
    if read.named and timed:  # a text that lists weekdays lists the days a place opens
        known |= set(range(7)) - untimed
    out: list[DayHours] = []
    for d in range(7):
        if d in read.closed:
            out.append(DayHours((), ((0, DAY),)))
            continue
        spans = merge_intervals(days_open[d])
        if d in known:
            gaps, t = [], 0
            for a, b in spans:
                gaps.append((t, a))
                t = b
            out.append(DayHours(spans, merge_intervals([*gaps, (t, DAY)])))
        else:
            out.append(DayHours(spans if use_open else (), merge_intervals(shut[d])))
    return out, weekdays_given or bool(read.closed)


def _first_of_several_parts(opening: list[_Group]) -> _Group | None:
    """When a text gives only its parts' hours ("History Gallery Daily, 10am – 6pm. Living
    Galleries Daily, 10am – 8pm"), the first part when there are several and it names its days
    and a time range: a visit can count on that part. One part alone ("50th storey Skybridge,
    Daily, 9am –10pm") or a first part without days ("Outdoor Gardens: 5am – 2am") says too
    little of the place."""
    first = opening[0]
    several = len({g.part for g in opening}) >= 2
    return first if several and first.days and first.spans else None


def read_hours_text(text: str) -> HoursReading:
    """What `text` says of each weekday (see the module's docstring)."""
    s = normalise(text)
    if ALL_CLOSED.fullmatch(s.strip(" .")):
        closed = tuple(DayHours((), ((0, DAY),)) for _ in range(7))
        return HoursReading(text, closed, notes=("closed until further notice",))
    close_varies = bool(CLOSE_VARIES.search(s))
    s = NOISE.sub(" ", CLOSE_VARIES.sub(" ", s))
    read = _Read()
    if re.search(r"@|https?:|www\.|\+\d", s):
        read.unread.append("contact details, not hours")
    for sentence in re.split(r"(?<!\d)\.|\.(?!\d)|[;\n|*]", s):
        if sentence.strip(" ,:-"):
            _statement(sentence.strip(), read)
    notes = []
    opening = [g for g in read.groups if g.spans or g.opens is not None]
    if opening and all(g.qualified for g in opening):
        if (first := _first_of_several_parts(opening)) is None:
            read.unread.append("hours of a part of the place only")
        else:
            for g in read.groups:
                if g.part == first.part:
                    g.qualified = False
                    read.named = read.named or len(g.days) < 7
            notes.append(f"the hours of the {first.part} used: the text gives several parts' "
                         "hours")  # fmt: skip
    days, weekdays = _week(read, close_varies)
    unread = list(dict.fromkeys(read.unread))
    if not any(d.open or d.closed for d in days) and not unread:
        unread.append("no opening or closing time")
    if not weekdays:
        notes.append("no weekday given: read as every day")
    if close_varies:
        notes.append("closing time varies: only the opening time is used")
    return HoursReading(text, tuple(days), weekdays, tuple(unread), tuple(notes))
