"""`pipeline/cache.py` beyond the backend contract (test_cache_contract.py): the in-process
bound, prefix edges, and keys that are the same in every process."""

from __future__ import annotations

import subprocess
import sys

from kairos.pipeline.cache import Cache, MemoryCache, cache_key


async def test_maxsize_evicts_the_oldest_entries() -> None:
    cache: MemoryCache[int] = MemoryCache(maxsize=3, ttl_seconds=3600)
    for i in range(5):
        await cache.set(f"k{i}", i)
    assert len(cache) == 3
    assert [await cache.get(f"k{i}") for i in range(5)] == [None, None, 2, 3, 4]


async def test_set_replaces_and_delete_removes_one_key() -> None:
    cache: MemoryCache[str] = MemoryCache(maxsize=8, ttl_seconds=3600)
    await cache.set("k", "old")
    await cache.set("k", "new")
    assert await cache.get("k") == "new"
    await cache.delete("k")
    await cache.delete("never-set")  # deleting a missing key is not an error
    assert await cache.get("k") is None


async def test_delete_prefix_matches_at_the_start_and_whole() -> None:
    cache: Cache[int] = MemoryCache(maxsize=16, ttl_seconds=3600)
    for key, value in {"feed:u1:a": 1, "feed:u1:b": 2, "feed:u10:a": 3, "feed:u2:a": 4}.items():
        await cache.set(key, value)
    await cache.set("other:feed:u1:c", 5)
    await cache.delete_prefix("feed:u1:")
    assert await cache.get("feed:u1:a") is None and await cache.get("feed:u1:b") is None
    assert await cache.get("feed:u10:a") == 3, "user u10 is not user u1"
    assert await cache.get("feed:u2:a") == 4
    assert await cache.get("other:feed:u1:c") == 5, "the prefix is matched at the start only"


def test_cache_key_is_canonical() -> None:
    a = cache_key("feed", {"b": 2, "a": [1, {"y": 1, "x": 2}]}, 3)
    assert a == cache_key("feed", {"a": [1, {"x": 2, "y": 1}], "b": 2}, 3), "nested dicts too"
    assert len(a) == 64 and int(a, 16) >= 0  # a sha256 hex digest
    assert a != cache_key("feed", {"b": 2, "a": [1, {"y": 1, "x": 2}]}, 4)
    assert cache_key("a", "b") != cache_key("ab")
    assert cache_key(["a", "b"]) != cache_key("a", "b")
    assert cache_key(1) != cache_key("1")


def test_cache_key_is_the_same_in_another_process() -> None:
    """Replicas share keys (Redis), so a key may not depend on hash seeds or object ids."""
    parts = ("feed", {"uid": "u1", "day": "2024-05-01", "tiers": [2, 1]}, None)
    code = f"from kairos.pipeline.cache import cache_key; print(cache_key(*{parts!r}))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert outputs == {cache_key(*parts)}
