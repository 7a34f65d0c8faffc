"""The pool pings a connection only after it sat idle, and still never lends a dead one then.

Pinging every checkout was half of a chat turn's round trips at full size; a connection just
returned is lent as it is. A connection the server dropped while it sat idle is replaced on
checkout; one dropped within the idle window fails its statement as a disconnect, after which
the pool replaces every connection it holds.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import exc, text

from kairos.store import database
from kairos.store.database import Database


async def _pid(db: Database) -> int:
    async with db.engine.connect() as conn:
        return int((await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one())


async def _terminate(runtime: Any, pid: int) -> None:
    async with runtime.db.engine.connect() as conn:
        await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})


def _count_pings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Ids of the driver connections pinged (other engines of the process ping too: the
    runtime's database watch)."""
    from sqlalchemy.dialects.postgresql.asyncpg import AsyncAdapt_asyncpg_connection

    pings: list[int] = []
    real = AsyncAdapt_asyncpg_connection.ping

    def counted(self: Any) -> None:
        pings.append(id(self))
        real(self)

    monkeypatch.setattr(AsyncAdapt_asyncpg_connection, "ping", counted)
    return pings


async def test_a_connection_just_returned_is_lent_without_a_ping(
    runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pings = _count_pings(monkeypatch)
    db = Database(runtime.db.url, pool_size=1, max_overflow=0)
    try:
        first = await _pid(db)
        async with db.engine.connect() as conn:
            ours = id((await conn.get_raw_connection()).dbapi_connection)
        assert pings.count(ours) == 1, "a new connection is pinged on its first checkout"
        for _ in range(5):
            assert await _pid(db) == first
        assert pings.count(ours) == 1
    finally:
        await db.dispose()


async def test_an_idle_connection_the_server_dropped_is_replaced_on_checkout(
    runtime: Any,
) -> None:
    db = Database(runtime.db.url, pool_size=1, max_overflow=0)
    database.ping_when_idle(db.engine, idle_seconds=0.0)  # every checkout counts as idle
    try:
        first = await _pid(db)
        await _terminate(runtime, first)
        second = await _pid(db)  # no error: the ping found it dead and the pool reconnected
        assert second != first
    finally:
        await db.dispose()


async def test_a_connection_dropped_within_the_window_fails_once_then_the_pool_recovers(
    runtime: Any,
) -> None:
    db = Database(runtime.db.url, pool_size=2, max_overflow=0)
    try:
        first = await _pid(db)
        await _terminate(runtime, first)
        with pytest.raises(exc.DBAPIError) as raised:
            await _pid(db)
        assert raised.value.connection_invalidated
        assert await _pid(db) != first
    finally:
        await db.dispose()
