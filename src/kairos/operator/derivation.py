"""How the covers of the window a plan staffs come from the usual day the operator gave (issue
36, panel half A: o19 "130 covers on a Friday" staffed Saturday dinner for ≈67 and "why?"
repeated the card without saying how 130 on a Friday became 67 on a Saturday's dinner; o29 a
400-customer Friday read as ≈63 at a Saturday breakfast, the scaling not shown). The day total
is read for the day planned by the weekday profile, then split by daypart: both steps are said,
each with its share, beside the demand line's source."""

from __future__ import annotations

from datetime import date
from typing import Final

from kairos.operator.demand import DAYPART_HOURS, DAYPARTS, DemandShape
from kairos.operator.schemas import Daypart
from kairos.operator.state import BaselineState

__all__ = ["covers_read", "usual_share"]

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def covers_read(
    shape: DemandShape,
    baseline: BaselineState | None,
    day: date,
    part: Daypart,
    guests: str = "covers",
) -> str | None:
    """'≈110 at Sat dinner comes from your 130 covers on a Friday: Saturday reads as ≈150 over
    the day (115% of a Friday, by the week its weekdays are compared by), and dinner holds ≈74%
    of the day (by that day's split)'; None with nothing to read (no baseline day, or the
    window is the one the covers were given for). `guests`: what the place's guests are called
    ("customers" at a counter), said for covers given, so one answer has one unit."""
    if baseline is None or baseline.weekday is None:
        return None
    covers = shape.covers(baseline.covers, baseline.weekday, baseline.daypart)
    wd, p = day.weekday(), DAYPARTS.index(part)
    window = round(float(covers[wd, p]))
    whole = float(covers[wd].sum())
    if window <= 0 or whole <= 0:
        return None
    if (wd, part) == (baseline.weekday, baseline.daypart) and not shape.night_spans(part):
        return None  # the window the operator gave the covers for
    if wd == baseline.weekday and shape.night_spans(baseline.daypart) and part in _NIGHT:
        return f"≈{window} at {day:%a} {part} is " + night_share(shape, baseline.covers, wd, part,
                                                                  guests)  # fmt: skip
    unit = guests if baseline.unit == "covers" else baseline.unit
    said = _DAYS[baseline.weekday]
    given = f"your {baseline.covers} {unit} on a {said}" + (
        f" {baseline.daypart}" if baseline.daypart else ""
    )
    head = f"≈{window} at {day:%a} {part} comes from {given}: "
    split = f"{part} holds ≈{round(100 * window / whole)}% of the day (by that day's split)"
    if wd == baseline.weekday:
        return head + f"{_DAYS[wd]} is that day, and {split}"
    base_day = float(covers[baseline.weekday].sum())
    ratio = round(100 * whole / max(base_day, 1e-9))
    read = f"{_DAYS[wd]} reads as ≈{round(whole)} over the day ({ratio}% of a {said}"
    if shape.week_basis:  # whose week, said (panel half A, o41)
        return head + f"{read}), by {shape.week_basis}, and {split}"
    return head + f"{read}, by the week its weekdays are compared by), and {split}"


def usual_share(
    shape: DemandShape,
    usual: tuple[int | None, int | None, Daypart | None],
    day: date,
    part: Daypart,
    unit: str = "covers",
) -> str | None:
    """What gives a window its covers when no outside signal moves them, short, for the plan's
    own sentence: "≈79 is dinner's ≈66% share of your usual 120 covers on a Friday" (an outside
    audit: "nothing in the signals moves demand" beside ≈79 covers against a usual 120, the
    number's own making unsaid). None with no baseline day to read from, or for the window the
    covers were given for (the number is the usual itself)."""
    baseline, weekday, daypart = usual  # the usual covers, their weekday and part of the day
    if baseline is None or weekday is None:
        return None
    wd, p = day.weekday(), DAYPARTS.index(part)
    if wd == weekday and shape.night_spans(daypart) and part in _NIGHT:
        return f"≈{round(float(shape.covers(baseline, weekday, daypart)[wd, p]))} is " + (
            night_share(shape, baseline, wd, part, unit)
        )
    if (wd, part) == (weekday, daypart):
        return None
    covers = shape.covers(baseline, weekday, daypart)
    window = round(float(covers[wd, p]))
    whole = float(covers[wd].sum())
    if window <= 0 or whole <= 0:
        return None
    given = f"your usual {baseline} {unit} on a {_DAYS[weekday]}" + (
        f" {daypart}" if daypart else ""
    )
    share = f"≈{window} is {part}'s ≈{round(100 * window / whole)}% share of "
    if wd == weekday:
        return share + given
    by = shape.week_basis or "the week's pattern"
    if daypart is None:  # the day from the day given, by a share said (panel half A, o41)
        ratio = round(100 * whole / max(float(covers[weekday].sum()), 1e-9))
        return share + f"≈{round(whole)} over a {_DAYS[wd]}, {ratio}% of {given} by {by}"
    return share + f"≈{round(whole)} over a {_DAYS[wd]}, read from {given} by {by}"


_NIGHT: Final = ("dinner", "late")


def night_share(shape: DemandShape, covers: int, weekday: int, part: Daypart, unit: str) -> str:
    """A bar's night given in covers ("300 on a Friday night") is its dinner and late hours
    together: "dinner's ≈70% of your 300 covers on a Friday night (a bar's night runs past
    22:00: dinner and late together)"."""
    row = shape.covers(covers, weekday, "dinner")[weekday]
    night = float(row[DAYPARTS.index("dinner")] + row[DAYPARTS.index("late")])
    share = round(100 * float(row[DAYPARTS.index(part)]) / max(night, 1e-9))
    other: Daypart = "late" if part == "dinner" else "dinner"
    rest = round(float(row[DAYPARTS.index(other)]))
    return (f"{part}'s ≈{share}% of your {covers} {unit} on a {_DAYS[weekday]} night, the other "
            f"≈{rest} at {other} {DAYPART_HOURS[other]} (a bar's night runs past 22:00)"
            )  # fmt: skip
