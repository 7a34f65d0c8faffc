"""The composition root: the long-lived objects one process shares, built once at start-up —
the database and its watch, the embedder, the one catalog, the places repository, the search,
profiles and tokens, the model chain, the signal sources, the caches, and the registry of
products. It names no product: `kairos.registry` hands it the products' after-ingest steps when it
starts one and fills its registry (`install_products`), so the imports run registry -> products
-> runtime and never back."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import text

from kairos.clock import Clock
from kairos.ingest.derivation import ensure_derived_current
from kairos.ingest.embedding_phase import load_embedding_file
from kairos.ingest.recipes import RecipeIngestReport, ingest_recipes
from kairos.ingest.runner import IngestReport, ProgressSink, ingest
from kairos.llm.chain import ModelChain
from kairos.llm.factory import build_chain
from kairos.pipeline.cache import CacheFactory
from kairos.pipeline.product import ProductRegistry
from kairos.profiles.service import ProfileService
from kairos.profiles.tokens import TokenSigner, token_secret
from kairos.search.catalog import CatalogService
from kairos.search.hybrid import HybridSearch
from kairos.settings import Settings
from kairos.signals.service import Signals, build_signals
from kairos.store.database import Database
from kairos.store.migrate import upgrade
from kairos.store.outage import DatabaseOutage
from kairos.store.places import PlacesRepository
from kairos.store.redaction import redacted_traceback
from kairos.store.unreachable import is_database_unreachable
from kairos.store.watch import DatabaseWatch
from kairos.text.blas_threads import serve_with_one_blas_thread
from kairos.text.embeddings import EmbeddingProvider, get_embedder

logger = logging.getLogger(__name__)

SAMPLE_SOURCES = (
    ("restaurant_reviews", "restaurant_reviews"),
    ("yelp_metadata", "yelp_metadata"),
    ("yelp", "yelp"),
    ("pois", "pois"),
    ("pois", "pois_notable"),
)
GIL_SWITCH_INTERVAL_SECONDS = 0.001
"""How long a thread may keep the GIL while another asks for it (Python's default is 5 ms).
The query embedding runs on ONNX Runtime without the GIL but needs it back between steps; behind
a busy event loop each return waited up to 5 ms, so an embedding of 3 ms took 15 (a thread
embedding while the main thread ran Python: 131 embeddings in 2 s at 5 ms, 353 at 1 ms)."""

AfterIngest = Callable[[Database, ProgressSink | None], Awaitable[None]]
"""What a product derives from the catalog once a sample is ingested (the venues' vibe vectors)."""

SAMPLE_EMBEDDINGS = "embeddings.npz"
SAMPLE_RECIPES = "recipes"


@dataclass
class Runtime:
    settings: Settings
    db: Database
    embedder: EmbeddingProvider
    catalog: CatalogService
    places: PlacesRepository
    search: HybridSearch
    profiles: ProfileService
    tokens: TokenSigner
    chain: ModelChain
    caches: CacheFactory
    after_ingest: tuple[AfterIngest, ...] = ()
    signals: Signals | None = None
    products: ProductRegistry = field(default_factory=ProductRegistry)
    background: set[asyncio.Task[None]] = field(default_factory=set)
    outage: DatabaseOutage = field(default_factory=DatabaseOutage)
    watch: DatabaseWatch | None = None
    clock: Clock = field(default_factory=Clock)

    @classmethod
    def build(
        cls,
        settings: Settings,
        db: Database,
        embedder: EmbeddingProvider,
        *,
        after_ingest: tuple[AfterIngest, ...],
    ) -> Runtime:
        """The objects, without starting anything (tests build one over another database)."""
        catalog = CatalogService(db)
        runtime = cls(
            settings=settings,
            db=db,
            embedder=embedder,
            catalog=catalog,
            places=PlacesRepository(db),
            search=HybridSearch(db, embedder, catalog),
            profiles=ProfileService(db),
            tokens=TokenSigner(token_secret(settings)),
            chain=build_chain(settings),
            caches=CacheFactory(settings.redis),
            after_ingest=after_ingest,
        )
        catalog.spawn = runtime.spawn
        runtime.search.vectors.spawn = runtime.spawn
        runtime.search.texts.spawn = runtime.spawn
        return runtime

    @classmethod
    async def start(
        cls,
        settings: Settings,
        *,
        after_ingest: tuple[AfterIngest, ...],
        ingest_sample: bool | None = None,
        clock: Clock | None = None,
    ) -> Runtime:
        """`after_ingest` is required: a runtime started without the products' steps would
        ingest a sample they never derive from (use `kairos.registry.start_runtime`)."""
        serve_with_one_blas_thread()
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_SECONDS)
        db = await Database.from_settings(settings)
        try:
            runtime = await cls._prepared(settings, db, ingest_sample, after_ingest)
            runtime.clock = clock or Clock.of(settings)
            runtime.signals = build_signals(
                settings, places=[tuple(r.values()) for r in await runtime.places.catalog_rows()]
            )
            await asyncio.to_thread(runtime.embedder.embed_one, "warm up")
            await runtime.search.vectors.load()  # the vector arm's matrix (57 MB at full size)
            await runtime.search.texts.load()  # the text arm's postings (≈ 30 MB at full size)
            await runtime.search.warm()
        except BaseException:
            await db.dispose()  # a process that failed to start must not hold the database
            raise
        runtime.watch = DatabaseWatch(db, runtime.outage)
        runtime.watch.start()
        return runtime

    @classmethod
    async def prepare(cls, settings: Settings, *, after_ingest: tuple[AfterIngest, ...]) -> None:
        """What one process does before several serve the same database: the migrations, the
        derived data and the sample ingest, each of which must not run twice at once."""
        db = await Database.from_settings(settings)
        try:
            runtime = await cls._prepared(settings, db, None, after_ingest)
        except BaseException:
            await db.dispose()
            raise
        await runtime.close()

    @classmethod
    async def _prepared(
        cls,
        settings: Settings,
        db: Database,
        ingest_sample: bool | None,
        after_ingest: tuple[AfterIngest, ...],
    ) -> Runtime:
        await upgrade(db)
        await ensure_derived_current(db)
        runtime = cls.build(settings, db, get_embedder(settings), after_ingest=after_ingest)
        wanted = settings.auto_ingest_sample if ingest_sample is None else ingest_sample
        if wanted and await runtime.is_empty():
            await runtime.ingest_sample(settings.sample_dir)
        elif wanted and await runtime.has_no_recipes():
            await runtime.ingest_recipe_sample(settings.sample_dir)
        return runtime

    async def is_empty(self) -> bool:
        async with self.db.session() as session:
            found = await session.execute(text("SELECT EXISTS (SELECT 1 FROM places)"))
            return not found.scalar_one()

    async def has_no_recipes(self) -> bool:
        async with self.db.session() as session:
            found = await session.execute(text("SELECT EXISTS (SELECT 1 FROM recipes)"))
            return not found.scalar_one()

    async def ingest_recipe_sample(
        self, sample_dir: Path, progress: ProgressSink | None = None
    ) -> RecipeIngestReport | None:
        """The meal coach's recipes; their embeddings ship beside them like the reviews'."""
        folder = sample_dir / SAMPLE_RECIPES
        if not folder.exists():
            return None
        embeddings = folder / SAMPLE_EMBEDDINGS
        if embeddings.exists():
            await load_embedding_file(self.db, embeddings)
        report = await ingest_recipes(self.db, folder, self.embedder, progress=progress)
        logger.info(
            "sample recipes: %d read, %d written, %d embeddings computed in %.1fs",
            report.read, report.written, report.embedded, report.seconds,
        )  # fmt: skip
        return report

    async def ingest_sample(
        self, sample_dir: Path, progress: ProgressSink | None = None
    ) -> list[IngestReport]:
        """The sample ships its review embeddings (one file for the restaurant sample, one in
        each later folder that has review texts), so the first run does not compute them."""
        if not sample_dir.exists():
            logger.warning("no sample data at %s; starting with an empty catalog", sample_dir)
            return []
        shipped = [sample_dir / SAMPLE_EMBEDDINGS]
        shipped += [sample_dir / folder / SAMPLE_EMBEDDINGS for _, folder in SAMPLE_SOURCES]
        for embeddings in shipped:
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
        await self.ingest_recipe_sample(sample_dir, progress=progress)
        for step in self.after_ingest:
            await step(self.db, progress)
        self.catalog.invalidate()
        return reports

    def spawn(self, coroutine: Awaitable[None], name: str) -> None:
        """Fire-and-forget work that must never raise into a request and is awaited at shutdown."""

        async def guarded() -> None:
            try:
                await coroutine
            except Exception as exc:
                if is_database_unreachable(exc):
                    self.outage.background_failed(exc)  # counted in the outage's log lines
                else:
                    logger.error("background task %s failed\n%s", name, redacted_traceback(exc))

        task = asyncio.create_task(guarded(), name=name)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def drain(self) -> None:
        while self.background:
            await asyncio.gather(*list(self.background), return_exceptions=True)

    async def close(self) -> None:
        for product in self.products:
            await product.close()
        if self.watch is not None:
            await self.watch.stop()
        await self.drain()
        if self.signals is not None:
            await self.signals.aclose()
        await self.chain.aclose()
        await self.caches.close()
        await self.db.dispose()
