"""A daypart's covers follow the place's own check-in share by day and daypart, read with the
same opening hours the split uses, and no window tops the whole baseline day (issue 36; panel
half A, o01: Toro's Sunday lunch ≈246 covers, more than the whole 220-cover Friday, while only
8 of its 103 check-ins are Sunday lunches — its Sunday dinners, which its listing says it is
closed for, counted in Sunday's size and then all went to lunch)."""

from __future__ import annotations

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandModel
from kairos.store.operator import PlaceCheckins

FRI, SUN, WED = 4, 6, 2
LUNCH, DINNER = DAYPARTS.index("lunch"), DAYPARTS.index("dinner")
_OPEN = {"open": "16:30", "close": "23:59"}
HOURS = {
    "Monday": _OPEN, "Tuesday": _OPEN, "Wednesday": _OPEN, "Thursday": _OPEN, "Friday": _OPEN,
    "Saturday": _OPEN, "Sunday": {"open": "10:30", "close": "14:30"},
}  # fmt: skip


def _model() -> DemandModel:
    """A dinner place with 110 check-ins of its own: Friday 17 (dinner), Wednesday 24 (dinner),
    Sunday 8 at lunch and 11 at dinner although its listing has Sunday as a brunch only."""
    own: dict[tuple[int, int], int] = {
        (0, 19): 10, (1, 19): 12, (2, 19): 24, (3, 19): 14, (FRI, 19): 17, (5, 19): 14,
        (SUN, 12): 8, (SUN, 19): 11,
    }  # fmt: skip
    peer = {(d, h): 3 for d in range(7) for h in (12, 19)}
    return DemandModel(
        {
            1: PlaceCheckins(["spanish", "tapas bars"], HOURS, own, 42.34, -71.07),
            2: PlaceCheckins(["spanish"], None, peer, 42.35, -71.06),
        }
    )


def test_a_daypart_follows_the_places_own_share_not_hours_it_is_listed_closed() -> None:
    shape = _model().shape(place_id=1, categories=["spanish", "tapas bars"])
    covers = shape.covers(220, FRI)
    own_share = 220 * 8 / 17  # Sunday lunches against the Friday's check-ins
    assert covers[SUN, LUNCH] < 1.3 * own_share, covers[SUN]
    assert covers[SUN, LUNCH] < covers[FRI, DINNER]


def test_no_window_tops_the_whole_baseline_day() -> None:
    covers = _model().shape(place_id=1, categories=["spanish", "tapas bars"]).covers(220, FRI)
    assert float(covers.max()) <= 220 + 1e-6, covers
    assert covers[WED, DINNER] >= covers[FRI, DINNER]  # its own Wednesdays still lead
    assert np.isclose(covers[FRI].sum(), 220)
