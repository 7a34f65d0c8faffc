"""Travel time between two points for a mode (`models.MODES` documents the speeds)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.models import MODES, Candidate, TravelMode

__all__ = [
    "CENTROID_LEG", "UNKNOWN_LEG", "Point", "lower_bound_minutes", "reach_km", "travel_minutes",
    "within_km",
]  # fmt: skip

Point = tuple[float, float]
UNKNOWN_LEG: Final = 30
"""Minutes allowed for a leg to or from a place whose source gives no position: an allowance a
traveller is told to check, never a measure the verifier vouches for."""
CENTROID_LEG: Final = 20
"""The fewest minutes a leg to or from a place placed only at its postal code's or street's
centroid takes (`Candidate.pinpointed` False): several sights share one centroid ("Vietnam
Veterans Memorial" and "U.S. National Arboretum", 8 km apart, at ZIP 20002's), so the measured
0 km is no leg; the time is an allowance the traveller is told to check."""


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


def within_km(places: Sequence[Candidate], here: Point, km: float) -> list[Candidate]:
    """The places no farther than `km` from `here`, in the given order (a box around `here`
    first, so a city's restaurants are not all measured)."""
    pad = km / 110.0 * 1.05  # a degree of latitude is ≥ 110.5 km
    lng_pad = pad / max(math.cos(math.radians(min(abs(here[0]) + pad, 89.0))), 0.01)
    if abs(here[1]) + lng_pad >= 180:  # the box would wrap the antimeridian: no longitude cut
        lng_pad = 360.0
    lat0, lat1, lng0, lng1 = here[0] - pad, here[0] + pad, here[1] - lng_pad, here[1] + lng_pad
    return [m for m in places if lat0 <= m.lat <= lat1 and lng0 <= m.lng <= lng1
            and haversine_km(here[0], here[1], m.lat, m.lng) <= km]  # fmt: skip
