"""A bar's night given in covers ("300 on a Friday night") is its dinner and late hours together
(held-out class: a bar's Friday night read as dinner only, 300 covers staffed 17:00–22:00 and the
late hours left out); a restaurant's night stays its dinner."""

from __future__ import annotations

from datetime import date

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandShape
from kairos.operator.derivation import usual_share
from kairos.operator.lean import leaned

FRIDAY = date(2026, 12, 4)
DINNER, LATE = DAYPARTS.index("dinner"), DAYPARTS.index("late")


def _shape(bar: bool) -> DemandShape:
    shares = np.full((7, len(DAYPARTS)), 0.01)
    shares[:, DINNER] = 0.6
    shares[:, LATE] = 0.3
    return DemandShape(shares / shares.sum(), "the shape", 200, 4, night_runs_late=bar)


def test_a_bars_friday_night_is_dinner_and_late_together() -> None:
    covers = _shape(bar=True).covers(300, 4, "dinner")
    assert round(float(covers[4, DINNER] + covers[4, LATE])) == 300
    assert 180 <= round(float(covers[4, DINNER])) < 300
    said = usual_share(_shape(bar=True), (300, 4, "dinner"), FRIDAY, "dinner")
    assert said is not None and said.startswith(f"≈{round(float(covers[4, DINNER]))} is dinner's ")
    assert f"the other ≈{round(float(covers[4, LATE]))} at late 22:00–02:00" in said


def test_a_restaurants_friday_night_stays_its_dinner() -> None:
    covers = _shape(bar=False).covers(300, 4, "dinner")
    assert round(float(covers[4, DINNER])) == 300
    assert usual_share(_shape(bar=False), (300, 4, "dinner"), FRIDAY, "dinner") is None


def test_a_restaurant_said_to_be_mostly_bar_has_its_friday_night_run_late() -> None:
    """ "usually 300 on a friday night, it's mostly bar" at a place listed as a restaurant: the
    300 are its dinner and late hours together, not dinner alone (held-out class)."""
    said = leaned(_shape(bar=False), "bar")
    covers = said.covers(300, 4, "dinner")
    assert round(float(covers[4, DINNER] + covers[4, LATE])) == 300
    assert round(float(covers[4, DINNER])) < 300
    assert not leaned(_shape(bar=False), "lunch").night_runs_late
