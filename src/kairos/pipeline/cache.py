"""Bounded caches behind one small async interface: in-process by default, Redis when
`KAIROS_REDIS_URL` is set, so replicas share what they cache.

A cached answer must never outlive the data it was built from in any process: keys carry the
version of what they depend on (a user's stored profile version, the catalog's generation), so a
change made through one replica makes every replica's old entries unreachable at once; they then
age out. `delete_prefix` is a courtesy that frees memory early, not what correctness rests on.

Values are pydantic models (or anything a `TypeAdapter` can dump): Redis stores their JSON.
A Redis that cannot be reached is a miss, logged once a minute, never an error to the caller.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from typing import Any, Generic, Protocol, TypeVar

from cachetools import TTLCache
from pydantic import TypeAdapter, ValidationError

__all__ = ["Cache", "CacheFactory", "MemoryCache", "RedisCache", "cache_key"]

logger = logging.getLogger(__name__)

V = TypeVar("V")
KEY_PREFIX = "kairos:cache:"
OUTAGE_LOG_SECONDS = 60.0


def cache_key(*parts: Any) -> str:
    """sha256 of the parts as canonical JSON: stable across processes and replicas."""
    blob = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


class Cache(Protocol[V]):
    async def get(self, key: str) -> V | None: ...

    async def set(self, key: str, value: V) -> None: ...

    async def delete(self, key: str) -> None: ...

    async def delete_prefix(self, prefix: str) -> None: ...


class MemoryCache(Generic[V]):
    """This process only: the default, and what a single machine needs."""

    def __init__(self, *, maxsize: int, ttl_seconds: float) -> None:
        self._data: TTLCache[str, V] = TTLCache(maxsize=maxsize, ttl=ttl_seconds)

    async def get(self, key: str) -> V | None:
        return self._data.get(key)

    async def set(self, key: str, value: V) -> None:
        self._data[key] = value

    async def delete(self, key: str) -> None:
        self._data.pop(key, None)

    async def delete_prefix(self, prefix: str) -> None:
        for key in [k for k in self._data if k.startswith(prefix)]:
            self._data.pop(key, None)

    def __len__(self) -> int:
        return len(self._data)


class RedisCache(Generic[V]):
    """Shared by every replica pointing at one Redis; entries expire by Redis's own TTL."""

    def __init__(
        self, client: Any, namespace: str, value_type: type[V] | Any, *, ttl_seconds: float
    ) -> None:
        self.client = client
        self.namespace = f"{KEY_PREFIX}{namespace}:"
        self.adapter: TypeAdapter[V] = TypeAdapter(value_type)
        self.ttl_ms = max(1, int(ttl_seconds * 1000))
        self._last_outage_log = 0.0

    def _failed(self, exc: Exception) -> None:
        now = time.monotonic()
        if now - self._last_outage_log > OUTAGE_LOG_SECONDS:
            self._last_outage_log = now
            logger.warning("cache %s unreachable (%s); answering without it", self.namespace,
                           type(exc).__name__)  # fmt: skip

    async def get(self, key: str) -> V | None:
        try:
            raw = await self.client.get(self.namespace + key)
        except Exception as exc:  # a cache that fails is a miss
            self._failed(exc)
            return None
        if raw is None:
            return None
        try:
            return self.adapter.validate_json(raw)
        except ValidationError:  # written by an older version of the value's schema: a miss
            return None

    async def set(self, key: str, value: V) -> None:
        try:
            await self.client.set(
                self.namespace + key, self.adapter.dump_json(value), px=self.ttl_ms
            )
        except Exception as exc:
            self._failed(exc)

    async def delete(self, key: str) -> None:
        try:
            await self.client.delete(self.namespace + key)
        except Exception as exc:
            self._failed(exc)

    async def delete_prefix(self, prefix: str) -> None:
        try:
            keys = [k async for k in self.client.scan_iter(match=self.namespace + prefix + "*")]
            if keys:
                await self.client.delete(*keys)
        except Exception as exc:
            self._failed(exc)


class CacheFactory:
    """Builds every cache of a process from one setting: in-process, or one shared Redis."""

    def __init__(self, redis_url: str | None) -> None:
        self.redis_url = redis_url
        self._client: Any = None

    @property
    def shared(self) -> bool:
        return self.redis_url is not None

    def create(
        self, namespace: str, value_type: type[V] | Any, *, maxsize: int, ttl_seconds: float
    ) -> Cache[V]:
        if self.redis_url is None:
            return MemoryCache(maxsize=maxsize, ttl_seconds=ttl_seconds)
        if self._client is None:
            import redis.asyncio as redis

            self._client = redis.Redis.from_url(self.redis_url)
        return RedisCache(self._client, namespace, value_type, ttl_seconds=ttl_seconds)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
