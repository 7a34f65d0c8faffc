"""A restaurant named with no city of its own, in a message or session whose restaurant is
already placed, is looked for in that restaurant's city (issue 36: "the city held to the one the
message or the session names"). On the shared data's resolution set, "Habibi's Lounge on
Commonwealth Avenue and <a name the catalog spells otherwise> on Washington St" put the second at
another city's places of a similar name, 1,000 km away, while the first was in Boston: an
operator who names two places in one breath, or a second one later, means one city unless they
say another."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.mentions import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.signals.geocoding.catalog import CatalogGeocoder, KnownPlace

__all__ = ["HELD_KM", "anchor_of", "far_from", "held_mention", "held_places", "unplaced"]

HELD_KM: Final = 30.0
"""Farther than this from the restaurant already placed is another city (the resolution set's
own bound for 'other city')."""


def anchor_of(
    session: Sequence[ResolvedLocation], said: Sequence[ResolvedLocation]
) -> ResolvedLocation | None:
    """The restaurant a new mention's city is held to: the first one this message placed
    precisely, else the session's."""
    for loc in (*said, *session):
        if loc.resolved and loc.lat is not None and loc.lng is not None:
            return loc
    return None


def far_from(found: ResolvedLocation, anchor: ResolvedLocation | None) -> bool:
    if anchor is None or None in (found.lat, found.lng, anchor.lat, anchor.lng):
        return False
    assert found.lat is not None and found.lng is not None
    assert anchor.lat is not None and anchor.lng is not None
    return haversine_km(found.lat, found.lng, anchor.lat, anchor.lng) > HELD_KM


def held_mention(
    catalog: CatalogGeocoder | None, mention: LocationMention, anchor: ResolvedLocation | None
) -> LocationMention | None:
    """The mention with the anchor's city, when it says no city or ZIP of its own (a city the
    operator says is theirs to say: "our other place in Providence")."""
    if catalog is None or anchor is None or mention.city or mention.zip:
        return None
    where = anchor.label.split(",", 1)[1] if "," in anchor.label else anchor.label
    area = catalog.area_of(where)  # never the name's own words ("Cambridge, 1." in Boston)
    if area is None:
        return None
    return replace(mention, city=area.city or area.name)


def unplaced(mention: LocationMention) -> ResolvedLocation:
    """Held to the city and still found only in another: not found there (said as unknown),
    never another city's place."""
    return ResolvedLocation(label=mention.text, kind="unresolved", resolved=False)


def held_places(
    places: list[KnownPlace], mention: LocationMention, anchor: ResolvedLocation | None
) -> list[KnownPlace]:
    """A name's catalog places, held to the anchor's city when the mention says none of its
    own: those near it, or none (the name is then looked for as said, held the same way)."""
    if anchor is None or anchor.lat is None or anchor.lng is None or mention.city or mention.zip:
        return places
    lat, lng = anchor.lat, anchor.lng
    return [p for p in places if haversine_km(p.lat, p.lng, lat, lng) <= HELD_KM]
