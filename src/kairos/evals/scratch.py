"""Scratch databases for the evaluation suites, cached by what they were built from.

A suite that needs a catalog (retrieval, contract, speed) gets its own embedded PostgreSQL under
`<data_dir>/eval-cache/<name>-<digest>/`, where the digest hashes the input files' bytes and the
recipe that built it. A re-run on the same files reuses the database; a changed file or recipe
builds a new one. Review embeddings are the slow part (≈ 15 min for the 37k reviews of
restaurant_reviews on a 2-core machine), so every build exports its embedding cache to
`eval-cache/embeddings/` and every new build seeds itself from those files first: a second
database over the same texts (a blind copy, a 10× replica) computes nothing.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

import numpy as np
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert

from kairos.ingest.embedding_phase import count_missing, embed_missing
from kairos.ingest.runner import NoProgress, ProgressSink
from kairos.registry import start_runtime
from kairos.runtime import SAMPLE_EMBEDDINGS, SAMPLE_SOURCES, Runtime
from kairos.settings import Settings, get_settings
from kairos.store.tables import EmbeddingCache, Review

READY = "READY.json"
EMBEDDINGS = "embeddings"
Build = Callable[[Runtime], Awaitable[dict[str, object]]]
"""Ingests places and reviews without embeddings (`embedder=None`); `prepare` fills those in."""


def cache_root(settings: Settings | None = None) -> Path:
    return (settings or get_settings()).data_dir / "eval-cache"


def digest(paths: Iterable[Path], recipe: str) -> str:
    """sha256 over the files' bytes and the recipe text; 16 hex digits name the folder."""
    h = hashlib.sha256(recipe.encode())
    for path in paths:
        h.update(path.name.encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()[:16]


def scratch_settings(folder: Path, base: Settings | None = None) -> Settings:
    """Embedded server in `folder`, never a configured one, and no automatic sample ingest."""
    return (base or get_settings()).model_copy(
        update={"data_dir": folder, "database_url": None, "auto_ingest_sample": False}
    )


async def _review_hashes(runtime: Runtime) -> set[str]:
    async with runtime.db.session() as session:
        rows = await session.execute(select(Review.content_hash).where(Review.embedding.is_(None)))
        return set(rows.scalars())


def embedding_files(root: Path, settings: Settings) -> list[Path]:
    """Exports of earlier builds, and the vectors shipped with the sample."""
    shipped = [settings.sample_dir / SAMPLE_EMBEDDINGS]
    shipped += [settings.sample_dir / folder / SAMPLE_EMBEDDINGS for _, folder in SAMPLE_SOURCES]
    return [*sorted((root / EMBEDDINGS).glob("*.npz")), *(p for p in shipped if p.exists())]


async def seed_embeddings(runtime: Runtime, files: list[Path]) -> int:
    """Copy into the cache the known vectors of reviews that still lack one."""
    wanted = await _review_hashes(runtime)
    loaded = 0
    for path in files:
        with np.load(path) as data:
            hashes, vectors = data["hashes"], data["vectors"]
        keep = np.array([str(h) in wanted for h in hashes], dtype=bool)
        if keep.any():
            loaded += await store_vectors(runtime, hashes[keep], vectors[keep])
    return loaded


async def store_vectors(runtime: Runtime, hashes: np.ndarray, vectors: np.ndarray) -> int:
    vectors = vectors.astype(np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), np.float32(1e-12))
    async with runtime.db.session() as session, session.begin():
        for start in range(0, len(hashes), 1000):
            chunk = zip(hashes[start : start + 1000], vectors[start : start + 1000], strict=True)
            await session.execute(
                pg_insert(EmbeddingCache).on_conflict_do_nothing(),
                [{"content_hash": str(h), "embedding": v} for h, v in chunk],
            )
    return len(hashes)


async def export_embeddings(runtime: Runtime, root: Path, name: str) -> int:
    """Write the vectors no earlier export holds, in the sample's format (float16, by hash)."""
    known: set[str] = set()
    for path in (root / EMBEDDINGS).glob("*.npz"):
        with np.load(path) as data:
            known.update(str(h) for h in data["hashes"])
    async with runtime.db.session() as session:
        rows = [
            r
            for r in await session.execute(
                select(EmbeddingCache.content_hash, EmbeddingCache.embedding)
            )
            if r.content_hash not in known
        ]
    if not rows:
        return 0
    rows.sort(key=lambda r: r.content_hash)
    (root / EMBEDDINGS).mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        root / EMBEDDINGS / f"{name}.npz",
        hashes=np.array([r.content_hash for r in rows]),
        vectors=np.array([r.embedding for r in rows], dtype=np.float16),
    )
    return len(rows)


def ready_info(folder: Path) -> dict[str, object] | None:
    marker = folder / READY
    if not marker.exists():
        return None
    info: dict[str, object] = json.loads(marker.read_text())
    return info


async def prepare(
    folder: Path,
    build: Build,
    *,
    settings: Settings | None = None,
    progress: ProgressSink | None = None,
) -> dict[str, object]:
    """Build the database in `folder` unless a finished build is there; return the build info.

    An unfinished build (no READY marker) is resumed: ingestion is idempotent and incremental,
    and embeddings are committed in chunks.
    """
    if (info := ready_info(folder)) is not None:
        return info
    root = folder.parent
    folder.mkdir(parents=True, exist_ok=True)
    runtime = await start_runtime(scratch_settings(folder, settings), ingest_sample=False)
    try:
        started = time.perf_counter()
        info = await build(runtime)
        info["ingest_seconds"] = round(time.perf_counter() - started, 1)
        files = embedding_files(root, runtime.settings)
        info["seeded_embeddings"] = await seed_embeddings(runtime, files)
        embed_started = time.perf_counter()
        sink = progress or NoProgress()
        sink.start("embeddings", await count_missing(runtime.db))
        outcome = await embed_missing(
            runtime.db, runtime.embedder, on_progress=lambda n: sink.advance("embeddings", n)
        )
        info["computed_embeddings"] = outcome.computed
        info["embed_seconds"] = round(time.perf_counter() - embed_started, 1)
        info["build_seconds"] = round(time.perf_counter() - started, 1)
        info["exported_embeddings"] = await export_embeddings(runtime, root, folder.name)
    finally:
        await runtime.close()
    (folder / READY).write_text(json.dumps(info, indent=2))
    return info


@asynccontextmanager
async def scratch_runtime(
    folder: Path,
    build: Build,
    *,
    settings: Settings | None = None,
    progress: ProgressSink | None = None,
) -> AsyncIterator[tuple[Runtime, dict[str, object]]]:
    """A started runtime over the (built or reused) scratch database in `folder`."""
    info = await prepare(folder, build, settings=settings, progress=progress)
    runtime = await start_runtime(scratch_settings(folder, settings), ingest_sample=False)
    try:
        yield runtime, info
    finally:
        await runtime.close()


def forget(folder: Path) -> None:
    """Drop a scratch database (the embedding exports stay)."""
    shutil.rmtree(folder, ignore_errors=True)


def sample_folder(settings: Settings | None = None) -> Path:
    """The sample catalog as the app serves it (categories and attributes kept)."""
    settings = settings or get_settings()
    folders = [settings.sample_dir / folder for _, folder in SAMPLE_SOURCES]
    files = sorted(p for f in folders if f.exists() for p in f.rglob("*") if p.is_file())
    shipped = settings.sample_dir / SAMPLE_EMBEDDINGS
    files += [shipped] if shipped.exists() else []
    return cache_root(settings) / f"sample-{digest(files, 'sample-app-v2')}"


async def build_sample(runtime: Runtime) -> dict[str, object]:
    reports = await runtime.ingest_sample(runtime.settings.sample_dir)
    return {
        "places": sum(r.places_read for r in reports),
        "reviews": sum(r.reviews for r in reports),
        "bad_rows": sum(len(r.bad_rows) for r in reports),
    }
