"""`kairos ingest`: read a source, write it in committed batches, then embed what is missing."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from sqlalchemy import text

from kairos.ingest.adapters import get_adapter
from kairos.ingest.embedding_phase import EmbedOutcome, count_missing, embed_missing
from kairos.ingest.poi_locations import LocateOutcome, locate_pois
from kairos.ingest.records import BadRow
from kairos.ingest.writer import refresh_derived, write_places
from kairos.store.database import Database
from kairos.text.embeddings import EmbeddingProvider
from kairos.text.minilm import MINILM_MODEL_NAME


@dataclass
class IngestReport:
    source: str
    path: str
    places_read: int = 0
    inserted: int = 0
    merged: int = 0
    updated: int = 0
    reviews: int = 0
    checkins: int = 0
    inspections: int = 0
    embeddings: EmbedOutcome = field(default_factory=EmbedOutcome)
    locations: LocateOutcome | None = None
    bad_rows: list[BadRow] = field(default_factory=list)
    seconds: float = 0.0

    def bad_reasons(self) -> Counter[str]:
        return Counter(b.reason for b in self.bad_rows)


class ProgressSink(Protocol):
    """What the runner reports to; the CLI backs it with Rich progress bars."""

    def start(self, phase: str, total: int) -> None: ...

    def advance(self, phase: str, amount: int) -> None: ...


class NoProgress:
    def start(self, phase: str, total: int) -> None:
        pass

    def advance(self, phase: str, amount: int) -> None:
        pass


async def ingest(
    db: Database,
    source: str,
    path: Path,
    embedder: EmbeddingProvider | None,
    *,
    batch_size: int = 200,
    progress: ProgressSink | None = None,
) -> IngestReport:
    adapter = get_adapter(source)
    sink = progress or NoProgress()
    report = IngestReport(source=source, path=str(path))
    started = time.perf_counter()
    model = embedder.name if embedder is not None else MINILM_MODEL_NAME
    sink.start("places", adapter.count(path))
    for batch in adapter.read(path, batch_size):
        report.bad_rows.extend(batch.bad_rows)
        if batch.places:
            async with db.session() as session, session.begin():
                outcome = await write_places(session, batch.places, embedding_model=model)
                await refresh_derived(session, outcome.place_ids)
            report.places_read += len(batch.places)
            report.inserted += outcome.inserted
            report.merged += outcome.merged
            report.updated += outcome.updated
            report.reviews += outcome.reviews
            report.checkins += outcome.checkins
            report.inspections += outcome.inspections
            sink.advance("places", len(batch.places))
    if source == "pois":
        report.locations = await locate_pois(db)
    if embedder is not None:
        sink.start("embeddings", await count_missing(db))
        report.embeddings = await embed_missing(
            db, embedder, on_progress=lambda n: sink.advance("embeddings", n)
        )
    async with db.session() as session, session.begin():
        # Fresh planner statistics: search reads the review-word shares from them.
        await session.execute(text("ANALYZE places, reviews"))
    report.seconds = time.perf_counter() - started
    return report
