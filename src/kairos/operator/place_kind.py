"""The week of a kind of place (issue 36, items 4–5): how its guests spread over the weekdays
and the parts of each day, for a place with too few check-ins of its own to say (panel half A,
o41: a Sunday lunch buffet sized at ≈11 covers from "we do 90 covers on fridays", Sunday read
as half a Friday from the check-ins of five similar places, lunch as a quarter of it).

Measured by `scripts/measure_kind_weeks.py` over the shared Yelp Boston check-ins (1,054
places): each place with at least 30 check-ins gives its own shares of a week, averaged over
the places of a kind, one place one vote. Rows Monday … Sunday, columns as `demand.DAYPARTS`
(breakfast, lunch, afternoon, dinner, late), per mille of the week. Held out (the place left
out of its kind), the kind's weekdays predict a place's own day-to-Friday ratios as well as the
similar places' week does over all the shared places (mean |log error| 0.536 against 0.540 over
156 places with 50 check-ins or more), and do not swing on the handful of similar places a small
catalogue has.
"""

from __future__ import annotations

from typing import Final, Literal

import numpy as np
import numpy.typing as npt

__all__ = ["DEFAULT_SHAPE", "KINDS", "KIND_NAMES", "Kind", "kind_of", "kind_week", "kind_weekdays"]

Kind = Literal["restaurant", "bar", "brunch", "cafe"]
KINDS: Final[tuple[Kind, ...]] = ("restaurant", "bar", "brunch", "cafe")
KIND_NAMES: Final[dict[Kind, str]] = {
    "restaurant": "a restaurant",
    "bar": "a bar or pub",
    "brunch": "a breakfast and brunch place",
    "cafe": "a café or bakery",
}
"""How the answer names the kind whose week it used."""

_CAFE: Final = frozenset(
    {"coffee & tea", "cafes", "bakeries", "juice bars & smoothies", "donuts", "bagels"}
)
_BRUNCH: Final = frozenset({"breakfast & brunch"})
_BAR: Final = frozenset(
    {"bars", "nightlife", "pubs", "lounges", "sports bars", "dance clubs", "wine bars"}
)

_WEEKS: Final[dict[Kind, list[list[int]]]] = {
    "restaurant": [[5, 35, 6, 57, 9], [7, 33, 7, 58, 12], [7, 37, 8, 69, 10], [6, 38, 8, 74, 11],
                   [6, 36, 10, 88, 21], [7, 54, 21, 92, 22], [8, 52, 20, 60, 7]],
    "bar": [[1, 10, 5, 49, 16], [1, 9, 6, 71, 22], [1, 11, 4, 69, 26], [1, 12, 7, 85, 32],
            [2, 16, 11, 94, 69], [3, 35, 25, 105, 69], [5, 39, 19, 54, 16]],
    "brunch": [[25, 14, 8, 18, 5], [12, 33, 1, 26, 2], [18, 27, 13, 27, 7], [25, 44, 8, 33, 7],
               [26, 45, 7, 17, 12], [79, 152, 10, 42, 5], [64, 145, 13, 23, 5]],
    "cafe": [[45, 38, 13, 30, 4], [43, 29, 23, 27, 1], [55, 30, 19, 26, 6], [47, 41, 16, 24, 10],
             [49, 48, 23, 23, 9], [42, 58, 31, 35, 9], [28, 61, 21, 26, 8]],
}  # fmt: skip
"""Per mille of a week (measured over 140 restaurants, 114 bars, 10 breakfast and brunch places
and 34 cafés): a restaurant's Sunday is ≈0.91 of its Friday and lunch ≈36 % of that Sunday."""


# A full-service restaurant's week when no check-ins exist: lunch and dinner peaks, Friday and
# Saturday dinners the busiest (rows Monday … Sunday; columns as DAYPARTS). Shares of the week.
_DEFAULT = np.array(
    [
        [2, 6, 2, 8, 1],
        [2, 6, 2, 9, 1],
        [2, 6, 2, 10, 1],
        [2, 7, 2, 11, 2],
        [2, 7, 3, 14, 3],
        [4, 8, 4, 15, 3],
        [5, 8, 3, 10, 1],
    ],
    dtype=np.float64,
)
DEFAULT_SHAPE: Final = _DEFAULT / _DEFAULT.sum()


def kind_of(categories: list[str] | None) -> Kind:
    """The kind of place a listing's categories say, the first that fits: a café or bakery, a
    bar or pub (a restaurant or a brunch place listed with a bar too: its guests come as a bar's
    do: over the 4 shared places listed both as bars and for brunch, a bar's week fits their
    weekdays better, 0.558 against 0.699), a breakfast and brunch place, else a restaurant."""
    kinds = {c.lower() for c in categories or []}
    if kinds & _CAFE:
        return "cafe"
    if kinds & _BAR:
        return "bar"
    if kinds & _BRUNCH:
        return "brunch"
    return "restaurant"


def kind_week(kind: Kind) -> npt.NDArray[np.float64]:
    """7 × 5 shares of a week of that kind of place, summing to 1."""
    week: npt.NDArray[np.float64] = np.array(_WEEKS[kind], dtype=np.float64)
    shares: npt.NDArray[np.float64] = week / week.sum()
    return shares


def kind_weekdays(
    kind: Kind,
    kind_days: npt.NDArray[np.float64],
    own_days: npt.NDArray[np.float64] | None,
    own: int,
    strength: int,
) -> tuple[npt.NDArray[np.float64], str, str]:
    """The weekday profile of a place with too few check-ins of its own: its kind's (`kind_days`,
    7 shares), the place's own (`own_days`, from `own` check-ins) weighed in as `own` against
    `strength` of the kind's — the handful of similar places a small catalogue holds put a
    Sunday at half a Friday (panel half A, o41). Held out over the shared places with 80 or more
    check-ins, 10 to 80 of their own weighed against 100 of the kind's predict the rest's
    weekdays better than either alone (`scripts/measure_kind_weeks.py`). Returns the profile,
    whose it is for the operator ("a restaurant's week weighed with your 14 check-ins"), and the
    same for the demand line."""
    name = KIND_NAMES[kind]
    if own_days is None or own <= 0:
        said = f"{name}'s week (none of its own: low confidence)"
        return kind_days, f"{name}'s week (no check-ins of your own)", said
    weight = own / (own + strength)
    week: npt.NDArray[np.float64] = weight * own_days + (1 - weight) * kind_days
    said = f"{name}'s week weighed with its {own} check-ins (too few alone: low confidence)"
    return week, f"{name}'s week weighed with your {own} check-ins", said
