"""Discovery roles (seed 002's Google Places and Yelp Fusion): where the scout finds venues.

A provider answers a `DiscoveryQuery` with `Discovered`: catalog places as `SearchHit`s, the
price level its own source gives each (a signal for the cost analyst besides the catalog's), and
notes for the scout's status. Offline, the one catalog is the provider: every ingested source
(Yelp, TripAdvisor, OpenStreetMap, data.gov.sg, …) already merged per real place, searched with
the shared hybrid search and the SQL hard filter. Hosted providers (`venues/hosted.py`: Google
Places, Yelp Fusion) return catalog places too: each of their venues is found in the catalog
(`store/catalog_match.py`) or left out and counted, since a venue whose allergen knowledge is
unknown is never shown unchecked. `KAIROS_VENUE_DISCOVERY` names them, comma-separated; the
scout queries every configured provider concurrently and de-duplicates across them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.models import SearchHit

__all__ = ["CatalogDiscovery", "Discovered", "DiscoveryProvider", "DiscoveryQuery"]


@dataclass(frozen=True, slots=True)
class DiscoveryQuery:
    text: str
    """What the semantic arm reads (activity, vibe, category words)."""
    words: str
    """What the full-text arm matches: names, categories, review words."""
    filters: SearchFilters
    limit: int = 16


@dataclass
class Discovered:
    """One provider's answer."""

    hits: list[SearchHit]
    """Catalog places, best first (each with its row version, for the safety step's records)."""
    price_signals: dict[int, dict[str, int]] = field(default_factory=dict)
    """Place id → {source: price level 1–4} this provider read live, besides what the catalog
    stores; the scout adds them to the place's stored signals for the cost analyst."""
    notes: list[str] = field(default_factory=list)
    """What the scout's status for this provider says besides the count (results left out)."""


class DiscoveryProvider(Protocol):
    name: str
    needs_key: ClassVar[bool]

    async def discover(self, query: DiscoveryQuery) -> Discovered:
        """Raises on failure; the scout reports it for this provider and uses the others."""
        ...

    async def aclose(self) -> None: ...


class CatalogDiscovery:
    """The offline provider: the catalog's hybrid search (text + vectors + rating fill)."""

    name = "catalog"
    needs_key: ClassVar[bool] = False

    def __init__(self, search: HybridSearch) -> None:
        self.search = search

    async def discover(self, query: DiscoveryQuery) -> Discovered:
        result = await self.search.search(
            query.text, query.filters, limit=query.limit, text_query=query.words
        )
        return Discovered(hits=result.hits)

    async def aclose(self) -> None:
        return None
