"""A pool busy with requests is not a database outage.

Found by `bench/bench_load.py`: under 200 concurrent chat streams every pooled connection was
lent out, the database watch's ping queued behind them past its 2 s timeout, and the service
logged "database unreachable", answered `/ready` with 503 and started the clock that turns
`/health` 503 (an orchestrator would restart a healthy, busy service) while PostgreSQL answered
at once. Liveness and readiness ask the database over a connection of their own.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.store.database import Database
from kairos.store.outage import DatabaseOutage
from kairos.store.watch import DatabaseWatch


async def test_the_watch_sees_the_database_while_every_pooled_connection_is_lent(
    runtime: Any,
) -> None:
    db = Database(runtime.db.url, pool_size=1, max_overflow=0)
    outage = DatabaseOutage()
    try:
        async with db.engine.connect() as held:  # the whole pool, as under load
            await held.exec_driver_sql("SELECT 1")
            await asyncio.wait_for(db.ping(), 1.0)
            await DatabaseWatch(db, outage).check()
        assert not outage.ongoing, "a busy pool was taken for an unreachable database"
    finally:
        await db.dispose()
