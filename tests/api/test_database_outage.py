"""An unreachable database, seen from the real app: 503 problem bodies (one handler for every
route), one log line per outage instead of a traceback per request, and /health turning
unhealthy only past its grace period."""

from __future__ import annotations

import dataclasses
import logging
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from kairos.api.app import create_app
from kairos.profiles.service import ProfileService
from kairos.settings import Settings
from kairos.store.database import Database, DatabaseTimeouts
from kairos.store.outage import DatabaseOutage
from kairos.store.unreachable import is_database_unreachable
from kairos.store.watch import DatabaseWatch

AUTH = {"X-Service-Token": "test-token"}
NOWHERE = "postgresql+asyncpg://postgres@/kairos?host=/nonexistent-socket-dir"


@pytest.fixture
async def down(runtime: Any, settings: Settings) -> AsyncIterator[Any]:
    """The session's runtime, but on a database that cannot be reached."""
    broken = Database(NOWHERE)
    yield dataclasses.replace(
        runtime, db=broken, profiles=ProfileService(broken), outage=DatabaseOutage(), watch=None
    )
    await broken.dispose()


def _client(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kairos.test")


async def test_requests_get_503_problems_and_the_outage_is_logged_once(
    down: Any, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with _client(create_app(settings, runtime=down)) as client:
        responses = [await client.get(f"/users/{uuid.uuid4()}", headers=AUTH) for _ in range(20)]
        responses.append(await client.post(f"/users/{uuid.uuid4()}", headers=AUTH, json={}))
        as_user = {**AUTH, "X-User-ID": str(uuid.uuid4()), "Accept": "application/json"}
        responses.append(await client.post("/chat", headers=as_user, json={"message": "pizza"}))
    for response in responses:
        assert response.status_code == 503
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.headers["retry-after"] == "5"
        assert response.json()["title"] == "Not ready"
        assert "database cannot be reached" in response.json()["detail"]
    outage_lines = [r for r in caplog.records if "database unreachable" in r.getMessage()]
    assert len(outage_lines) == 1
    assert "FileNotFoundError" in outage_lines[0].getMessage()
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []
    assert down.outage.refused == len(responses)


async def test_health_turns_unhealthy_only_past_the_grace_period(
    down: Any, settings: Settings
) -> None:
    await DatabaseWatch(down.db, down.outage).check()  # what the running watch does each second
    assert down.outage.ongoing

    async with _client(create_app(settings, runtime=down)) as client:
        within_grace = await client.get("/health")
    assert within_grace.status_code == 200  # default grace: 30 s

    impatient = settings.model_copy(update={"health_db_grace_seconds": 0.0})
    async with _client(create_app(impatient, runtime=down)) as client:
        past_grace = await client.get("/health")
        ready = await client.get("/ready")
    assert past_grace.status_code == 503
    assert past_grace.headers["content-type"].startswith("application/problem+json")
    assert "KAIROS_HEALTH_DB_GRACE_SECONDS" in past_grace.json()["detail"]
    assert ready.status_code == 503


async def test_the_watch_ends_the_outage_when_the_database_answers(runtime: Any) -> None:
    outage = type(runtime.outage)()
    outage.failed(ConnectionRefusedError("as if the server had gone"))
    await DatabaseWatch(runtime.db, outage).check()
    assert not outage.ongoing


async def test_a_connection_that_dies_mid_request_is_replaced(runtime: Any) -> None:
    """The backend of a checked-out connection is terminated (as a server crash does): the
    statement fails as unreachable, and the pool's next connection works."""
    db = Database(runtime.db.url, pool_size=1)
    try:
        async with db.engine.connect() as victim:
            backend = (await victim.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            async with runtime.db.session() as other:
                await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
            with pytest.raises(Exception) as failure:
                await victim.execute(text("SELECT 1"))
        assert is_database_unreachable(failure.value)
        async with db.session() as session:
            assert (await session.execute(text("SELECT 1"))).scalar_one() == 1
    finally:
        await db.dispose()


async def test_a_wrong_statement_is_not_an_outage(runtime: Any) -> None:
    async with runtime.db.session() as session:
        with pytest.raises(Exception) as failure:
            await session.execute(text("SELEC 1"))
    assert not is_database_unreachable(failure.value)


def test_a_missing_file_outside_the_driver_is_not_an_outage(tmp_path: Any) -> None:
    with pytest.raises(FileNotFoundError) as failure:
        (tmp_path / "absent").read_text()
    assert not is_database_unreachable(failure.value)


async def test_a_request_that_finds_no_free_connection_gets_a_503_not_an_outage(
    runtime: Any, settings: Settings
) -> None:
    """Every connection of both pools lent out (a burst, or a database that hangs): a request
    waits the pool limit, then gets a 503 saying so; the outage record is left to the watch."""
    tight = Database(
        runtime.db.url, pool_size=1, max_overflow=0, timeouts=DatabaseTimeouts(pool=0.3)
    )
    outage = DatabaseOutage()
    busy = dataclasses.replace(
        runtime, db=tight, profiles=ProfileService(tight), outage=outage, watch=None
    )
    fetch_pool = await tight._open_fetch_pool()
    try:
        async with tight.engine.connect() as held:
            await held.exec_driver_sql("SELECT 1")
            lent = await fetch_pool.acquire()
            try:
                async with _client(create_app(settings, runtime=busy)) as client:
                    started = time.monotonic()
                    response = await client.get(f"/users/{uuid.uuid4()}", headers=AUTH)
                    took = time.monotonic() - started
            finally:
                await fetch_pool.release(lent)
    finally:
        await tight.dispose()
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"] == "5"
    assert "no database connection was free within 0.3 s" in response.json()["detail"]
    assert took < 3.0
    assert not outage.ongoing
