"""Ingestion against the real embedded database: each adapter, merges, bad rows, idempotency."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text

from kairos.ingest.runner import ingest
from kairos.store.tables import Place, PlaceSource, Review
from tests.conftest import REPO, SAMPLE_DIR

YELP_SMALL = REPO / "tests" / "data" / "yelp_small"


async def _count(runtime: Any, model: Any) -> int:
    async with runtime.db.session() as session:
        return int((await session.execute(select(func.count()).select_from(model))).scalar_one())


async def test_sample_is_ingested_with_shipped_embeddings(runtime: Any) -> None:
    async with runtime.db.session() as session:
        missing = await session.execute(
            select(func.count()).select_from(Review).where(Review.embedding.is_(None))
        )
        assert missing.scalar_one() == 0
        cities = {
            r[0] for r in await session.execute(text("SELECT DISTINCT lower(city) FROM places"))
        }
    assert {"boston", "cambridge", "london", "hyderabad", "barcelona"} <= cities
    assert await _count(runtime, Review) > 2000
    assert await _count(runtime, Place) > 600


async def test_reingest_is_idempotent_and_computes_no_embeddings(runtime: Any) -> None:
    places, reviews = await _count(runtime, Place), await _count(runtime, Review)
    report = await ingest(
        runtime.db, "restaurant_reviews", SAMPLE_DIR / "restaurant_reviews", runtime.embedder
    )
    assert report.inserted == 0
    assert report.updated == report.places_read > 0
    assert report.embeddings.computed == 0
    assert (await _count(runtime, Place), await _count(runtime, Review)) == (places, reviews)


async def test_yelp_2015_adapter_merges_same_place_within_100_m(runtime: Any) -> None:
    report = await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    assert report.places_read == 20
    assert report.bad_rows == []
    ids = [
        json.loads(line)["business_id"] for line in (YELP_SMALL / "boston_business.jsonl").open()
    ]
    async with runtime.db.session() as session:
        # The sample's yelp/ folder holds these businesses too, so the sample's start-up ingest
        # is the one that merged them with the restaurant sample's places.
        merged = await session.execute(
            text(
                "SELECT place_id FROM place_sources GROUP BY place_id "
                "HAVING count(DISTINCT source) > 1 AND bool_or(source = 'yelp_boston_2015' "
                "AND source_id = ANY(:ids))"
            ),
            {"ids": ids},
        )
        assert len(merged.all()) >= 1, "the fixture holds places that are also in the sample"
        tips = await session.execute(
            select(func.count()).select_from(Review).where(Review.source == "yelp_boston_2015_tip")
        )
        assert tips.scalar_one() >= report.reviews > 0, "the sample adds tips of its own"
    again = await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    assert (again.inserted, again.merged, again.embeddings.computed) == (0, 0, 0)


async def test_yelp_metadata_adapter(runtime: Any, tmp_path: Path) -> None:
    source = SAMPLE_DIR / "yelp_metadata" / "yelp_restaurants_metadata.jsonl.gz"
    with gzip.open(source, "rt") as handle:
        rows = [json.loads(line) for _, line in zip(range(5), handle, strict=False)]
    for row in rows:
        row["restaurant_id"] = "test_" + row["restaurant_id"]
        row["name"] = row["name"] + " Annex"
    path = tmp_path / "meta.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = await ingest(runtime.db, "yelp_metadata", path, runtime.embedder)
    assert (report.places_read, report.inserted, report.reviews) == (5, 5, 0)
    async with runtime.db.session() as session:
        stored = (
            await session.execute(
                select(Place)
                .join(PlaceSource, PlaceSource.place_id == Place.id)
                .where(PlaceSource.source_id == rows[0]["restaurant_id"])
            )
        ).scalar_one()
    assert stored.categories == [c for c in stored.categories if c == c.lower().strip()]
    assert stored.price_tier in (None, "$", "$$", "$$$", "$$$$")


async def test_malformed_rows_are_counted_and_never_stop_the_run(
    runtime: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    good = {
        "restaurant_id": "test_good_1", "source": "test_source", "name": "Good Thai Kitchen",
        "city": "Testville", "cuisines": ["Thai "], "price_level": 2, "rating": "4.1/5",
        "lat": 42.0, "lng": -71.0,
    }  # fmt: skip
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({"restaurant_id": "test_bad_2", "source": "test_source"}),
        json.dumps(["a", "list"]),
        json.dumps({**good, "restaurant_id": "test_new", "name": "NEW Place", "rating": "NEW"}),
        json.dumps(
            {**good, "restaurant_id": "test_sushi", "name": "Kai Sushi", "cuisines": ["Korean"]}
        ),
    ]
    (folder / "restaurants.jsonl").write_text("\n".join(lines) + "\n")
    reviews = [
        {"review_id": "test_r1", "restaurant_id": "test_good_1", "source": "test_source",
         "rating": 5, "text": "Lovely pad thai with crushed peanuts, quiet and romantic."},
        {"review_id": "test_r2", "restaurant_id": "test_good_1", "source": "test_source",
         "text": "   "},
    ]  # fmt: skip
    (folder / "reviews.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reviews))
    report = await ingest(runtime.db, "restaurant_reviews", folder, runtime.embedder)
    assert report.places_read == 3
    assert report.reviews == 1
    reasons = report.bad_reasons()
    assert reasons["restaurant: missing name"] == 1
    assert reasons["not a JSON object"] == 1
    assert reasons["review: empty review text"] == 1
    assert any(r.startswith("not valid JSON") for r in reasons)
    async with runtime.db.session() as session:
        place = (
            await session.execute(select(Place).where(Place.source_id == "test_good_1"))
        ).scalar_one()
        new = (
            await session.execute(select(Place).where(Place.source_id == "test_new"))
        ).scalar_one()
        sushi = (
            await session.execute(select(Place).where(Place.source_id == "test_sushi"))
        ).scalar_one()
    assert place.categories == ["thai"]
    assert place.rating == 4.1
    assert place.price_tier == "$$"
    assert new.rating is None
    assert "peanuts" in place.contains_allergens
    assert sushi.contains_allergens == ["fish"], "its name says sushi; its category only Korean"
    assert place.allergen_confidence == "medium", "fish, soy… come only from the Thai heuristic"
