"""Write adapter records into the shared tables: merge duplicates, upsert, infer allergens.

Each batch is one transaction, so a crash loses at most the batch in flight. Embeddings are a
separate, resumable phase (`embed_missing`), because they dominate the cost of a first ingest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, case, func, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.core.place_allergens import infer_place_allergens
from kairos.core.place_kinds import FOOD_KINDS, kind_of
from kairos.core.traits import derive_traits, held_traits, stated_traits
from kairos.ingest.locality import LONDON_SOURCE, london_locality, ranking_town
from kairos.ingest.normalise import (
    SAME_PLACE_KM,
    normalise_name,
    same_location,
    tier_from_level,
)
from kairos.ingest.poi_derived import derive_poi_attributes
from kairos.ingest.records import PlaceRecord
from kairos.ingest.venue_facts import write_venue_facts
from kairos.store.tables import Place, PlaceSource, Review
from kairos.text.aspects import ReviewText, score_aspects
from kairos.text.embeddings import content_hash
from kairos.text.minilm import MINILM_MODEL_NAME

MERGE_RADIUS_KM = SAME_PLACE_KM


@dataclass
class BatchOutcome:
    inserted: int = 0
    merged: int = 0
    updated: int = 0
    reviews: int = 0
    checkins: int = 0
    inspections: int = 0
    place_ids: set[int] = field(default_factory=set)


@dataclass(slots=True)
class _Known:
    id: int
    lat: float | None
    lng: float | None
    address: str | None


def _same_place(record: PlaceRecord, known: _Known) -> bool:
    return same_location(
        record.lat, record.lng, record.address, known.lat, known.lng, known.address
    )


def _price_raw(record: PlaceRecord) -> dict[str, Any]:
    """The source's own fields, and its level under `sources`, so every source's signal survives
    a merge (the cost analyst compares them)."""
    if record.price_level is None:
        return record.price_raw
    return {**record.price_raw, "sources": {record.source: record.price_level}}


def _place_values(record: PlaceRecord) -> dict[str, Any]:
    return {
        "source": record.source,
        "source_id": record.source_id,
        "name": record.name,
        "normalized_name": normalise_name(record.name),
        "kind": record.kind,
        "categories": record.categories,
        "price_level": record.price_level,
        "price_tier": tier_from_level(record.price_level),
        "price_raw": _price_raw(record),
        "rating": record.rating,
        "votes": record.votes,
        "city": record.city,
        "area": record.area,
        "country": record.country,
        "address": record.address,
        "lat": record.lat,
        "lng": record.lng,
        "url": record.url,
        "attributes": record.attributes,
    }


_FILL_COLUMNS = (
    "price_level", "price_tier", "rating", "city", "area", "country", "address", "lat", "lng", "url"
)  # fmt: skip


def _deep(shallow: str, column: str, param: str, key: str) -> str:
    """`shallow`, with the objects under `key` merged one level deeper (new entries win)."""
    new = f"CAST({param} AS jsonb)"
    return (
        f"CASE WHEN jsonb_typeof({new} -> '{key}') = 'object' THEN ({shallow}) || "
        f"jsonb_build_object('{key}', COALESCE(CASE WHEN jsonb_typeof({column} -> '{key}') = "
        f"'object' THEN {column} -> '{key}' END, '{{}}'::jsonb) || ({new} -> '{key}')) "
        f"ELSE {shallow} END"
    )


_UPDATE_KNOWN = text(
    "UPDATE places SET "
    + ", ".join(f"{c} = COALESCE(:{c}, {c})" for c in _FILL_COLUMNS)
    + ", categories = ARRAY(SELECT DISTINCT unnest(categories || CAST(:categories AS text[])))"
    + ", votes = GREATEST(votes, :votes)"
    + ", price_raw = "
    + _deep("price_raw || CAST(:price_raw AS jsonb)", "price_raw", ":price_raw", "sources")
    + ", attributes = "
    + _deep("CAST(:attributes AS jsonb) || attributes", "attributes", ":attributes", "poi")
    + ", is_active = true, updated_at = now() WHERE id = :id"
).bindparams(
    bindparam("price_raw", type_=Place.price_raw.type),
    bindparam("attributes", type_=Place.attributes.type),
)


async def _resolve(
    session: AsyncSession, places: Sequence[PlaceRecord]
) -> list[tuple[int | None, bool]]:
    """The place id each record belongs to (by source key first, then by name + location), and
    whether the source key was already known."""
    keys = [(p.source, p.source_id) for p in places]
    rows = await session.execute(
        select(PlaceSource.source, PlaceSource.source_id, PlaceSource.place_id).where(
            func.row(PlaceSource.source, PlaceSource.source_id).in_(keys)
        )
    )
    by_key = {(r.source, r.source_id): r.place_id for r in rows}
    names = {normalise_name(p.name) for p in places if (p.source, p.source_id) not in by_key}
    candidates: dict[str, list[_Known]] = {}
    if names:
        found = await session.execute(
            select(Place.id, Place.normalized_name, Place.lat, Place.lng, Place.address).where(
                Place.normalized_name.in_(names)
            )
        )
        for r in found:
            candidates.setdefault(r.normalized_name, []).append(
                _Known(r.id, r.lat, r.lng, r.address)
            )
    resolved: list[tuple[int | None, bool]] = []
    for place in places:
        known_id = by_key.get((place.source, place.source_id))
        if known_id is not None:
            resolved.append((known_id, True))
            continue
        same = [k for k in candidates.get(normalise_name(place.name), []) if _same_place(place, k)]
        resolved.append((same[0].id if same else None, False))
    return resolved


async def write_places(
    session: AsyncSession,
    places: Sequence[PlaceRecord],
    *,
    embedding_model: str = MINILM_MODEL_NAME,
) -> BatchOutcome:
    """`embedding_model` keys the review content hashes: two models never share cached vectors."""
    outcome = BatchOutcome()
    if not places:
        return outcome
    resolved = await _resolve(session, places)
    ids: list[int] = []
    for place, (known_id, via_key) in zip(places, resolved, strict=True):
        values = _place_values(place)
        if known_id is None:
            stmt = insert(Place).values(**values).returning(Place.id)
            ids.append((await session.execute(stmt)).scalar_one())
            outcome.inserted += 1
            continue
        fill = {c: values[c] for c in _FILL_COLUMNS}
        extra = {k: values[k] for k in ("categories", "votes", "price_raw", "attributes")}
        await session.execute(_UPDATE_KNOWN, {**fill, **extra, "id": known_id})
        ids.append(known_id)
        if via_key:
            outcome.updated += 1
        else:
            outcome.merged += 1
    await session.execute(
        pg_insert(PlaceSource)
        .values(
            [
                {"source": p.source, "source_id": p.source_id, "place_id": pid}
                for p, pid in zip(places, ids, strict=True)
            ]
        )
        .on_conflict_do_nothing()
    )
    review_rows = [
        {
            "place_id": pid,
            "source": r.source,
            "source_review_id": r.source_review_id,
            "title": r.title,
            "text": r.text,
            "rating": r.rating,
            "review_date": r.review_date,
            "content_hash": content_hash(r.text, embedding_model),
        }
        for p, pid in zip(places, ids, strict=True)
        for r in p.reviews
    ]
    if review_rows:
        upsert = pg_insert(Review)
        excluded = upsert.excluded
        await session.execute(
            upsert.on_conflict_do_update(
                constraint="uq_reviews_source",
                set_={
                    "place_id": excluded.place_id,
                    "title": excluded.title,
                    "text": excluded.text,
                    "rating": excluded.rating,
                    "review_date": excluded.review_date,
                    "content_hash": excluded.content_hash,
                    "embedding": case(
                        (Review.content_hash == excluded.content_hash, Review.embedding),
                        else_=None,
                    ),
                },
            ),
            review_rows,
        )
    outcome.reviews = len(review_rows)
    outcome.checkins, outcome.inspections = await write_venue_facts(session, places, ids)
    outcome.place_ids = set(ids)
    return outcome


def _descriptions(attributes: dict[str, Any]) -> list[str]:
    """Points-of-interest sources describe the place in words that full-text search should find
    (`attributes["poi"][<source>]["description"]`)."""
    poi = attributes.get("poi")
    if not isinstance(poi, dict):
        return []
    return [
        words
        for _, raw in sorted(poi.items())
        if isinstance(raw, dict) and isinstance(words := raw.get("description"), str)
    ]


async def refresh_derived(session: AsyncSession, place_ids: set[int]) -> None:
    """Recompute what is derived from a place's categories and reviews: its kind, allergens,
    aspect scores, review count, search facets; for a point of interest, its opening hours and
    visit facts (`ingest/poi_derived.py`)."""
    if not place_ids:
        return
    places = (
        await session.execute(
            select(
                Place.id,
                Place.source,
                Place.name,
                Place.address,
                Place.kind,
                Place.categories,
                Place.city,
                Place.area,
                Place.price_level,
                Place.attributes,
            ).where(Place.id.in_(place_ids))
        )
    ).all()
    texts: dict[int, list[tuple[str, str]]] = {pid: [] for pid in place_ids}
    rated: dict[int, list[ReviewText]] = {pid: [] for pid in place_ids}
    for review in await session.execute(
        select(Review.place_id, Review.id, Review.text, Review.rating)
        .where(Review.place_id.in_(place_ids))
        .order_by(Review.place_id, Review.id)
    ):
        texts[review.place_id].append((str(review.id), review.text))
        rated[review.place_id].append(
            ReviewText(id=str(review.id), text=review.text, rating=review.rating)
        )
    params = []
    derived_attributes = []
    for row in places:
        derived = derive_poi_attributes(row.attributes or {}, row.kind)
        if any((row.attributes or {}).get(k) != v for k, v in derived.items()):
            derived_attributes.append({"id": row.id, "attributes": row.attributes | derived})
        allergens = infer_place_allergens(
            row.categories,
            texts[row.id],
            name=row.name,
            descriptions=_descriptions(row.attributes or {}),
        )
        aspects = (
            score_aspects(rated[row.id], price_level=row.price_level) if rated[row.id] else None
        )
        evidence = derive_traits(
            row.categories,
            row.attributes,
            texts[row.id],
            {name: (s.value, s.confidence) for name, s in aspects.items()} if aspects else None,
        )
        city, area = row.city, row.area
        if row.source == LONDON_SOURCE:  # the locality rule follows the code, like the rest
            city, area = london_locality(row.address, ranking_town(row.attributes))
        facets = " ".join([*row.categories, city or "", area or "", *_descriptions(row.attributes)])
        params.append(
            {
                "id": row.id,
                "city": city,
                "area": area,
                "kind": (kind_of(row.categories, row.name) if row.kind in FOOD_KINDS else None)
                or row.kind,
                "known_allergens": allergens.known_allergens,
                "contains_allergens": allergens.contains_allergens,
                "allergen_confidence": allergens.confidence,
                "allergen_evidence": [e.model_dump(mode="json") for e in allergens.evidence],
                "review_count": len(texts[row.id]),
                "aspect_scores": aspects.model_dump(mode="json") if aspects else {},
                "traits": held_traits(evidence) + stated_traits(evidence),
                "trait_evidence": [e.as_json() for e in evidence],
                "search_facets": facets.strip(),
            }
        )
    await session.execute(update(Place), params)
    if derived_attributes:
        await session.execute(update(Place), derived_attributes)
