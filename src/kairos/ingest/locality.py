"""Where a place really is, from its own address, when the source files it under a bigger name.

TripAdvisor's London scrape files every place "in/around Greater London" under London — Windsor,
Egham and Rickmansworth included — so "restaurants in London" found places 30 km away. The
source's own ranking town ("#11 of 131 Restaurants in Twickenham") and the UK postcode say where
a place is; `london_locality` says which city that is. `in_greater_london` is kept for callers
that want the wider area.

Greater London is approximated by postcode districts (documented here, checked against the
London boroughs): every district of the London post town (E, EC, N, NW, SE, SW, W, WC), and the
outer districts whose towns are London boroughs' — BR1-7, CR0/2/4/5/7/8, DA5-8 and 14-18, EN1-5,
HA0-9, IG1-6/8/9/11, KT1-6/9, RM1-3/5-14, SM1-6, TW1-14, UB1-8/10/11. Surrey, Kent, Essex,
Hertfordshire and Berkshire districts (TW15-20, KT7+, SL, WD…) are outside.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["LONDON_SOURCE", "london_locality", "postcode_district", "ranking_town"]

LONDON_SOURCE = "tripadvisor_london"
_RANKING_TOWN = re.compile(r"Restaurants in (.+)$")


def ranking_town(attributes: dict[str, object] | None) -> str | None:
    """ "#11 of 131 Restaurants in Twickenham" → "Twickenham"."""
    ranking = (attributes or {}).get("ranking")
    match = _RANKING_TOWN.search(ranking) if isinstance(ranking, str) else None
    return match.group(1).strip() if match else None


_POSTCODE = re.compile(r"\b([A-Z]{1,2})(\d{1,2}[A-Z]?) ?\d[A-Z]{2}\b")
_LONDON_AREAS: Final = frozenset({"E", "EC", "N", "NW", "SE", "SW", "W", "WC"})


def _numbers(text: str) -> frozenset[int]:
    found: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        found.update(range(int(lo), int(hi or lo) + 1))
    return frozenset(found)


_OUTER_LONDON: Final[dict[str, frozenset[int]]] = {
    "BR": _numbers("1-7"),
    "CR": _numbers("0,2,4,5,7,8"),
    "DA": _numbers("5-8,14-18"),
    "EN": _numbers("1-5"),
    "HA": _numbers("0-9"),
    "IG": _numbers("1-6,8,9,11"),
    "KT": _numbers("1-6,9"),
    "RM": _numbers("1-3,5-14"),
    "SM": _numbers("1-6"),
    "TW": _numbers("1-14"),
    "UB": _numbers("1-8,10,11"),
}


def postcode_district(address: str | None) -> tuple[str, int] | None:
    """("TW", 20) for "… Egham TW20 0AB …"; None when the address has no UK postcode."""
    if not address:
        return None
    matches = list(_POSTCODE.finditer(address.upper()))
    if not matches:
        return None
    area, district = matches[-1].group(1), matches[-1].group(2)
    return area, int(re.sub(r"\D", "", district))


def in_london_post_town(district: tuple[str, int]) -> bool:
    """A London post-town district (E, EC, N, NW, SE, SW, W, WC): inner, not an outer town's."""
    return district[0] in _LONDON_AREAS


def in_greater_london(district: tuple[str, int]) -> bool:
    area, number = district
    return area in _LONDON_AREAS or number in _OUTER_LONDON.get(area, frozenset())


def london_locality(address: str | None, town: str | None) -> tuple[str | None, str | None]:
    """(city, area) of a place the source filed under London: `town` is the town the source
    names for it ("Restaurants in Twickenham"), if any.

    A city means the city. The source's own ranking town comes first: it is what the place
    is listed under ("#1 of 116 Restaurants in Richmond" for a Sheen SW14 address), so asking
    for Richmond finds it and asking for London does not. Without one, a London post-town
    district (E, EC, N, NW, SE, SW, W, WC) is London, with the suburb its address names as the
    area ("Colindale NW9"), and any other postcode names its own town (Windsor, Egham)."""
    town = town.strip() if town else None
    if town:
        return ("London" if town.lower() == "london" else town), None
    district = postcode_district(address)
    if district is not None and district[0] in _LONDON_AREAS:
        suburb = _town_before_postcode(address)  # "Colindale NW9": London, and the suburb
        return "London", (suburb if suburb and suburb.lower() != "london" else None)
    return (_town_before_postcode(address) if district else None) or "London", None


def _town_before_postcode(address: str | None) -> str | None:
    """ "6 High Street, Windsor SL4 1LD England" → "Windsor"."""
    if not address:
        return None
    match = re.search(r"([A-Z][A-Za-z' -]+?)\s+[A-Z]{1,2}\d{1,2}[A-Z]? ?\d[A-Z]{2}", address)
    if match is None:
        return None
    return match.group(1).split(",")[-1].strip() or None
