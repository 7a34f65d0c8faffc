"""Reads the restaurant product needs beyond search: reviews, details, feed candidates."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.place_allergens import (
    AllergenEvidence,
    PlaceAllergens,
    custom_ingredient_evidence,
)
from kairos.search.hybrid import PLACE_COLUMNS
from kairos.search.models import PlaceSummary
from kairos.search.sql_filters import hard_exclusion_sql
from kairos.text.aspects import AspectScores, ReviewText

# Bayesian average for "top by rating": a 5.0 from 3 votes should not beat 4.6 from 900.
PRIOR_VOTES = 25
PRIOR_RATING = 3.7


@dataclass
class PlaceRecord:
    """A place as the product sees it: the stored row, its aspects and its allergen knowledge."""

    place: PlaceSummary
    aspects: AspectScores | None

    @cached_property
    def allergens(self) -> PlaceAllergens:
        return allergens_of(self.place)

    def with_evidence(self, extra: Iterable[AllergenEvidence]) -> PlaceRecord:
        """A copy whose allergen knowledge also holds `extra`; this record is left as it is,
        since records can be shared between users."""
        copy = PlaceRecord(place=self.place, aspects=self.aspects)
        copy.__dict__["allergens"] = self.allergens.with_evidence(extra)
        return copy


def allergens_of(place: PlaceSummary) -> PlaceAllergens:
    return PlaceAllergens.model_validate(
        {
            "known_allergens": place.known_allergens,
            "contains_allergens": place.contains_allergens,
            "confidence": place.allergen_confidence,
            "evidence": place.allergen_evidence,
        }
    )


def _record(row: object) -> PlaceRecord:
    mapping = row._mapping  # type: ignore[attr-defined]
    aspects = mapping["aspect_scores"]
    return PlaceRecord(
        place=PlaceSummary.model_validate(mapping),
        aspects=AspectScores.model_validate(aspects) if aspects else None,
    )


class RecordCache:
    """Built `PlaceRecord`s by (database, place id), each valid for one row version.

    A row's version is PostgreSQL's `xmin`: every update of the row (a new review, a re-derived
    allergen listing) writes a new one, so a cached record is used only while the stored row is
    exactly the one it was built from. Building a record (JSONB decoding and validation) was the
    largest cost of a feed; a lookup is a dictionary access. Records are shared: read-only.
    """

    def __init__(self, maxsize: int = 4096) -> None:
        self.maxsize = maxsize
        self._entries: OrderedDict[tuple[str, int], tuple[str, PlaceRecord]] = OrderedDict()

    def get(self, database: str, place_id: int, version: str) -> PlaceRecord | None:
        key = (database, place_id)
        entry = self._entries.get(key)
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end(key)
        return entry[1]

    def put(self, database: str, place_id: int, version: str, record: PlaceRecord) -> None:
        key = (database, place_id)
        self._entries[key] = (version, record)
        self._entries.move_to_end(key)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


RECORDS = RecordCache()


def _database(session: AsyncSession) -> str:
    """Which database a session reads: ids and row versions mean something only within one."""
    bind = session.bind
    engine = bind.engine if isinstance(bind, AsyncConnection) else bind
    return str(engine.url) if engine is not None else ""


async def records_at(
    session: AsyncSession, versions: Sequence[tuple[int, str]]
) -> dict[int, PlaceRecord]:
    """Records for (place id, row version) pairs: cached ones as they are, the rest read in one
    query and cached. A row that changed since its version was read is read as it is now."""
    database = _database(session)
    found: dict[int, PlaceRecord] = {}
    missing = []
    for place_id, version in versions:
        record = RECORDS.get(database, place_id, version)
        if record is None:
            missing.append(place_id)
        else:
            found[place_id] = record
    if missing:
        rows = await session.execute(
            text(
                f"SELECT {PLACE_COLUMNS}, p.aspect_scores, p.xmin::text AS version FROM places p "
                "WHERE p.id = ANY(CAST(:ids AS bigint[]))"
            ),
            {"ids": missing},
        )
        for row in rows:
            record = _record(row)
            RECORDS.put(database, row.id, row.version, record)
            found[row.id] = record
    return found


async def load_places(session: AsyncSession, ids: Sequence[int]) -> dict[int, PlaceRecord]:
    rows = await session.execute(
        text(
            "SELECT p.id, p.xmin::text AS version FROM places p "
            "WHERE p.id = ANY(CAST(:ids AS bigint[]))"
        ),
        {"ids": list(ids)},
    )
    return await records_at(session, [(r.id, r.version) for r in rows])


CUSTOM_REVIEWS_PER_PLACE = 20


async def with_custom_evidence(
    session: AsyncSession, records: Sequence[PlaceRecord], profile: AllergyProfile
) -> list[PlaceRecord]:
    """`records`, with what their reviews say about the profile's custom ingredients ("garlic").

    Full text (stemmed) finds the reviews that name a term, at most a few per place; the
    allergen detector then reads them with the review rules. Without custom ingredients this
    costs nothing.
    """
    terms = profile.custom_ingredients
    if not terms or not records:
        return list(records)
    query = " OR ".join('"' + term.replace('"', " ") + '"' for term in terms)
    rows = await session.execute(
        text(
            "SELECT place_id, id, text FROM ("
            "  SELECT r.place_id, r.id, r.text,"
            "         row_number() OVER (PARTITION BY r.place_id ORDER BY r.id) AS n"
            "  FROM reviews r WHERE r.place_id = ANY(CAST(:ids AS bigint[]))"
            "  AND r.text_tsv @@ websearch_to_tsquery('english', :query)"
            ") x WHERE n <= :per_place ORDER BY place_id, id"
        ),
        {
            "ids": [r.place.id for r in records],
            "query": query,
            "per_place": CUSTOM_REVIEWS_PER_PLACE,
        },
    )
    texts: dict[int, list[tuple[str, str]]] = {}
    for row in rows:
        texts.setdefault(row.place_id, []).append((str(row.id), row.text))
    out = []
    for record in records:
        found = custom_ingredient_evidence(texts.get(record.place.id, ()), terms)
        out.append(record.with_evidence(found) if found else record)
    return out


async def load_reviews(
    session: AsyncSession, ids: Sequence[int], *, per_place: int = 40
) -> dict[int, list[ReviewText]]:
    rows = await session.execute(
        text(
            "SELECT place_id, id, text, rating FROM ("
            "  SELECT r.place_id, r.id, r.text, r.rating,"
            "         row_number() OVER (PARTITION BY r.place_id ORDER BY r.id) AS n"
            "  FROM reviews r WHERE r.place_id = ANY(CAST(:ids AS bigint[]))"
            ") x WHERE n <= :per_place ORDER BY place_id, id"
        ),
        {"ids": list(ids), "per_place": per_place},
    )
    out: dict[int, list[ReviewText]] = {i: [] for i in ids}
    for r in rows:
        out[r.place_id].append(ReviewText(id=str(r.id), text=r.text, rating=r.rating))
    return out


async def feed_candidates(
    session: AsyncSession,
    *,
    exclude_allergens: Sequence[str],
    cuisines: Sequence[str],
    limit: int = 50,
) -> list[PlaceRecord]:
    """Top places by a vote-weighted rating, plus the best of the user's favourite cuisines, with
    the anaphylactic hard filter applied in SQL. Only places with reviews: a card quotes one."""
    rows = await session.execute(
        text(
            f"""
            WITH eligible AS (
                SELECT p.id, p.xmin::text AS version,
                       (p.votes * coalesce(p.rating, 0) + CAST(:m AS float8) * CAST(:c AS float8))
                           / (p.votes + CAST(:m AS float8)) AS weighted,
                       p.categories && CAST(:cuisines AS text[]) AS liked
                FROM places p
                WHERE p.is_active AND p.review_count > 0
                  AND {hard_exclusion_sql("exclude")}
            )
            (SELECT * FROM eligible ORDER BY weighted DESC, id LIMIT :limit)
            UNION
            (SELECT * FROM eligible WHERE liked ORDER BY weighted DESC, id LIMIT :liked_limit)
            """
        ),
        {
            "m": PRIOR_VOTES,
            "c": PRIOR_RATING,
            "cuisines": list(cuisines),
            "exclude": list(exclude_allergens),
            "limit": limit,
            "liked_limit": limit // 2,
        },
    )
    ranked = sorted(rows, key=lambda r: (-r.weighted, r.id))
    records = await records_at(session, [(r.id, r.version) for r in ranked])
    return [records[r.id] for r in ranked if r.id in records]
