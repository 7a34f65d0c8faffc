"""/health and /ready against the real app."""

from __future__ import annotations

import dataclasses
from typing import Any

import httpx

from kairos.api.app import create_app
from kairos.settings import Settings
from kairos.store.database import Database


async def test_health_is_always_ok(client: httpx.AsyncClient) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "service": "kairos"}


async def test_ready_when_database_and_model_are_up(client: httpx.AsyncClient) -> None:
    response = await client.get("/ready")
    assert response.status_code == 200
    assert response.json()["status"] == "ready"


async def test_ready_is_503_with_the_reason_when_the_database_is_down(
    runtime: Any, settings: Settings
) -> None:
    broken = Database("postgresql+asyncpg://postgres@/kairos?host=/nonexistent-socket-dir")
    down = dataclasses.replace(runtime, db=broken)
    app = create_app(settings, runtime=down)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as c:
        response = await c.get("/ready")
    await broken.dispose()
    assert response.status_code == 503
    assert response.headers["content-type"].startswith("application/problem+json")
    assert "database unreachable" in response.json()["detail"]


async def test_unknown_path_is_a_problem_document(client: httpx.AsyncClient) -> None:
    response = await client.get("/nope")
    assert response.status_code == 404
    assert response.json()["title"] == "Not found"
