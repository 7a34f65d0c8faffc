"""Per-place data derived at ingestion (allergen knowledge, aspect scores, search facets) is kept
in step with the code and data files that derive it.

The derivation version hashes the source of every module that derives per-place data and the
lexicons they read. The store records the version that built its places; when Kairos starts on a
store built by another version (an upgrade, a lexicon fix), every place is derived again before
the first request, so a fixed allergen rule is never shadowed by knowledge stored before the fix.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
from functools import cache
from importlib import resources
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert

from kairos.ingest.runner import NoProgress, ProgressSink
from kairos.ingest.writer import refresh_derived
from kairos.store.database import Database
from kairos.store.tables import Place, StoreMeta

__all__ = ["DERIVATION_KEY", "derivation_version", "ensure_derived_current", "record_derivation"]

logger = logging.getLogger(__name__)

DERIVATION_KEY: Final = "derivation_version"
DERIVING_MODULES: Final = (
    "kairos.core.lexicon",
    "kairos.core.lexicon_forms",
    "kairos.core.lexicon_layers",
    "kairos.core.word_parts",
    "kairos.core.allergen_detection",
    "kairos.core.place_allergens",
    "kairos.core.place_allergen_tables",
    "kairos.core.place_kinds",
    "kairos.core.traits",
    "kairos.core.vibes",
    "kairos.core.diets",
    "kairos.core.allergens",
    "kairos.core.allergen_spelling",
    "kairos.text.aspect_lexicon",
    "kairos.text.aspects",
    "kairos.text.aspect_reading",
    "kairos.ingest.writer",
    "kairos.ingest.locality",
    "kairos.core.opening_hours",
    "kairos.core.hours_text",
    "kairos.core.hours_tokens",
    "kairos.ingest.poi_hours",
    "kairos.ingest.poi_derived",
)
DERIVING_DATA: Final = (
    ("kairos.core", "data/allergen_lexicon.toml"),
    ("kairos.core", "data/cuisine_allergens.toml"),
    ("kairos.core", "data/derived_allergens.toml"),
    ("kairos.core", "data/ingredient_allergens.tsv.gz"),
    ("kairos.text", "data/aspect_lexicon.toml"),
)
BATCH: Final = 500


class LogProgress:
    """Progress for a server start-up, where no progress bar is drawn: a log line per tenth."""

    def __init__(self) -> None:
        self.total = self.done = self.logged = 0

    def start(self, phase: str, total: int) -> None:
        self.total, self.done, self.logged = total, 0, 0

    def advance(self, phase: str, amount: int) -> None:
        self.done += amount
        if (self.done - self.logged) * 10 >= self.total or self.done == self.total:
            self.logged = self.done
            logger.info("%s: %d of %d places", phase, self.done, self.total)


@cache
def derivation_version() -> str:
    """A short digest of the code and data that derive per-place data."""
    digest = hashlib.sha256()
    for name in DERIVING_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise RuntimeError(f"cannot locate {name} to version the derived data")
        digest.update(name.encode())
        with open(spec.origin, "rb") as source:
            digest.update(source.read())
    for package, path in DERIVING_DATA:
        digest.update(path.encode())
        digest.update(resources.files(package).joinpath(path).read_bytes())
    return digest.hexdigest()[:16]


async def stored_derivation(db: Database) -> str | None:
    async with db.session() as session:
        found = await session.execute(
            select(StoreMeta.value).where(StoreMeta.key == DERIVATION_KEY)
        )
        return found.scalar_one_or_none()


async def record_derivation(db: Database, version: str | None = None) -> None:
    """Record that every place in the store was derived by `version` (default: this code)."""
    value = version or derivation_version()
    statement = insert(StoreMeta).values(key=DERIVATION_KEY, value=value)
    statement = statement.on_conflict_do_update(
        index_elements=[StoreMeta.key], set_={"value": value, "updated_at": func.now()}
    )
    async with db.session() as session, session.begin():
        await session.execute(statement)


async def ensure_derived_current(db: Database, progress: ProgressSink | None = None) -> int:
    """Derive every place again when the store was built by other code; returns how many.

    A store with no places is current by definition (its first ingest records the version).
    """
    current = derivation_version()
    stored = await stored_derivation(db)
    if stored == current:
        return 0
    async with db.session() as session:
        ids = list((await session.execute(select(Place.id).order_by(Place.id))).scalars())
    if ids:
        logger.warning(
            "per-place data was derived by %s, this code is %s: deriving %d places again",
            stored or "an unrecorded version", current, len(ids),
        )  # fmt: skip
    sink = progress or (LogProgress() if ids else NoProgress())
    sink.start("re-derive", len(ids))
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        async with db.session() as session, session.begin():
            await refresh_derived(session, set(chunk))
        sink.advance("re-derive", len(chunk))
    await record_derivation(db, current)
    return len(ids)
