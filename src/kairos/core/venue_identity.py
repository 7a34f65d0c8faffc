"""Whether two listings are one venue, from (name, lat, lng) only — the scout's de-duplication
(seed 002: a case-insensitive name match, and a distance under 100 m to catch one venue under
slightly different names).

Taken literally, "or within 100 m" merges two shops in one building, and a name match alone
merges two branches of a chain across town. The rule therefore asks for both kinds of evidence,
traded against each other:

- the same name (case, accents, punctuation, "the" and "&"/"and" ignored) within
  `SAME_NAME_RADIUS_M`: two geocodings of one address, by two sources years apart, differ by
  more than 100 m often enough (a fifth of the measured pairs past 88 m);
- a similar name (one name's words inside the other's, most words shared, or nearly the same
  letters) within `SIMILAR_NAME_RADIUS_M`;
- nothing else. Without coordinates on either side, only the same name.

Where the catalog holds more than a name and a point, that evidence comes first:
- both street addresses known (number, street, "St"/"Street" alike, units dropped): the same
  or a similar name at the same street address is one venue at any distance, and at two
  different addresses two venues (a chain's branches one block apart);
- the same postcode: a name no more than `UNIQUE_NAME_LISTINGS` catalog listings carry (not a
  chain's) is one venue at any distance in its postcode — a geocode kilometres off still names
  its postcode — and a similar name counts as the same name (within `SAME_NAME_RADIUS_M`).
Two different postcodes never separate a pair by themselves: the two releases file venues on a
postcode boundary differently.

Constants chosen on labelled pairs of two Yelp releases of Boston (`kairos eval dedup`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Final

__all__ = [
    "SAME_NAME_RADIUS_M",
    "SIMILAR_NAME_RADIUS_M",
    "Venue",
    "dedupe",
    "distance_m",
    "name_key",
    "names_similar",
    "postcode_of",
    "same_venue",
    "street_key",
]

SAME_NAME_RADIUS_M: Final = 250.0
SIMILAR_NAME_RADIUS_M: Final = 100.0
WORD_SHARE: Final = 0.7
"""Shared words / all words of the two names (Jaccard) from which names are similar."""
LETTER_RATIO: Final = 0.85
"""difflib's ratio over the names' letters from which names are similar ("U Food" / "UFood")."""
UNIQUE_NAME_LISTINGS: Final = 2
"""Catalog listings a name may have and still be one venue's: one per source of two sources.
More is a chain (or a name several venues share), which a postcode alone cannot tell apart."""

_EARTH_RADIUS_M: Final = 6_371_008.8
_FILLER: Final = frozenset({"the", "and", "s"})
_NON_ALNUM: Final = re.compile(r"[^a-z0-9]+")
_US_ZIP: Final = re.compile(r"\b(\d{5})(?:-\d{4})?\b")
_SUFFIXES: Final = {
    "st": "st", "street": "st", "ave": "ave", "av": "ave", "avenue": "ave", "rd": "rd",
    "road": "rd", "blvd": "blvd", "boulevard": "blvd", "pl": "pl", "place": "pl", "sq": "sq",
    "square": "sq", "plz": "plz", "plaza": "plz", "dr": "dr", "drive": "dr", "way": "way",
    "pkwy": "pkwy", "parkway": "pkwy", "ct": "ct", "court": "ct", "ln": "ln", "lane": "ln",
    "ter": "ter", "terrace": "ter", "hwy": "hwy", "highway": "hwy", "wharf": "wharf",
    "row": "row", "cir": "cir", "circle": "cir", "pier": "pier",
}  # fmt: skip
_STREET: Final = re.compile(
    r"\b(\d+)[a-z]?(?:-\d+[a-z]?)?\s+((?:[a-z0-9]+\s+){0,4}?)(" + "|".join(_SUFFIXES) + r")\b"
)


@dataclass(frozen=True, slots=True)
class Venue:
    """A listing as the scout sees it; `price_signals` maps source -> price level 1..4."""

    id: str
    name: str
    lat: float | None = None
    lng: float | None = None
    price_signals: Mapping[str, int] = field(default_factory=dict)
    merged_ids: tuple[str, ...] = ()
    address: str | None = None
    """As the source wrote it; its street and postcode are read by `street_key`/`postcode_of`."""
    postcode: str | None = None
    """When the source gives one apart from the address."""
    name_listings: int | None = None
    """How many catalog listings carry this name; None: unknown (treated as a chain's)."""


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """ "The Friendly Toast" == "friendly toast"; "Peace o' Pie" == "peace o pie"."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    ascii_name = ascii_name.replace("'", "").replace("\u2019", "").replace("&", " and ")
    words = _NON_ALNUM.sub(" ", ascii_name).split()
    return " ".join(w for w in words if w not in _FILLER) or " ".join(words)


def names_similar(a: str, b: str) -> bool:
    words_a, words_b = set(name_key(a).split()), set(name_key(b).split())
    if not words_a or not words_b:
        return False
    if words_a <= words_b or words_b <= words_a:
        return True
    if len(words_a & words_b) / len(words_a | words_b) >= WORD_SHARE:
        return True
    letters_a, letters_b = "".join(sorted(words_a)), "".join(sorted(words_b))
    compact_a, compact_b = name_key(a).replace(" ", ""), name_key(b).replace(" ", "")
    return _letters_alike(compact_a, compact_b) or _letters_alike(letters_a, letters_b)


def _letters_alike(a: str, b: str) -> bool:
    """`ratio() >= LETTER_RATIO`, its cheap upper bounds asked first: a scout compares every
    pair of up to a hundred names, and most pairs share few letters."""
    matcher = SequenceMatcher(None, a, b)
    return (
        matcher.real_quick_ratio() >= LETTER_RATIO
        and matcher.quick_ratio() >= LETTER_RATIO
        and matcher.ratio() >= LETTER_RATIO
    )


def distance_m(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * _EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


def postcode_of(address: str | None) -> str | None:
    """The last US ZIP in an address ("…, Boston, MA 02110" -> "02110"), else None."""
    zips = _US_ZIP.findall(address or "")
    return zips[-1] if zips else None


def street_key(address: str | None) -> str | None:
    """ "75 Federal Street, Boston" == "75 Federal St Financial District"; "800 Boylston St Ste
    155" == "800 Boylston St"; None when no house number and street type are found."""
    if not address:
        return None
    found = _STREET.search(re.sub(r"[^a-z0-9\-]+", " ", address.lower()))
    if found is None:
        return None
    words = " ".join(found.group(2).split())
    return " ".join(x for x in (found.group(1), words, _SUFFIXES[found.group(3)]) if x)


def _postcode(venue: Venue) -> str | None:
    return venue.postcode or postcode_of(venue.address)


def _unique_name(a: Venue, b: Venue) -> bool:
    counts = (a.name_listings, b.name_listings)
    return all(c is not None and c <= UNIQUE_NAME_LISTINGS for c in counts)


def same_venue(a: Venue, b: Venue) -> bool:
    same_name = bool(name_key(a.name)) and name_key(a.name) == name_key(b.name)
    if not same_name and not names_similar(a.name, b.name):
        return False
    street_a, street_b = street_key(a.address), street_key(b.address)
    if street_a is not None and street_b is not None:
        return street_a == street_b
    postcode_a, postcode_b = _postcode(a), _postcode(b)
    same_postcode = postcode_a is not None and postcode_a == postcode_b
    if a.lat is None or a.lng is None or b.lat is None or b.lng is None:
        return same_name
    metres = distance_m(a.lat, a.lng, b.lat, b.lng)
    if same_name:
        return metres <= SAME_NAME_RADIUS_M or (same_postcode and _unique_name(a, b))
    return metres <= (SAME_NAME_RADIUS_M if same_postcode else SIMILAR_NAME_RADIUS_M)


def dedupe(venues: Sequence[Venue]) -> list[Venue]:
    """The first listing of each venue, in input order, carrying every source's price signal
    (the first listing's level wins for a source named twice) and the ids merged into it."""
    kept: list[Venue] = []
    for venue in venues:
        for i, first in enumerate(kept):
            if same_venue(first, venue):
                kept[i] = replace(
                    first,
                    price_signals={**venue.price_signals, **first.price_signals},
                    merged_ids=(*first.merged_ids, venue.id),
                )
                break
        else:
            kept.append(venue)
    return kept
