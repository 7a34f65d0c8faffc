"""Sunrise and sunset asked for in a request ("photography spots, sunrise and sunset", "a
sunset view"): the answer gives the times of the trip's days in the city (`daylight.py`, NOAA's
approximate equations, within a few minutes), since the days themselves run by opening hours.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Final

from kairos.signals.geocoding.cities import find_city
from kairos.trips.daylight import sunrise, sunset, trip_zone

__all__ = ["sun_note"]

_SUN: Final = re.compile(r"\b(sunrise|sunrises|dawn|sunset|sunsets|dusk|golden hour)\b", re.I)
_SHOWN: Final = 3
"""Days whose times are given; later days are within minutes of these."""


def _hhmm(minute: int | None) -> str:
    return "unknown" if minute is None else f"{minute // 60:02d}:{minute % 60:02d}"


def sun_note(text: str, city: str, dates: Sequence[date]) -> str:
    """The sentence with each day's sunrise and sunset, or "" when the words ask for neither
    or the city's place is not known."""
    asked = {m.group(1).lower() for m in _SUN.finditer(text)}
    found = find_city(city)
    if not asked or found is None or not dates:
        return ""
    zone = trip_zone(city)
    rise = bool(asked & {"sunrise", "sunrises", "dawn"})
    sets = bool(asked - {"sunrise", "sunrises", "dawn"})
    times = []
    for day in dates[:_SHOWN]:
        parts = []
        if rise:
            parts.append(f"sunrise {_hhmm(sunrise(day, found.lat, found.lng, zone))}")
        if sets:
            parts.append(f"sunset {_hhmm(sunset(day, found.lat, found.lng, zone))}")
        times.append(f"{day.strftime('%a %d %b')}: {' and '.join(parts)}")
    return (
        f"In {city}, {'; '.join(times)} (computed, within a few minutes). The days run by "
        "opening hours, not by the light: be at an open-air place or a viewpoint at those times."
    )
