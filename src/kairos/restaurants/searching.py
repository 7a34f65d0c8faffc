"""The restaurant turn's search: the runtime's hybrid search behind a short-lived cache keyed by
the query, the filters and the catalog's generation (an ingest makes old entries unreachable)."""

from __future__ import annotations

from kairos.pipeline.cache import Cache, cache_key
from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.models import SearchResult

__all__ = ["CachedSearch"]


class CachedSearch:
    def __init__(self, search: HybridSearch, cache: Cache[SearchResult]) -> None:
        self.search = search
        self.cache = cache

    async def __call__(self, query: str, filters: SearchFilters, limit: int) -> SearchResult:
        generation = (await self.search.catalog()).generation
        key = cache_key(query, filters.model_dump(mode="json"), limit, generation)
        if (cached := await self.cache.get(key)) is not None:
            return cached
        result = await self.search.search(query, filters, limit=limit)
        await self.cache.set(key, result)
        return result
