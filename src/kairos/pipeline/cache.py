"""Bounded in-process TTL caches behind one small interface, so a Redis backend can replace them."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Generic, Protocol, TypeVar

from cachetools import TTLCache

V = TypeVar("V")


def cache_key(*parts: Any) -> str:
    """sha256 of the parts as canonical JSON: stable across processes and replicas."""
    blob = json.dumps(parts, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


class Cache(Protocol[V]):
    def get(self, key: str) -> V | None: ...

    def set(self, key: str, value: V) -> None: ...

    def delete(self, key: str) -> None: ...

    def delete_prefix(self, prefix: str) -> None: ...


class MemoryCache(Generic[V]):
    def __init__(self, *, maxsize: int, ttl_seconds: float) -> None:
        self._data: TTLCache[str, V] = TTLCache(maxsize=maxsize, ttl=ttl_seconds)

    def get(self, key: str) -> V | None:
        return self._data.get(key)

    def set(self, key: str, value: V) -> None:
        self._data[key] = value

    def delete(self, key: str) -> None:
        self._data.pop(key, None)

    def delete_prefix(self, prefix: str) -> None:
        for key in [k for k in self._data if k.startswith(prefix)]:
            self._data.pop(key, None)

    def __len__(self) -> int:
        return len(self._data)
