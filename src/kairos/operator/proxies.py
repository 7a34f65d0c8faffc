"""A restaurant the catalog does not hold (issue 36): said plainly and first, with what stands
in for it — the places on its street, near its address, in its ZIP or city — whose check-ins and
reviews are read instead, and said to be theirs, never passed off as its own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.guest_signals import snapshot
from kairos.operator.schemas import GuestSnapshot, ResolvedLocation
from kairos.signals.geocoding.areas import KnownPlace
from kairos.signals.geocoding.catalog import CatalogGeocoder, normalise
from kairos.store.operator import OperatorStore, ReviewRow

__all__ = ["named_near", "not_in_catalog", "proxy_reviews", "proxy_snapshot", "proxy_text"]


def not_in_catalog(name: str, found: ResolvedLocation) -> str:
    """A restaurant named that the catalog does not hold, said plainly and first: what stands in
    for it ("I don't have Salt & Ember in my data; I used the 3 places on Columbus Ave …")."""
    if found.kind == "unresolved":
        return f"I don't have {name} in my data, and I couldn't place where it is."
    return (
        f"I don't have {name} in my data; I used {proxy_text(found)} as a proxy (their "
        f"reviews, and similar places' check-ins for demand; nothing of {name}'s own)."
    )


_COUNTED: Final = re.compile(
    r"^(?P<where>.*?)\s*\((?:centre of )?(?P<n>\d+) (?:catalog )?places?\)$"
)


def proxy_text(found: ResolvedLocation) -> str:
    """The places standing in for a restaurant the catalog lacks: "the 3 places on Columbus
    Ave, Boston", "the 12 places in ZIP 02116", "the places in Boston"."""
    counted = _COUNTED.match(found.label)
    where, n = (counted.group("where"), int(counted.group("n"))) if counted else (found.label, 0)
    places = f"the {n} place{'s' if n != 1 else ''}" if n else "the places"
    if found.kind == "street":
        return f"{places} on {where}"
    if found.kind == "address":
        return f"{places} near {where}"
    return f"{places} in {where}"


def named_near(
    catalog: CatalogGeocoder | None, name: str, found: ResolvedLocation
) -> KnownPlace | None:
    """The catalog place near where a name was placed whose name opens with it: "Fish Pier" on
    E Broadway is Fish Pier Restaurant & Market there, not a restaurant the catalog lacks."""
    said = normalise(name)
    if catalog is None or found.lat is None or found.lng is None or len(said) < 4:
        return None
    lat, lng = found.lat, found.lng
    near = [(haversine_km(p.lat, p.lng, lat, lng), p.name, p) for p in catalog.places
            if f"{p.name_key} ".startswith(f"{said} ")]  # fmt: skip
    near = [n for n in near if n[0] <= PROXY_KM]
    return min(near, key=lambda n: (n[0], n[1]))[2] if near else None


PROXY_PLACES: Final = 4
PROXY_KM: Final = 0.5
"""The catalog places this close to where a restaurant it lacks is, nearest first, stand in
for its reviews."""


async def proxy_reviews(
    places: Sequence[KnownPlace], store: OperatorStore, here: ResolvedLocation
) -> tuple[list[ReviewRow], dict[int, str]]:
    """The reviews of the places standing in for a restaurant the catalog lacks, newest first,
    and each review's place; none for a city (its centre is near nothing the operator meant)."""
    if here.lat is None or here.lng is None or here.kind in ("city", "unresolved"):
        return [], {}
    lat, lng = here.lat, here.lng
    near = sorted((haversine_km(p.lat, p.lng, lat, lng), p.name, p.lat, p.lng) for p in places
                  if abs(p.lat - lat) < 0.01 and abs(p.lng - lng) < 0.013)  # fmt: skip
    rows: list[ReviewRow] = []
    named: dict[int, str] = {}
    for km, name, plat, plng in near[:PROXY_PLACES]:
        if km > PROXY_KM:
            break
        place = await store.place_named_near(name=name, lat=plat, lng=plng)
        if place is None:
            continue
        for row in await store.reviews(place_id=place.id):
            rows.append(row)
            named[row.id] = place.name
    rows.sort(key=lambda r: r.review_date or date.min, reverse=True)
    return rows, named


async def proxy_snapshot(
    catalog: CatalogGeocoder | None, store: OperatorStore, here: ResolvedLocation, as_of: date
) -> GuestSnapshot | None:
    """The guest snapshot, quotes included, of the places standing in for the restaurant: each
    quote named with its own place, the snapshot with the places it stands for."""
    if catalog is None:
        return None
    rows, named = await proxy_reviews(catalog.places, store, here)
    if not rows:
        return None
    read = snapshot(place=proxy_text(here), place_id=0, reviews=rows, as_of=as_of, expand=True)
    for item in read.evidence:
        item.place = named.get(item.review_id, item.place)
    return read


def stand_in_note(found: ResolvedLocation, unknown_name: str | None, number: str | None) -> str:
    """What stands in for a restaurant not placed exactly, said as an assumption: nothing, when
    even its area is unknown (never "the places in Zorblax Tavern stand in for Zorblax
    Tavern"); the places around it; or the approximate area and what would sharpen it."""
    if found.kind == "unresolved":
        return (f"nothing stands in for {unknown_name or found.label}: I could not place it, so "
                "no nearby place's check-ins are used")  # fmt: skip
    if unknown_name:
        return f"{proxy_text(found)} stand in for {unknown_name}, which is not in my data"
    if number:
        return (f"no place I know is at {number}, so {found.label} stands in: the demand is "
                "other places' check-ins, not your own; your restaurant's name would let me "
                "use its own")  # fmt: skip
    return (f"{found.label} is only approximate ({found.kind}); an address or the restaurant's "
            "name makes this sharper")  # fmt: skip
