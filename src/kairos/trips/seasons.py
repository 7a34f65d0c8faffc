"""The season a trip's day falls in, by hemisphere, so cached answers turn over at season
boundaries (seed 003: "seasonal boundary transitions" invalidate).

- Outside the tropics (|latitude| ≥ 23.44°): meteorological seasons, three whole months each
  (December–February, March–May, June–August, September–November), named for the hemisphere:
  December is `north:winter` and `south:summer`.
- In the tropics: two halves of the year, `tropics:may-oct` and `tropics:nov-apr`. Temperature
  barely changes there; what changes answers is wet or dry and the monsoons, and most tropical
  regimes turn near those months as the rain belt (ITCZ) moves north in May and south in
  November. Singapore (1.3° N) is in the tropics; Delhi (28.6° N) and Kathmandu (27.7° N) are not.

A place without a latitude is read as northern (most of the catalog is).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Final

__all__ = ["TROPIC_LATITUDE", "season_of", "seasons_between"]

TROPIC_LATITUDE: Final = 23.44
"""The tropics of Cancer and Capricorn, in degrees."""

_MET: Final = {
    month: ("winter", "spring", "summer", "autumn")[month % 12 // 3] for month in range(1, 13)
}
_OPPOSITE: Final = {"winter": "summer", "summer": "winter", "spring": "autumn", "autumn": "spring"}
_MAX_DAYS: Final = 366


def season_of(day: date, lat: float | None) -> str:
    """`north:<season>`, `south:<season>` or `tropics:may-oct` / `tropics:nov-apr`."""
    if lat is not None and abs(lat) < TROPIC_LATITUDE:
        return "tropics:may-oct" if 5 <= day.month <= 10 else "tropics:nov-apr"
    season = _MET[day.month]
    if lat is not None and lat < 0:
        return f"south:{_OPPOSITE[season]}"
    return f"north:{season}"


def seasons_between(start: date, end: date | None, lat: float | None) -> list[str]:
    """Every season a trip from `start` to `end` (inclusive) touches, sorted; a trip longer than
    a year touches them all."""
    end = end or start
    if end < start:
        raise ValueError(f"the trip ends ({end}) before it starts ({start})")
    found: set[str] = set()
    day = start
    while day <= end and len(found) < 4 and (day - start).days <= _MAX_DAYS:
        found.add(season_of(day, lat))
        day += timedelta(days=1)
    return sorted(found)
