"""Meals at meal times (issue 35, item 1): the places to eat within reach of a point are found
without measuring a whole city's (a box first), and are exactly those a full scan finds."""

from __future__ import annotations

import random

from kairos.core.geo import haversine_km
from kairos.trips.models import Candidate
from kairos.trips.timeline import _within


def _eatery(i: int, lat: float, lng: float) -> Candidate:
    return Candidate(id=f"m{i}", name=f"Eatery {i}", kind="restaurant", lat=lat, lng=lng,
                     city="Anywhere", duration=60)  # fmt: skip


def test_places_to_eat_within_reach_are_those_a_full_scan_finds() -> None:
    rng = random.Random(7)
    for here in [(28.61, 77.21), (1.29, 103.85), (-33.87, 151.21), (64.1, -21.9),
                 (-17.7, 179.99), (0.0, -179.995)]:  # fmt: skip
        for km in (1.2, 2.4, 10.0):
            meals = [
                _eatery(i, here[0] + rng.uniform(-0.2, 0.2),
                        (here[1] + rng.uniform(-0.3, 0.3) + 180) % 360 - 180)
                for i in range(400)
            ]  # fmt: skip
            full = [m for m in meals if haversine_km(*here, m.lat, m.lng) <= km]
            assert _within(meals, here, km) == full, (here, km)
