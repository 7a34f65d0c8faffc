"""Read-only sessions run each statement on its own: no BEGIN, no ROLLBACK round trips."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from kairos.store.database import Database, positional
from kairos.store.unreachable import is_database_unreachable

XID = text("SELECT txid_current()")


async def test_a_reading_session_runs_each_statement_on_its_own(runtime: Any) -> None:
    """Two statements of one transaction share its id; two autocommitted ones do not."""
    async with runtime.db.reading() as session:
        first = (await session.execute(XID)).scalar_one()
        assert (await session.execute(XID)).scalar_one() != first
    async with runtime.db.session() as session:
        first = (await session.execute(XID)).scalar_one()
        assert (await session.execute(XID)).scalar_one() == first


def test_named_parameters_become_positional_ones_and_casts_stay() -> None:
    sql, names = positional(
        "SELECT CAST(:ids AS bigint[]), :a::text, ':literal', x FROM t WHERE y = :a AND z = :b_2"
    )
    assert (
        sql == "SELECT CAST($1 AS bigint[]), $2::text, ':literal', x FROM t WHERE y = $2 AND z = $3"
    )
    assert names == ("ids", "a", "b_2")


async def test_fetch_reads_outside_a_transaction_with_named_parameters(runtime: Any) -> None:
    first = await runtime.db.fetch(
        "SELECT txid_current() AS xid, CAST(:n AS int) + 1 AS m", {"n": 41}
    )
    second = await runtime.db.fetch("SELECT txid_current() AS xid")
    assert first[0]["m"] == 42
    assert first[0]["xid"] != second[0]["xid"], "each statement on its own"


async def test_fetch_invalidates_a_connection_the_server_dropped(runtime: Any) -> None:
    db = Database(runtime.db.url, pool_size=1, max_overflow=0)
    try:
        (row,) = await db.fetch("SELECT pg_backend_pid() AS pid")
        async with runtime.db.engine.connect() as conn:
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": row["pid"]})
        failures = []
        for _ in range(2):  # the pool may see the close first and lend a new one at once
            try:
                (again,) = await db.fetch("SELECT pg_backend_pid() AS pid")
                break
            except Exception as exc:
                failures.append(exc)
        assert len(failures) <= 1 and all(is_database_unreachable(e) for e in failures)
        assert again["pid"] != row["pid"], "a new connection"
    finally:
        await db.dispose()
