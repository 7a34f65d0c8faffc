"""The catalog's own vocabulary (categories, cities, areas), used to resolve fuzzy filters.

Read once from the database and refreshed after an ingest; small (thousands of strings).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz, process
from sqlalchemy import text

from kairos.store.database import Database
from kairos.text.words import concept_tokens

FUZZY_CUTOFF = 88.0


@dataclass
class Catalog:
    categories: dict[str, int] = field(default_factory=dict)
    cities: dict[str, int] = field(default_factory=dict)
    areas: dict[str, int] = field(default_factory=dict)
    _category_words: list[tuple[str, frozenset[str]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def category_words(self) -> list[tuple[str, frozenset[str]]]:
        """Each category with its concept words, computed once: the feed and every filter
        expand categories, and re-reading thousands of names per call was the feed's cost."""
        if self._category_words is None:
            self._category_words = [(c, frozenset(concept_tokens(c))) for c in self.categories]
        return self._category_words

    @classmethod
    async def load(cls, db: Database) -> Catalog:
        async with db.session() as session:
            cats = await session.execute(
                text(
                    "SELECT c, count(*) FROM places, unnest(categories) c "
                    "WHERE is_active GROUP BY c"
                )
            )
            cities = await session.execute(
                text(
                    "SELECT lower(city), count(*) FROM places "
                    "WHERE city IS NOT NULL AND is_active GROUP BY 1"
                )
            )
            areas = await session.execute(
                text(
                    "SELECT lower(area), count(*) FROM places "
                    "WHERE area IS NOT NULL AND is_active GROUP BY 1"
                )
            )
            return cls(
                categories={str(r[0]): int(r[1]) for r in cats},
                cities={str(r[0]): int(r[1]) for r in cities},
                areas={str(r[0]): int(r[1]) for r in areas},
            )

    def expand_category(self, wanted: str) -> list[str]:
        """Stored categories meaning `wanted`: itself, ones containing all its words
        ("indian" → "north indian"), or a close spelling ("itallian" → "italian")."""
        wanted = wanted.strip().lower()
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

    def resolve_area(self, wanted: str) -> list[str]:
        return self.resolve_place_name(wanted, self.areas)
