"""The search scaling curve: restaurant_reviews replicated k times, so the growth of search cost
with catalog size is visible (issue 2, item 9). Labelled as replicas everywhere: these are not
more real places.

Replica r of a place keeps its name, cuisines and review texts (so every embedding comes from
the content-hash cache, nothing is recomputed) and gets new ids and moved coordinates: replicas
sit on a 10 × 10 grid of 440 m steps around the original (±2 km), each with a further ±110 m of
hash-seeded jitter, so no two replicas of a place are within the 100 m merge radius of
ingestion; places without coordinates get a distinct address for the same reason. A `near`
filter therefore selects about k times as many places as on the real data.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from kairos.evals.retrieval_queries import read_jsonl
from kairos.evals.scratch import Build, cache_root, digest, scratch_runtime
from kairos.evals.speed_load import LatencyFigures, run_level
from kairos.evals.speed_search import SEARCH_CASES, search_call, table_counts
from kairos.ingest.runner import ProgressSink, ingest
from kairos.runtime import Runtime

GRID_STEP_DEG = 0.004  # ≈ 440 m of latitude
JITTER_DEG = 0.001  # ≈ 110 m
RECIPE = "replicas-v1 grid=0.004 jitter=0.001"


def _unit(*parts: object) -> float:
    """A stable number in [-1, 1) from the parts."""
    h = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(h[:8], "big") / 2**63 - 1.0


def replica_place(row: dict[str, Any], r: int) -> dict[str, Any]:
    if r == 0:
        return row
    copy = dict(row)
    copy["restaurant_id"] = f"{row['restaurant_id']}~x{r}"
    if isinstance(row.get("lat"), int | float) and isinstance(row.get("lng"), int | float):
        dx, dy = (r % 10) - 4.5, (r // 10) - 4.5
        copy["lat"] = (
            row["lat"] + dy * GRID_STEP_DEG + JITTER_DEG * _unit(row["restaurant_id"], r, 0)
        )
        copy["lng"] = (
            row["lng"] + dx * GRID_STEP_DEG + JITTER_DEG * _unit(row["restaurant_id"], r, 1)
        )
    if row.get("address"):
        copy["address"] = f"{row['address']} (replica {r})"
    return copy


def replica_review(row: dict[str, Any], r: int) -> dict[str, Any]:
    if r == 0:
        return row
    return {**row, "review_id": f"{row['review_id']}~x{r}",
            "restaurant_id": f"{row['restaurant_id']}~x{r}"}  # fmt: skip


def _write(path: Path, rows: Iterator[dict[str, Any]]) -> int:
    count = 0
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count


def replicate(restaurants: Path, reviews: Path, k: int, out: Path) -> tuple[int, int]:
    """Write k replicas of both files into `out` (restaurants.jsonl.gz, reviews.jsonl.gz)."""
    out.mkdir(parents=True, exist_ok=True)
    places = list(read_jsonl(restaurants))
    texts = list(read_jsonl(reviews))
    n_places = _write(out / "restaurants.jsonl.gz",
                      (replica_place(p, r) for r in range(k) for p in places))  # fmt: skip
    n_reviews = _write(out / "reviews.jsonl.gz",
                       (replica_review(v, r) for r in range(k) for v in texts))  # fmt: skip
    return n_places, n_reviews


def replica_folder(restaurants: Path, reviews: Path, k: int) -> Path:
    return cache_root() / f"replicas-{k}x-{digest([restaurants, reviews], f'{RECIPE} k={k}')}"


def replica_build(
    restaurants: Path, reviews: Path, k: int, folder: Path, progress: ProgressSink | None = None
) -> Build:
    async def build(runtime: Runtime) -> dict[str, object]:
        source = folder / "input"
        written = replicate(restaurants, reviews, k, source)
        started = time.perf_counter()
        report = await ingest(
            runtime.db, "restaurant_reviews", source, None, batch_size=500, progress=progress
        )
        seconds = time.perf_counter() - started
        places, stored_reviews = await table_counts(runtime)
        for path in source.glob("*.jsonl.gz"):
            path.unlink()  # the replicas are re-derivable; do not keep gigabytes of them
        return {
            "replicas": k,
            "places": places,
            "reviews": stored_reviews,
            "places_written": written[0],
            "merged": report.merged,
            "bad_rows": len(report.bad_rows),
            "ingest_places_per_s": round(report.places_read / seconds, 1),
            "ingest_reviews_per_s": round(report.reviews / seconds, 1),
        }

    return build


class CurvePoint(BaseModel):
    replicas: int
    places: int
    reviews: int
    build: dict[str, object]
    search: list[LatencyFigures]
    strategies: dict[str, int]


async def curve_point(
    restaurants: Path,
    reviews: Path,
    k: int,
    *,
    scale: float = 1.0,
    progress: ProgressSink | None = None,
) -> CurvePoint:
    folder = replica_folder(restaurants, reviews, k)
    build = replica_build(restaurants, reviews, k, folder, progress)
    async with scratch_runtime(folder, build, progress=progress) as (runtime, info):
        strategies: dict[str, int] = {}
        for query, filters in SEARCH_CASES:  # also warms the catalog and the buffer cache
            result = await runtime.search.search(query, filters, limit=15)
            strategies[result.strategy] = strategies.get(result.strategy, 0) + 1
        figures = []
        for clients in (1, 8):
            count = max(1, int(max(60, 4 * clients) * scale))
            call = search_call(runtime, SEARCH_CASES)
            figures.append(await run_level("search", call, clients=clients, requests=count))
    return CurvePoint(
        replicas=k,
        places=int(str(info.get("places", 0))),
        reviews=int(str(info.get("reviews", 0))),
        build=info,
        search=figures,
        strategies=strategies,
    )
