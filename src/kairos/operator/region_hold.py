"""A restaurant's name held to the region the rest of the message points to (issue 36, item 1):
"Fish Pier on East Broadway, Southie" names no city, but its street is in South Boston, so the
one place a catalogue of many cities holds under "Pier" (The Pier, Clermont FL) is not the
operator's. A name matched only to places farther than `HELD_KM` from every street, ZIP or
address the same message placed is dropped; the name as the operator typed it (the capitalised
words up to the spotted part: "Fish Pier") is looked for near there instead, else it is said as
not found. Never another city's place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.held_city import HELD_KM
from kairos.operator.schemas import ResolvedLocation
from kairos.signals.geocoding.catalog import CatalogGeocoder, KnownPlace, normalise
from kairos.signals.geocoding.spotting import Spotted

__all__ = ["outside_region", "region_of", "region_said", "typed_name", "typed_near"]

REGION_KINDS: Final = frozenset({"street", "postcode", "address"})
"""Where a message's other mentions point: a street, a ZIP, an address (a city is named and
held elsewhere: `narrowing.narrow`)."""


def region_of(located: Sequence[ResolvedLocation], named: set[int]) -> list[ResolvedLocation]:
    """The message's streets, ZIPs and addresses (not its names' own places)."""
    kept = [loc for k, loc in enumerate(located) if k not in named]
    return [loc for loc in kept if loc.kind in REGION_KINDS and None not in (loc.lat, loc.lng)]


def region_said(
    catalog: CatalogGeocoder,
    message: str,
    located: Sequence[ResolvedLocation],
    named: Mapping[int, Spotted],
) -> list[ResolvedLocation]:
    """Where the message points besides its names: its streets, ZIPs and addresses placed, and
    the city or neighbourhood it names outside the names' own words ("Orlando's Pizza" names
    no city)."""
    region = region_of(located, set(named))
    rest = message
    for spot in named.values():
        rest = rest[: spot.start] + " " * (spot.end - spot.start) + rest[spot.end :]
    if (area := catalog.area_of(rest)) is not None:
        region.append(ResolvedLocation(label=area.label, kind="city", lat=area.lat,
                                       lng=area.lng, resolved=False))  # fmt: skip
    return region


def outside_region(loc: ResolvedLocation, region: Sequence[ResolvedLocation]) -> bool:
    """Farther than `HELD_KM` from every place the message's streets and ZIPs point to."""
    if not region or loc.lat is None or loc.lng is None:
        return False
    return all(haversine_km(loc.lat, loc.lng, r.lat or 0.0, r.lng or 0.0) > HELD_KM for r in region)


_CAPITALISED: Final = re.compile(r"(?:[A-Z][\w'&.-]*\s+){1,3}$")


def typed_name(message: str, start: int, end: int) -> str:
    """The name as typed: the capitalised words right before the spotted part, with it
    ("Fish Pier" around a spotted "Pier")."""
    before = _CAPITALISED.search(message[:start])
    return (before.group(0) if before else "") + message[start:end]


def typed_near(
    catalog: CatalogGeocoder, name: str, region: Sequence[ResolvedLocation]
) -> KnownPlace | None:
    """The catalogue place whose name opens with the name as typed, nearest to the message's
    streets and ZIPs and within `HELD_KM` of one."""
    said = normalise(name)
    if len(said) < 4 or not region:
        return None
    best: tuple[float, str, KnownPlace] | None = None
    for p in catalog.places:
        if not f"{p.name_key} ".startswith(f"{said} "):
            continue
        km = min(haversine_km(p.lat, p.lng, r.lat or 0.0, r.lng or 0.0) for r in region)
        if km <= HELD_KM and (best is None or (km, p.name) < best[:2]):
            best = (km, p.name, p)
    return best[2] if best else None
