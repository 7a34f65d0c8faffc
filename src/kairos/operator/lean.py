"""What the operator says their trade mostly is ("mostly lunch", "it's mostly bar", "mainly a
dinner place"): the shape of their day, never where the covers they give belong. "300 on a
Friday, mostly lunch" is the Friday's 300, most of them at lunch — not 300 at lunch; covers are
a daypart's only when the daypart is attached to them ("300 at lunch", "120 on Friday nights",
read by `baselines.py`).

The lean moves the demand shape, each day's total kept: the dayparts it names hold at least
`LEAN_SHARE` of the day (their own proportions kept, the other dayparts scaled down together).
A bar-led place leans to its evenings (dinner and late) and is staffed with bartenders
(`staffing_plan.front_role`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final, Literal

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandShape, Matrix
from kairos.operator.service_kind import BAR_LED, CAFE_SAID, ORDERS_LED

__all__ = [
    "LEAN_SHARE",
    "Lean",
    "lean_categories",
    "lean_said",
    "leaned",
    "orders_led",
    "read_lean",
    "shape_categories",
]

Lean = Literal["breakfast", "lunch", "dinner", "bar", "cafe"]

LEAN_SHARE: Final = 0.6
"""The least share of a day's guests the dayparts a lean names hold: "mostly" is more than half."""
_TOWARD: Final[dict[Lean, tuple[int, ...]]] = {
    "breakfast": (DAYPARTS.index("breakfast"),),
    "lunch": (DAYPARTS.index("lunch"),),
    "dinner": (DAYPARTS.index("dinner"),),
    "bar": (DAYPARTS.index("dinner"), DAYPARTS.index("late")),
    "cafe": (DAYPARTS.index("breakfast"), DAYPARTS.index("lunch")),
}
_MOSTLY = re.compile(
    r"\b(?:(?:it|we)(?:'s|'re| is| are)\s+)?(?:mostly|mainly|largely|primarily|mostly a|mainly a"
    r"|(?<=we're )a|(?<=we are )a)\s+(?:a\s+)?(?P<part>brunch|lunch|breakfast|morning|dinner"
    r"|bar|drinks|cocktails|beer)(?:es|s)?(?:\s+(?:place|spot|crowd|restaurant|trade|business"
    r"|people|covers))?\b",
    re.I,
)
"""'mostly lunch', "it's mostly bar", "we're mainly a dinner place", 'mostly drinks'."""
_CAFE = re.compile(
    r"\b(?:we(?:'re| are)|i (?:run|own|manage)|it'?s|this is|our place is)\s+(?:just\s+)?an?\s+"
    r"(?:[a-z]+\s+)?(?:caf[eé]|coffee\s*(?:shop|house|bar|place)|bakery|bake\s*shop)\b",
    re.I,
)
"""'we're a cafe', 'I run a little coffee shop', "it's a bakery": a café's day (mornings, lunch)."""
_CAFE_CATEGORIES: Final = ("Cafes", "Coffee & Tea")
"""What a place said to be a café is read as: its kind's week, similar places and staffing."""


def read_lean(text: str) -> tuple[Lean | None, tuple[int, int]]:
    """The lean said in a message and the span it was read from (blanked from the window's
    text: "mostly lunch" does not ask about lunch), or None."""
    said = _MOSTLY.search(text)
    if said is None:
        cafe = _CAFE.search(text)
        return ("cafe", cafe.span()) if cafe else (None, (0, 0))
    word = said.group("part").lower()
    lean: Lean = (
        "lunch" if word in ("brunch", "lunch") else "breakfast" if word in ("breakfast", "morning")
        else "dinner" if word == "dinner" else "bar"
    )  # fmt: skip
    return lean, said.span()


def leaned(shape: DemandShape, lean: Lean | None) -> DemandShape:
    """The shape with each day's guests moved toward the lean's dayparts until they hold
    `LEAN_SHARE` of the day (a day already leaning that way is kept as it is; a closed day,
    with no guests, stays closed). The day totals, so the weekday profile, do not change."""
    if lean is None:
        return shape
    toward = list(_TOWARD[lean])
    shares = _toward(shape.shares, toward)
    # the kind of place's week a thin day's split leans on leans the same way (else a Friday
    # said "mostly lunch" is split back toward a restaurant's dinners)
    kind = _toward(shape.kind, toward) if shape.kind is not None else None
    said = f"; {lean_said(lean)} as you said: at least {LEAN_SHARE:.0%} of each day's guests at "
    said += _WHERE.get(lean, lean)
    # "usually 300 on a friday night, it's mostly bar": the night said is the bar's dinner and
    # late hours together, as for a place listed as a bar (held-out class: dinner only)
    late = shape.night_runs_late or lean == "bar"
    return replace(shape, shares=shares, basis=shape.basis + said, kind=kind, night_runs_late=late)


_WHERE: Final[dict[Lean, str]] = {"bar": "evenings (dinner and late)",
                                  "cafe": "breakfast and lunch"}  # fmt: skip


def lean_said(lean: Lean) -> str:
    """The lean as the answer says it: "mostly lunch", "a café"."""
    return "a café" if lean == "cafe" else f"mostly {lean}"


def shape_categories(categories: list[str], lean: Lean | None) -> list[str]:
    """The categories the demand shape reads (its similar places, its kind's week): a place the
    operator says is a café is one, whatever its listing (or none) says (held-out class: a
    café's Friday planned 97 % at dinner from restaurants' check-ins)."""
    if lean != "cafe":
        return categories
    return [*categories, *(c for c in _CAFE_CATEGORIES if c not in categories)]


def _toward(matrix: Matrix, toward: list[int]) -> Matrix:
    shares = matrix.copy()
    for day in range(shares.shape[0]):
        row = shares[day]
        total, held = float(row.sum()), float(row[toward].sum())
        if total <= 0 or held >= LEAN_SHARE * total:
            continue
        rest = total - held
        inside = row[toward] / held if held > 0 else np.full(len(toward), 1 / len(toward))
        others = [p for p in range(len(DAYPARTS)) if p not in toward]
        row[others] *= (1 - LEAN_SHARE) * total / max(rest, 1e-12)
        row[toward] = inside * LEAN_SHARE * total
    return shares


def lean_categories(categories: list[str] | None, lean: Lean | None) -> list[str] | None:
    """The categories staffing reads: a place the operator says is mostly a bar is staffed as a
    bar, one said to be a café as a café, whatever its listing says."""
    if lean == "cafe":
        return [*shape_categories(categories or [], lean), CAFE_SAID]
    if lean != "bar":
        return categories
    return [*(categories or []), BAR_LED]


def orders_led(categories: list[str] | None, unit: str | None) -> list[str] | None:
    """The categories staffing reads: a place whose usual day was given in orders ("250 orders
    at Upper Crust") is staffed at the counter and the line, never with servers for tables."""
    if unit != "orders":
        return categories
    return [*(categories or []), ORDERS_LED]
