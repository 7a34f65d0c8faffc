"""Token bucket and circuit breaker, moved through time by an injected clock."""

from __future__ import annotations

import pytest

from kairos.trips.rate_control import CircuitBreaker, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_the_bucket_spends_its_burst_then_refills_at_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3, clock=clock, sleep=clock.sleep)
    assert [await bucket.acquire() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.5  # one token at 2/s
    assert await bucket.acquire() and not await bucket.acquire()
    clock.now += 10
    assert bucket.tokens == 3, "never more than the burst"


async def test_a_caller_waits_for_its_token_within_the_max_wait() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1.0, burst=1, clock=clock, sleep=clock.sleep)
    assert await bucket.acquire()
    assert not await bucket.acquire(max_wait=0.5), "the next token is 1 s away"
    assert await bucket.acquire(max_wait=1.0)
    assert clock.slept == [1.0]


async def test_a_pause_holds_every_token_back() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=10.0, burst=5, clock=clock, sleep=clock.sleep)
    bucket.pause(30)
    assert not await bucket.acquire(max_wait=29)
    clock.now += 30.1
    assert await bucket.acquire()


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        TokenBucket(rate=0, burst=1)
    with pytest.raises(ValueError):
        CircuitBreaker(failure_threshold=0)


def test_the_breaker_opens_half_opens_and_closes() -> None:
    clock = Clock()
    breaker = CircuitBreaker(failure_threshold=3, cooldown_seconds=30, clock=clock)
    for _ in range(2):
        assert breaker.allow()
        breaker.record_failure()
    assert breaker.state == "closed"
    breaker.record_success()
    assert breaker.consecutive_failures == 0, "failures must be consecutive"
    for _ in range(3):
        breaker.record_failure()
    assert breaker.state == "open" and not breaker.allow()
    assert breaker.retry_in() == 30
    clock.now += 30
    assert breaker.state == "half_open"
    assert breaker.allow(), "one trial call"
    assert not breaker.allow(), "only one"
    breaker.record_failure()
    assert breaker.state == "open" and breaker.retry_in() == 30, "a failed trial reopens it"
    clock.now += 30
    assert breaker.allow()
    breaker.release()
    assert breaker.allow(), "a released trial goes to the next caller"
    breaker.record_success()
    assert breaker.state == "closed" and breaker.allow() and breaker.allow()
