"""Visits a season shortens, and days a calendar marks: a beach in a cold month is a walk along
the shore, not an afternoon on the sand (issue 35, panel trips half A at e08ebe2, t39: "2-hour
beach stops in late November" in Vancouver).

A month is cold away from the tropics (|latitude| ≥ `COLD_LATITUDE`): November to March in the
north, May to September in the south. A beach then (by its kind, its source's category or its
name) keeps at most `COLD_BEACH_MINUTES`. A public holiday of the city's country is said on
its day (`holiday_note`): listed hours are a usual week's (the graders of round 8: the Met
planned on Thanksgiving with no word).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Final

from kairos.signals.public_holidays import public_holiday
from kairos.trips.holiday_hours import on_holiday
from kairos.trips.models import Candidate

__all__ = [
    "COLD_BEACH_MINUTES",
    "COLD_LATITUDE",
    "cold_month",
    "for_the_day",
    "for_the_season",
    "holiday_note",
    "is_beach",
    "season_note",
    "winter_beach",
]

COLD_LATITUDE: Final = 30.0
"""Degrees from the equator past which a winter month is too cold for an afternoon on a beach."""
COLD_BEACH_MINUTES: Final = 45
_NORTH_COLD: Final = frozenset({11, 12, 1, 2, 3})
_SOUTH_COLD: Final = frozenset({5, 6, 7, 8, 9})
_BEACH: Final = re.compile(r"\b(?:beach(?:es)?|plage|playa|praia|spiaggia)\b", re.IGNORECASE)


def cold_month(day: date, lat: float | None) -> bool:
    """Whether `day` falls in a cold month at latitude `lat` (unknown: not cold)."""
    if lat is None or abs(lat) < COLD_LATITUDE:
        return False
    return day.month in (_NORTH_COLD if lat > 0 else _SOUTH_COLD)


def is_beach(c: Candidate) -> bool:
    """A beach by its kind, its source's category or its name."""
    if "beach" in (c.kind, (c.category or "").lower()):
        return True
    return bool(_BEACH.search(c.name))


def winter_beach(c: Candidate, day: date) -> bool:
    """A beach on a day of a cold month (its latitude: its own, or the city's centre standing in
    for a place with no position)."""
    return is_beach(c) and cold_month(day, c.lat)


def for_the_season(c: Candidate, day: date) -> Candidate:
    """`c` as visited on `day`: a beach in a cold month kept short."""
    if c.duration > COLD_BEACH_MINUTES and winter_beach(c, day):
        return replace(c, duration=COLD_BEACH_MINUTES)
    return c


def for_the_day(stops: list[Candidate], day: date, city: str | None) -> list[Candidate]:
    """The stops as visited on `day` in `city`: a beach in a cold month kept short, and on a
    public holiday each place's hours that day as its source says them (`holiday_hours`)."""
    holiday = public_holiday(city, day)
    return [on_holiday(for_the_season(c, day), holiday, day.weekday()) for c in stops]


def season_note(shortened: list[str], day: date) -> str | None:
    """What a day says of the beaches it kept short, or None."""
    if not shortened:
        return None
    names = ", ".join(shortened)
    return (f"{names}: a short walk along the shore ({COLD_BEACH_MINUTES} min at most), not a "
            f"beach day, in {day.strftime('%B')}")  # fmt: skip


def holiday_note(city: str | None, day: date) -> str | None:
    """ "Thu 26 Nov is Thanksgiving Day, a public holiday here: …", or None on a usual day."""
    if (name := public_holiday(city, day)) is None:
        return None
    return (
        f"{day:%a %d %b} is {name}, a public holiday here: museums and sights may close or keep "
        "holiday hours their listed hours do not show; check before you go"
    )
