"""Distances on the Earth's surface, for rules that compare places with signals (no I/O)."""

from __future__ import annotations

import math
from typing import Final

EARTH_RADIUS_KM = 6371.0088
"""The mean Earth radius (IUGG); haversine on a sphere errs by < 0.5 %, far below what a
"within 2 km" rule can notice."""


def haversine_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance in kilometres between two WGS84 points."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, a)))


MAX_RADIUS_KM: Final = 100.0
"""The widest radius a search takes; wider requests are brought in and told so."""
MIN_RADIUS_KM: Final = 0.1
""""Within 0 km" still means "as close as it gets"."""
