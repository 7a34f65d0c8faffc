"""The one catalog: the words the stored places use (categories, cities, areas and which city
each area is in, kinds), the review statistics the text search reads, and the readers' words.

Every layer that resolves a place word reads this: search filters (fuzzy city, area and category
expansion), every product's query reader (`vocabulary()`), the kinds a product may ask for. The
runtime owns one `CatalogService`; it is loaded at start-up, dropped after an ingest, and older
than `CATALOG_TTL_SECONDS` it is reloaded in the background while the old one keeps answering.
Small: thousands of strings.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rapidfuzz import fuzz, process
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.store.database import Database
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.words import concept_tokens

__all__ = ["CATALOG_TTL_SECONDS", "Catalog", "CatalogService"]

FUZZY_CUTOFF = 88.0
MAIN_COUNTRY_SHARE = 0.8
USUAL_COUNTRY = {
    "london": "GB", "paris": "FR", "rome": "IT", "berlin": "DE", "madrid": "ES",
    "barcelona": "ES", "dublin": "IE", "athens": "GR", "birmingham": "GB", "manchester": "GB",
    "delhi": "IN", "hyderabad": "IN", "kathmandu": "NP", "singapore": "SG",
}  # fmt: skip
"""What a city name means said alone, where smaller towns elsewhere share it (London, Ohio;
Paris, Texas; Hyderabad, Sindh): a place in another country needs its country named."""
CATALOG_TTL_SECONDS = 300.0
EXPANSIONS_KEPT = 4096


@dataclass
class Catalog:
    categories: dict[str, int] = field(default_factory=dict)
    cities: dict[str, int] = field(default_factory=dict)
    areas: dict[str, int] = field(default_factory=dict)
    area_cities: dict[str, str | None] = field(default_factory=dict)
    area_centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each area's centre: the median latitude and longitude of its places that have them."""
    city_countries: dict[str, dict[str, int]] = field(default_factory=dict)
    """Each city name's places per country, for the names two countries share ("london":
    162 in GB, 15 in Ohio)."""
    kinds: dict[str, int] = field(default_factory=dict)
    traits: dict[str, int] = field(default_factory=dict)
    """Active places holding each trait ("vegan", "vegan:stated", "quiet"): bounds for plans."""
    total_reviews: int = 0
    review_shares: dict[str, float] = field(default_factory=dict)
    """Share of reviews holding each common lexeme (PostgreSQL's own statistics)."""
    generation: int = 0
    """Which load this is: a product rebuilds what it derived from the catalog when it moves."""

    @cached_property
    def _category_words(self) -> list[tuple[str, frozenset[str]]]:
        """Each category with its concept words, computed once: the feed and every filter
        expand categories, and re-reading thousands of names per call was the feed's cost."""
        return [(c, frozenset(concept_tokens(c))) for c in self.categories]

    def category_words(self) -> list[tuple[str, frozenset[str]]]:
        return self._category_words

    @cached_property
    def _vocabulary(self) -> CatalogVocabulary:
        return CatalogVocabulary(
            categories=frozenset(self.categories),
            cities=frozenset(c for c in self.cities if not self._mostly_an_area(c)),
            areas=dict(self.area_cities),
        )

    def _mostly_an_area(self, city: str) -> bool:
        """A neighbourhood one source gives as the city ("Back Bay": 1 place) and others file
        as an area of a city (183 places): read as the area, or "near back bay" finds one place."""
        return bool(self.area_cities.get(city)) and self.areas.get(city, 0) > self.cities[city]

    def vocabulary(self) -> CatalogVocabulary:
        """The catalog's words for a query reader (built once per catalog)."""
        return self._vocabulary

    @classmethod
    async def load(cls, db: Database, generation: int = 0) -> Catalog:
        async with db.session() as session:
            return cls(
                categories=await _counts(
                    session,
                    "SELECT c, count(*) FROM places, unnest(categories) c "
                    "WHERE is_active GROUP BY c",
                ),
                cities=await _counts(
                    session,
                    "SELECT lower(city), count(*) FROM places "
                    "WHERE city IS NOT NULL AND is_active GROUP BY 1",
                ),
                areas=await _counts(
                    session,
                    "SELECT lower(area), count(*) FROM places "
                    "WHERE area IS NOT NULL AND is_active GROUP BY 1",
                ),
                area_cities=await _area_cities(session),
                city_countries=await _city_countries(session),
                area_centres=await _area_centres(session),
                kinds=await _counts(
                    session, "SELECT kind, count(*) FROM places WHERE is_active GROUP BY 1"
                ),
                traits=await _counts(
                    session,
                    "SELECT t, count(*) FROM places, unnest(traits) t WHERE is_active GROUP BY t",
                ),
                total_reviews=int(
                    (await session.execute(text("SELECT count(*) FROM reviews"))).scalar_one()
                ),
                review_shares=await _lexeme_shares(session),
                generation=generation,
            )

    @cached_property
    def _expanded(self) -> dict[str, list[str]]:
        return {}

    def expand_category(self, wanted: str) -> list[str]:
        """Stored categories meaning `wanted`: itself, ones containing all its words
        ("indian" → "north indian"), or a close spelling ("itallian" → "italian"). Kept per
        catalog (its categories never change): every search of a turn expands the same words."""
        wanted = wanted.strip().lower()
        if (kept := self._expanded.get(wanted)) is None:
            if len(self._expanded) >= EXPANSIONS_KEPT:
                self._expanded.clear()
            kept = self._expanded[wanted] = self._expand(wanted)
        return list(kept)

    def _expand(self, wanted: str) -> list[str]:
        want_tokens = frozenset(concept_tokens(wanted))
        if not want_tokens:
            return []
        found = {c for c, words in self.category_words() if c == wanted or want_tokens <= words}
        if not found:
            match = process.extractOne(
                wanted, list(self.categories), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF
            )
            if match:
                found.add(match[0])
        return sorted(found)

    def resolve_place_name(self, wanted: str, names: dict[str, int]) -> list[str]:
        wanted = wanted.strip().lower()
        if wanted in names:
            return [wanted]
        prefix = [n for n in names if n.startswith(wanted) or wanted.startswith(n)]
        if prefix:
            return sorted(prefix)
        match = process.extractOne(
            wanted, list(names), scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF
        )
        return [match[0]] if match else []

    def resolve_city(self, wanted: str) -> list[str]:
        return self.resolve_place_name(wanted, self.cities)

    def city_country(self, cities: Sequence[str]) -> str | None:
        """The country a city name means when two countries share it: the one the world means
        by it (`USUAL_COUNTRY`: "london" → GB, not London, Ohio), else one holding at least
        `MAIN_COUNTRY_SHARE` of its places; None when the name is one country's, or neither
        rule picks one."""
        counts: dict[str, int] = {}
        for city in cities:
            for country, n in self.city_countries.get(city, {}).items():
                counts[country] = counts.get(country, 0) + n
        if len(counts) < 2:
            return None
        for city in cities:
            if (usual := USUAL_COUNTRY.get(city)) in counts:
                return usual
        country, most = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        return country if most >= MAIN_COUNTRY_SHARE * sum(counts.values()) else None

    def resolve_area(self, wanted: str) -> list[str]:
        return self.resolve_place_name(wanted, self.areas)


async def _counts(session: AsyncSession, sql: str) -> dict[str, int]:
    return {str(r[0]): int(r[1]) for r in await session.execute(text(sql))}


async def _city_countries(session: AsyncSession) -> dict[str, dict[str, int]]:
    """Places per country of each city name held in more than one country."""
    rows = await session.execute(
        text(
            "SELECT lower(city), country, count(*) FROM places WHERE city IS NOT NULL "
            "AND country IS NOT NULL AND is_active AND lower(city) IN (SELECT lower(city) "
            "FROM places WHERE city IS NOT NULL AND country IS NOT NULL AND is_active "
            "GROUP BY 1 HAVING count(DISTINCT country) > 1) GROUP BY 1, 2"
        )
    )
    found: dict[str, dict[str, int]] = {}
    for city, country, n in rows:
        found.setdefault(str(city), {})[str(country)] = int(n)
    return found


async def _area_cities(session: AsyncSession) -> dict[str, str | None]:
    """Each area with the city most of its places are in."""
    rows = await session.execute(
        text(
            "SELECT DISTINCT ON (lower(area)) lower(area), lower(city) FROM places "
            "WHERE area IS NOT NULL AND is_active "
            "GROUP BY lower(area), lower(city) ORDER BY lower(area), count(*) DESC, lower(city)"
        )
    )
    return {str(r[0]): (str(r[1]) if r[1] else None) for r in rows}


async def _area_centres(session: AsyncSession) -> dict[str, tuple[float, float]]:
    rows = await session.execute(
        text(
            "SELECT lower(area), percentile_cont(0.5) WITHIN GROUP (ORDER BY lat), "
            "percentile_cont(0.5) WITHIN GROUP (ORDER BY lng) FROM places "
            "WHERE area IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL AND is_active "
            "GROUP BY 1"
        )
    )
    return {str(r[0]): (float(r[1]), float(r[2])) for r in rows}


async def _lexeme_shares(session: AsyncSession) -> dict[str, float]:
    """Share of reviews containing each of the most common lexemes, from the statistics
    PostgreSQL keeps for the planner (`ANALYZE`); empty before the first analyse."""
    row = (
        await session.execute(
            text(
                "SELECT most_common_elems::text::text[] AS lexemes, "
                "most_common_elem_freqs AS shares FROM pg_stats "
                "WHERE schemaname = current_schema() AND tablename = 'reviews' "
                "AND attname = 'text_tsv'"
            )
        )
    ).first()
    if row is None or row.lexemes is None:
        return {}
    return dict(zip(row.lexemes, (float(v) for v in row.shares), strict=False))


Spawn = Callable[[Coroutine[Any, Any, None], str], None]


class CatalogService:
    """The runtime's catalog: one load at a time, the old one answering while a new one loads."""

    def __init__(self, db: Database, spawn: Spawn | None = None) -> None:
        self.db = db
        self.spawn = spawn
        self._catalog: Catalog | None = None
        self._loaded = 0.0
        self._generation = 0
        self._loading = False
        self._lock = asyncio.Lock()

    async def current(self) -> Catalog:
        if self._catalog is None:
            async with self._lock:
                if self._catalog is None:
                    await self._load()
        elif time.monotonic() - self._loaded > CATALOG_TTL_SECONDS and not self._loading:
            self._loading = True
            if self.spawn is not None:
                self.spawn(self._load(), "reload-catalog")
            else:
                await self._load()
        assert self._catalog is not None
        return self._catalog

    async def _load(self) -> None:
        try:
            self._generation += 1
            self._catalog = await Catalog.load(self.db, self._generation)
            self._loaded = time.monotonic()
        finally:
            self._loading = False

    def invalidate(self) -> None:
        """After an ingest: the next reader loads the catalog afresh."""
        self._catalog = None
