"""A service the operator asks about is never planned at an absurd figure from a usual day given
for another day (panel half A, o41: a 90-cover Friday read onto a Sunday lunch buffet as ≈11
covers and 1 server): with too few own check-ins to compare the days, the window is planned at
a quarter of the usual day, the answer says why, and asks once for that window's usual."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandShape
from kairos.operator.derivation import borrowed, covers_read, usual_share
from kairos.operator.named_service_ask import ask_usual
from kairos.operator.state import BaselineState, SessionState
from kairos.operator.turn import Turn

SUNDAY = date(2026, 12, 6)
LUNCH = DAYPARTS.index("lunch")


def _shape(own: int = 14) -> DemandShape:
    shares = np.full((7, len(DAYPARTS)), 0.01)
    shares[:, LUNCH] = 0.1
    shares[:, DAYPARTS.index("dinner")] = [0.4, 0.4, 0.5, 0.6, 1.0, 1.2, 0.5]
    shares[6, LUNCH] = 0.12  # a Sunday lunch similar places barely see
    return DemandShape(shares / shares.sum(), "the shape", own, 4)


def test_a_named_sunday_lunch_from_a_friday_is_not_planned_at_a_handful() -> None:
    plain = _shape()
    raw = float(plain.covers(100, 4)[6, LUNCH])
    assert raw < 25  # what the borrowed week alone gives
    named = replace(plain, named=frozenset({(6, LUNCH)}))
    assert round(float(named.covers(100, 4)[6, LUNCH])) == 25  # a quarter of the Friday
    assert float(named.covers(100, 4)[4].sum()) == float(plain.covers(100, 4)[4].sum())
    said = covers_read(named, BaselineState(covers=100, weekday=4), SUNDAY, "lunch")
    assert said is not None
    assert said.startswith("≈25 at Sun lunch is a quarter of your 100 covers on a Friday")
    assert "not known (only 14 check-ins of your own; similar places' week" in said
    assert f"would put it at ≈{round(raw)}" in said
    share = usual_share(named, (100, 4, None), SUNDAY, "lunch")
    assert share is not None and share.startswith("≈25 is a quarter of your usual 100 covers")


def test_the_place_own_week_or_the_day_given_leaves_it_alone() -> None:
    own = replace(_shape(own=400), named=frozenset({(6, LUNCH)}))
    assert borrowed(own, (90, 4, None), SUNDAY, "lunch") is None  # its own week compares days
    friday = replace(_shape(), named=frozenset({(4, LUNCH)}))
    assert borrowed(friday, (90, 4, None), date(2026, 12, 4), "lunch") is None
    assert borrowed(_shape(), (90, 4, None), SUNDAY, "lunch") is None  # not asked about


def test_the_usual_is_asked_once() -> None:
    named = replace(_shape(), named=frozenset({(6, LUNCH)}))
    state = SessionState(baseline=BaselineState(covers=90, weekday=4), daypart="lunch")
    turn = Turn(trace_id="t1")
    ask_usual(state, named, (SUNDAY, "lunch", 30), turn, "customers")
    assert turn.question == "How many customers does a usual Sunday lunch bring?"
    again = Turn(trace_id="t2")
    ask_usual(state, named, (SUNDAY, "lunch", 30), again, "customers")
    assert again.question is None
