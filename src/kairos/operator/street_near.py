"""A restaurant named with its street whose catalogue rows of that name have no address (a
catalogue of many cities holds most chains' branches by name, city and coordinates only):
the branch standing on the street said is the one meant (issue 36, item 1: "a chain's branch
is chosen by the street given"). "Qdoba on Huntington Ave, Boston": of the rows named Qdoba
with no address, the one within `ON_STREET_KM` of a catalogue address on Huntington Ave, not
the first of them (Qdoba, Cambridge)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.short_names import also_named
from kairos.signals.geocoding.areas import KnownPlace, normalise
from kairos.signals.geocoding.spotting import Spotted

__all__ = ["ON_STREET_KM", "near_street", "on_street", "other_spellings"]

ON_STREET_KM: Final = 0.15
"""A place this close to an address on the street stands on it (a frontage, a corner)."""


def near_street(
    places: Sequence[KnownPlace], unaddressed: Sequence[KnownPlace], street: str
) -> list[KnownPlace]:
    """The rows of `unaddressed` standing on `street` (a normalised street key: "huntington
    ave", or its bare word: "tremont"), nearest first; [] when none does or no catalogue
    address is on it."""
    if not unaddressed or not street:
        return []
    on = [(q.lat, q.lng) for q in places
          if q.address_key and f" {street} " in f" {q.address_key} "]  # fmt: skip
    if not on:
        return []
    scored = []
    for p in unaddressed:
        near = [haversine_km(p.lat, p.lng, lat, lng) for lat, lng in on
                if abs(lat - p.lat) < 0.01 and abs(lng - p.lng) < 0.013]  # fmt: skip
        if near and (km := min(near)) <= ON_STREET_KM:
            scored.append((km, p.name, p))
    return [p for _, _, p in sorted(scored, key=lambda s: (s[0], s[1]))]


def on_street(places: Sequence[KnownPlace], kept: Sequence[KnownPlace], street: str) -> bool:
    """Whether one of `kept` is on the street: by its address, or standing on it."""
    if any(f" {street} " in f" {p.address_key} " for p in kept):
        return True
    return bool(near_street(places, [p for p in kept if not p.address_key], street))


def other_spellings(
    places: Sequence[KnownPlace], spot: Spotted, short_spots: Sequence[Spotted]
) -> list[int]:
    """The rows a name said can be besides the spotter's own: its short spelling's at those
    words ("Upper Crust": Upper Crust Pizzeria) and the rows whose name opens with it ("Qdoba":
    QDOBA Mexican Eats); each once."""
    said = f"{normalise(spot.text)} "
    opens = (i for i, p in enumerate(places) if p.name_key.startswith(said))
    return sorted({*also_named(spot, short_spots), *opens} - set(spot.candidates))
