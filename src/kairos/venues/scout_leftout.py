"""What the scout's hard filters kept out of a search, found again to be listed with why
(moved out of `scout.py`), and how many venues found may serve a sit-down meal."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.search.models import SearchHit
from kairos.store.places import PlacesRepository
from kairos.venues.discovery import DiscoveryQuery
from kairos.venues.facts import venue_attributes
from kairos.venues.free_from import guard_free_said
from kairos.venues.group import GroupProfile
from kairos.venues.leftout import by_allergy, by_diet
from kairos.venues.outing import service
from kairos.venues.rounds import Rounds
from kairos.venues.schemas import ExcludedVenue
from kairos.venues.scout_query import with_filters

__all__ = ["left_out_for_diets", "left_out_in_sql", "sit_down_count"]


async def left_out_in_sql(
    rounds: Rounds,
    places: PlacesRepository,
    query: DiscoveryQuery,
    seen: set[int],
    group: GroupProfile,
    exclude: list[str],
) -> list[ExcludedVenue]:
    """The venues the SQL hard filter kept out of `query`: the same search without it,
    checked by the same safety step (which excludes them again, with the reason)."""
    if not rounds.providers:
        return []
    unfiltered, _ = await rounds.discover(with_filters(query, exclude_allergens=[]))
    hits = [h for h in unfiltered.hits if h.place.id not in seen]
    if not hits:
        return []
    records = await places.records_at([(h.place.id, h.version or "") for h in hits])
    ordered = [records[h.place.id] for h in hits if h.place.id in records]
    guarded = await guard_free_said(places, ordered, group.profile, exclude)
    return by_allergy(list(guarded.excluded), group)


async def left_out_for_diets(
    rounds: Rounds, query: DiscoveryQuery, seen: set[int], group: GroupProfile
) -> list[ExcludedVenue]:
    """The venues the members' diets narrowed the search away from: found without them."""
    if not rounds.providers:
        return []
    wider, _ = await rounds.discover(query)
    return [by_diet(h.place, group) for h in wider.hits if h.place.id not in seen]


async def sit_down_count(places: PlacesRepository, hits: Sequence[SearchHit]) -> int:
    """How many of `hits` may serve a sit-down meal: open, not a counter, truck or stand."""
    attributes = await venue_attributes(places.db, [h.place.id for h in hits])
    usable = 0
    for hit in hits:
        known = attributes.get(hit.place.id)
        if known is not None and known.closed:
            continue
        usable += service(hit.place, known) not in ("counter", "street")
    return usable
