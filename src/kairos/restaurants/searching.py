"""The restaurant turn's search: the runtime's hybrid search behind a short-lived cache keyed by
the query, the filters and the catalog's generation (an ingest makes old entries unreachable)."""

from __future__ import annotations

from dataclasses import dataclass

from kairos.core.traits import STATED, stated
from kairos.pipeline.cache import Cache, cache_key
from kairos.restaurants.schemas import RestaurantResult
from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.models import SearchHit, SearchResult

__all__ = ["CachedSearch", "TraitSearch", "search_with_traits"]


class CachedSearch:
    def __init__(self, search: HybridSearch, cache: Cache[SearchResult]) -> None:
        self.search = search
        self.cache = cache

    async def __call__(
        self, query: str, filters: SearchFilters, limit: int, text_query: str | None = None
    ) -> SearchResult:
        generation = (await self.search.catalog()).generation
        key = cache_key(query, text_query, filters.model_dump(mode="json"), limit, generation)
        if (cached := await self.cache.get(key)) is not None:
            return cached
        # the turn shows five of these hits: their snippets are made for those five alone
        result = await self.search.search(
            query, filters, limit=limit, text_query=text_query, snippets=False
        )
        await self.cache.set(key, result)
        return result

    async def best_reviews(self, shown: list[RestaurantResult]) -> dict[int, str]:
        """Place id → the text of its best review (the one its search match rests on), for the
        shown results: what a card's why quotes from (`card_why`)."""
        pairs = {r.id: r.why.best_review_id for r in shown if r.why and r.why.best_review_id}
        if not pairs:
            return {}
        rows = await self.search.db.fetch(
            "SELECT r.place_id AS id, r.text FROM reviews r "
            "JOIN unnest(CAST(:places AS bigint[]), CAST(:reviews AS bigint[])) AS h(place, review)"
            " ON r.id = h.review AND r.place_id = h.place",
            {"places": list(pairs), "reviews": list(pairs.values())},
        )
        return {int(r["id"]): str(r["text"]) for r in rows}

    async def nothing_matches(self, filters: SearchFilters) -> SearchResult | None:
        return await self.search.nothing_matches(filters)


@dataclass(frozen=True)
class TraitSearch:
    """A search that asked for diets and occasions, and how much of it the data could meet."""

    result: SearchResult
    required: list[str]
    """Traits every place of `result` holds first (those with evidence come before the rest)."""
    short: list[str]
    """Asked for, but too few places here show evidence of it: ranked by evidence instead."""


MIN_WITH_TRAITS = 3
"""Fewer places than this holding the occasions asked for, and they rank instead of filtering.
A diet is a need (halal, gluten-free): one place holding it is enough to filter on it."""


async def search_with_traits(
    search: CachedSearch,
    query: str,
    filters: SearchFilters,
    limit: int,
    *,
    diets: list[str],
    occasions: list[str],
    text_query: str | None = None,
    also_kinds: list[str] | None = None,
) -> TraitSearch:
    """Diets and occasions are filters where the catalog holds evidence for them: first all of
    them with each diet stated by the place itself (its category) — then, with `also_kinds`,
    stated by places of those kinds too (a kosher ice-cream shop before a restaurant whose
    reviews mention kosher) —, then all of them on any evidence, then the diets alone (a need
    outranks a wish), then none. Places that hold the stricter set come first; the rest fill
    in only where no diet was asked; what was short is said."""
    stages: list[tuple[list[str], int, list[str]]] = []
    strict = MIN_WITH_TRAITS if occasions else 1
    said = [stated(d) for d in diets] + occasions
    wider = sorted({*filters.kinds, *(also_kinds or [])})
    candidates = [
        *([(said, limit, filters.kinds)] if diets else []),
        *([(said, limit, wider)] if diets and wider != filters.kinds else []),
        (diets + occasions, strict, filters.kinds),
        (diets, 1, filters.kinds),
        ([], 1, filters.kinds),
    ]
    for stage, enough, kinds in candidates:
        if (stage, kinds) not in [(s, k) for s, _, k in stages]:
            stages.append((stage, enough, kinds))
    wanted = diets + occasions
    if len(stages) > 1 and (empty := await search.nothing_matches(filters)) is not None:
        # every stage narrows these filters: all of them would search and find nothing
        return TraitSearch(empty, [], list(wanted))
    hits: list[SearchHit] = []
    strategy, resolved = "none", {}
    required: list[str] = []
    seen: set[int] = set()
    for stage, enough, kinds in stages:
        scope = filters.model_copy(update={"traits": stage, "kinds": kinds})
        found = await search(query, scope, limit, text_query)
        if not hits:
            strategy, resolved = found.strategy, found.resolved
            required = [t.removesuffix(STATED) for t in stage]
        hits += [h for h in found.hits if h.place.id not in seen]
        seen |= {h.place.id for h in found.hits}
        if len(hits) >= min(enough, limit) or not stage:
            break
    short = [t for t in wanted if sum(1 for h in hits if t in h.place.traits) < MIN_WITH_TRAITS]
    ranked = [h.model_copy(update={"rank": i + 1}) for i, h in enumerate(hits[:limit])]
    return TraitSearch(
        SearchResult(hits=ranked, strategy=strategy, resolved=resolved), required, short
    )
