"""A service the operator names is never planned at a figure a manager would find absurd (panel
half A, o41: "sunday lunch buffet, how many servers? we do 90 covers on fridays" staffed for ≈11
covers and 1 server, the Friday read onto a Sunday lunch by similar places' week and a split
from 14 check-ins of its own).

When the usual covers were given for another day (or another part of the day) than the one
asked (one day and its daypart: "sunday lunch", "tomorrow morning"), and the place's own
check-ins are too few to compare its days (`OWN_WEEK`), the ratio between the two is not known.
The window asked is then planned at no less than `NAMED_FLOOR` of the usual day given — the
answer says so, says what similar places' week alone would give, and asks for that window's
usual covers (one question, ADR-004). Closed windows (by the shape) are left as they are.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["NAMED_FLOOR", "lift_named"]

NAMED_FLOOR: Final = 1 / 4
"""The least share of the usual day given that a service the operator asks about is planned
for while the ratio between the two is unknown: a quarter of a Friday for a Sunday lunch (a
window the borrowed week puts above it is left as read: only the absurd is lifted)."""
OPEN_SHARE: Final = 0.1
"""A window holding under this fraction of its day's busiest one reads as closed: not lifted."""


def lift_named(
    out: npt.NDArray[np.float64],
    named: Collection[tuple[int, int]],
    baseline_weekday: int,
    baseline_part: int | None,
) -> npt.NDArray[np.float64]:
    """`out` (weekday × daypart covers) with each named window other than the baseline's own
    raised to `NAMED_FLOOR` of the baseline day's covers when it falls under it."""
    floor = NAMED_FLOOR * float(out[baseline_weekday].sum())
    lifted = out.copy()
    for day, part in named:
        if day == baseline_weekday and (baseline_part is None or part == baseline_part):
            continue  # the usual given covers this window (or its whole day): nothing unknown
        if out[day, part] < OPEN_SHARE * float(out[day].max()):
            continue  # closed, or nearly, by the shape
        lifted[day, part] = max(float(out[day, part]), floor)
    return lifted
