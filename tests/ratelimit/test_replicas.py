"""Two app instances (replicas) with KAIROS_REDIS_URL set share one chat limit."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.api.app import create_app
from kairos.ratelimit.redis_limiter import RedisRateLimiter
from kairos.settings import Settings
from tests.restaurants.helpers import as_user, create_user


async def test_replicas_count_one_users_turns_together(
    settings: Settings, runtime: Any, redis_url: str
) -> None:
    shared = settings.model_copy(
        update={"redis_url": redis_url, "chat_limit_per_user": 2, "rate_window_seconds": 600.0}
    )
    replicas = [create_app(shared, runtime=runtime) for _ in range(2)]
    assert all(isinstance(app.state.rate_limits.limiter, RedisRateLimiter) for app in replicas)
    clients = [
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kairos.test")
        for app in replicas
    ]
    try:
        uid = await create_user(clients[0])
        headers = {**as_user(uid), "Accept": "application/json"}
        statuses = [
            (await client.post("/chat", json={"message": "thai"}, headers=headers)).status_code
            for client in (clients[0], clients[1], clients[1])
        ]
        assert statuses == [200, 200, 429]
    finally:
        for client in clients:
            await client.aclose()
        for app in replicas:
            await app.state.rate_limits.close()
