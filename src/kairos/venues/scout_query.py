"""The scout's search request from the group's words (moved out of `scout.py`): the filters
(city, area, kinds, categories, the group's hard allergens, a radius around the members), the
words of the full-text arm, and what a plan widened from an area to its city says."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.core.london_areas import districts_of
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.venues.commander import Intent
from kairos.venues.discovery import DiscoveryQuery
from kairos.venues.schemas import MeetingPoint, MemberLocation

__all__ = [
    "AREA_RADIUS_KM",
    "area_title",
    "plain",
    "radius_around",
    "search_filters",
    "widened_note",
    "with_filters",
    "without",
]

MIN_RADIUS_KM: Final = 2.0
AREA_RADIUS_KM: Final = 1.5
"""An area asked ("near Harvard Square", "in Back Bay") is read as this distance from its
centre: sources file a place under a neighbourhood for some places only, and the one across the
street from the square belongs to none (the planner found no café "in Harvard Square")."""
MAX_RADIUS_KM: Final = 25.0


def search_filters(
    intent: Intent, hard: list[str], near: MeetingPoint | None, radius: float | None
) -> SearchFilters:
    reading = intent.reading
    city = reading.cities[0] if reading.cities else reading.area_city
    if city is None and intent.location and not reading.area:
        city = intent.location
    return SearchFilters(
        city=None if near else city,
        area=None if near else reading.area,
        kinds=list(intent.activity_kinds),
        categories=list(reading.categories),
        exclude_categories=list(reading.exclude_categories),
        exclude_allergens=hard,
        near=GeoPoint(lat=near.lat, lng=near.lng) if near else None,
        radius_km=radius,
    )


def area_title(intent: Intent) -> str:
    area = intent.reading.area or ""
    return " ".join(w if w.isupper() else w.capitalize() for w in area.split())


def plain(text: str) -> str:
    """Lower case, without the punctuation around words."""
    return " ".join(w.lower().strip(".,;:!?\"'()") for w in text.split())


def without(text: str, words: Mapping[str, object]) -> str:
    """`text` without `words` (compared as `_plain` reads them)."""
    return " ".join(w for w in text.split() if plain(w) not in words)


def widened_note(area: str, city: str, in_area: int, *, placed: bool) -> str:
    """What a plan widened from a neighbourhood to its city says; `placed`: the area's centre
    is known, so "elsewhere" is measured; else the venues may lie anywhere in the city."""
    where = f"within {AREA_RADIUS_KM:g} km of" if placed else "listed in"
    postcodes = districts_of(area)
    if postcodes and not placed:  # a London neighbourhood: read from its postcode districts
        where, area = "in", f"{area} (by postcode: {', '.join(postcodes)})"
    said = f"Only {in_area} venue(s) {where} {area} fit" if in_area else f"Nothing {where} {area}"
    unplaced = (
        ""
        if placed or postcodes
        else f" (I cannot place {area} on a map: no place I know is listed under it or names it "
        "in its address, so these are not ranked by distance to it; share where the members are "
        "coming from to rank them by their trips)"
    )
    return f"{said}; these are elsewhere in {city.title()}{unplaced}."


def radius_around(members: Sequence[MemberLocation], point: MeetingPoint) -> float:
    farthest = max(haversine_km(point.lat, point.lng, m.lat, m.lng) for m in members)
    return min(MAX_RADIUS_KM, max(MIN_RADIUS_KM, farthest * 1.2))


def with_filters(query: DiscoveryQuery, **update: object) -> DiscoveryQuery:
    return dataclasses.replace(query, filters=query.filters.model_copy(update=update))
