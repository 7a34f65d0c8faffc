"""The one places repository: every product reads place rows, their reviews and the catalog's
words through here (search ranks with its own SQL, and hands back the rows' versions).

A place is read as a `PlaceRecord`: the stored row, its aspect scores, its traits and its
allergen knowledge. Building one (JSONB decoding, validation) is the largest cost of a feed, so
records are cached per row version (PostgreSQL's `xmin`: every update of the row writes a new
one): a cached record is used only while the stored row is exactly the one it was built from.
The cache belongs to the repository, which the runtime owns (one per process).
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from cachetools import LRUCache
from pydantic import BaseModel, Field
from sqlalchemy import text

from kairos.core.place_allergens import AllergenEvidence, PlaceAllergens
from kairos.core.venue_identity import name_key
from kairos.store.database import Database
from kairos.text.aspects import AspectScores, ReviewText

__all__ = [
    "PLACE_COLUMNS",
    "PlaceRecord",
    "PlaceSummary",
    "PlacesRepository",
    "RecordCache",
    "hard_exclusion_sql",
]

PLACE_COLUMNS = (
    "p.id, p.name, p.kind, p.categories, p.price_tier, p.rating, p.votes, p.city, p.area, "
    "p.address, p.lat, p.lng, p.url, p.known_allergens, p.contains_allergens, "
    "p.allergen_confidence, p.allergen_evidence, p.review_count, p.traits, p.trait_evidence"
)
# Bayesian average wherever a rating orders places: a 5.0 from 5 votes should not beat 4.6 from
# 900. The prior is `PRIOR_VOTES` votes of `PRIOR_RATING` (about the catalog's mean rating).
# The index `ix_places_weighted_rating` (migration 0019) is built on this very expression: a new
# prior needs a migration that rebuilds it.
PRIOR_VOTES = 25
PRIOR_RATING = 3.7
REVIEWS_KEPT = 1024
"""Places whose reviews a repository keeps (up to 40 texts each: ≈ 25 MB at most)."""

WEIGHTED_RATING_SQL = (
    f"((p.votes * coalesce(p.rating, 0) + {PRIOR_VOTES} * {PRIOR_RATING}) "
    f"/ (p.votes + {PRIOR_VOTES}))"
)


def weighted_rating(rating: float | None, votes: int) -> float:
    """The Bayesian average the SQL computes, for ordering in Python."""
    return (votes * (rating or 0.0) + PRIOR_VOTES * PRIOR_RATING) / (votes + PRIOR_VOTES)


def hard_exclusion_sql(param: str) -> str:
    """The allergen hard filter: a place is out when it is known to contain the allergen with
    high confidence (`contains_allergens`), exactly the safety step's first rule. A verified
    "may contain" passes to the step, which flags it with a danger banner and the member named;
    a guess about another allergen never changes either."""
    array = f"CAST(:{param} AS text[])"
    return f"NOT (p.contains_allergens && {array})"


class PlaceSummary(BaseModel):
    """A place row as every product reads it."""

    id: int
    name: str
    kind: str
    categories: list[str]
    price_tier: str | None
    rating: float | None
    votes: int
    city: str | None
    area: str | None
    address: str | None
    lat: float | None
    lng: float | None
    url: str | None
    known_allergens: list[str]
    contains_allergens: list[str]
    allergen_confidence: Literal["high", "medium", "low"]
    allergen_evidence: list[dict[str, Any]] = Field(default_factory=list)
    review_count: int = 0
    traits: list[str] = Field(default_factory=list)
    trait_evidence: list[dict[str, Any]] = Field(default_factory=list)


@dataclass
class PlaceRecord:
    """A place as a product sees it: the stored row, its aspects and its allergen knowledge."""

    place: PlaceSummary
    aspects: AspectScores | None

    @cached_property
    def allergens(self) -> PlaceAllergens:
        p = self.place
        return PlaceAllergens.model_validate(
            {
                "known_allergens": p.known_allergens,
                "contains_allergens": p.contains_allergens,
                "confidence": p.allergen_confidence,
                "evidence": p.allergen_evidence,
            }
        )

    def with_evidence(self, extra: Iterable[AllergenEvidence]) -> PlaceRecord:
        """A copy whose allergen knowledge also holds `extra`; this record is left as it is,
        since records are shared between users."""
        copy = PlaceRecord(place=self.place, aspects=self.aspects)
        copy.__dict__["allergens"] = self.allergens.with_evidence(extra)
        return copy


def record_of(row: Mapping[str, Any]) -> PlaceRecord:
    aspects = row.get("aspect_scores")
    return PlaceRecord(
        place=PlaceSummary.model_validate(row),
        aspects=AspectScores.model_validate(aspects) if aspects else None,
    )


class RecordCache:
    """Built `PlaceRecord`s by place id, each valid for one row version; least recently used
    out first. Records are shared: read-only."""

    def __init__(self, maxsize: int = 4096) -> None:
        self.maxsize = maxsize
        self._entries: OrderedDict[int, tuple[str, PlaceRecord]] = OrderedDict()

    def get(self, place_id: int, version: str) -> PlaceRecord | None:
        entry = self._entries.get(place_id)
        if entry is None or entry[0] != version:
            return None
        self._entries.move_to_end(place_id)
        return entry[1]

    def put(self, place_id: int, version: str, record: PlaceRecord) -> None:
        self._entries[place_id] = (version, record)
        self._entries.move_to_end(place_id)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


class PlacesRepository:
    def __init__(self, db: Database, *, cache_size: int = 4096) -> None:
        self.db = db
        self.cache = RecordCache(cache_size)
        # (place id, per place) → (reviews_version it was read at, the reviews)
        self._reviews: LRUCache[tuple[int, int], tuple[int, list[ReviewText]]] = LRUCache(
            maxsize=REVIEWS_KEPT
        )

    async def records_at(self, versions: Sequence[tuple[int, str]]) -> dict[int, PlaceRecord]:
        """Records for (place id, row version) pairs: cached ones as they are, the rest read in
        one query and cached. A row that changed since its version was read is read as it is."""
        found: dict[int, PlaceRecord] = {}
        missing = []
        for place_id, version in versions:
            record = self.cache.get(place_id, version)
            if record is None:
                missing.append(place_id)
            else:
                found[place_id] = record
        if missing:
            rows = await self.db.fetch(
                f"SELECT {PLACE_COLUMNS}, p.aspect_scores, p.xmin::text AS version "
                "FROM places p WHERE p.id = ANY(CAST(:ids AS bigint[]))",
                {"ids": missing},
            )
            for row in rows:
                record = record_of(dict(row))
                self.cache.put(row["id"], row["version"], record)
                found[row["id"]] = record
        return found

    async def records(self, ids: Sequence[int]) -> dict[int, PlaceRecord]:
        """Records by id (current versions read first: one narrow query)."""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT p.id, p.xmin::text AS version FROM places p "
                    "WHERE p.id = ANY(CAST(:ids AS bigint[]))"
                ),
                {"ids": list(ids)},
            )
            versions = [(r.id, r.version) for r in rows]
        return await self.records_at(versions)

    async def reviews(
        self, ids: Sequence[int], *, per_place: int = 40
    ) -> dict[int, list[ReviewText]]:
        """Up to `per_place` reviews of each place, oldest id first. Kept per place at the
        reviews' version (migration 0018): when no review changed since, a call costs one
        one-row statement instead of reading up to `per_place` texts of every place."""
        out: dict[int, list[ReviewText]] = {i: [] for i in ids}
        if not ids:
            return out
        (row,) = await self.db.fetch("SELECT version FROM reviews_version WHERE id = 1")
        version = int(row["version"])
        missing = []
        for place_id in out:
            kept = self._reviews.get((place_id, per_place))
            if kept is not None and kept[0] == version:
                out[place_id] = list(kept[1])
            else:
                missing.append(place_id)
        if not missing:
            return out
        rows = await self.db.fetch(
            "SELECT place_id, id, text, rating FROM ("
            "  SELECT r.place_id, r.id, r.text, r.rating,"
            "         row_number() OVER (PARTITION BY r.place_id ORDER BY r.id) AS n"
            "  FROM reviews r WHERE r.place_id = ANY(CAST(:ids AS bigint[]))"
            ") x WHERE n <= :per_place ORDER BY place_id, id",
            {"ids": missing, "per_place": per_place},
        )
        for place_id, review_id, body, rating in rows:
            out[place_id].append(ReviewText(id=str(review_id), text=body, rating=rating))
        for place_id in missing:
            # read after `version`: at worst newer than it, and read again next time
            self._reviews[(place_id, per_place)] = (version, list(out[place_id]))
        return out

    async def review_texts(self, review_ids: Sequence[int]) -> dict[int, str]:
        """The text of each review id that exists."""
        if not review_ids:
            return {}
        rows = await self.db.fetch(
            "SELECT id, text FROM reviews WHERE id = ANY(CAST(:ids AS bigint[]))",
            {"ids": list(dict.fromkeys(review_ids))},
        )
        return {int(r["id"]): str(r["text"]) for r in rows}

    async def reviews_naming(
        self, ids: Sequence[int], terms: Sequence[str], *, per_place: int = 20
    ) -> dict[int, list[tuple[str, str]]]:
        """(review id, text) of the reviews that name any of `terms` (full text, stemmed), at
        most `per_place` per place: what a custom ingredient ("garlic") is read from."""
        if not ids or not terms:
            return {}
        query = " OR ".join('"' + term.replace('"', " ") + '"' for term in terms)
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT place_id, id, text FROM ("
                    "  SELECT r.place_id, r.id, r.text,"
                    "         row_number() OVER (PARTITION BY r.place_id ORDER BY r.id) AS n"
                    "  FROM reviews r WHERE r.place_id = ANY(CAST(:ids AS bigint[]))"
                    "  AND r.text_tsv @@ websearch_to_tsquery('english', :query)"
                    ") x WHERE n <= :per_place ORDER BY place_id, id"
                ),
                {"ids": list(ids), "query": query, "per_place": per_place},
            )
        found: dict[int, list[tuple[str, str]]] = {}
        for row in rows:
            found.setdefault(row.place_id, []).append((str(row.id), row.text))
        return found

    async def top_rated(
        self,
        *,
        exclude_allergens: Sequence[str],
        cuisines: Sequence[str],
        kinds: Sequence[str],
        cities: Sequence[str] = (),
        country: str | None = None,
        traits: Sequence[str] = (),
        limit: int = 50,
        reviewed_only: bool = True,
    ) -> list[PlaceRecord]:
        """Top places by the Bayesian average rating, plus the best of `cuisines` and the best
        holding any of `traits` (a diet or vibe the person asked for: a vegan's feed weighs the
        vegan places, which the top by rating alone may not hold), with the anaphylactic hard
        filter in SQL; reviewed places only unless not `reviewed_only` (a card quotes one), of
        `kinds`, in `cities` when given (lower case) and in `country` when given (the one a
        city name two countries share means: `Catalog.city_country`)."""
        where_city = "AND lower(p.city) = ANY(CAST(:cities AS text[]))" if cities else ""
        where_city += " AND p.country = :country" if cities and country else ""
        reviewed = "AND p.review_count > 0" if reviewed_only else ""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    f"""
                    WITH eligible AS (
                        SELECT p.id, p.xmin::text AS version, {WEIGHTED_RATING_SQL} AS weighted,
                               p.categories && CAST(:cuisines AS text[]) AS liked,
                               p.traits && CAST(:traits AS text[]) AS wanted
                        FROM places p
                        WHERE p.is_active {reviewed}
                          AND p.kind = ANY(CAST(:kinds AS text[])) {where_city}
                          AND {hard_exclusion_sql("exclude")}
                    )
                    (SELECT * FROM eligible ORDER BY weighted DESC, id LIMIT :limit)
                    UNION
                    (SELECT * FROM eligible WHERE liked ORDER BY weighted DESC, id
                     LIMIT :liked_limit)
                    UNION
                    (SELECT * FROM eligible WHERE wanted ORDER BY weighted DESC, id
                     LIMIT :liked_limit)
                    """
                ),
                {
                    "cuisines": list(cuisines),
                    "traits": list(traits),
                    "exclude": list(exclude_allergens),
                    "kinds": list(kinds),
                    "cities": list(cities),
                    "country": country,
                    "limit": limit,
                    "liked_limit": limit // 2,
                },
            )
            ranked = sorted(rows, key=lambda r: (-r.weighted, r.id))
        records = await self.records_at([(r.id, r.version) for r in ranked])
        return [records[r.id] for r in ranked if r.id in records]

    async def name_listings(self) -> dict[str, int]:
        """Active places per name, names compared by `core.venue_identity.name_key`: a name
        few places carry is one venue's, a name many carry a chain's."""
        async with self.db.reading() as session:
            names = (
                await session.execute(text("SELECT name FROM places WHERE is_active"))
            ).scalars()
            return dict(Counter(name_key(n) for n in names))

    async def catalog_rows(self) -> list[dict[str, Any]]:
        """(name, address, city, lat, lng) of every active place, for geocoding from the
        catalog's own addresses."""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT name, address, city, lat, lng FROM places "
                    "WHERE is_active AND (address IS NOT NULL OR lat IS NOT NULL)"
                )
            )
            return [dict(r._mapping) for r in rows]
