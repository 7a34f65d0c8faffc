"""A plan no outside signal moves says what makes its number (an outside audit, KAIROS_TODAY
2026-11-25: "nothing in the signals moves demand" beside Friday 27 Nov at ≈79 covers, the
operator's usual being 120 on a Friday): the window's share of the usual day, and for another
day the day's reading by the week's pattern."""

from __future__ import annotations

from datetime import date

from kairos.operator.demand import DAYPARTS, DEFAULT_SHAPE, DemandShape
from kairos.operator.rules import SignalPack, decide

FRIDAY = date(2026, 11, 27)
SATURDAY = date(2026, 11, 28)


def _staffing(day: date) -> str:
    shape = DemandShape(DEFAULT_SHAPE, "default", 0, 0)
    pack = SignalPack(location="here", days=[day], demand=shape, baseline_covers=120,
                      baseline_weekday=4)  # fmt: skip
    return decide(pack, "staffing").recommendation


def test_the_usual_days_window_says_its_share_of_the_usual_day() -> None:
    said = _staffing(FRIDAY)
    covers = DemandShape(DEFAULT_SHAPE, "default", 0, 0).covers(120, 4)
    part = max(DAYPARTS, key=lambda p: float(covers[4, DAYPARTS.index(p)]))
    window = round(float(covers[4, DAYPARTS.index(part)]))
    assert window < 120, window
    assert "nothing in the signals moves demand" not in said, said
    assert f"for ≈{window} covers" in said, said
    assert (
        f"no outside signal moves demand: ≈{window} is {part}'s ≈"
        f"{round(100 * window / float(covers[4].sum()))}% share of your usual 120 covers on a "
        "Friday"
    ) in said, said


def test_another_day_says_the_weeks_pattern_too() -> None:
    said = _staffing(SATURDAY)
    assert "nothing in the signals moves demand" not in said, said
    # the day's share of the day given is said, so the arithmetic can be followed (half A, o41)
    assert "% of your usual 120 covers on a Friday by the week's pattern" in said, said
