"""How the covers of the window a plan staffs come from the usual day the operator gave (issue
36, panel half A: o19 "130 covers on a Friday" staffed Saturday dinner for ≈67 and "why?"
repeated the card without saying how 130 on a Friday became 67 on a Saturday's dinner; o29 a
400-customer Friday read as ≈63 at a Saturday breakfast, the scaling not shown). The day total
is read for the day planned by the weekday profile, then split by daypart: both steps are said,
each with its share, beside the demand line's source."""

from __future__ import annotations

from datetime import date

from kairos.operator.demand import DAYPARTS, DemandShape
from kairos.operator.schemas import Daypart
from kairos.operator.state import BaselineState

__all__ = ["covers_read"]

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def covers_read(
    shape: DemandShape, baseline: BaselineState | None, day: date, part: Daypart
) -> str | None:
    """'≈110 at Sat dinner comes from your 130 covers on a Friday: Saturday reads as ≈150 over
    the day (115% of a Friday, by the week its weekdays are compared by), and dinner holds ≈74%
    of the day (by that day's split)'; None with nothing to read (no baseline day, or the
    window is the one the covers were given for)."""
    if baseline is None or baseline.weekday is None:
        return None
    covers = shape.covers(baseline.covers, baseline.weekday, baseline.daypart)
    wd, p = day.weekday(), DAYPARTS.index(part)
    window = round(float(covers[wd, p]))
    whole = float(covers[wd].sum())
    if window <= 0 or whole <= 0:
        return None
    if (wd, part) == (baseline.weekday, baseline.daypart):
        return None  # the window the operator gave the covers for
    unit, said = baseline.unit, _DAYS[baseline.weekday]
    given = f"your {baseline.covers} {unit} on a {said}" + (
        f" {baseline.daypart}" if baseline.daypart else ""
    )
    head = f"≈{window} at {day:%a} {part} comes from {given}: "
    split = f"{part} holds ≈{round(100 * window / whole)}% of the day (by that day's split)"
    if wd == baseline.weekday:
        return head + f"{_DAYS[wd]} is that day, and {split}"
    base_day = float(covers[baseline.weekday].sum())
    ratio = round(100 * whole / max(base_day, 1e-9))
    return head + (
        f"{_DAYS[wd]} reads as ≈{round(whole)} over the day ({ratio}% of a {said}, by the "
        f"week its weekdays are compared by), and {split}"
    )
