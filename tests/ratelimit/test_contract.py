"""One contract for every rate limiter, run against the in-process one and a real Redis."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest

from kairos.ratelimit import MemoryRateLimiter, RateLimiter, RateRule
from kairos.ratelimit.redis_limiter import RedisRateLimiter
from tests.serving import free_port


@pytest.fixture(params=["memory", "redis"])
async def limiter(request: pytest.FixtureRequest) -> AsyncIterator[RateLimiter]:
    implementation: RateLimiter
    if request.param == "memory":
        implementation = MemoryRateLimiter()
    else:
        implementation = RedisRateLimiter(request.getfixturevalue("redis_url"))
    yield implementation
    await implementation.close()


def _key() -> str:
    return uuid.uuid4().hex


async def test_a_burst_of_limit_then_a_wait_of_one_interval(limiter: RateLimiter) -> None:
    rule = RateRule("burst", limit=3, window=60)
    key = _key()
    assert [(await limiter.acquire(key, rule)).allowed for _ in range(3)] == [True] * 3
    denied = await limiter.acquire(key, rule)
    assert not denied.allowed
    assert 19 < denied.retry_after <= 20.01, "one interval (60 s / 3) until the next slot"


async def test_peek_never_counts(limiter: RateLimiter) -> None:
    rule = RateRule("peek", limit=2, window=60)
    key = _key()
    assert all([(await limiter.peek(key, rule)).allowed for _ in range(10)])
    assert (await limiter.acquire(key, rule)).allowed
    assert (await limiter.acquire(key, rule)).allowed
    blocked = await limiter.peek(key, rule)
    assert not blocked.allowed and blocked.retry_after > 0


async def test_keys_and_rules_are_counted_apart(limiter: RateLimiter) -> None:
    one, other = RateRule("one", limit=1, window=60), RateRule("other", limit=1, window=60)
    key = _key()
    assert (await limiter.acquire(key, one)).allowed
    assert not (await limiter.acquire(key, one)).allowed
    assert (await limiter.acquire(key, other)).allowed
    assert (await limiter.acquire(_key(), one)).allowed


async def test_a_slot_comes_back_after_retry_after(limiter: RateLimiter) -> None:
    rule = RateRule("refill", limit=2, window=0.4)
    key = _key()
    assert (await limiter.acquire(key, rule)).allowed
    assert (await limiter.acquire(key, rule)).allowed
    denied = await limiter.acquire(key, rule)
    assert not denied.allowed and denied.retry_after <= 0.21
    await asyncio.sleep(denied.retry_after + 0.05)
    assert (await limiter.acquire(key, rule)).allowed


async def test_concurrent_requests_never_take_more_than_the_limit(limiter: RateLimiter) -> None:
    rule = RateRule("race", limit=5, window=60)
    key = _key()
    decisions = await asyncio.gather(*(limiter.acquire(key, rule) for _ in range(40)))
    assert sum(d.allowed for d in decisions) == 5


async def test_replicas_share_counts_through_redis(redis_url: str) -> None:
    first, second = RedisRateLimiter(redis_url), RedisRateLimiter(redis_url)
    rule = RateRule("replicas", limit=2, window=60)
    key = _key()
    try:
        assert (await first.acquire(key, rule)).allowed
        assert (await second.acquire(key, rule)).allowed
        assert not (await first.acquire(key, rule)).allowed
    finally:
        await first.close()
        await second.close()


async def test_an_unreachable_redis_lets_requests_through(caplog: pytest.LogCaptureFixture) -> None:
    limiter = RedisRateLimiter(f"redis://127.0.0.1:{free_port()}/0")
    rule = RateRule("down", limit=1, window=60)
    try:
        decisions = [await limiter.acquire("k", rule) for _ in range(3)]
    finally:
        await limiter.close()
    assert all(d.allowed for d in decisions)
    assert caplog.text.count("Redis unreachable") == 1, "logged once, not once per request"


def test_rules_refuse_nonsense() -> None:
    for limit, window in ((0, 60.0), (1, 0.0), (-1, 1.0)):
        with pytest.raises(ValueError, match="limit >= 1"):
            RateRule("bad", limit=limit, window=window)


async def test_the_in_process_limiter_stays_bounded_under_an_address_flood() -> None:
    now = [0.0]
    limiter = MemoryRateLimiter(clock=lambda: now[0], max_keys=100)
    rule = RateRule("flood", limit=1, window=1)
    for i in range(10_000):
        now[0] = i * 0.001
        assert (await limiter.acquire(f"10.0.{i // 256}.{i % 256}", rule)).allowed
    assert len(limiter) <= 100
