"""An in-process snapshot of catalog data (review vectors, text postings) that is used only
while it is at the catalog's current version, and reloaded in the background when it is not.

A subclass reads its data in `load()` (under `_lock`, setting `snapshot`, or `_too_large` to a
version it will not hold); a search asks `usable(version)` with the version its filter
statement read, and gets the snapshot or None (then PostgreSQL answers, and a reload starts,
at most once per `RELOAD_MIN_SECONDS`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Generic, Protocol, TypeVar

from kairos.store.database import Database

__all__ = ["RELOAD_MIN_SECONDS", "ReloadingSnapshot", "Spawn"]

RELOAD_MIN_SECONDS = 5.0
"""A reload starts at most this often: during an ingest the counter moves with every chunk."""

Spawn = Callable[[Awaitable[None], str], None]


class Versioned(Protocol):
    version: int


S = TypeVar("S", bound=Versioned)


class ReloadingSnapshot(Generic[S]):
    task_name = "reload-snapshot"

    def __init__(self, db: Database, spawn: Spawn | None = None) -> None:
        self.db = db
        self.spawn = spawn
        self.snapshot: S | None = None
        self._too_large: int | None = None  # a version too large to hold: not reloaded
        self._loading = False
        self._last_start = -RELOAD_MIN_SECONDS
        self._lock = asyncio.Lock()

    async def load(self) -> S | None:
        raise NotImplementedError

    def usable(self, version: int | None) -> S | None:
        """The snapshot if it is at `version`; otherwise None, and a reload is started."""
        snapshot = self.snapshot
        if snapshot is not None and version is not None and snapshot.version == version:
            return snapshot
        if version is None or version != self._too_large:
            self._reload_soon()
        return None

    def missing(self) -> None:
        """A search found no snapshot: start a load, unless the catalog was found too large
        (or not loadable here) — then PostgreSQL answers every search of this process."""
        if self._too_large is None:
            self._reload_soon()

    def _reload_soon(self) -> None:
        now = time.monotonic()
        if self._loading or self.spawn is None or now - self._last_start < RELOAD_MIN_SECONDS:
            return
        self._loading, self._last_start = True, now

        async def reload() -> None:
            try:
                await self.load()
            finally:
                self._loading = False

        self.spawn(reload(), self.task_name)
