"""The catalog's own vocabulary (categories, cities, areas), used to resolve fuzzy filters.

Read once from the database and refreshed after an ingest; small (thousands of strings).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process
from sqlalchemy import text

from kairos.store.database import Database

FUZZY_CUTOFF = 88.0
_WORD = re.compile(r"[a-z0-9]+")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "zes", "ches", "shes")) and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _tokens(value: str) -> tuple[str, ...]:
    return tuple(_singular(w) for w in _WORD.findall(value.lower()))


@dataclass
class Catalog:
    categories: dict[str, int] = field(default_factory=dict)
    cities: dict[str, int] = field(default_factory=dict)
    areas: dict[str, int] = field(default_factory=dict)

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
        want_tokens = set(_tokens(wanted))
        if not want_tokens:
            return []
        found = {c for c in self.categories if c == wanted or want_tokens <= set(_tokens(c))}
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
