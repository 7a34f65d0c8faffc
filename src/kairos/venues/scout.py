"""Scout (seed 002 §2): candidates from every discovery provider, de-duplicated, made safe for
the whole group, with their facts and history attached, capped at 10.

1. Every configured provider is asked concurrently (offline: the catalog; hosted: Google Places,
   Yelp Fusion, whose venues are catalog places or left out and counted) with the activity's
   kinds, the place, the group's hard allergen set (SQL) and, when members share where they
   are, a radius around their fair meeting point. One failing is reported in its status
   (`error: <code>`) and the others are used.
2. De-duplication across providers: the same venue by name and distance (`same_venue`).
3. The one safety step (`pipeline.safety.guard_places`) with the group's profile: a venue known
   to contain any member's anaphylactic allergen is excluded, and said so; a venue that stays
   names the members at risk (`free_from.py`: one listing gluten-free food stays for a coeliac).
4. Fitting to the outing (`fit.py`): closed venues, counters for a sit-down meal, venues not
   good for a large group, pricier ones after "make it cheaper", loud ones after "quieter".
5. Facts (price signals: the catalog's sources and the hosted providers' live levels; check-ins,
   inspections, attributes) and past risk events are read for the survivors; with member
   locations the list is ordered by the longest member trip.

Every venue found and left out on the way is in `ScoutResult.excluded` with its reason and the
member (`leftout.py`): those the SQL hard filter kept out are found again by the same search
without it, and checked by the same safety step, so the plan can list them. A city the
catalogue does not hold is said (`where.py`), and nothing is searched in its place.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import Final

from kairos.core.allergens import asked_allergens
from kairos.core.place_kinds import FOOD_KINDS, SERVING_KINDS, restates_kinds
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.models import SearchHit, SearchResult
from kairos.store.places import PlacesRepository
from kairos.store.plans import PlanStore
from kairos.venues.allergy import venue_check
from kairos.venues.alternatives import with_alternatives
from kairos.venues.closed_by_reviews import open_by_reviews
from kairos.venues.commander import Intent, quiet_feature
from kairos.venues.cost import TIERS, budget_tiers
from kairos.venues.discovery import Discovered, DiscoveryProvider, DiscoveryQuery
from kairos.venues.dish_evidence import lesser_diets, shown_by_dishes
from kairos.venues.facts import RawFacts, read_facts, venue_attributes
from kairos.venues.fit import ENOUGH, fit
from kairos.venues.followups import price_ceiling
from kairos.venues.food_in_reviews import food_in_reviews
from kairos.venues.free_from import guard_free_said, hard_sets
from kairos.venues.group import GroupProfile, diet_risks
from kairos.venues.leftout import by_allergy
from kairos.venues.meeting import distances, meeting_point, worst_and_total
from kairos.venues.metro import greater_london_towns
from kairos.venues.occasion import NICE_TIERS, asks_for_nice, must_diets
from kairos.venues.occasion_cap import capped, unfit_for_the_occasion
from kairos.venues.rounds import FEATURED_ENOUGH, Rounds, extend, holding
from kairos.venues.schemas import MemberLocation
from kairos.venues.scout_leftout import left_out_for_diets, left_out_in_sql, sit_down_count
from kairos.venues.scout_query import (
    AREA_RADIUS_KM,
    area_title,
    plain,
    radius_around,
    search_filters,
    widened_note,
    with_filters,
    without,
)
from kairos.venues.scouted import (
    PER_PROVIDER,
    Candidate,
    ScoutResult,
    chains_of,
    pool,
    same_venue,
)
from kairos.venues.where import in_one_city, named_centre

__all__ = [  # what the scout hands on is `scouted.py`'s, named here for its callers
    "AREA_RADIUS_KM",
    "CAP",
    "Candidate",
    "Scout",
    "ScoutResult",
    "in_one_city",
    "same_venue",
]

CAP: Final = 10
CATEGORY_ENOUGH: Final = 3
"""A city holding fewer venues of the kind than this is widened where it can be (`metro.py`)."""


class Scout:
    def __init__(
        self,
        providers: Sequence[DiscoveryProvider],
        places: PlacesRepository,
        plans: PlanStore,
        *,
        nothing_matches: Callable[[SearchFilters], Awaitable[SearchResult | None]],
    ) -> None:
        """`nothing_matches`: the engine's check that no catalog place passes a filter
        (`HybridSearch.nothing_matches`); hosted venues are catalog places or left out."""
        self.providers = list(providers)
        self.rounds = Rounds(self.providers)
        self.catalog_rounds = Rounds([p for p in self.providers if not p.needs_key])
        """The left-out rounds ask the catalog alone: hosted providers apply no SQL hard filter
        or diet (their venues are guarded as found), and each call to them is paid."""
        self.nothing_matches = nothing_matches
        self.places = places
        self.plans = plans
        self.name_listings: Mapping[str, int] | None = None
        """Catalog places per name, set by the product for each catalog generation
        (`PlacesRepository.name_listings`)."""
        self.area_centres: Mapping[str, tuple[float, float]] = {}
        """Each area's centre (`Catalog.area_centres`), set by the product likewise."""

    async def _greater_london(
        self,
        found: Discovered,
        query: DiscoveryQuery,
        features: Sequence[str],
        usable: Callable[[Sequence[SearchHit]], Awaitable[int]] | None,
    ) -> str | None:
        """London itself holding too few venues of the kind: those of the Greater London towns
        holding most of them, after London's (`metro.py`); what was looked at, in words."""
        city = (query.filters.city or "").lower()
        if city != "london" or len(found.hits) >= CATEGORY_ENOUGH:
            return None
        towns = await greater_london_towns(
            self.places.db, query.filters.kinds, query.filters.categories
        )
        answers = await asyncio.gather(
            *(
                self.rounds.discover_featured(with_filters(query, city=t), features, usable)
                for t in towns
            )
        )
        for more, _, _ in answers:
            extend(found, more)
        if not towns:
            return None
        return f"in London and Greater London ({', '.join(towns)}: listed under their towns)"

    async def find(
        self, intent: Intent, group: GroupProfile, members: Sequence[MemberLocation]
    ) -> ScoutResult:
        """`_find`; when the categories asked leave fewer than three safe venues, the nearest
        safe venues of other kinds after them, each an alternative (`alternatives.py`)."""
        found = await self._find(intent, group, members)
        again = partial(self._find, group=group, members=members)
        lookup = partial(food_in_reviews, self.places.db)
        return await with_alternatives(again, intent, found, lookup)

    async def _find(
        self, intent: Intent, group: GroupProfile, members: Sequence[MemberLocation]
    ) -> ScoutResult:
        exclude = list(intent.reading.allergens)
        every, hard = hard_sets(group.profile, exclude)  # SQL's: without a coeliac's gluten
        point = meeting_point(members)
        filters = search_filters(
            intent, hard, point, radius_around(members, point) if point else None
        )
        reading = intent.reading
        unknown = reading.unknown_place
        if unknown and not (filters.city or filters.area or point or intent.location):
            # a place the catalogue does not hold: said, never replaced by another city
            return ScoutResult(
                candidates=[], excluded=[], found=0, duplicates=0, meeting=None,
                filters=filters, providers={}, unknown_city=unknown,
            )  # fmt: skip
        if not (filters.city or filters.area or filters.near or point or intent.location) and not (
            reading.near_user
        ):
            # no place named and nobody located: asked, never guessed (a casual ask was planned
            # in whichever city held most matches, a $$$$ dinner theatre first)
            return ScoutResult(
                candidates=[], excluded=[], found=0, duplicates=0, meeting=None,
                filters=filters, providers={}, no_city=True,
            )  # fmt: skip
        around = None
        centre = self.area_centres.get(filters.area.lower()) if filters.area else None
        placed_from = ""
        if filters.area and centre is None:
            # an area no place is listed under: placed from the addresses that name it
            named = await named_centre(self.places.db, filters.area, reading.area_city)
            if named:
                centre = named[:2]
                placed_from = f" (placed from {named[2]} addresses naming it)"
        if filters.area and centre:
            filters = filters.model_copy(
                update={
                    "area": None,
                    "city": None,
                    "near": GeoPoint(lat=centre[0], lng=centre[1]),
                    "radius_km": AREA_RADIUS_KM,
                }
            )
            around = f"within {AREA_RADIUS_KM:g} km of {area_title(intent)}{placed_from}"
        # the full-text arm: the activity, the categories, and words nothing else claimed
        # (a venue's name, "basketball court"); the vector arm reads the whole request
        words = " ".join(
            dict.fromkeys((*intent.activity_words, *reading.categories, *reading.leftover))
        )
        semantic = " ".join(x for x in (intent.prompt, intent.vibe or "") if x)
        asked = asked_allergens(plain(f"{semantic} {words}"), hard)
        if asked:
            semantic, words = without(semantic, asked), without(words, asked)
        query = DiscoveryQuery(
            text=semantic, words=words or semantic, filters=filters, limit=pool(hard, group)
        )
        # the features asked, and, where the venues serve food, the members' diets
        food = bool(filters.kinds) and set(filters.kinds) <= FOOD_KINDS
        diets = group.diet_traits() if food else []
        features = list(dict.fromkeys([*intent.features, *diets]))
        usable = partial(sit_down_count, self.places) if intent.outing else None
        discovered, status, met = await self.rounds.discover_featured(query, features, usable)
        if quiet_feature(intent.asked.changes, intent.vibe, reading.vibes):
            # those listed as quiet first, the others after (`quiet_feature`)
            quiet, _ = await self.rounds.discover(holding(query, ["quiet", *features]))
            extend(quiet, discovered)
            discovered = quiet
        # "cafe" asks for the kind itself: restaurants that are cafés too fill in, as for
        # "coffee"; when too few of the kind show the features the request asks ("rooftop
        # drinks": Boston's rooftops are restaurants that are bars too), those are looked for
        # among restaurants; a member's diet alone does not send it there
        short = bool(intent.features) and not met
        if (len(discovered.hits) < CAP or short) and restates_kinds(
            filters.categories, filters.kinds
        ):
            await self.rounds.fill_with_restaurants(discovered, query, features, met)
        ceiling = price_ceiling(intent) or 0
        priced = bool(filters.kinds) and set(filters.kinds) <= SERVING_KINDS
        within = list(TIERS[:ceiling]) if ceiling >= 1 else None
        within = within or (budget_tiers(intent.budget) if priced else None)
        within = within or (list(NICE_TIERS) if priced and asks_for_nice(intent.said) else None)
        if within:
            # "make it cheaper", a cheap budget, an amount a head or "upscale": the venues priced
            # within it are searched for first (the request's own search ranks them anywhere,
            # or not at all), the rest after
            cheap_query = with_filters(query, price_tiers=within)
            cheap, _, _ = await self.rounds.discover_featured(cheap_query, features, usable)
            extend(cheap, discovered)
            discovered = cheap
        around = await self._greater_london(discovered, query, features, usable) or around
        searched = query
        broadened = None
        missing_kinds: list[str] = []
        city = intent.reading.area_city
        widened: str | None = None
        if len(discovered.hits) < CATEGORY_ENOUGH and (filters.area or around) and city:
            # nothing (or too little) under the area's name or near its centre: the city it is
            # in, searched as the city itself would be, after the area's own venues, and said
            wider = filters.model_copy(
                update={"area": None, "near": None, "radius_km": None, "city": city}
            )
            in_city = dataclasses.replace(query, filters=wider)
            more, city_status, city_met = await self.rounds.discover_featured(
                in_city, features, usable
            )
            if len(more.hits) < CAP and restates_kinds(wider.categories, wider.kinds):
                await self.rounds.fill_with_restaurants(more, in_city, features, city_met)
            towns = await self._greater_london(more, in_city, features, usable)
            if any(h.place.id not in {d.place.id for d in discovered.hits} for h in more.hits):
                area = area_title(intent)
                placed = around is not None and around.startswith("within")
                missed = f"nothing {around}" if placed else f"none listed in {area}"
                widened = widened_note(area, city, len(discovered.hits), placed=placed)
                if not discovered.hits:
                    status, met = city_status, city_met
                extend(discovered, more)
                searched, filters = in_city, wider
                broadened = f"{missed}: all of {city.title()}"
                around = towns
        all_unsafe = False
        instead: list[str] = []
        if not discovered.hits and hard and filters.categories:
            unsafe = filters.model_copy(update={"exclude_allergens": []})
            all_unsafe = await self.nothing_matches(unsafe) is None
            if all_unsafe:  # every one holds the allergen: the kind's other venues instead
                other = with_filters(searched, categories=[])
                other = dataclasses.replace(
                    other,
                    words=without(other.words, dict.fromkeys(filters.categories)) or other.text,
                )
                tiered = with_filters(other, price_tiers=within) if within else other
                discovered, status, met = await self.rounds.discover_featured(
                    tiered, features, usable
                )
                if within:  # the budget's (or a nice outing's) tiers first, then the rest
                    rest = await self.rounds.discover_featured(other, features, usable)
                    extend(discovered, rest[0])
                if discovered.hits:
                    instead = list(filters.categories)
        if not discovered.hits and filters.kinds and not all_unsafe:
            # nothing of that kind here: once, any kind of place that matches the words; for
            # food or drink, any place that serves some (a museum is no place for drinks)
            wider = filters.model_copy(update={"kinds": sorted(SERVING_KINDS) if food else []})
            discovered, status = await self.rounds.discover(
                DiscoveryQuery(text=semantic, words=query.words, filters=wider, limit=PER_PROVIDER)
            )
            if discovered.hits:
                filters, broadened = wider, f"no {'/'.join(query.filters.kinds)} found: any kind"
                missing_kinds = list(query.filters.kinds)
        hits = discovered.hits
        unique: list[SearchHit] = []
        for hit in hits:
            if not any(same_venue(hit, kept, self.name_listings) for kept in unique):
                unique.append(hit)
        records = await self.places.records_at([(h.place.id, h.version or "") for h in unique])
        musts = must_diets(group, intent.said)  # a member's diet shown by dishes named
        records = shown_by_dishes(records, lesser_diets(group, musts, reading.dietary))
        by_id = {h.place.id: h for h in unique}
        ordered = [records[h.place.id] for h in unique if h.place.id in records]
        guarded = await guard_free_said(self.places, ordered, group.profile, exclude)
        kept = [*guarded.safe, *guarded.flagged]
        kept.sort(key=lambda g: ordered.index(g.item))
        seen = {h.place.id for h in hits}
        out = with_filters(searched, exclude_allergens=every)  # the allergens, then the diets
        extra = await asyncio.gather(
            *(
                [left_out_in_sql(self.catalog_rounds, self.places, out, seen, group, exclude)]
                if every
                else []
            ),
            *([left_out_for_diets(self.catalog_rounds, out, seen, group)] if diets and met else []),
        )
        excluded = by_allergy(guarded.excluded, group) + [e for more in extra for e in more]
        candidates = [
            Candidate(
                venue_id=f"kp_{g.item.place.id}",
                hit=by_id[g.item.place.id],
                record=g.item,
                assessment=g.assessment,
                allergy=venue_check(g.assessment, group),
                facts=RawFacts(),
            )
            for g in kept
        ]
        if members:
            for c in candidates:
                p = c.record.place
                if p.lat is not None and p.lng is not None:
                    c.distances = distances(members, p.lat, p.lng)
            located = [c for c in candidates if c.distances]
            located.sort(key=lambda c: worst_and_total(c.distances))
            candidates = located + [c for c in candidates if not c.distances]
        if features:  # the venues showing the most features asked first, each group in order
            candidates.sort(key=lambda c: -len(set(features) & set(c.record.place.traits)))
        attributes = await venue_attributes(self.places.db, [c.place_id for c in candidates])
        candidates, said_closed = await open_by_reviews(self.places.db, candidates)
        excluded += said_closed
        dieting = any(m.diets for m in group.members)
        fitted = fit(
            candidates, attributes, intent, musts, keep=len(group.members) + ENOUGH,
            meets_diets=(lambda c: not diet_risks(group, c.record.place.kind,
                         c.record.place.traits, c.record.place.categories,
                         c.record.place.name)) if dieting else None,
        )  # fmt: skip
        candidates, excluded = fitted.candidates, excluded + fitted.excluded
        one_city = None
        if not (filters.city or filters.area or filters.near or point):
            candidates, one_city = in_one_city(candidates)
        unfit = unfit_for_the_occasion(candidates, attributes, intent, fitted, self.name_listings)
        candidates = capped(candidates, CAP, features, group, fitted.kept_after, musts, unfit)
        featured = sum(set(features) <= set(c.record.place.traits) for c in candidates)
        ids = [c.place_id for c in candidates]
        facts, risks = await asyncio.gather(
            read_facts(
                self.places.db, ids, live_prices=discovered.price_signals, attributes=attributes
            ),
            self.plans.risk_events(ids),
        )
        for c in candidates:
            c.facts = facts.get(c.place_id, RawFacts())
            c.past_risks = risks.get(c.place_id, [])
        return ScoutResult(
            candidates=candidates,
            excluded=excluded,
            found=len(hits),
            duplicates=len(hits) - len(unique),
            closed_left_out=fitted.closed,
            closed_by_reviews=len(said_closed),
            meeting=point,
            filters=filters,
            providers=status,
            broadened=broadened,
            missing_kinds=missing_kinds,
            around=around,
            hard_excluded=list(guarded.hard_excluded_allergens),
            left_out_words=asked,
            all_unsafe=all_unsafe,
            instead=instead,
            features=features,
            features_short=[] if featured >= FEATURED_ENOUGH else list(features),
            featured=featured,
            featured_ids=[
                c.venue_id for c in candidates if set(features) <= set(c.record.place.traits)
            ],
            one_city=one_city,
            notes=[*([widened] if widened else []), *fitted.notes],
            counter_kept=fitted.counter_kept,
            chains=chains_of(candidates, self.name_listings),
        )
