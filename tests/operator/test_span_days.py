"""A what-if over a span says what it does to each of its days, even when none of them calls
for a staff change (panel half A, o51: 'what if it snows midweek?' answered with the Saturday
plan alone; o49: days of the span left out)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.what_if import apply_scenario

SUNDAY = date(2026, 12, 6)
WEEK = [SUNDAY + timedelta(days=n) for n in range(1, 8)]  # Mon 07 – Sun 13 Dec


def test_snow_midweek_names_each_midweek_day() -> None:
    pack = SignalPack(location="here", days=WEEK, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                      baseline_covers=100, baseline_weekday=4)  # fmt: skip
    reading = read_message("what if it snows midweek?", SUNDAY)
    pack, scenario = apply_scenario(pack, reading)
    assert scenario.days == (date(2026, 12, 8), date(2026, 12, 9), date(2026, 12, 10))
    said = decide(pack, "staffing").recommendation
    for day in ("Tue 08 Dec", "Wed 09 Dec", "Thu 10 Dec"):  # each daypart with its covers, moved
        assert re.search(rf"Snow on {day}, by daypart: lunch ≈\d+ → ≈\d+ covers \(\d servers?, "
                         r"unchanged\); dinner ≈\d+ → ≈\d+ covers", said), said  # fmt: skip
    assert "Snow on Mon 07 Dec" not in said and "≈28 → " not in said  # no snow on Monday
