"""What the cost analyst and the critic read about the scout's candidates, all at once: each
source's price level (the catalog's stored sources, plus the levels hosted discovery read live,
under the provider's name: `google_places`, `yelp_fusion`), check-ins by weekday and hour,
inspections newest first (`store/venue_facts.py`), and the source attributes that say whether a
venue takes groups and is open."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from kairos.store.database import Database
from kairos.store.venue_facts import Checkins, Inspection, VenueFacts

__all__ = ["Attributes", "RawFacts", "read_facts", "venue_attributes"]

_ATTRIBUTES = text(
    "SELECT id, attributes -> 'RestaurantsGoodForGroups' AS groups, "
    "attributes -> 'Good For Groups' AS groups_2015, attributes -> 'open' AS open "
    "FROM places WHERE id = ANY(CAST(:ids AS bigint[]))"
)


@dataclass
class RawFacts:
    price_signals: dict[str, int] = field(default_factory=dict)
    checkins: Checkins = field(default_factory=dict)
    inspections: list[Inspection] = field(default_factory=list)
    good_for_groups: bool | None = None
    closed: bool = False


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


async def _attributes(db: Database, ids: Sequence[int]) -> Attributes:
    async with db.reading() as session:
        rows = (await session.execute(_ATTRIBUTES, {"ids": list(ids)})).all()
    return {
        r.id: (
            _truth(r.groups) if r.groups is not None else _truth(r.groups_2015),
            _truth(r.open) is False,
        )
        for r in rows
    }


Attributes = dict[int, tuple[bool | None, bool]]
"""Place id → (good for groups, if the source says; listed as closed)."""


async def venue_attributes(db: Database, ids: Sequence[int]) -> Attributes:
    """What the sources say of each place taking groups and being open, read once per plan:
    the scout leaves closed venues out with it, and `read_facts` takes it as it is."""
    return await _attributes(db, ids) if ids else {}


async def read_facts(
    db: Database,
    place_ids: Sequence[int],
    *,
    live_prices: Mapping[int, Mapping[str, int]] | None = None,
    attributes: Attributes | None = None,
) -> dict[int, RawFacts]:
    """`live_prices`: place id → {provider: level 1–4} from hosted discovery, added to the
    stored sources' levels (a source name in both: the live level); `attributes`: what
    `venue_attributes` already read for these places (else read here)."""
    if not place_ids:
        return {}
    store = VenueFacts(db)

    async def read_attributes() -> Attributes:
        return attributes if attributes is not None else await _attributes(db, place_ids)

    prices, checkins, inspections, read = await asyncio.gather(
        store.price_signals(place_ids=place_ids),
        store.checkins(place_ids=place_ids),
        store.inspections(place_ids=place_ids),
        read_attributes(),
    )
    return {
        i: RawFacts(
            price_signals={**prices.get(i, {}), **(live_prices or {}).get(i, {})},
            checkins=checkins.get(i, {}),
            inspections=inspections.get(i, []),
            good_for_groups=read.get(i, (None, False))[0],
            closed=read.get(i, (None, False))[1],
        )
        for i in place_ids
    }
