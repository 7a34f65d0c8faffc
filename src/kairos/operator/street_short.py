"""Street names operators shorten ("Dot Ave", "Comm Ave", "Mass Ave") read against the streets
of the city held (issue 36, item 1): a street said that no catalogue address of the city has is
the city's street of the same kind ("ave") whose name holds the short word's letters in order,
starting alike ("dot" in "DOrchesTer"), the one most of the city's places stand on. With no
such street, or two alike in use, the street stays as said.

The city held is the one the message names, else the session's restaurant's; with neither, the
streets of the whole catalogue.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.operator.held_city import HELD_KM
from kairos.operator.mentions import LocationMention
from kairos.operator.schemas import ResolvedLocation
from kairos.signals.geocoding.areas import HOUSE_NUMBER, KnownPlace, normalise
from kairos.signals.geocoding.catalog import CatalogGeocoder

__all__ = ["expand_short", "read_street", "street_of", "with_street_read"]

SHORT: Final = (2, 5)
"""Lengths of a shortened street word ("dot", "comm", "mass")."""
AMBIGUOUS: Final = 0.5
"""A second street this close in places to the first leaves the short name unread."""
_KINDS: Final = frozenset({"st", "ave", "blvd", "rd", "pl", "dr", "ln", "sq", "pkwy", "ct",
                           "ter", "hwy", "way", "row"})  # fmt: skip


def street_of(address_key: str) -> str | None:
    """'1236 dorchester ave dorchester ma 02125' -> 'dorchester ave': the words after the house
    number up to the street's kind; None without a house number or a kind."""
    if not HOUSE_NUMBER.match(address_key):
        return None
    words = HOUSE_NUMBER.sub("", address_key).split()
    for n, word in enumerate(words[:5]):
        if word in _KINDS and n:
            return " ".join(words[: n + 1])
    return None


def _in_order(short: str, word: str) -> bool:
    """'dot' in 'dorchester': the same first letter, the rest in order, the word longer."""
    if len(word) <= len(short) or word[0] != short[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def expand_short(street: str, places: Sequence[KnownPlace]) -> str | None:
    """The street of `places` a shortened `street` ("dot ave", normalised) is, or None when it
    is a street of theirs already, is not short, or fits none or several alike."""
    words = street.split()
    if len(words) != 2 or words[1] not in _KINDS or not SHORT[0] <= len(words[0]) <= SHORT[1]:
        return None
    streets = Counter(s for p in places if p.address_key and (s := street_of(p.address_key)))
    if street in streets:
        return None
    fits = [
        (n, s)
        for s, n in streets.items()
        if len(parts := s.split()) == 2 and parts[1] == words[1] and _in_order(words[0], parts[0])
    ]
    if not fits:
        return None
    fits.sort(reverse=True)
    if len(fits) > 1 and fits[1][0] >= AMBIGUOUS * fits[0][0]:
        return None
    return fits[0][1]


_WORD = re.compile(r"[A-Za-z]+")


def with_street_read(
    mention: LocationMention, places: Sequence[KnownPlace], in_city: Callable[[KnownPlace], bool]
) -> LocationMention:
    """The mention with its shortened street written out as the city's addresses write it
    ("Dot Ave" -> "Dorchester Ave"), the house number kept; the mention as it was otherwise.
    `in_city`: whether a catalogue place is in the city held."""
    if not mention.address:
        return mention
    key = HOUSE_NUMBER.sub("", normalise(mention.address)).strip()
    words = key.split()
    if len(words) != 2 or words[1] not in _KINDS or not SHORT[0] <= len(words[0]) <= SHORT[1]:
        return mention  # not a short street: the catalogue is not read
    held = [p for p in places if in_city(p)]
    full = expand_short(key, held)
    if full is None:
        return mention
    short = key.split()[0]
    said = next((m for m in _WORD.finditer(mention.address) if m.group(0).lower() == short), None)
    if said is None:
        return mention
    word = full.split()[0].capitalize()
    return replace(mention, address=mention.address[: said.start()] + word
                   + mention.address[said.end():])  # fmt: skip


def read_street(
    catalog: CatalogGeocoder | None, mention: LocationMention, anchor: ResolvedLocation | None
) -> LocationMention:
    """A shortened street ("Dot Ave") read against the streets of the city held: the city or
    ZIP said, else within `HELD_KM` of the session's restaurant, else the whole catalogue."""
    if catalog is None or not mention.address:
        return mention
    said = mention.city or mention.zip
    if said:
        return with_street_read(mention, catalog.places, lambda p: catalog.place_area(p, said))
    if anchor is not None and anchor.lat is not None and anchor.lng is not None:
        lat, lng = anchor.lat, anchor.lng
        return with_street_read(
            mention, catalog.places, lambda p: haversine_km(p.lat, p.lng, lat, lng) <= HELD_KM
        )
    return with_street_read(mention, catalog.places, lambda p: True)
