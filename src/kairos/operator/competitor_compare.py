"""The comparison a turn asking "how do we compare with X?" reads in its text (panel half A, o27
Grezzo/Coppa, o41 Ghazal/Bon Savor: the competitor showed only as a footer line): ratings,
review themes, price and busy windows, each said with whose evidence it is — the restaurant's
own reviews and check-ins, and the competitor's own. What one side lacks is said as missing,
never filled from the other's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from kairos.operator.demand import DAYPARTS, GENERIC_CATEGORIES
from kairos.operator.schemas import GuestSnapshot
from kairos.store.operator import CatalogPlace, ReviewRow

__all__ = ["Side", "comparison"]

BUSY_MIN: Final = 20
"""Own check-ins from which a place's busiest window is said (fewer are a handful of visits)."""
THEMES_SAID: Final = 2
_DAYS: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Side:
    """What the catalog holds of one of the two places."""

    place: CatalogPlace
    reviews: Sequence[ReviewRow]
    snapshot: GuestSnapshot | None
    checkins: npt.NDArray[np.float64] | None


def comparison(ours: Side, theirs: Side) -> str:
    """'How Grezzo compares with Coppa, each from its own catalog record: …'."""
    a, b = ours.place.name, theirs.place.name
    facts = [_kinds(ours, theirs), _ratings(ours, theirs), _themes(ours, theirs),
             _price(ours, theirs), _busy(ours, theirs)]  # fmt: skip
    said = [f for f in facts if f]
    return f"How {a} compares with {b}, each from its own catalog record: " + " ".join(said)


def _kind(place: CatalogPlace) -> list[str]:
    """Its listing's own categories, the ones nearly every place has left out."""
    return [c.title() for c in place.categories if c.lower() not in GENERIC_CATEGORIES][:3]


def _kinds(ours: Side, theirs: Side) -> str:
    listed = [
        f"{side.place.name} as {', '.join(_kind(side.place))}"
        for side in (ours, theirs)
        if _kind(side.place)
    ]
    return f"Listed: {'; '.join(listed)}." if listed else ""


def _rating(side: Side) -> tuple[float, int] | None:
    stars = [r.rating for r in side.reviews if r.rating is not None]
    return (sum(stars) / len(stars), len(stars)) if stars else None


def _listed(ours: Side, theirs: Side) -> str:
    """From each one's listing when neither has rated reviews in the catalog."""
    mine, other = ours.place.rating, theirs.place.rating
    a, b = ours.place.name, theirs.place.name
    if mine is None and other is None:
        return f"Ratings: none for either {a} or {b} in the catalog."
    parts = [f"{side.place.name} {r:.1f} of 5" if r is not None else f"{side.place.name} unrated"
             for side, r in ((ours, mine), (theirs, other))]  # fmt: skip
    return f"Ratings (each one's listing; no rated reviews of either): {', '.join(parts)}."


def _ratings(ours: Side, theirs: Side) -> str:
    mine, other = _rating(ours), _rating(theirs)
    a, b = ours.place.name, theirs.place.name
    if mine is None and other is None:
        return _listed(ours, theirs)
    parts = [
        f"{side.place.name} {r[0]:.1f} of 5 ({r[1]} rated review{'s' if r[1] != 1 else ''})"
        if r is not None else f"{side.place.name} no rated reviews"
        for side, r in ((ours, mine), (theirs, other))
    ]  # fmt: skip
    lead = ""
    if mine is not None and other is not None and abs(mine[0] - other[0]) >= 0.3:
        lead = f"; {a if mine[0] > other[0] else b} is rated higher"
    return f"Ratings (each from its own reviews): {', '.join(parts)}{lead}."


def _side_themes(side: Side) -> str:
    snap = side.snapshot
    if not side.reviews:
        return f"no reviews of {side.place.name} in the catalog"
    if snap is None or snap.sample_size == 0 or not snap.themes:
        return f"{side.place.name}'s reviews say little about food, service or waits"
    top = sorted(snap.themes, key=lambda t: -max(t.negative, t.positive))[:THEMES_SAID]
    return f"at {side.place.name}, " + "; ".join(t.summary for t in top)


def _themes(ours: Side, theirs: Side) -> str:
    return f"What guests say: {_side_themes(ours)}; {_side_themes(theirs)}."


def _price(ours: Side, theirs: Side) -> str:
    mine, other = ours.place.price_level, theirs.place.price_level
    if mine is None and other is None:
        return ""
    shown = [
        f"{side.place.name} {'$' * level}" if level else f"{side.place.name} unlisted"
        for side, level in ((ours, mine), (theirs, other))
    ]
    same = " (the same band)" if mine is not None and mine == other else ""
    return f"Price (each one's listing): {', '.join(shown)}{same}."


def _busiest(side: Side) -> str:
    m = side.checkins
    total = int(m.sum()) if m is not None else 0
    if m is None or total < BUSY_MIN:
        few = f"only {total} check-ins of its own" if total else "no check-ins of its own"
        return f"{side.place.name}: unknown ({few})"
    day, part = np.unravel_index(int(np.argmax(m)), m.shape)
    return f"{side.place.name}: {_DAYS[int(day)]} {DAYPARTS[int(part)]} (its {total} check-ins)"


def _busy(ours: Side, theirs: Side) -> str:
    return f"Busiest window by each one's own check-ins: {_busiest(ours)}; {_busiest(theirs)}."
