"""The database watch: every `CHECK_SECONDS` it starts a dead embedded server again and pings the
database, so the outage record (and `/health`) follows the database even when no request comes.

Connections themselves need no help: the pool pings each one before lending it
(`pool_pre_ping`) and replaces the dead, so requests recover as soon as the server answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from kairos.store.database import Database
from kairos.store.outage import LOG_EVERY_SECONDS, DatabaseOutage

logger = logging.getLogger(__name__)

CHECK_SECONDS = 1.0
PING_TIMEOUT_SECONDS = 2.0


class DatabaseWatch:
    def __init__(
        self, db: Database, outage: DatabaseOutage, *, interval: float = CHECK_SECONDS
    ) -> None:
        self.db = db
        self.outage = outage
        self.interval = interval
        self.restarts = 0
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._restart_failure_logged = -LOG_EVERY_SECONDS

    def start(self) -> None:
        self._stopping = False
        self._task = asyncio.create_task(self._run(), name="database-watch")

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        # the flag as well as the cancellation: a library that swallows one CancelledError
        # (as Python 3.11's wait_for did when its inner call finished in the same iteration)
        # must not leave stop() waiting on a watch that goes on checking
        while not self._stopping:
            await asyncio.sleep(self.interval)
            try:
                await self.check()
            except Exception:  # the watch must outlive anything one check meets
                logger.exception("database check failed")

    async def check(self) -> None:
        embedded = self.db.embedded
        if embedded is not None and not embedded.is_running():
            await self._restart()
        try:
            async with asyncio.timeout(PING_TIMEOUT_SECONDS):
                # while requests meet an outage or wait out their limit for a connection, the
                # ping opens a connection of its own: the probe's open one still answers when
                # only new connections hang (a stopped postmaster), and the watch would call
                # the database well every second
                await self.db.ping(fresh=self.outage.doubted)
        except Exception as exc:  # whatever the cause, the database did not answer
            self.outage.check_failed(exc)
        else:
            self.outage.recovered()

    async def _restart(self) -> None:
        embedded = self.db.embedded
        assert embedded is not None
        began = time.monotonic()
        try:
            pid = await asyncio.to_thread(embedded.restart_if_dead)
        except Exception as exc:
            if time.monotonic() - self._restart_failure_logged >= LOG_EVERY_SECONDS:
                self._restart_failure_logged = time.monotonic()
                logger.error("embedded PostgreSQL could not be started again: %s", exc)
            return
        if pid is not None:
            self.restarts += 1
            logger.warning(
                "embedded PostgreSQL in %s had stopped; started it again in %.1f s (pid %d)",
                embedded.pgdata, time.monotonic() - began, pid,
            )  # fmt: skip
