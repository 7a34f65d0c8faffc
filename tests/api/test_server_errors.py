"""Unexpected failures: a 500 problem body with the request id and nothing else; chat errors that
carry no exception text; SQL logged without its parameters (issue 10, item 6)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from kairos.api.app import create_app
from kairos.pipeline.product import ProductRegistry
from kairos.search.catalog import CatalogService
from kairos.search.hybrid import HybridSearch
from kairos.settings import Settings
from kairos.store.database import Database
from kairos.store.redaction import redact_bound_values
from tests.restaurants.helpers import TOKEN, as_user, create_user, parse_sse

SECRET = "peanuts-anaphylactic-7f3a"
ALLERGIC = {"allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}}


async def test_an_unexpected_exception_is_a_500_problem_with_only_the_request_id(
    settings: Settings, runtime: Any, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(settings, runtime=runtime)

    async def fails() -> None:
        raise RuntimeError(f"SELECT * FROM users WHERE allergies = '{SECRET}'")

    app.add_api_route("/fails-for-the-test", fails)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as client:
        with caplog.at_level(logging.ERROR, logger="kairos.api.errors"):
            response = await client.get("/fails-for-the-test", headers={"X-Request-ID": "r-500"})
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers["x-request-id"] == "r-500"
    assert response.headers["x-content-type-options"] == "nosniff"
    body = response.json()
    assert body["request_id"] == "r-500"
    assert body["title"] == "Internal error"
    assert SECRET not in response.text and "SELECT" not in response.text
    assert "Traceback" not in response.text
    assert any("r-500" in r.getMessage() for r in caplog.records), "the log joins the id"


async def test_sql_errors_are_logged_with_the_statement_but_never_its_values(
    settings: Settings, runtime: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A value the driver refuses is quoted by asyncpg's own message; one PostgreSQL refuses,
    by PostgreSQL's. Neither reaches the client or the log."""
    app = create_app(settings, runtime=runtime)

    async def bad_value(kind: str) -> None:
        sql = (
            "SELECT CAST(:v AS integer)"
            if kind == "driver"
            else "SELECT CAST(CAST(:v AS text) AS integer)"
        )
        async with runtime.db.session() as session:
            await session.execute(text(sql), {"v": SECRET})

    app.add_api_route("/bad-value/{kind}", bad_value)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as client:
        with caplog.at_level(logging.INFO), caplog.at_level(logging.INFO, logger="sqlalchemy"):
            for kind in ("driver", "server"):
                response = await client.get(f"/bad-value/{kind}")
                assert response.status_code == 500
                assert SECRET not in response.text and "CAST" not in response.text
    assert caplog.text.count("CAST") >= 2, "the statement is logged"
    assert "SQL parameters hidden" in caplog.text
    assert SECRET not in caplog.text


def test_redaction_keeps_the_reason_and_drops_the_value() -> None:
    text_ = (
        "invalid input for query argument $6: ['peanuts (x)'] (invalid array element)\n"
        'invalid input syntax for type integer: "peanuts"\n'
        "[parameters: ('peanuts',)]"
    )
    redacted = redact_bound_values(text_)
    assert "peanuts" not in redacted
    assert "(invalid array element)" in redacted and "query argument $6" in redacted


@pytest.fixture
async def broken_search_client(runtime: Any, settings: Settings) -> AsyncIterator[Any]:
    """The real app whose search reads a database without Kairos's tables: every search fails
    with a real SQL error (its text names tables and columns), while users still load."""
    name = f"kairos_empty_{uuid.uuid4().hex[:8]}"
    async with runtime.db.engine.connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    base = runtime.db.engine.url
    empty = Database(base.set(database=name).render_as_string(hide_password=False))
    broken = replace(
        runtime,
        search=HybridSearch(empty, runtime.embedder, CatalogService(empty)),
        products=ProductRegistry(),
    )
    app = create_app(settings, runtime=broken)
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as c:
            yield c
    finally:
        # after-turn work (feed pre-warm) runs in the background against the empty database
        await asyncio.gather(*list(broken.background), return_exceptions=True)
        # the copy shares the session's ProfileService: its products must stop listening to it,
        # or every later profile change in the session would also rebuild their feeds
        for product in broken.products:
            await product.close()
        await empty.dispose()
        async with runtime.db.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


async def test_a_failed_turn_streams_a_generic_error_with_the_request_id(
    broken_search_client: httpx.AsyncClient,
) -> None:
    client = broken_search_client
    uid = await create_user(client, **ALLERGIC)
    response = await client.post(
        "/chat",
        json={"message": "thai dinner with peanut sauce in boston"},
        headers={**as_user(uid), "X-Request-ID": "r-sse"},
    )
    assert response.status_code == 200
    events = parse_sse(response.text)
    name, error = events[-1]
    assert name == "error"
    assert error["request_id"] == "r-sse"
    assert error["title"] == "Turn failed"
    for leak in ("SELECT", "places", "peanuts", "Error", "sqlalchemy", "asyncpg"):
        assert leak not in error["detail"], leak


async def test_a_failed_turn_in_json_mode_is_a_500_problem(
    broken_search_client: httpx.AsyncClient,
) -> None:
    client = broken_search_client
    uid = await create_user(client, **ALLERGIC)
    response = await client.post(
        "/chat",
        json={"message": "thai dinner in boston"},
        headers={**as_user(uid), "Accept": "application/json", "X-Request-ID": "r-json"},
    )
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["title"] == "Turn failed" and body["request_id"] == "r-json"
    assert "SELECT" not in response.text and "peanuts" not in response.text
    profile = await client.get(f"/users/{uid}", headers=TOKEN)
    assert profile.json()["allergies"]["severity"] == {"peanuts": "anaphylactic"}
