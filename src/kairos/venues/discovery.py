"""Discovery roles (seed 002's Google Places and Yelp Fusion): where the scout finds venues.

A provider answers a `DiscoveryQuery` with venues from its source. Offline, the one catalog is
the provider: every ingested source (Yelp, TripAdvisor, OpenStreetMap, data.gov.sg, …) already
merged per real place, searched with the shared hybrid search and the SQL hard filter. Hosted
providers register under their own name (`KAIROS_VENUE_DISCOVERY`, comma-separated); the scout
queries every configured provider concurrently and de-duplicates across them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.models import SearchHit

__all__ = ["CatalogDiscovery", "DiscoveryProvider", "DiscoveryQuery"]


@dataclass(frozen=True, slots=True)
class DiscoveryQuery:
    text: str
    """What the semantic arm reads (activity, vibe, category words)."""
    words: str
    """What the full-text arm matches: names, categories, review words."""
    filters: SearchFilters
    limit: int = 16


class DiscoveryProvider(Protocol):
    name: str
    needs_key: ClassVar[bool]

    async def discover(self, query: DiscoveryQuery) -> list[SearchHit]: ...


class CatalogDiscovery:
    """The offline provider: the catalog's hybrid search (text + vectors + rating fill)."""

    name = "catalog"
    needs_key: ClassVar[bool] = False

    def __init__(self, search: HybridSearch) -> None:
        self.search = search

    async def discover(self, query: DiscoveryQuery) -> list[SearchHit]:
        result = await self.search.search(
            query.text, query.filters, limit=query.limit, text_query=query.words
        )
        return result.hits
