"""What the speed suite times in-process: hybrid search, query embedding, batch embedding; and
how it builds the full-size catalog (restaurant_reviews + the 28.8k metadata-only Yelp places)."""

from __future__ import annotations

import gzip
import json
import statistics
import time
from pathlib import Path

from sqlalchemy import text

from kairos.evals.scratch import Build, cache_root, digest
from kairos.evals.speed_load import Call, percentile
from kairos.ingest.runner import ingest
from kairos.runtime import Runtime
from kairos.search.filters import GeoPoint, SearchFilters

# Realistic requests as the chat pipeline sends them: free text, often with filters.
SEARCH_CASES: tuple[tuple[str, SearchFilters], ...] = (
    ("quiet romantic italian", SearchFilters(city="cambridge")),
    ("cheap eats", SearchFilters(price_tiers=["$"])),
    ("spicy noodles", SearchFilters()),
    ("biryani", SearchFilters(city="hyderabad")),
    ("sunday roast pub", SearchFilters(city="london")),
    ("tapas", SearchFilters(city="barcelona")),
    ("vegan brunch", SearchFilters(min_rating=4.0)),
    ("seafood", SearchFilters(exclude_allergens=["shellfish", "fish"])),
    ("pizza", SearchFilters(near=GeoPoint(lat=42.3601, lng=-71.0589), radius_km=2)),
    ("kid friendly family dinner", SearchFilters()),
    ("sushi", SearchFilters(categories=["japanese"], price_tiers=["$$", "$$$"])),
    ("", SearchFilters(city="boston")),
    ("coffee and pastries to work from", SearchFilters()),
    ("thai", SearchFilters(exclude_allergens=["peanuts"])),
    ("late night food", SearchFilters(city="boston")),
    ("romantic anniversary dinner", SearchFilters(price_tiers=["$$$", "$$$$"])),
)


def search_call(runtime: Runtime, cases: tuple[tuple[str, SearchFilters], ...]) -> Call:
    """The chat pipeline's search (limit 15, no snippets: the turn makes those for the five
    cards it shows, a cost the chat figures carry) on the n-th case, straight on HybridSearch,
    so the product's search cache is not in the way."""

    async def call(n: int) -> None:
        query, filters = cases[n % len(cases)]
        await runtime.search.search(query, filters, limit=15, snippets=False)
        return None

    return call


def embedding_figures(runtime: Runtime, runs: int = 200, texts: int = 256) -> dict[str, float]:
    """Query embedding latency and batch throughput on the sample's first reviews. Throughput
    depends on text length (the sample caps places at 12 reviews, shorter ones on average), so
    the figure of record is bench/bench_embeddings.py's, over every k-th review of the full set."""
    embedder = runtime.embedder
    query = "quiet romantic italian in cambridge"
    for _ in range(10):
        embedder.embed_one(query)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        embedder.embed_one(query)
        times.append((time.perf_counter() - started) * 1000)
    reviews = runtime.settings.sample_dir / "restaurant_reviews" / "reviews.jsonl.gz"
    with gzip.open(reviews, "rt", encoding="utf-8") as handle:
        corpus = [str(json.loads(line).get("text") or "") for line in handle][:texts]
    started = time.perf_counter()
    embedder.embed(corpus)
    seconds = time.perf_counter() - started
    return {
        "query_p50_ms": percentile(times, 50),
        "query_p95_ms": percentile(times, 95),
        "query_mean_ms": round(statistics.fmean(times), 3),
        "batch_texts": float(len(corpus)),
        "batch_mean_chars": round(statistics.fmean(len(t) for t in corpus), 1) if corpus else 0.0,
        "batch_texts_per_s": round(len(corpus) / seconds, 1),
    }


async def table_counts(runtime: Runtime) -> tuple[int, int]:
    async with runtime.db.session() as session:
        places = (await session.execute(text("SELECT count(*) FROM places"))).scalar_one()
        reviews = (await session.execute(text("SELECT count(*) FROM reviews"))).scalar_one()
        return int(places), int(reviews)


def full_files(shared: Path) -> tuple[Path, Path, Path]:
    folder = shared / "restaurant_reviews"
    return (
        folder / "restaurants.jsonl.gz",
        folder / "reviews.jsonl.gz",
        folder / "yelp_restaurants_metadata.jsonl.gz",
    )


def full_folder(shared: Path) -> Path:
    files = full_files(shared)
    missing = [str(p) for p in files if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"--full needs {', '.join(missing)} (pass --shared DIR)")
    return cache_root() / f"full-{digest(files, 'full-v1')}"


def full_build(shared: Path) -> Build:
    restaurants, _, metadata = full_files(shared)

    async def build(runtime: Runtime) -> dict[str, object]:
        started = time.perf_counter()
        main = await ingest(runtime.db, "restaurant_reviews", restaurants.parent, None)
        main_seconds = time.perf_counter() - started
        started = time.perf_counter()
        extra = await ingest(runtime.db, "yelp_metadata", metadata, None)
        extra_seconds = time.perf_counter() - started
        runtime.catalog.invalidate()
        places, reviews = await table_counts(runtime)
        return {
            "places": places,
            "reviews": reviews,
            "restaurant_reviews_places": main.places_read,
            "metadata_places_read": extra.places_read,
            "metadata_places_merged": extra.merged,
            "bad_rows": len(main.bad_rows) + len(extra.bad_rows),
            "ingest_reviews_per_s": round(main.reviews / main_seconds, 1),
            "ingest_places_per_s": round(main.places_read / main_seconds, 1),
            "metadata_places_per_s": round(extra.places_read / extra_seconds, 1),
        }

    return build
