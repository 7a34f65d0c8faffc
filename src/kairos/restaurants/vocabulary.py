"""The chat parser's vocabulary, read from the catalog, and the real allergen recogniser."""

from __future__ import annotations

from sqlalchemy import text

from kairos.core.allergens import expand_allergen, is_canonical
from kairos.restaurants.catalog_vocabulary import CatalogVocabulary
from kairos.restaurants.decomposition import QueryParser
from kairos.store.database import Database


def recognise_allergen(phrase: str) -> tuple[str, ...]:
    """Canonical allergens a phrase names ("prawns", "nuts", "seafood"); empty for other words."""
    found = expand_allergen(phrase)
    return found if found and all(is_canonical(a) for a in found) else ()


async def load_vocabulary(db: Database) -> CatalogVocabulary:
    async with db.session() as session:
        rows = await session.execute(
            text(
                "SELECT DISTINCT categories, city, area FROM places WHERE is_active "
                "AND (review_count > 0 OR city IS NOT NULL)"
            )
        )
        records = [{"categories": r.categories, "city": r.city, "area": r.area} for r in rows]
    return CatalogVocabulary.from_records(records)


async def build_parser(db: Database) -> QueryParser:
    return QueryParser(await load_vocabulary(db), normalise_allergen=recognise_allergen)
