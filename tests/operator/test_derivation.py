"""How a plan's window covers come from the usual day given (panel half A, o19: "130 covers on
a Friday" staffed Saturday dinner for ≈67 and "why?" never said how; o29 the same for a
Starbucks' Saturday breakfast): the day's reading for the day planned and its daypart split,
each with its share, from the same numbers the plan uses."""

from __future__ import annotations

from datetime import date

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandShape
from kairos.operator.derivation import covers_read
from kairos.operator.state import BaselineState

SATURDAY = date(2026, 12, 5)


def _shape() -> DemandShape:
    shares = np.full((7, len(DAYPARTS)), 0.01)
    shares[:, DAYPARTS.index("lunch")] = 0.3
    shares[:, DAYPARTS.index("dinner")] = [0.4, 0.4, 0.5, 0.6, 1.0, 1.2, 0.5]
    return DemandShape(shares / shares.sum(), "the shape", 20, 4)


def test_a_friday_total_read_for_a_saturday_dinner_says_both_steps() -> None:
    shape = _shape()
    said = covers_read(shape, BaselineState(covers=130, weekday=4), SATURDAY, "dinner")
    covers = shape.covers(130, 4)
    dinner = round(float(covers[5, DAYPARTS.index("dinner")]))
    day = round(float(covers[5].sum()))
    assert said is not None
    assert said.startswith(f"≈{dinner} at Sat dinner comes from your 130 covers on a Friday: ")
    assert f"Saturday reads as ≈{day} over the day (" in said
    assert "% of a Friday, by the week its weekdays are compared by), and dinner holds ≈" in said
    share = round(100 * dinner / float(covers[5].sum()))
    assert f"dinner holds ≈{share}% of the day" in said


def test_nothing_to_read_without_a_day_or_for_the_window_given() -> None:
    shape = _shape()
    assert covers_read(shape, None, SATURDAY, "dinner") is None
    assert covers_read(shape, BaselineState(covers=130), SATURDAY, "dinner") is None
    given = BaselineState(covers=80, weekday=5, daypart="dinner")
    assert covers_read(shape, given, SATURDAY, "dinner") is None
