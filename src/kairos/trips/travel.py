"""Travel time between two points for a mode (`models.MODES` documents the speeds)."""

from __future__ import annotations

import math
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.models import MODES, TravelMode

__all__ = ["UNKNOWN_LEG", "Point", "lower_bound_minutes", "reach_km", "travel_minutes"]

Point = tuple[float, float]
UNKNOWN_LEG: Final = 30
"""Minutes allowed for a leg to or from a place whose source gives no position: an allowance a
traveller is told to check, never a measure the verifier vouches for."""


def _minutes(km: float, mode: TravelMode) -> int:
    return math.ceil(mode.overhead + km * mode.detour / mode.speed_kmh * 60) if km > 0 else 0


def travel_minutes(a: Point, b: Point, mode: TravelMode) -> tuple[int, float]:
    """(whole minutes, straight-line km) from a to b; transit walks a leg when that is quicker."""
    km = haversine_km(a[0], a[1], b[0], b[1])
    minutes = _minutes(km, mode)
    if mode.name == "transit":
        minutes = min(minutes, _minutes(km, MODES["walk"]))
    return minutes, round(km, 3)


def lower_bound_minutes(km: float, mode: TravelMode) -> float:
    """The fewest minutes a leg can take: straight-line distance at the mode's speed (transit:
    the faster of transit and walking). The verifier holds every leg to at least this."""
    speed = max(mode.speed_kmh, MODES["walk"].speed_kmh)
    return km / speed * 60


def reach_km(mode: TravelMode) -> float:
    """The straight-line distance a leg of the mode's `longest_leg` minutes covers (transit:
    the farther of a transit and a walking leg)."""
    modes = (mode, MODES["walk"]) if mode.name == "transit" else (mode,)
    return max(
        max(0.0, mode.longest_leg - m.overhead) * m.speed_kmh / (60 * m.detour) for m in modes
    )
