"""The long-lived objects one process shares: database, embedder, search. Built once at start-up."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import text

from kairos.ingest.derivation import ensure_derived_current
from kairos.ingest.embedding_phase import load_embedding_file
from kairos.ingest.runner import IngestReport, ProgressSink, ingest
from kairos.search.hybrid import HybridSearch
from kairos.settings import Settings
from kairos.store.database import Database
from kairos.store.migrate import upgrade
from kairos.store.redaction import redacted_traceback
from kairos.text.embeddings import EmbeddingProvider, get_embedder

logger = logging.getLogger(__name__)

SAMPLE_SOURCES = (("restaurant_reviews", "restaurant_reviews"), ("yelp_metadata", "yelp_metadata"))
SAMPLE_EMBEDDINGS = "embeddings.npz"

# Products register these to drop caches and pre-warm when a profile changes or is deleted.
ProfileListener = Callable[[uuid.UUID, bool], Awaitable[None]]


@dataclass
class Runtime:
    settings: Settings
    db: Database
    embedder: EmbeddingProvider
    search: HybridSearch
    profile_listeners: list[ProfileListener] = field(default_factory=list)
    background: set[asyncio.Task[None]] = field(default_factory=set)

    @classmethod
    async def start(cls, settings: Settings, *, ingest_sample: bool | None = None) -> Runtime:
        db = await Database.from_settings(settings)
        await upgrade(db)
        await ensure_derived_current(db)
        embedder = get_embedder(settings)
        runtime = cls(settings, db, embedder, HybridSearch(db, embedder))
        wanted = settings.auto_ingest_sample if ingest_sample is None else ingest_sample
        if wanted and await runtime.is_empty():
            await runtime.ingest_sample(settings.sample_dir)
        await asyncio.to_thread(embedder.embed_one, "warm up")
        return runtime

    async def is_empty(self) -> bool:
        async with self.db.session() as session:
            found = await session.execute(text("SELECT EXISTS (SELECT 1 FROM places)"))
            return not found.scalar_one()

    async def ingest_sample(
        self, sample_dir: Path, progress: ProgressSink | None = None
    ) -> list[IngestReport]:
        """The sample ships its review embeddings, so the first run does not compute them."""
        if not sample_dir.exists():
            logger.warning("no sample data at %s; starting with an empty catalog", sample_dir)
            return []
        embeddings = sample_dir / SAMPLE_EMBEDDINGS
        if embeddings.exists():
            await load_embedding_file(self.db, embeddings)
        reports = []
        for source, folder in SAMPLE_SOURCES:
            if (sample_dir / folder).exists():
                report = await ingest(
                    self.db, source, sample_dir / folder, self.embedder, progress=progress
                )
                logger.info(
                    "sample %s: %d places, %d reviews, %d embeddings computed in %.1fs",
                    source, report.places_read, report.reviews,
                    report.embeddings.computed, report.seconds,
                )  # fmt: skip
                reports.append(report)
        self.search.invalidate_catalog()
        return reports

    async def profile_changed(self, uid: uuid.UUID, *, deleted: bool = False) -> None:
        for listener in self.profile_listeners:
            await listener(uid, deleted)

    def spawn(self, coroutine: Awaitable[None], name: str) -> None:
        """Fire-and-forget work that must never raise into a request and is awaited at shutdown."""

        async def guarded() -> None:
            try:
                await coroutine
            except Exception as exc:
                logger.error("background task %s failed\n%s", name, redacted_traceback(exc))

        task = asyncio.create_task(guarded(), name=name)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def drain(self) -> None:
        while self.background:
            await asyncio.gather(*list(self.background), return_exceptions=True)

    async def close(self) -> None:
        await self.drain()
        await self.db.dispose()
