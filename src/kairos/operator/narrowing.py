"""Narrowing a restaurant name's catalogue rows by what the message says about where (issue 36,
item 1; moved out of `locating.py`): the ZIP, street, city or neighbourhood said, the session's
restaurants and city."""

from __future__ import annotations

import re
from typing import Final

from rapidfuzz import fuzz

from kairos.core.geo import haversine_km
from kairos.operator.addressed_twin import addressed_twins
from kairos.operator.landmarks import landmark_said, near_landmark
from kairos.operator.reading import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState
from kairos.operator.street_near import near_street
from kairos.signals.geocoding.catalog import CatalogGeocoder, KnownPlace, normalise

__all__ = ["bare_street", "narrow", "street_key"]


def narrow(
    catalog: CatalogGeocoder,
    candidates: list[KnownPlace],
    mention: LocationMention,
    message: str,
    state: SessionState,
) -> list[KnownPlace]:
    """The candidates that fit where the operator says the place is. What is said next to the
    name (its ZIP, street, city) must fit: a place it rules out is another restaurant of that
    name, and none left means the operator's is not in the catalog. A place with no address
    fits a ZIP or street only when no place of that name has them in its address (an Atlanta
    branch with no address is not the one "on Huntington Ave"). A city or neighbourhood said
    elsewhere in the message, a landmark said ("near South Station": the ones near it, nearest
    first), then the city of the session's restaurant, only narrow further (a clue that would
    leave none is skipped)."""
    kept = list(candidates)
    if mention.zip:
        own = [p for p in kept if p.zip == mention.zip]
        kept = own or [p for p in kept if p.zip is None and catalog.place_area(p, mention.zip)]
    if mention.address and (street := street_key(mention.address)):
        own = [p for p in kept if p.address_key and fuzz.partial_ratio(street, p.address_key) >= 90]
        unaddressed = [p for p in kept if not p.address_key]
        kept = (
            own
            or addressed_twins(catalog.places, kept, street)
            or near_street(catalog.places, unaddressed, street)
            or unaddressed
        )
    if mention.city:
        kept = [p for p in kept if catalog.place_area(p, mention.city)]
    if len(kept) > 1 and state.place_baselines:  # one of the restaurants named earlier
        kept = _keep(kept, [p for p in kept if p.label in state.place_baselines])
    if not mention.address and (bare := bare_street(message, mention)):
        if len(kept) > 1:
            kept = _keep(kept, [p for p in kept if f" {bare} " in f" {p.address_key} "])
        unaddressed = [p for p in kept if not p.address_key]
        if len(kept) > 1 and len(unaddressed) == len(kept):
            kept = near_street(catalog.places, unaddressed, bare) or kept
        kept = addressed_twins(catalog.places, kept, bare) or kept
    if len(kept) > 1 and (mark := landmark_said(message)) is not None:  # "by Fenway Park"
        kept = _keep(kept, near_landmark(kept, mark))
    if len(kept) > 1 and catalog.area_of(message) is not None:
        kept = _keep(kept, [p for p in kept if catalog.place_area(p, message)])
    if len(kept) > 1 and state.locations and state.locations[0].lat is not None:
        here = state.locations[0]
        kept = _keep(kept, [p for p in kept if _km(p, here) <= _SESSION_CITY_KM])
    return kept


_SESSION_CITY_KM: Final = 25.0
"""With no city said, a chain's branches within this distance of the session's restaurant."""


def _km(place: KnownPlace, loc: ResolvedLocation) -> float:
    return haversine_km(place.lat, place.lng, loc.lat or 0.0, loc.lng or 0.0)


def _keep(kept: list[KnownPlace], narrower: list[KnownPlace]) -> list[KnownPlace]:
    return narrower if narrower else kept


def bare_street(message: str, mention: LocationMention, *, on: bool = False) -> str | None:
    """The street said without its suffix right after the name ("Upper Crust on Tremont",
    "Legal Sea Foods Park Plaza"), normalised: two places sharing the name are told apart by
    it, and a row of the name with no address gives way to its twin on that street. `on`:
    only a street introduced as one ("on Tremont", not the "Hill" of "Beacon Hill")."""
    if not mention.name:
        return None
    lead = r"(?:on|off)\s+" if on else r"(?:(?:on|at|off)\s+)?"
    said = re.search(
        rf"{re.escape(mention.name)}\W{{0,3}}\s+{lead}(?:the\s+)?([A-Za-z][\w'-]{{2,}})",
        message,
    )
    return normalise(said.group(1)) if said else None


_NUMBER = re.compile(r"^(?:\d+[a-z]?|the)\s+")


def street_key(text: str) -> str:
    """'1704 Washington St' -> 'washington st'; 'Comm Ave' -> 'commonwealth ave'; 'the VFW
    Parkway' -> 'vfw pkwy' (operators say "on the VFW Parkway")."""
    return _NUMBER.sub("", normalise(text)).strip()
