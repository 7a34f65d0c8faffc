"""Vibe vectors per place (`venue_vibes`, migration 0012): written in batches by the build, read
in one statement by the planner, ranked per dimension for the heatmap, searched by similarity.

Plain SQL with keyword-only functions, like `conversations.py`. A dimension of the stored
`vector(52)` is read as `(vibe::real[])[i + 1]`: pgvector 0.6 has no subscript on vectors.
Similarity is an exact cosine scan: 52-d rows are small, and a city filter is usually selective.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from pgvector.sqlalchemy import Vector
from sqlalchemy import text

from kairos.store.database import Database

__all__ = [
    "HeatPoint",
    "SimilarVenue",
    "StoredVibe",
    "VibeRow",
    "delete_vibes",
    "heatmap",
    "similar_vibes",
    "stored_hashes",
    "vibes",
    "write_vibes",
]

DIMENSIONS: Final = 52
WRITE_BATCH: Final = 500
F32 = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class VibeRow:
    """One place's vector as the build writes it."""

    place_id: int
    vibe: Sequence[float]
    primary_vibe: str | None
    confidence: float
    texts: int
    evidence: dict[str, Any]
    content_hash: str


@dataclass(frozen=True, slots=True)
class StoredVibe:
    place_id: int
    vibe: tuple[float, ...]
    primary_vibe: str | None
    confidence: float
    texts: int
    evidence: dict[str, Any]
    content_hash: str


@dataclass(frozen=True, slots=True)
class HeatPoint:
    lat: float
    lng: float
    score: float
    place_id: int
    name: str


@dataclass(frozen=True, slots=True)
class SimilarVenue:
    place_id: int
    name: str
    similarity: float
    primary_vibe: str | None


_UPSERT: Final = text(
    "INSERT INTO venue_vibes (place_id, vibe, primary_vibe, confidence, texts, evidence, "
    "content_hash, updated_at) VALUES (:place_id, CAST(:vibe AS vector), :primary_vibe, "
    ":confidence, :texts, CAST(:evidence AS jsonb), :content_hash, now()) "
    "ON CONFLICT (place_id) DO UPDATE SET vibe = EXCLUDED.vibe, "
    "primary_vibe = EXCLUDED.primary_vibe, confidence = EXCLUDED.confidence, "
    "texts = EXCLUDED.texts, evidence = EXCLUDED.evidence, "
    "content_hash = EXCLUDED.content_hash, updated_at = now()"
)
_READ: Final = text(
    "SELECT place_id, vibe, primary_vibe, confidence, texts, evidence, content_hash "
    "FROM venue_vibes WHERE place_id = ANY(:ids)"
).columns(vibe=Vector(DIMENSIONS))
_HEATMAP: Final = text(
    "SELECT p.id, p.name, p.lat, p.lng, (v.vibe::real[])[:dim] AS score "
    "FROM venue_vibes v JOIN places p ON p.id = v.place_id "
    "WHERE p.is_active AND p.lat IS NOT NULL AND p.lng IS NOT NULL "
    "AND (CAST(:city AS text) IS NULL OR lower(p.city) = lower(CAST(:city AS text))) "
    "ORDER BY score DESC, p.id LIMIT :limit"
)
_SIMILAR: Final = text(
    "SELECT p.id, p.name, v.primary_vibe, 1 - (v.vibe <=> CAST(:q AS vector)) AS similarity "
    "FROM venue_vibes v JOIN places p ON p.id = v.place_id "
    "WHERE p.is_active AND v.place_id <> ALL(:exclude) "
    "AND (CAST(:city AS text) IS NULL OR lower(p.city) = lower(CAST(:city AS text))) "
    "ORDER BY v.vibe <=> CAST(:q AS vector), p.id LIMIT :limit"
)


def _literal(values: Iterable[float]) -> str:
    return "[" + ",".join(f"{float(v):.5f}" for v in values) + "]"


def _check_vector(values: Sequence[float]) -> None:
    if len(values) != DIMENSIONS:
        raise ValueError(f"a vibe vector has {DIMENSIONS} values, not {len(values)}")


async def write_vibes(db: Database, *, rows: Sequence[VibeRow]) -> int:
    """Insert or replace the rows, `WRITE_BATCH` per transaction; returns how many were written."""
    for row in rows:
        _check_vector(row.vibe)
    for start in range(0, len(rows), WRITE_BATCH):
        chunk = rows[start : start + WRITE_BATCH]
        params = [
            {
                "place_id": r.place_id,
                "vibe": _literal(r.vibe),
                "primary_vibe": r.primary_vibe,
                "confidence": float(r.confidence),
                "texts": r.texts,
                "evidence": json.dumps(r.evidence, ensure_ascii=False, sort_keys=True),
                "content_hash": r.content_hash,
            }
            for r in chunk
        ]
        async with db.session() as session, session.begin():
            await session.execute(_UPSERT, params)
    return len(rows)


async def delete_vibes(db: Database, *, place_ids: Sequence[int]) -> int:
    """Drop the vectors of places that no longer have texts to read."""
    if not place_ids:
        return 0
    async with db.session() as session, session.begin():
        done = await session.execute(
            text("DELETE FROM venue_vibes WHERE place_id = ANY(:ids)"), {"ids": list(place_ids)}
        )
    return int(getattr(done, "rowcount", 0) or 0)


async def stored_hashes(db: Database) -> dict[int, str]:
    """place id → content hash of every stored vector (what an incremental build compares)."""
    async with db.reading() as session:
        rows = await session.execute(text("SELECT place_id, content_hash FROM venue_vibes"))
        return {int(r.place_id): str(r.content_hash) for r in rows}


async def vibes(db: Database, *, place_ids: Sequence[int]) -> dict[int, StoredVibe]:
    """The stored vectors of these places, in one statement; places without one are absent."""
    if not place_ids:
        return {}
    async with db.reading() as session:
        rows = await session.execute(_READ, {"ids": list(place_ids)})
        return {
            int(r.place_id): StoredVibe(
                place_id=int(r.place_id),
                vibe=tuple(float(x) for x in r.vibe),
                primary_vibe=r.primary_vibe,
                confidence=float(r.confidence),
                texts=int(r.texts),
                evidence=dict(r.evidence or {}),
                content_hash=str(r.content_hash),
            )
            for r in rows
        }


async def heatmap(
    db: Database, *, index: int, city: str | None = None, limit: int = 5000
) -> list[HeatPoint]:
    """Located places with their score on dimension `index` (0..51), best first, then by id."""
    if not 0 <= index < DIMENSIONS:
        raise ValueError(f"vibe_index must be 0..{DIMENSIONS - 1}, not {index}")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    async with db.reading() as session:
        rows = await session.execute(_HEATMAP, {"dim": index + 1, "city": city, "limit": limit})
        return [
            HeatPoint(lat=float(r.lat), lng=float(r.lng), score=round(float(r.score), 4),
                      place_id=int(r.id), name=str(r.name))
            for r in rows
        ]  # fmt: skip


async def similar_vibes(
    db: Database,
    *,
    vector: Sequence[float] | F32,
    city: str | None = None,
    exclude: Sequence[int] = (),
    limit: int = 10,
) -> list[SimilarVenue]:
    """Places whose vibe is closest (cosine) to `vector`: "places like this vibe"."""
    values = [float(v) for v in vector]
    _check_vector(values)
    if not any(values):
        return []
    params = {"q": _literal(values), "city": city, "exclude": list(exclude), "limit": limit}
    async with db.reading() as session:
        rows = await session.execute(_SIMILAR, params)
        return [
            SimilarVenue(place_id=int(r.id), name=str(r.name),
                         similarity=round(float(r.similarity), 4), primary_vibe=r.primary_vibe)
            for r in rows
        ]  # fmt: skip
