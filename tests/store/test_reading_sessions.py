"""Read-only sessions run each statement on its own: no BEGIN, no ROLLBACK round trips."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

XID = text("SELECT txid_current()")


async def test_a_reading_session_runs_each_statement_on_its_own(runtime: Any) -> None:
    """Two statements of one transaction share its id; two autocommitted ones do not."""
    async with runtime.db.reading() as session:
        first = (await session.execute(XID)).scalar_one()
        assert (await session.execute(XID)).scalar_one() != first
    async with runtime.db.session() as session:
        first = (await session.execute(XID)).scalar_one()
        assert (await session.execute(XID)).scalar_one() == first
