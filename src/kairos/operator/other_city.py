"""A restaurant named with a street (or a city) where no place of that name is, while the name
is known only in other cities, is not one of those (issue 36: "0 resolved to a place in another
city"): "Whataburger on Newbury St, Boston" is not the Whataburger of Austin. The street is
read in the city held, and one question asks whether the restaurant is one of the others or
one the catalogue does not hold.

The city held is the one the message names (its city or ZIP), else the session's restaurant's,
else the one city whose catalogue addresses hold the street said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.held_city import HELD_KM
from kairos.operator.mentions import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.street_short import street_of
from kairos.signals.geocoding.areas import HOUSE_NUMBER, KnownPlace, normalise
from kairos.signals.geocoding.catalog import CatalogGeocoder

__all__ = ["held_at", "held_elsewhere", "other_city_question", "outside", "without_name"]

LISTED: Final = 3
"""Cities named in the question."""


def held_at(
    catalog: CatalogGeocoder | None, mention: LocationMention, anchor: ResolvedLocation | None
) -> tuple[float, float, str] | None:
    """Where the mention is held (lat, lng, the city's name), or None when nothing holds it."""
    if catalog is None:
        return None
    said = mention.city or mention.zip
    if said and (area := catalog.area_of(said)) is not None:
        return area.lat, area.lng, area.city or area.name
    if anchor is not None and anchor.lat is not None and anchor.lng is not None:
        city = anchor.label.rsplit(",", 2)[-2].strip() if anchor.label.count(",") >= 2 else ""
        return anchor.lat, anchor.lng, city
    if not mention.address:
        return None
    street = HOUSE_NUMBER.sub("", normalise(mention.address)).strip()
    on = [p for p in catalog.places if p.address_key and street_of(p.address_key) == street]
    if not on:
        return None
    lat = sum(p.lat for p in on) / len(on)
    lng = sum(p.lng for p in on) / len(on)
    if any(haversine_km(p.lat, p.lng, lat, lng) > HELD_KM for p in on):
        return None  # the street runs in several cities: it holds none
    city = max({p.city for p in on}, key=lambda c: sum(p.city == c for p in on))
    return lat, lng, city


def outside(
    found: ResolvedLocation, held: tuple[float, float, str] | None, *, any_kind: bool = False
) -> bool:
    """A place (`any_kind`: anything) found farther than `HELD_KM` from where the mention is
    held; with `any_kind`, a location with no coordinates is outside too."""
    if held is None or (found.kind != "place" and not any_kind):
        return False
    if found.lat is None or found.lng is None:
        return any_kind
    return haversine_km(found.lat, found.lng, held[0], held[1]) > HELD_KM


def held_elsewhere(
    catalog: CatalogGeocoder,
    mention: LocationMention,
    found: ResolvedLocation,
    anchor: ResolvedLocation | None,
    known: Sequence[KnownPlace],
) -> tuple[float, float, str] | None:
    """Where the mention is held, when `found` is a place outside it and none of the name's
    `known` places is inside it (the name only elsewhere); else None (`found` stands)."""
    held = held_at(catalog, mention, anchor)
    if held is None or not outside(found, held):
        return None
    if any(haversine_km(p.lat, p.lng, held[0], held[1]) <= HELD_KM for p in known):
        return None
    return held


def without_name(mention: LocationMention, city: str) -> LocationMention:
    """The mention as a street in the city held ("Newbury St, Boston")."""
    return replace(mention, name=None, city=mention.city or (city if not mention.zip else None))


def other_city_question(
    name: str, mention: LocationMention, city: str, known: Sequence[KnownPlace]
) -> str:
    """ "I know no Whataburger on Newbury St in Boston, only in Austin: is yours one of those, or
    a restaurant I do not hold (then I read Newbury St around it)?\""""
    cities = list(dict.fromkeys(p.city for p in known if p.city))[:LISTED]
    where = " and ".join(cities) if len(cities) <= 2 else ", ".join(cities[:-1]) + f", {cities[-1]}"
    street = f" on {mention.address}" if mention.address else ""
    held = f" in {city}" if city else ""
    read = mention.address or city or "the area"
    only = f", only in {where}" if where else ""
    return (
        f"I know no {name}{street}{held}{only}: is yours one of those, or a restaurant I do not "
        f"hold (then I read {read} around it)?"
    )
