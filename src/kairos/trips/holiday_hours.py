"""A place's hours on a public holiday: what its source says of public holidays, read; never
assumed open because its usual week is (issue 35; panel trips half A, t05 and t53: the Met
planned on Thanksgiving, when it is closed, with only a day's general warning).

What a source says of public holidays (`holiday_rule`):

- OSM `opening_hours`: a rule whose selector names `PH` ("Mo-Su 08:00-24:00; PH closed",
  "PH,Mo-Su 11:30-19:45", "Su,PH 10:00-16:00"); a later rule overrides an earlier one.
- Free text: "Closed on public holidays", "Closed on Monday and public holidays" (closed),
  "Open on public holiday", "Closed on Monday (except on public holidays)" (open as on a usual
  day), "Sunday to Thursday and public holidays, 10am - 7pm" (those hours; "eve of public
  holidays" is not one), and a holiday named closed ("Closed Thanksgiving Day and December 25").

On a public holiday of the trip's city (`kairos.signals.public_holidays`), `on_holiday` gives the
place as visited that day: closed when its source says so (the planner leaves it for another
day), its holiday hours when given (certified as any known hours), as usual when the source says
it opens as usual, or open round the clock (24/7). Otherwise its hours that day are unknown: the
planner keeps to the usual day's hours, never certifies the visit, and the stop's check says
"Thanksgiving Day: holiday hours not known, check before going".

Of the 5,260 shared points of interest (732 with hours), 12 say anything of public holidays
(5 OSM `PH` rules, 7 free texts): almost every stop on a holiday is unknown that day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final, Literal

from kairos.core.hours_tokens import normalise, time_range
from kairos.core.opening_hours import DAY_MINUTES, Interval, merge_intervals
from kairos.trips.hours import garden_named, museum_like
from kairos.trips.models import Candidate

__all__ = ["AS_USUAL", "HolidayRule", "holiday_days", "holiday_risk", "holiday_rule", "on_holiday"]

AS_USUAL: Final = "as usual"
HolidayRule = tuple[Interval, ...] | Literal["as usual"] | None
"""() closed on public holidays; spans: open then; `AS_USUAL`: open as on a usual day; None:
the source says nothing of public holidays."""

_DAYS: Final = r"(?:Mo|Tu|We|Th|Fr|Sa|Su|PH|SH)"
_OSM_RULE: Final = re.compile(rf"^\s*({_DAYS}(?:\s*[-,]\s*{_DAYS})*)\b\s*(.*)$")
_OSM_SPAN: Final = re.compile(r"(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})")
_PH_WORDS: Final = r"(?<!eve of )(?<!eve of the )public\s+holidays?"
_CLOSED_PH: Final = re.compile(rf"\bclosed\b[^.;]*?\b{_PH_WORDS}", re.IGNORECASE)
_EXCEPT_PH: Final = re.compile(rf"\bexcept\s+(?:on\s+)?{_PH_WORDS}", re.IGNORECASE)
_OPEN_PH: Final = re.compile(rf"\bopen\s+(?:on\s+)?(?:all\s+)?{_PH_WORDS}", re.IGNORECASE)
_PH_THEN_TIMES: Final = re.compile(
    rf"\b{_PH_WORDS}\s*[,:]?\s*([0-9][^,;]*?(?:am|pm)\s*-\s*[0-9][^,;]*?(?:am|pm))", re.IGNORECASE
)


def _osm_rule(text: str) -> HolidayRule:
    said: HolidayRule = None
    for rule in text.split(";"):
        found = _OSM_RULE.match(rule)
        if found is None or "PH" not in re.split(r"\s*[-,]\s*", found.group(1)):
            continue
        body = found.group(2).strip().lower()
        if body.startswith(("off", "closed")):
            said = ()
            continue
        spans = [(int(a) * 60 + int(b), int(c) * 60 + int(d))
                 for a, b, c, d in _OSM_SPAN.findall(body)]  # fmt: skip
        spans = [(a, b if b > a else b + DAY_MINUTES) for a, b in spans]
        if spans:
            said = merge_intervals(spans)
    return said


def _named_closed(text: str, holiday: str | None) -> bool:
    """The holiday named in a statement that says closed ("Closed Thanksgiving Day")."""
    core = re.sub(r"\b(?:day|observed|\(.*?\))\b", "", holiday or "", flags=re.I).strip(" '’s")
    if len(core) < 4:
        return False
    for part in re.split(r"[.;]", text):
        if re.search(r"\bclosed\b", part, re.I) and re.search(re.escape(core), part, re.I):
            return True
    return False


def holiday_rule(text: str | None, holiday: str | None = None) -> HolidayRule:
    """What `text` (a source's hours) says of public holidays (`holiday`: the day's name, for a
    text that names it closed); see the module."""
    if not text:
        return None
    if "PH" in text and (said := _osm_rule(text)) is not None:
        return said
    if _named_closed(text, holiday):
        return ()
    if _EXCEPT_PH.search(text) or _OPEN_PH.search(text):
        return AS_USUAL
    if _CLOSED_PH.search(text):
        return ()
    if (then := _PH_THEN_TIMES.search(normalise(text))) is not None:
        span = time_range(then.group(1))
        if span is not None:
            return (span,)
    return None


def _round_the_clock(c: Candidate, weekday: int) -> bool:
    day = c.hours[weekday] if c.hours is not None else None
    return day is not None and bool(day) and day[0][0] == 0 and day[-1][1] >= DAY_MINUTES


def _gaps(spans: tuple[Interval, ...]) -> tuple[Interval, ...]:
    out, t = [], 0
    for a, b in spans:
        if a > t:
            out.append((t, min(a, DAY_MINUTES)))
        t = max(t, b)
    if t < DAY_MINUTES:
        out.append((t, DAY_MINUTES))
    return tuple(out)


def on_holiday(c: Candidate, holiday: str | None, weekday: int) -> Candidate:
    """`c` as visited on a public holiday named `holiday` falling on `weekday` (None: a usual
    day, `c` as it is); see the module."""
    if holiday is None:
        return c
    said = holiday_rule(c.hours_text, holiday)
    if said == AS_USUAL or (said is None and _round_the_clock(c, weekday)):
        return c
    week: list[tuple[Interval, ...] | None] = list(c.hours) if c.hours is not None else [None] * 7
    closed: list[tuple[Interval, ...]] = list(c.closed) if c.closed is not None else [()] * 7
    if said is not None:  # closed, or its holiday hours: known that day
        week[weekday] = tuple(said)
        return replace(c, hours=tuple(week), weekdays_given=True)
    if (usual := week[weekday]) is None:  # unknown already: said why on the stop
        return replace(c, holiday=holiday)
    week[weekday], closed[weekday] = None, _gaps(usual)  # timed by the usual day, not certified
    return replace(c, hours=tuple(week), closed=tuple(closed), holiday=holiday)


_GATED_KINDS: Final = frozenset(
    {"museum", "gallery", "zoo", "aquarium", "theme_park", "palace", "castle", "garden"}
)


def holiday_risk(c: Candidate, holiday: str) -> bool:
    """A place with a gate (a museum, a gallery, a zoo, a garden…) that may shut on `holiday`:
    its source does not say it opens then (an open-air square or monument does not shut)."""
    gated = (c.kind in _GATED_KINDS or (c.category or "").lower() in _GATED_KINDS
             or museum_like(c) or garden_named(c))  # fmt: skip
    if not gated or any(_round_the_clock(c, d) for d in range(7)):
        return False
    said = holiday_rule(c.hours_text, holiday)
    return said is None or said == ()


def holiday_days(
    groups: list[list[int]], holidays: Sequence[str | None], pool: Sequence[Candidate],
    fixed: set[int],
) -> list[list[int]]:  # fmt: skip
    """Day groups (indexes into `pool`, best first) given to days so that a public holiday
    (`holidays[k]`, None on a usual day) holds the group whose gated places matter least: the
    flagship museum goes on a day it is likely open (panel trips half A, t05 and t53: the Met on
    Thanksgiving). A group in `fixed` (it holds a locked stop) stays on its day."""
    usual = [k for k, h in enumerate(holidays) if h is None and k not in fixed]
    out = list(groups)
    for k, name in enumerate(holidays):
        if name is None or k in fixed or not usual:
            continue

        def risk(g: list[int], name: str = name) -> float:
            return sum(1.0 / (1 + i) for i in g if holiday_risk(pool[i], name))

        best = min(usual, key=lambda j: (risk(out[j]), j))
        if risk(out[best]) < risk(out[k]):
            out[k], out[best] = out[best], out[k]
    return out
