"""What stands in when the operator's own restaurant or street is not placed exactly (issue 36):
the neighbourhood the message names ("on Columbus Ave in the South End") rather than the whole
city, and what the answer says about a name the catalog knows only elsewhere, agreeing with the
place it resolved to (never "only elsewhere" beside the card of that very place)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.landmarks import landmark_location, landmark_said
from kairos.operator.mentions import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.signals.geocoding.areas import STREET_WORDS
from kairos.signals.geocoding.catalog import CatalogGeocoder, normalise
from kairos.signals.service import Signals

__all__ = ["area_for", "elsewhere_note", "near_names", "neighbourhood_said", "street_not_known"]

COARSE: Final = frozenset({"city", "unresolved"})
"""Resolutions a neighbourhood said in the same message is narrower than."""


async def area_for(
    signals: Signals,
    catalog: CatalogGeocoder | None,
    message: str,
    mention: LocationMention,
    found: ResolvedLocation,
    leads: list[str],
) -> ResolvedLocation:
    """A landmark (`landmarks.py`: "by Fenway Park"), else a neighbourhood said in the message
    stands in for a city or nothing ("Columbus Ave in the South End"); a street no place is on
    is said (`leads`), with what stands in for it."""
    if found.kind in COARSE and (mark := landmark_said(message, found)) is not None:
        found = landmark_location(mark)  # "by Fenway Park": the places around it, said
    elif found.kind in COARSE and (hood := neighbourhood_said(catalog, message)):
        answer = await signals.geocode(hood, limit=1)
        if answer.data is not None and answer.data.matches:
            match = answer.data.matches[0]
            found = ResolvedLocation(label=match.label, kind=match.kind, lat=match.lat,
                                     lng=match.lng, resolved=False)  # fmt: skip
    street = _NUMBER.sub("", mention.address) if mention.address else None
    if (note := street_not_known(street, found)) is not None:
        leads.append(note)
    return found


_NUMBER: Final = re.compile(r"^(?:\d+[a-z]?|the)\s+", re.I)


def neighbourhood_said(catalog: CatalogGeocoder | None, message: str) -> str | None:
    """The neighbourhood the catalog's addresses name ("South End") that the message says,
    longest first, never the first words of a street ("Back Bay Rd")."""
    if catalog is None:
        return None
    said = normalise(message)
    for loc in sorted(catalog.localities, key=lambda loc: (-len(loc.key), loc.key)):
        for found in re.finditer(rf"(?:^| ){re.escape(loc.key)}(?= |$)", said):
            after = said[found.end() :].split()
            if not after or after[0] not in STREET_WORDS:
                return loc.name
    return None


def street_not_known(street: str | None, found: ResolvedLocation) -> str | None:
    """A street said that no catalog place is on, placed only by its ZIP, neighbourhood or city:
    said, with what stands in for it."""
    if not street or found.kind not in ("city", "postcode"):
        return None
    where = re.sub(r"\s*\((?:centre of )?\d+ (?:catalog )?places?\)$", "", found.label)
    where = re.sub(r"\s*\(no catalog address has it: the city's centre\)$", "", where)
    return f"I know no place on {street}, so I used {where} around it."


def elsewhere_note(
    name: str, where: str, found: ResolvedLocation, candidates: Sequence[str]
) -> str:
    """What is said when the name's places did not fit the street said with it and the name and
    street were then looked up together: the name's own place when that found one (the one the
    card shows, never "only elsewhere" beside it); the place found there when it is another;
    else the street."""
    if found.kind == "place" and found.label in candidates:
        return f"I used {found.label}, the {name} I know; tell me if yours is another."
    if found.kind == "place":
        return (
            f"I know {name} only elsewhere, not at {where}; I used {found.label}, which is there."
        )
    return f"I know {name} only elsewhere, not at {where}; I used {where} itself."


NEAR_KM: Final = 0.5
"""Places this close to an unknown restaurant's street or address are named beside it."""


def near_names(catalog: CatalogGeocoder | None, found: ResolvedLocation) -> str:
    """What the catalog holds near a restaurant it does not know (the operator may mean one of
    them)."""
    if catalog is None or found.lat is None or found.lng is None or found.kind == "city":
        return ""  # a city's centre is near nothing the operator meant
    lat, lng = found.lat, found.lng
    near = sorted((haversine_km(p.lat, p.lng, lat, lng), p.name) for p in catalog.places
                  if abs(p.lat - lat) < 0.01 and abs(p.lng - lng) < 0.013)  # fmt: skip
    names = list(dict.fromkeys(name for km, name in near if km <= NEAR_KM))[:3]
    return f" Nearest places I know there: {', '.join(names)}." if names else ""
