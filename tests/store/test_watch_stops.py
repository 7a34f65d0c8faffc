"""The database watch stops when asked, whatever its ping does with the cancellation.

A full-size `kairos eval speed` hung for good once in six runs: the runtime's close waited on
a watch whose cancellation Python 3.11's `asyncio.wait_for` had swallowed (the ping finished in
the same loop iteration as the cancel), so the watch went on checking every second."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.store.outage import DatabaseOutage
from kairos.store.watch import DatabaseWatch


class _Database:
    embedded = None

    def __init__(self) -> None:
        self.pings = 0
        self.on_ping: Any = None

    async def ping(self, *, fresh: bool = False) -> None:
        self.pings += 1
        if self.on_ping is not None:
            await self.on_ping()


async def _finished(task: asyncio.Task[None] | None) -> bool:
    assert task is not None
    done, _ = await asyncio.wait({task}, timeout=2.0)
    return task in done


async def test_a_cancel_that_arrives_as_a_ping_finishes_ends_the_watch() -> None:
    db = _Database()
    watch = DatabaseWatch(db, DatabaseOutage(), interval=0.001)  # type: ignore[arg-type]

    async def cancel_the_watch_on_the_third() -> None:
        if db.pings == 3:
            assert watch._task is not None
            watch._task.cancel()  # what stop() does, arriving as this ping returns

    db.on_ping = cancel_the_watch_on_the_third
    watch.start()
    task = watch._task
    assert await _finished(task), f"the watch still runs after {db.pings} pings"
    assert task is not None and task.cancelled()


async def test_stop_ends_a_watch_whose_ping_swallows_the_cancellation() -> None:
    db = _Database()
    watch = DatabaseWatch(db, DatabaseOutage(), interval=0.001)  # type: ignore[arg-type]
    pinging = asyncio.Event()
    swallowing = True

    async def swallow() -> None:
        pinging.set()
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            if not swallowing:
                raise
            # as a library that loses the cancellation would

    db.on_ping = swallow
    watch.start()
    task = watch._task
    await pinging.wait()
    stopping = asyncio.create_task(watch.stop())
    try:
        assert await _finished(stopping), f"stop() still waits after {db.pings} pings"
        assert task is not None and task.done()
    finally:
        swallowing = False  # so that a failure here does not leave an unstoppable task
        if task is not None and not task.done():
            task.cancel()


async def test_a_watch_started_again_after_a_stop_checks_again() -> None:
    db = _Database()
    watch = DatabaseWatch(db, DatabaseOutage(), interval=0.001)  # type: ignore[arg-type]
    watch.start()
    await watch.stop()
    before = db.pings
    watch.start()
    try:
        for _ in range(200):
            if db.pings > before:
                break
            await asyncio.sleep(0.005)
        assert db.pings > before, "the restarted watch never pinged"
    finally:
        await watch.stop()
