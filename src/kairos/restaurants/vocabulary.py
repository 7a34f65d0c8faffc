"""The chat parser's vocabulary, read from the catalog."""

from __future__ import annotations

from sqlalchemy import text

from kairos.restaurants.decomposition import QueryParser
from kairos.store.database import Database
from kairos.text.query.catalog_words import CatalogVocabulary


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
    return QueryParser(await load_vocabulary(db))
