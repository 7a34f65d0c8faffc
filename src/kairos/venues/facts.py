"""What the cost analyst and the critic read about the scout's candidates, all at once: each
source's price level (the catalog's stored sources, plus the levels hosted discovery read live,
under the provider's name: `google_places`, `yelp_fusion`), check-ins by weekday and hour,
inspections newest first (`store/venue_facts.py`), and the source attributes that say whether a
venue takes groups, is open, serves at tables and how loud it is."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import text

from kairos.store.database import Database
from kairos.store.venue_facts import Checkins, Inspection, VenueFacts
from kairos.venues.critic import severe_record
from kairos.venues.delivery_led import delivery_said
from kairos.venues.meal_served import listed_meals
from kairos.venues.sibling_service import counter_by_siblings, like_prefixes

__all__ = ["Attributes", "RawFacts", "early_meal", "read_facts", "venue_attributes"]

_ATTRIBUTES = text(
    "SELECT id, name, attributes -> 'RestaurantsGoodForGroups' AS groups, "
    "attributes -> 'Good For Groups' AS groups_2015, attributes -> 'open' AS open, "
    "attributes -> 'RestaurantsTableService' AS table_service, "
    "attributes -> 'Waiter Service' AS waiters, attributes -> 'Order at Counter' AS counter, "
    "coalesce(attributes -> 'RestaurantsReservations', attributes -> 'Takes Reservations') "
    "AS reservations, attributes -> 'service_options' -> 'dine_in' AS dine_in, "
    "coalesce(attributes -> 'NoiseLevel', attributes -> 'Noise Level') AS noise, "
    "coalesce(attributes -> 'GoodForMeal', attributes -> 'Good For') AS meals "
    "FROM places WHERE id = ANY(CAST(:ids AS bigint[]))"
)
_SIBLINGS = text(
    "SELECT id, name, attributes -> 'RestaurantsTableService' AS table_service, "
    "attributes -> 'Waiter Service' AS waiters, attributes -> 'Order at Counter' AS counter, "
    "coalesce(attributes -> 'RestaurantsReservations', attributes -> 'Takes Reservations') "
    "AS reservations, attributes -> 'service_options' -> 'dine_in' AS dine_in "
    "FROM places WHERE lower(name) LIKE ANY(CAST(:prefixes AS text[]))"
)
"""Listings whose name starts as a venue's does: its chain's siblings (`sibling_service`)."""


@dataclass
class RawFacts:
    price_signals: dict[str, int] = field(default_factory=dict)
    price_floor: int | None = None
    """The bottom level of a range a source priced it at (`VenueFacts.price_floors`)."""
    checkins: Checkins = field(default_factory=dict)
    inspections: list[Inspection] = field(default_factory=list)
    good_for_groups: bool | None = None
    closed: bool = False
    noise: str | None = None
    """The source's noise level (`Attributes.noise`): a quiet one leads "quieter"."""
    table_service: bool | None = None
    """Whether its source says it serves at tables (`Attributes.table_service`)."""
    early_meal: bool | None = None
    """Whether its source lists it for brunch or breakfast (`early_meal`)."""
    meals: frozenset[str] | None = None
    """The meals its source lists it as good for (`meal_served.listed_meals`)."""


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def _first_known(*values: Any) -> bool | None:
    return next((t for v in values if (t := _truth(v)) is not None), None)


@dataclass(frozen=True, slots=True)
class Attributes:
    """What a venue's sources say of it that the plan's fit depends on; None: nobody says."""

    good_for_groups: bool | None = None
    closed: bool = False
    table_service: bool | None = None
    """Waiters or reservations (True), ordering at a counter (False): a sit-down meal needs
    the first."""
    noise: str | None = None
    """The source's noise level: quiet, average, loud, very_loud."""
    severe_record: bool = False
    """Severe health-code violations at its latest inspections (`critic.severe_record`)."""
    early_meal: bool | None = None
    """Whether its source lists it for brunch or breakfast (`early_meal`)."""
    meals: frozenset[str] | None = None
    """The meals its source lists it as good for (`meal_served.listed_meals`)."""
    reservations: bool | None = None
    """Whether its source says it takes reservations: a large party books its table."""
    delivery_said: str | None = None
    """Why its reviews show a kitchen ordered from, not sat in (`delivery_led`)."""


def early_meal(value: Any) -> bool | None:
    """What a source's meals-it-is-good-for (Yelp's GoodForMeal, or the 2015 "Good For", a
    mapping or its text) say of brunch or breakfast: True when either is listed, False when
    other meals are and neither is, None when no meal is listed (many sources write every
    meal false: that says nothing)."""
    listed = listed_meals(value)
    if listed is None:
        return None
    return bool(listed & {"brunch", "breakfast"})


def _noise(value: Any) -> str | None:
    text = str(value).strip().lower().removeprefix("u").strip("'\"") if value else ""
    return text or None


def _tables(r: Any) -> bool | None:
    """What a listing says of table service: waiters or reservations or dining in (True), an
    order taken at the counter (False), or nothing (None)."""
    table = _first_known(r.table_service, r.waiters)
    if table is None and (_truth(r.reservations) or _truth(r.dine_in)):
        table = True
    if table is None and _truth(r.counter):
        table = False
    return table


async def _attributes(db: Database, ids: Sequence[int]) -> dict[int, Attributes]:
    async with db.reading() as session:
        rows = (await session.execute(_ATTRIBUTES, {"ids": list(ids)})).all()
    inspected = await VenueFacts(db).inspections(place_ids=ids)
    tables = {r.id: _tables(r) for r in rows}
    unsaid = {r.id: str(r.name) for r in rows if tables[r.id] is None and r.name}
    if unsaid:  # a chain's branch its own listing says nothing of: what its siblings say
        async with db.reading() as session:
            prefixes = like_prefixes(unsaid.values())
            others = (await session.execute(_SIBLINGS, {"prefixes": prefixes})).all()
        said = [(o.id, str(o.name), _tables(o)) for o in others]
        for i, name in unsaid.items():
            if counter_by_siblings(name, i, said):
                tables[i] = False
    found = {}
    for r in rows:
        found[r.id] = Attributes(
            good_for_groups=_truth(r.groups) if r.groups is not None else _truth(r.groups_2015),
            closed=_truth(r.open) is False,
            table_service=tables[r.id],
            noise=_noise(r.noise),
            severe_record=severe_record(inspected.get(r.id, [])),
            early_meal=early_meal(r.meals),
            meals=listed_meals(r.meals),
            reservations=_truth(r.reservations),
        )
    return found


async def venue_attributes(db: Database, ids: Sequence[int]) -> dict[int, Attributes]:
    """What the sources say of each place taking groups, being open, serving at tables and
    its noise, read once per plan: the scout fits the outing with it, and `read_facts` takes
    it as it is."""
    if not ids:
        return {}
    found, delivered = await asyncio.gather(_attributes(db, ids), delivery_said(db, ids))
    for i, why in delivered.items():
        found[i] = replace(found.get(i, Attributes()), delivery_said=why)
    return found


async def read_facts(
    db: Database,
    place_ids: Sequence[int],
    *,
    live_prices: Mapping[int, Mapping[str, int]] | None = None,
    attributes: Mapping[int, Attributes] | None = None,
) -> dict[int, RawFacts]:
    """`live_prices`: place id → {provider: level 1–4} from hosted discovery, added to the
    stored sources' levels (a source name in both: the live level); `attributes`: what
    `venue_attributes` already read for these places (else read here)."""
    if not place_ids:
        return {}
    store = VenueFacts(db)

    async def read_attributes() -> Mapping[int, Attributes]:
        return attributes if attributes is not None else await _attributes(db, place_ids)

    prices, floors, checkins, inspections, read = await asyncio.gather(
        store.price_signals(place_ids=place_ids),
        store.price_floors(place_ids=place_ids),
        store.checkins(place_ids=place_ids),
        store.inspections(place_ids=place_ids),
        read_attributes(),
    )
    return {
        i: RawFacts(
            price_signals={**prices.get(i, {}), **(live_prices or {}).get(i, {})},
            price_floor=floors.get(i),
            checkins=checkins.get(i, {}),
            inspections=inspections.get(i, []),
            good_for_groups=read.get(i, Attributes()).good_for_groups,
            closed=read.get(i, Attributes()).closed,
            noise=read.get(i, Attributes()).noise,
            table_service=read.get(i, Attributes()).table_service,
            early_meal=read.get(i, Attributes()).early_meal,
            meals=read.get(i, Attributes()).meals,
        )
        for i in place_ids
    }
