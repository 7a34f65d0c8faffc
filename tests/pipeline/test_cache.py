"""The in-process cache behind `pipeline/cache.py`: expiry, bounds, prefix deletes, stable keys."""

from __future__ import annotations

import subprocess
import sys
import time

from kairos.pipeline.cache import Cache, MemoryCache, cache_key


def test_a_value_is_served_until_its_ttl_passes() -> None:
    lasting: MemoryCache[str] = MemoryCache(maxsize=8, ttl_seconds=3600)
    lasting.set("k", "v")
    assert lasting.get("k") == "v"
    short: MemoryCache[str] = MemoryCache(maxsize=8, ttl_seconds=0.05)
    short.set("k", "v")
    time.sleep(0.2)  # the clock is monotonic: past the TTL, whatever the machine's load
    assert short.get("k") is None
    assert len(short) == 0


def test_maxsize_evicts_the_oldest_entries() -> None:
    cache: MemoryCache[int] = MemoryCache(maxsize=3, ttl_seconds=3600)
    for i in range(5):
        cache.set(f"k{i}", i)
    assert len(cache) == 3
    assert [cache.get(f"k{i}") for i in range(5)] == [None, None, 2, 3, 4]


def test_set_replaces_and_delete_removes_one_key() -> None:
    cache: MemoryCache[str] = MemoryCache(maxsize=8, ttl_seconds=3600)
    cache.set("k", "old")
    cache.set("k", "new")
    assert cache.get("k") == "new"
    cache.delete("k")
    cache.delete("never-set")  # deleting a missing key is not an error
    assert cache.get("k") is None


def test_delete_prefix_removes_only_the_matching_keys() -> None:
    cache: Cache[int] = MemoryCache(maxsize=16, ttl_seconds=3600)
    for key, value in {"feed:u1:a": 1, "feed:u1:b": 2, "feed:u10:a": 3, "feed:u2:a": 4}.items():
        cache.set(key, value)
    cache.set("other:feed:u1:c", 5)
    cache.delete_prefix("feed:u1:")
    assert cache.get("feed:u1:a") is None and cache.get("feed:u1:b") is None
    assert cache.get("feed:u10:a") == 3, "a prefix is not a substring match on the user"
    assert cache.get("feed:u2:a") == 4
    assert cache.get("other:feed:u1:c") == 5, "the prefix is matched at the start only"


def test_cache_key_is_canonical() -> None:
    a = cache_key("feed", {"b": 2, "a": [1, {"y": 1, "x": 2}]}, 3)
    assert a == cache_key("feed", {"a": [1, {"x": 2, "y": 1}], "b": 2}, 3)
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
