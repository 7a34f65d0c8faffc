"""When it gets dark on a trip's day, so a park, a garden or a viewpoint is visited in daylight.

`sunset(day, lat, lng, zone)`: the minute of the local day (the zone's clock, its summer time
included) at which the sun sets, by NOAA's approximate solar equations (within a few minutes
away from the poles; None where the sun does not set or rise that day). `dark_from` adds
`TWILIGHT` minutes of dusk: an outdoor visit ends by then. A city's zone is `trip_zone` (the
cities trips can be planned in); a city it does not know reads the clock as local mean solar
time of its longitude, so a stop is never placed after a dark the table could not see.
"""

from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Final
from zoneinfo import ZoneInfo

from kairos.signals.geocoding.cities import find_city

__all__ = ["TWILIGHT", "ZONES", "dark_from", "sunrise", "sunset", "trip_zone"]

TWILIGHT: Final = 20
"""Minutes after sunset still light enough for a park or a viewpoint."""

ZONES: Final = {
    ("US", "NY"): "America/New_York", ("US", "MA"): "America/New_York",
    ("US", "GA"): "America/New_York", ("US", "FL"): "America/New_York",
    ("US", "OH"): "America/New_York", ("US", "DC"): "America/New_York",
    ("US", "TX"): "America/Chicago", ("US", "CO"): "America/Denver",
    ("CA", "ON"): "America/Toronto", ("CA", "QC"): "America/Toronto",
    ("CA", "BC"): "America/Vancouver", ("GB", ""): "Europe/London", ("ES", ""): "Europe/Madrid",
    ("IN", ""): "Asia/Kolkata", ("NP", ""): "Asia/Kathmandu", ("SG", ""): "Asia/Singapore",
    ("JP", ""): "Asia/Tokyo", ("FR", ""): "Europe/Paris", ("IT", ""): "Europe/Rome",
    ("AU", "VIC"): "Australia/Melbourne",
}  # fmt: skip
"""IANA time zones of the cities trips can be planned in (`signals/data/city_centres.csv`), by
country and region; a country with one zone needs no region."""


def trip_zone(city: str) -> ZoneInfo:
    """The city's time zone; UTC for a city the table does not hold (times then read as UTC,
    never as floating times a calendar would shift)."""
    found = find_city(city)
    if found is not None:
        name = ZONES.get((found.country, found.region)) or ZONES.get((found.country, ""))
        if name:
            return ZoneInfo(name)
    return ZoneInfo("UTC")


def _offset(day: date, zone: tzinfo | None, lng: float) -> float:
    """Minutes the local clock runs ahead of UTC at noon of `day`."""
    if zone is None:
        return lng * 4.0
    delta = datetime.combine(day, time(12), tzinfo=zone).utcoffset() or timedelta(0)
    return delta.total_seconds() / 60


def sunset(day: date, lat: float, lng: float, zone: tzinfo | None) -> int | None:
    """The local clock minute of sunset at (lat, lng) on `day` (None: no sunset or sunrise that
    day, polar day or night); `zone` None reads local mean solar time."""
    return _sun(day, lat, lng, zone, 1)


def sunrise(day: date, lat: float, lng: float, zone: tzinfo | None) -> int | None:
    """The local clock minute of sunrise, as `sunset`."""
    return _sun(day, lat, lng, zone, -1)


def _sun(day: date, lat: float, lng: float, zone: tzinfo | None, side: int) -> int | None:
    g = 2 * math.pi / 365 * (day.timetuple().tm_yday - 1)
    eqtime = 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g)
                       - 0.014615 * math.cos(2 * g) - 0.040849 * math.sin(2 * g))  # fmt: skip
    decl = (0.006918 - 0.399912 * math.cos(g) + 0.070257 * math.sin(g)
            - 0.006758 * math.cos(2 * g) + 0.000907 * math.sin(2 * g)
            - 0.002697 * math.cos(3 * g) + 0.00148 * math.sin(3 * g))  # fmt: skip
    phi = math.radians(lat)
    cos_ha = math.cos(math.radians(90.833)) / (math.cos(phi) * math.cos(decl))
    cos_ha -= math.tan(phi) * math.tan(decl)
    if not -1.0 <= cos_ha <= 1.0:
        return None
    ha = math.degrees(math.acos(cos_ha))
    utc = 720 - 4 * (lng - side * ha) - eqtime
    return round(utc + _offset(day, zone, lng)) % (24 * 60)


def dark_from(day: date, city: str, at: tuple[float, float] | None) -> int | None:
    """The minute it is dark in `city` on `day` (sunset and `TWILIGHT`), at the point `at` (the
    city's centre; None: the known centre of `city`); None when neither is known or the sun
    does not set."""
    if at is None:
        found = find_city(city)
        if found is None:
            return None
        at = (found.lat, found.lng)
    zone: tzinfo | None = trip_zone(city)
    if zone == ZoneInfo("UTC"):
        zone = None  # a city the zone table misses: the sun's own clock
    down = sunset(day, at[0], at[1], zone)
    return None if down is None else down + TWILIGHT
