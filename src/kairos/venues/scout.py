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
   with a warning names the members at risk.
4. Facts (price signals: the catalog's sources and the hosted providers' live levels; check-ins,
   inspections, attributes) and past risk events are read for the survivors; with member
   locations the list is ordered by the longest member trip.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from kairos.core.allergens import asked_allergens
from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.geo import haversine_km
from kairos.core.place_kinds import (
    ALSO_SERVED_BY_RESTAURANTS,
    FOOD_KINDS,
    MEAL_KINDS,
    SERVING_KINDS,
    kind_categories,
    restates_kinds,
)
from kairos.core.venue_identity import Venue, name_key
from kairos.core.venue_identity import same_venue as is_same_venue
from kairos.pipeline.safety import AllergyCheck, guard_places, hard_set
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.models import SearchHit, SearchResult
from kairos.store.places import PlaceRecord, PlacesRepository
from kairos.store.plans import PlanStore, StoredRiskEvent
from kairos.text.query.vocabulary import KNOWN_AREAS
from kairos.venues.allergy import venue_check
from kairos.venues.commander import Intent
from kairos.venues.discovery import Discovered, DiscoveryProvider, DiscoveryQuery
from kairos.venues.facts import RawFacts, read_facts, venue_attributes
from kairos.venues.group import GroupProfile
from kairos.venues.meeting import distances, meeting_point, worst_and_total
from kairos.venues.schemas import MeetingPoint, MemberDistance, MemberLocation
from kairos.venues.synthesiser import SEVERE

__all__ = ["CAP", "Candidate", "Scout", "ScoutResult", "same_venue"]

logger = logging.getLogger(__name__)

CAP: Final = 10
PER_PROVIDER: Final = 16
FEATURED_ENOUGH: Final = 3
"""At least this many venues holding every feature asked (a rooftop, live music) and only they
are candidates; fewer, and they come first, the others after (said in the plan)."""
OPEN_ENOUGH: Final = 3
"""With at least this many open candidates, those their source lists as closed are left out
(and the plan says how many); fewer, and they stay, with the critic's "closed" flag."""
MIN_RADIUS_KM: Final = 2.0
AREA_RADIUS_KM: Final = 1.5
"""An area asked ("near Harvard Square", "in Back Bay") is read as this distance from its
centre: sources file a place under a neighbourhood for some places only, and the one across the
street from the square belongs to none (the planner found no café "in Harvard Square")."""
MAX_RADIUS_KM: Final = 25.0


def _venue(hit: SearchHit, listings: Mapping[str, int] | None) -> Venue:
    p = hit.place
    count = listings.get(name_key(p.name), 0) if listings is not None else None
    return Venue(id=str(p.id), name=p.name, lat=p.lat, lng=p.lng, address=p.address,
                 name_listings=count)  # fmt: skip


def _failure(exc: Exception) -> str:
    """A failure as the status shows it: the envelope's code when the provider gave one
    (`timeout`, `upstream_error`, `unauthorized`, …), else the exception's type."""
    code = getattr(exc, "code", None)
    return code if isinstance(code, str) and code else type(exc).__name__


def same_venue(a: SearchHit, b: SearchHit, listings: Mapping[str, int] | None = None) -> bool:
    """The same catalog place, or the same venue by `core.venue_identity` (name, distance and
    the catalog's street address and postcode; measured on the two Yelp releases of Boston,
    `kairos eval dedup`). `listings` counts the catalog's places per name (`name_key`): a name
    few places carry may join two listings across a postcode; without it every name is taken
    for a chain's."""
    return a.place.id == b.place.id or is_same_venue(_venue(a, listings), _venue(b, listings))


@dataclass
class Candidate:
    venue_id: str
    hit: SearchHit
    record: PlaceRecord
    assessment: AllergyAssessment
    allergy: AllergyCheck
    """The assessment as shown to every member and the planner (`venues/allergy.py`)."""
    facts: RawFacts
    past_risks: list[StoredRiskEvent] = field(default_factory=list)
    distances: list[MemberDistance] = field(default_factory=list)

    @property
    def place_id(self) -> int:
        return self.record.place.id

    @property
    def endangers(self) -> bool:
        """A member's severe or anaphylactic allergen is known or likely here."""
        return any(r.severity in SEVERE for r in self.allergy.risks)


@dataclass
class ScoutResult:
    candidates: list[Candidate]
    excluded: list[dict[str, object]]
    found: int
    duplicates: int
    meeting: MeetingPoint | None
    filters: SearchFilters
    providers: dict[str, str]
    broadened: str | None = None
    missing_kinds: list[str] = field(default_factory=list)
    """Kinds of place asked that nothing here is ("religious_site" for temples): the venues
    planned are of other kinds, which the summary says."""
    hard_excluded: list[str] = field(default_factory=list)
    """Allergens no venue shown may be known to contain (SQL and the guard)."""
    left_out_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Words of the request that ask for a hard-excluded allergen ("lobster" with shellfish
    kept out), left out of the search: searched for, they found only venues the filter then
    left out, and the plan filled with unrelated ones."""
    all_unsafe: bool = False
    """No venue came back, and the request's categories hold venues: every one of them is
    known to contain a hard-excluded allergen ("seafood" with shellfish kept out)."""
    features: list[str] = field(default_factory=list)
    """What the scout looked for: the features asked, and the members' diets at food venues."""
    features_short: list[str] = field(default_factory=list)
    """Features asked that fewer than `FEATURED_ENOUGH` venues show evidence of: venues
    without them fill the plan."""
    featured: int = 0
    """Candidates that show evidence of every feature asked."""
    around: str | None = None
    """The area asked, read as a distance from its centre ("within 1.5 km of Harvard Square")."""
    closed_left_out: int = 0
    one_city: str | None = None
    """No place named: the city the plan was kept to, the one most of the matches are in."""
    """Venues their source lists as closed, left out because enough open ones fit."""


def _filters(
    intent: Intent, hard: list[str], near: MeetingPoint | None, radius: float | None
) -> SearchFilters:
    reading = intent.reading
    city = reading.cities[0] if reading.cities else reading.area_city
    if city is None and intent.location and not reading.area:
        city = intent.location
    return SearchFilters(
        city=None if near else city,
        area=None if near else reading.area,
        kinds=list(intent.activity_kinds),
        categories=list(reading.categories),
        exclude_categories=list(reading.exclude_categories),
        exclude_allergens=hard,
        near=GeoPoint(lat=near.lat, lng=near.lng) if near else None,
        radius_km=radius,
    )


def _area_title(intent: Intent) -> str:
    area = intent.reading.area or ""
    return " ".join(w if w.isupper() else w.capitalize() for w in area.split())


def _holding(query: DiscoveryQuery, features: Sequence[str]) -> DiscoveryQuery:
    """`query` narrowed to venues that show evidence of every one of `features`."""
    traits = list(dict.fromkeys([*query.filters.traits, *features]))
    return dataclasses.replace(query, filters=query.filters.model_copy(update={"traits": traits}))


def _extend(found: Discovered, more: Discovered) -> None:
    """`more`'s hits after `found`'s (those not already there), and their price signals."""
    seen = {h.place.id for h in found.hits}
    found.hits.extend(h for h in more.hits if h.place.id not in seen)
    for place_id, signals in more.price_signals.items():
        found.price_signals.setdefault(place_id, {}).update(signals)


def _plain(text: str) -> str:
    """Lower case, without the punctuation around words."""
    return " ".join(w.lower().strip(".,;:!?\"'()") for w in text.split())


def _without(text: str, words: Mapping[str, object]) -> str:
    """`text` without `words` (compared as `_plain` reads them)."""
    return " ".join(w for w in text.split() if _plain(w) not in words)


def in_one_city(candidates: list[Candidate]) -> tuple[list[Candidate], str | None]:
    """No place named and no member located: a group meets in one city, so the plan keeps to
    the city holding most of the best `CAP` matches (the earlier match breaks a tie), when it
    has at least `OPEN_ENOUGH` of them; else every match, from wherever it is."""
    cities = [_metro(c.record.place.city) for c in candidates]
    counts = Counter(city for city in cities[:CAP] if city)
    if len(counts) < 2:
        return candidates, None
    best = max(counts, key=counts.__getitem__)  # a Counter keeps first-seen order: ties
    kept = [c for c, city in zip(candidates, cities, strict=True) if city == best]
    if len(kept) < OPEN_ENOUGH:
        return candidates, None
    return kept, best.title()


def _metro(city: str | None) -> str:
    """A neighbourhood a source gives as the city ("Dorchester") counts as its city."""
    lowered = (city or "").strip().lower()
    return KNOWN_AREAS.get(lowered) or lowered


def _radius(members: Sequence[MemberLocation], point: MeetingPoint) -> float:
    farthest = max(haversine_km(point.lat, point.lng, m.lat, m.lng) for m in members)
    return min(MAX_RADIUS_KM, max(MIN_RADIUS_KM, farthest * 1.2))


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
        self.nothing_matches = nothing_matches
        self.places = places
        self.plans = plans
        self.name_listings: Mapping[str, int] | None = None
        """Catalog places per name, set by the product for each catalog generation
        (`PlacesRepository.name_listings`)."""
        self.area_centres: Mapping[str, tuple[float, float]] = {}
        """Each area's centre (`Catalog.area_centres`), set by the product likewise."""

    async def _discover(self, query: DiscoveryQuery) -> tuple[Discovered, dict[str, str]]:
        """Every provider at once; one failing is reported, all failing raises the first error.
        The hits in provider order; each place's live price levels from every provider."""
        answers = await asyncio.gather(
            *(p.discover(query) for p in self.providers), return_exceptions=True
        )
        status: dict[str, str] = {}
        found = Discovered(hits=[])
        for provider, answer in zip(self.providers, answers, strict=True):
            if isinstance(answer, BaseException):
                if not isinstance(answer, Exception):
                    raise answer
                status[provider.name] = f"error: {_failure(answer)}"
                logger.warning("discovery provider %s failed: %s", provider.name, answer)
                continue
            status[provider.name] = "; ".join([f"ok: {len(answer.hits)}", *answer.notes])
            found.hits.extend(answer.hits)
            for place_id, signals in answer.price_signals.items():
                found.price_signals.setdefault(place_id, {}).update(signals)
        if not any(v.startswith("ok") for v in status.values()):
            raise next(a for a in answers if isinstance(a, Exception))
        return found, status

    async def _discover_featured(
        self, query: DiscoveryQuery, features: Sequence[str]
    ) -> tuple[Discovered, dict[str, str], bool]:
        """The venues holding every feature asked, when at least `FEATURED_ENOUGH` do (True);
        else those first, then the others (False). Without features, the search as it is."""
        if not features:
            found, status = await self._discover(query)
            return found, status, True
        found, status = await self._discover(_holding(query, features))
        if len(found.hits) >= FEATURED_ENOUGH:
            return found, status, True
        # then those showing one of them ("rooftop" of "rooftop with a view"), then the rest
        for asked in [
            *([_holding(query, [f]) for f in features] if len(features) > 1 else []),
            query,
        ]:
            more, status = await self._discover(asked)
            _extend(found, more)
        return found, status, False

    async def _fill_with_restaurants(
        self, found: Discovered, query: DiscoveryQuery, features: Sequence[str], met: bool
    ) -> None:
        """Too few bars (cafés, bakeries) for "drinks": restaurants whose categories make them
        one too (a tapas place that is a cocktail bar) fill in after them — those holding the
        features asked first, and, unless enough venues hold them, the others after."""
        kinds = [k for k in query.filters.kinds if k in ALSO_SERVED_BY_RESTAURANTS]
        also_set = {c for k in kinds for c in kind_categories(k)}
        also = sorted(also_set)
        if not also:
            return
        serving = query.filters.model_copy(update={"kinds": sorted(MEAL_KINDS), "categories": also})
        serving_query = dataclasses.replace(query, filters=serving)
        queries = [_holding(serving_query, features)] if features else []
        if len(features) > 1 and not met:  # then those showing one of them, as for the kind
            queries += [_holding(serving_query, [f]) for f in features]
        queries += [] if features and met else [serving_query]
        answers = await asyncio.gather(*(self._discover(asked) for asked in queries))
        for extra, _ in answers:  # in the queries' order: all the features first
            # the search widens "bars" to "juice bars", "sushi bars": only the kind's own count
            extra.hits = [
                h for h in extra.hits if also_set & {c.lower() for c in h.place.categories}
            ]
            _extend(found, extra)

    async def find(
        self, intent: Intent, group: GroupProfile, members: Sequence[MemberLocation]
    ) -> ScoutResult:
        exclude = list(intent.reading.allergens)
        hard = hard_set(group.profile, exclude)
        point = meeting_point(members)
        filters = _filters(intent, hard, point, _radius(members, point) if point else None)
        around = None
        if filters.area and (centre := self.area_centres.get(filters.area.lower())):
            filters = filters.model_copy(
                update={
                    "area": None,
                    "city": None,
                    "near": GeoPoint(lat=centre[0], lng=centre[1]),
                    "radius_km": AREA_RADIUS_KM,
                }
            )
            around = f"within {AREA_RADIUS_KM:g} km of {_area_title(intent)}"
        reading = intent.reading
        # the full-text arm: the activity, the categories, and words nothing else claimed
        # (a venue's name, "basketball court"); the vector arm reads the whole request
        words = " ".join(
            dict.fromkeys((*intent.activity_words, *reading.categories, *reading.leftover))
        )
        semantic = " ".join(x for x in (intent.prompt, intent.vibe or "") if x)
        asked = asked_allergens(_plain(f"{semantic} {words}"), hard)
        if asked:
            semantic, words = _without(semantic, asked), _without(words, asked)
        query = DiscoveryQuery(
            text=semantic, words=words or semantic, filters=filters, limit=PER_PROVIDER
        )
        # the features asked, and, where the venues serve food, the members' diets
        food = bool(filters.kinds) and set(filters.kinds) <= FOOD_KINDS
        features = list(dict.fromkeys([*intent.features, *(group.diet_traits() if food else [])]))
        discovered, status, met = await self._discover_featured(query, features)
        # "cafe" asks for the kind itself: restaurants that are cafés too fill in, as for
        # "coffee"; a narrower category ("tapas") asks for that category alone
        # and when too few of the kind show the features the request asks ("rooftop drinks":
        # Boston's rooftops are restaurants that are bars too), those are looked for among
        # restaurants; a member's diet alone does not send it there (a search of its own, and
        # the card names the member either way)
        short = bool(intent.features) and not met
        if (len(discovered.hits) < CAP or short) and restates_kinds(
            filters.categories, filters.kinds
        ):
            await self._fill_with_restaurants(discovered, query, features, met)
        broadened = None
        missing_kinds: list[str] = []
        city = intent.reading.area_city
        if not discovered.hits and (filters.area or around) and city:
            # nothing under the area's name or near its centre: the city it is in, said
            wider = filters.model_copy(
                update={"area": None, "near": None, "radius_km": None, "city": city}
            )
            discovered, status, met = await self._discover_featured(
                dataclasses.replace(query, filters=wider), features
            )
            if discovered.hits:
                area = _area_title(intent)
                missed = f"nothing {around}" if around else f"none listed in {area}"
                filters, broadened = wider, f"{missed}: all of {city.title()}"
                around = f"in {city.title()} ({missed})"
        if not discovered.hits and filters.kinds:
            # nothing of that kind here: once, any kind of place that matches the words; for
            # food or drink, any place that serves some (a museum is no place for drinks)
            wider = filters.model_copy(update={"kinds": sorted(SERVING_KINDS) if food else []})
            discovered, status = await self._discover(
                DiscoveryQuery(text=semantic, words=query.words, filters=wider, limit=PER_PROVIDER)
            )
            if discovered.hits:
                filters, broadened = wider, f"no {'/'.join(query.filters.kinds)} found: any kind"
                missing_kinds = list(query.filters.kinds)
        all_unsafe = False
        if not discovered.hits and hard and filters.categories:
            unsafe = filters.model_copy(update={"exclude_allergens": []})
            all_unsafe = await self.nothing_matches(unsafe) is None
        hits = discovered.hits
        unique: list[SearchHit] = []
        for hit in hits:
            if not any(same_venue(hit, kept, self.name_listings) for kept in unique):
                unique.append(hit)
        records = await self.places.records_at([(h.place.id, h.version or "") for h in unique])
        by_id = {h.place.id: h for h in unique}
        ordered = [records[h.place.id] for h in unique if h.place.id in records]
        guarded = await guard_places(self.places, ordered, group.profile, exclude=exclude)
        kept = [*guarded.safe, *guarded.flagged]
        kept.sort(key=lambda g: ordered.index(g.item))
        excluded: list[dict[str, object]] = [
            {"venue_id": f"kp_{e.item.place.id}", "name": e.item.place.name, "reason": e.reason}
            for e in guarded.excluded
        ]
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
        closed = {i for i, (_, listed_closed) in attributes.items() if listed_closed}
        if len(candidates) - len(closed) >= OPEN_ENOUGH:  # else kept, and the critic says so
            candidates = [c for c in candidates if c.place_id not in closed]
        else:
            closed = set()
        one_city = None
        if not (filters.city or filters.area or filters.near or point):
            candidates, one_city = in_one_city(candidates)
        # the cap keeps the venues that put no member at severe risk first, then those that
        # show what was asked, then those with no known risk at all: the synthesiser's order
        candidates.sort(
            key=lambda c: (
                c.endangers,
                -len(set(features) & set(c.record.place.traits)),
                c.allergy.known_risk,
            )
        )
        candidates = candidates[:CAP]
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
            closed_left_out=len(closed),
            meeting=point,
            filters=filters,
            providers=status,
            broadened=broadened,
            missing_kinds=missing_kinds,
            around=around,
            hard_excluded=list(guarded.hard_excluded_allergens),
            left_out_words=asked,
            all_unsafe=all_unsafe,
            features=features,
            features_short=[] if featured >= FEATURED_ENOUGH else list(features),
            featured=featured,
            one_city=one_city,
        )
