"""Rate control for a hosted enrichment provider (seed 003 §5): a token bucket per provider and a
circuit breaker on consecutive failures. Both read an injected clock, so tests move time by hand.

These are per process: with N replicas a provider sees up to N × the rate. Set the rate to the
provider's quota divided by the replicas.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Literal

__all__ = ["BreakerState", "CircuitBreaker", "TokenBucket"]

BreakerState = Literal["closed", "open", "half_open"]
_EPSILON = 1e-9  # float noise in refills is not a missing token


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved up. A caller that would wait longer than
    `max_wait` for its token gets none (and the call is skipped as `rate_limited`); one that
    waits has its token reserved first, so concurrent callers queue fairly."""

    def __init__(
        self,
        *,
        rate: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst ≥ 1, not {rate}, {burst}")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(burst)
        self._updated = clock()

    def _refill(self) -> float:
        now = self._clock()
        if now > self._updated:
            self._tokens = min(float(self.burst), self._tokens + (now - self._updated) * self.rate)
            self._updated = now
        return now

    def wait_for_token(self) -> float:
        """Seconds until a token would be free for the next caller."""
        now = self._refill()
        paused = max(0.0, self._updated - now)
        short = 1.0 - self._tokens
        return paused + (short / self.rate if short > _EPSILON else 0.0)

    @property
    def tokens(self) -> float:
        self._refill()
        return self._tokens

    async def acquire(self, *, max_wait: float = 0.0) -> bool:
        wait = self.wait_for_token()
        if wait > max_wait:
            return False
        self._tokens -= 1.0  # reserved (may go below zero while callers wait)
        if wait > 0:
            await self._sleep(wait)
        return True

    def pause(self, seconds: float) -> None:
        """The provider said to slow down (429, `Retry-After`): no token for `seconds`."""
        now = self._refill()
        self._tokens = min(self._tokens, 0.0)
        self._updated = max(self._updated, now + seconds)


class CircuitBreaker:
    """Closed: calls go through. After `failure_threshold` consecutive failures it opens: calls
    are refused for `cooldown_seconds`. Then half-open: one trial call goes through; its success
    closes the breaker, its failure opens it again for another cool-down."""

    def __init__(
        self,
        *,
        failure_threshold: int = 5,
        cooldown_seconds: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if failure_threshold < 1 or cooldown_seconds <= 0:
            raise ValueError("a breaker needs failure_threshold ≥ 1 and cooldown_seconds > 0")
        self.failure_threshold = failure_threshold
        self.cooldown_seconds = cooldown_seconds
        self._clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._trial = False

    @property
    def state(self) -> BreakerState:
        if self._opened_at is None:
            return "closed"
        if self._trial or self._clock() >= self._opened_at + self.cooldown_seconds:
            return "half_open"
        return "open"

    @property
    def consecutive_failures(self) -> int:
        return self._failures

    def retry_in(self) -> float:
        """Seconds until the breaker lets a trial call through (0 when it would now)."""
        if self._opened_at is None:
            return 0.0
        return max(0.0, self._opened_at + self.cooldown_seconds - self._clock())

    def allow(self) -> bool:
        """Whether a call may go now; in half-open, only one caller gets the trial."""
        state = self.state
        if state == "closed":
            return True
        if state == "open" or self._trial:
            return False
        self._trial = True
        return True

    def release(self) -> None:
        """An allowed call was not made (or told nothing about the service's health)."""
        self._trial = False

    def record_success(self) -> None:
        self._failures = 0
        self._opened_at = None
        self._trial = False

    def record_failure(self) -> None:
        self._failures += 1
        if self._trial or self._failures >= self.failure_threshold:
            self._opened_at = self._clock()
        self._trial = False
