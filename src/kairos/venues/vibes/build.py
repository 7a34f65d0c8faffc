"""Vibe vectors computed ahead, from the reviews' stored embeddings, and on demand for one place.

A place's content hash covers the model version and its embedded reviews' content hashes, so a
build recomputes only the places whose texts (or the model, the dimensions file, the vectoriser)
changed, and drops the vectors of places that no longer have any embedded text.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from pgvector.sqlalchemy import Vector
from sqlalchemy import text

from kairos.ingest.runner import NoProgress, ProgressSink
from kairos.store.database import Database
from kairos.store.venue_vibes import VibeRow, delete_vibes, stored_hashes, write_vibes
from kairos.venues.vibes.model import load_model, model_version
from kairos.venues.vibes.vectoriser import VibeText, VibeVector, vectorise

__all__ = ["PHASE", "VibeBuildReport", "build_vibes", "compute_vibe"]

PHASE: Final = "vibes"
BATCH: Final = 200
ON_DEMAND_TEXTS: Final = 40
"""An on-demand vector reads a place's newest texts only, to stay within a few milliseconds."""

_HASHES = text(
    "SELECT place_id, string_agg(content_hash, ',' ORDER BY content_hash) AS hashes "
    "FROM reviews WHERE embedding IS NOT NULL GROUP BY place_id"
)
_TEXTS = text(
    "SELECT id, place_id, text, embedding FROM reviews "
    "WHERE place_id = ANY(:ids) AND embedding IS NOT NULL ORDER BY place_id, id"
).columns(embedding=Vector(384))
_NEWEST = text(
    "SELECT id, text, embedding FROM reviews WHERE place_id = :id AND embedding IS NOT NULL "
    "ORDER BY review_date DESC NULLS LAST, id DESC LIMIT :k"
).columns(embedding=Vector(384))


@dataclass(frozen=True)
class VibeBuildReport:
    places_with_texts: int
    computed: int
    unchanged: int
    removed: int
    seconds: float


def place_hash(review_hashes: str) -> str:
    return hashlib.sha256(f"{model_version()}|{review_hashes}".encode()).hexdigest()


def _row(place_id: int, vector: VibeVector, digest: str) -> VibeRow:
    return VibeRow(
        place_id=place_id, vibe=vector.scores, primary_vibe=vector.primary,
        confidence=vector.confidence, texts=vector.texts, evidence=vector.evidence,
        content_hash=digest,
    )  # fmt: skip


def _vectorise_all(grouped: dict[int, list[VibeText]], digests: dict[int, str]) -> list[VibeRow]:
    model = load_model()
    rows = []
    for place_id, texts in grouped.items():
        vector = vectorise(texts, model)
        if vector is not None:
            rows.append(_row(place_id, vector, digests[place_id]))
    return rows


async def build_vibes(
    db: Database, *, progress: ProgressSink | None = None, force: bool = False
) -> VibeBuildReport:
    """Compute and store the vectors of every place whose texts or model changed."""
    started = time.perf_counter()
    sink = progress or NoProgress()
    async with db.reading() as session:
        wanted = {
            int(r.place_id): place_hash(str(r.hashes)) for r in await session.execute(_HASHES)
        }
    stored = await stored_hashes(db)
    todo = sorted(p for p, h in wanted.items() if force or stored.get(p) != h)
    removed = await delete_vibes(db, place_ids=sorted(set(stored) - set(wanted)))
    sink.start(PHASE, len(todo))
    for start in range(0, len(todo), BATCH):
        ids = todo[start : start + BATCH]
        grouped: dict[int, list[VibeText]] = {i: [] for i in ids}
        async with db.reading() as session:
            for r in await session.execute(_TEXTS, {"ids": ids}):
                grouped[int(r.place_id)].append(
                    VibeText(int(r.id), str(r.text), np.asarray(r.embedding, dtype=np.float32))
                )
        rows = await asyncio.to_thread(_vectorise_all, grouped, wanted)
        await write_vibes(db, rows=rows)
        sink.advance(PHASE, len(ids))
    return VibeBuildReport(
        places_with_texts=len(wanted),
        computed=len(todo),
        unchanged=len(wanted) - len(todo),
        removed=removed,
        seconds=round(time.perf_counter() - started, 2),
    )


async def compute_vibe(db: Database, *, place_id: int) -> VibeVector | None:
    """A place's vector from its newest stored review embeddings, for a place the build has not
    reached; None when it has no embedded text (the planner's `score: null, confidence: 0.0`)."""
    async with db.reading() as session:
        rows = list(await session.execute(_NEWEST, {"id": place_id, "k": ON_DEMAND_TEXTS}))
    texts: Sequence[VibeText] = [
        VibeText(int(r.id), str(r.text), np.asarray(r.embedding, dtype=np.float32)) for r in rows
    ]
    return vectorise(texts, load_model())
