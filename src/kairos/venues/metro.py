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
from collections.abc import Sequence
from typing import Final

from kairos.ingest.locality import in_greater_london, postcode_district
from kairos.store.database import Database

__all__ = ["METRO_TOWNS", "greater_london_towns"]

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
    """The Greater London towns (by postcode) holding most places of `kinds` and `categories`,
    at most `METRO_TOWNS`, most first."""
    rows = await db.fetch(
        _TOWNS,
        {"kinds": list(kinds), "categories": [c.lower() for c in categories]},
    )
    counts: Counter[str] = Counter()
    for row in rows:
        district = postcode_district(row["address"])
        if district is not None and in_greater_london(district):
            counts[str(row["city"])] += 1
    return [town for town, _ in counts.most_common(METRO_TOWNS)]
