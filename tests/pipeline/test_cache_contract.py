"""One contract for every cache backend: in-process, and Redis against a real redis-server."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pydantic import BaseModel

from kairos.pipeline.cache import Cache, CacheFactory, cache_key


class Card(BaseModel):
    name: str
    score: float
    tags: list[str] = []


@pytest.fixture(params=["memory", "redis"])
async def factory(request: pytest.FixtureRequest) -> AsyncIterator[CacheFactory]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    made = CacheFactory(url)
    yield made
    await made.close()


def _cache(factory: CacheFactory, ttl: float = 60) -> Cache[Card]:
    return factory.create(f"test-{uuid.uuid4().hex[:8]}", Card, maxsize=100, ttl_seconds=ttl)


async def test_a_value_comes_back_as_it_was_stored(factory: CacheFactory) -> None:
    cache = _cache(factory)
    assert await cache.get("k") is None
    card = Card(name="Lune", score=8.5, tags=["quiet"])
    await cache.set("k", card)
    assert await cache.get("k") == card
    await cache.delete("k")
    assert await cache.get("k") is None


async def test_delete_prefix_drops_only_that_prefix(factory: CacheFactory) -> None:
    cache = _cache(factory)
    for key in ("feed:u1:v1", "feed:u1:v2", "feed:u2:v1"):
        await cache.set(key, Card(name=key, score=1))
    await cache.delete_prefix("feed:u1:")
    assert await cache.get("feed:u1:v1") is None and await cache.get("feed:u1:v2") is None
    assert await cache.get("feed:u2:v1") is not None


async def test_entries_expire(factory: CacheFactory) -> None:
    cache = _cache(factory, ttl=0.2)
    await cache.set("k", Card(name="x", score=1))
    assert await cache.get("k") is not None
    await asyncio.sleep(0.4)
    assert await cache.get("k") is None


async def test_namespaces_do_not_collide(factory: CacheFactory) -> None:
    one, two = _cache(factory), _cache(factory)
    await one.set("k", Card(name="one", score=1))
    assert await two.get("k") is None


async def test_two_replicas_share_a_redis_cache(redis_url: str) -> None:
    """What replicas need: a value one process stored is read by another."""
    first, second = CacheFactory(redis_url), CacheFactory(redis_url)
    try:
        a = first.create("shared-test", Card, maxsize=10, ttl_seconds=60)
        b = second.create("shared-test", Card, maxsize=10, ttl_seconds=60)
        await a.set("k", Card(name="shared", score=2))
        assert await b.get("k") == Card(name="shared", score=2)
    finally:
        await first.close()
        await second.close()


async def test_an_unreachable_redis_is_a_miss_not_an_error() -> None:
    factory = CacheFactory("redis://127.0.0.1:9/0")  # nothing listens on the discard port
    try:
        cache = _cache(factory)
        await cache.set("k", Card(name="x", score=1))
        assert await cache.get("k") is None
        await cache.delete_prefix("k")
    finally:
        await factory.close()


def test_cache_keys_are_stable_and_order_free() -> None:
    parts: dict[str, Any] = {"b": [1, 2], "a": "x"}
    assert cache_key("feed", parts) == cache_key("feed", {"a": "x", "b": [1, 2]})
    assert cache_key("feed", parts) != cache_key("feed", {"a": "y", "b": [1, 2]})
    assert len(cache_key("x")) == 64
