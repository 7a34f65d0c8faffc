"""Places reached by boat: an island with no land link, and the legs to and from it.

A straight line says nothing of water, and a leg to an island timed as a bus ride was a leg no
traveller could make (issue 35, panel trips half A at 2959048: t59 and t37 "Kusu Island ferry
start unrealistic, 33 min to Duxton"). A place whose name says it is an island ("Kusu Island",
"Pulau Ubin") and whose point is its own (not a postal code's or a street's centroid) is reached
by boat unless the catalogue holds `LINKED_PLACES` sights or more within `LINKED_KM` of it,
pinpointed, whose names do not say island: an island with sights of its own around it (Sentosa's
resort and aquarium) has a road or a bridge to it; one place on it (Chek Jawa on Pulau Ubin) does
not say so. A leg to or from such a place takes `CROSSING` minutes more for the boat (waiting for
it, boarding, the way to the pier), and the day says so; two such places near each other are
one boat's stops.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.models import Candidate
from kairos.trips.retrieval_rules import Row, pinpointed

__all__ = [
    "CROSSING",
    "LINKED_KM",
    "LINKED_PLACES",
    "ONE_BOAT_KM",
    "boat_note",
    "by_boat",
    "crossing",
]

CROSSING: Final = 40
"""Minutes a leg to or from a place reached by boat takes on top of the way by the mode: the
wait for a boat (they run every half hour to a few times a day), boarding and the pier."""
LINKED_KM: Final = 1.5
LINKED_PLACES: Final = 2
"""This many pinpointed sights not named an island within `LINKED_KM` of an island say it has a
land link."""
ONE_BOAT_KM: Final = 3.0
"""Two places reached by boat this close are stops of one boat: no second crossing between."""

_ISLAND: Final = re.compile(r"\b(?:islands?|isle|pulau|île|ilha|isla)\b", re.I)


def _island_named(name: str) -> bool:
    return bool(_ISLAND.search(name.replace("&amp;", "&")))


def by_boat(rows: Sequence[Row]) -> set[int]:
    """The ids of `rows` that are islands reached by boat (see the module); the other rows are
    the catalogue around them."""
    islands = [r for r in rows if r.positioned and pinpointed(r) and _island_named(r.name)]
    if not islands:
        return set()
    land = [(r.lat, r.lng) for r in rows
            if r.positioned and pinpointed(r) and not _island_named(r.name)]  # fmt: skip
    return {
        r.id for r in islands
        if sum(haversine_km(r.lat, r.lng, a, b) <= LINKED_KM for a, b in land) < LINKED_PLACES
    }  # fmt: skip


def crossing(here: bool, there: bool, km: float) -> int:
    """Minutes a leg's boats add: one crossing per end reached by boat, none between two such
    places within `ONE_BOAT_KM`."""
    if here and there and km <= ONE_BOAT_KM:
        return 0
    return CROSSING * (int(here) + int(there))


def boat_reason(c: Candidate, named: Collection[str]) -> str | None:
    """Why a place reached by boat the traveller did not name is left out of the days (a boat at
    set times and the crossings make it half a day's outing, not a stop between two others)."""
    if not c.by_boat or c.id in named:
        return None
    return (f"reached by boat: with the crossings ({CROSSING} min each way) and the boats' times "
            "it is half a day's outing; name it and Kairos plans it with the crossing")  # fmt: skip


def boat_note(names: Iterable[str]) -> str | None:
    """The day's words for its places reached by boat."""
    said = list(dict.fromkeys(names))
    if not said:
        return None
    what = " and ".join(said)
    verb = "is" if len(said) == 1 else "are"
    return (f"{what} {verb} reached by boat: the way there and back allows {CROSSING} min for "
            "each crossing; check the boats' times before you go")  # fmt: skip
