"""Greater London for a London plan (issue 38, item 1).

The restaurant catalogue files a Greater London place under its own town when its postcode is
an outer district (`ingest/locality.py`: Southall UB1 is Ealing, Twickenham TW1 is Twickenham),
and those places carry no coordinates, so neither "London" nor a distance from its centre finds
them: a London request for Indian food found nothing while Southall's were in the catalogue.
When London itself holds fewer than `ENOUGH` venues of the kind asked, the plan looks in the
Greater London towns (read from each place's postcode) holding most of them, and says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from kairos.ingest.locality import in_greater_london, in_london_post_town, postcode_district
from kairos.store.database import Database

__all__ = ["METRO_TOWNS", "greater_london_towns", "towns_of"]

METRO_TOWNS: Final = 3
"""How many Greater London towns a London plan looks in beside London itself."""
_TOWNS = (
    "SELECT city, address FROM places WHERE is_active AND country = 'GB' AND city IS NOT NULL "
    "AND lower(city) <> 'london' AND address IS NOT NULL "
    "AND (CAST(:kinds AS text[]) = '{}' OR kind = ANY(CAST(:kinds AS text[]))) "
    "AND (CAST(:categories AS text[]) = '{}' OR EXISTS (SELECT 1 FROM unnest(categories) AS c "
    "WHERE lower(c) = ANY(CAST(:categories AS text[]))))"
)


async def greater_london_towns(
    db: Database, kinds: Sequence[str], categories: Sequence[str]
) -> list[str]:
    """The Greater London towns (by postcode) holding places of `kinds` and `categories`, at
    most `METRO_TOWNS`, in the order `towns_of` gives."""
    rows = await db.fetch(
        _TOWNS,
        {"kinds": list(kinds), "categories": [c.lower() for c in categories]},
    )
    return towns_of((str(row["city"]), row["address"]) for row in rows)


def towns_of(places: Iterable[tuple[str, str | None]]) -> list[str]:
    """Of (town, address) pairs, the Greater London towns to look in: those with a place in a
    London post-town district first (Ealing W5 before Hayes UB3 and Twickenham TW1, nearer
    the city named), then those holding most places, then by name (the database's row order
    chose among equal counts, so a London plan looked in different towns from one start to
    the next)."""
    counts: Counter[str] = Counter()
    inner: set[str] = set()
    for town, address in places:
        district = postcode_district(address)
        if district is not None and in_greater_london(district):
            counts[town] += 1
            if in_london_post_town(district):
                inner.add(town)
    ordered = sorted(counts, key=lambda town: (town not in inner, -counts[town], town))
    return ordered[:METRO_TOWNS]
