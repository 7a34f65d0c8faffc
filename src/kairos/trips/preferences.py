"""A trip request completed from the traveller's profile (seed 003: "the profile adds travel
preferences"): what the request leaves out (pace, travel mode, companions, accessibility) is
taken from `users.travel`, else the product's defaults; the favourite tags always come along.
The resolved request is what a trip stores, so a later change of the profile does not move a
trip already planned; `from_profile` names the values the profile supplied."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any, Final

from kairos.profiles.travel import TravelPreferences
from kairos.trips.schemas import TripCreate

__all__ = ["DEFAULTS", "resolve_request", "trip_months"]

DEFAULTS: Final[dict[str, Any]] = {
    "pace": "moderate",
    "mode": "transit",
    "companions": None,
    "accessibility": False,
}


# A trip has one mode; a traveller who walks *and* takes transit gets transit, which walks any
# leg where walking is quicker (trips/travel.py), not walking alone.
_REACH: Final = ("drive", "transit", "walk")


def _farthest_mode(modes: Sequence[str]) -> str | None:
    return next((mode for mode in _REACH if mode in modes), None)


def resolve_request(body: TripCreate, travel: TravelPreferences, tomorrow: date) -> dict[str, Any]:
    request = body.model_dump(mode="json")
    request["start_date"] = (body.start_date or tomorrow).isoformat()
    profile: dict[str, Any] = {
        "pace": travel.pace,
        "mode": _farthest_mode(travel.modes),
        "companions": travel.companions,
        "accessibility": True if travel.accessibility else None,
    }
    taken = []
    for field, default in DEFAULTS.items():
        if request.get(field) is not None:
            continue
        if profile[field] is not None:
            request[field] = profile[field]
            taken.append(field)
        else:
            request[field] = default
    request["favourite_tags"] = list(travel.favourite_tags)
    if travel.favourite_tags:
        taken.append("favourite_tags")
    request["from_profile"] = taken
    return request


def trip_months(start: date, days: int) -> frozenset[int]:
    """The calendar months the trip's days fall in."""
    return frozenset((start + timedelta(days=i)).month for i in range(days))
