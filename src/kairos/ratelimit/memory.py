"""In-process rate limiter: one TAT per key in a dict, bounded in size."""

from __future__ import annotations

import time
from collections.abc import Callable

from kairos.ratelimit.base import Decision, RateRule, gcra

__all__ = ["MemoryRateLimiter"]

MAX_KEYS = 100_000
"""Past this many keys, keys whose TAT has passed (they hold no state) are dropped; an address
flood can never grow the dict without bound."""


class MemoryRateLimiter:
    """Per process: with several replicas each one counts alone (set KAIROS_REDIS_URL to share).
    Every call runs without an await, so it is atomic under asyncio."""

    name = "memory"

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS
    ) -> None:
        self._clock = clock
        self._max_keys = max_keys
        self._tat: dict[str, float] = {}

    async def acquire(self, key: str, rule: RateRule) -> Decision:
        now = self._clock()
        decision, tat = gcra(self._tat.get(_scoped(key, rule)), now, rule)
        if decision.allowed:
            if len(self._tat) >= self._max_keys:
                self._forget_idle(now)
            self._tat[_scoped(key, rule)] = tat
        return decision

    async def peek(self, key: str, rule: RateRule) -> Decision:
        return gcra(self._tat.get(_scoped(key, rule)), self._clock(), rule)[0]

    async def close(self) -> None:
        self._tat.clear()

    def __len__(self) -> int:
        """Keys currently held."""
        return len(self._tat)

    def _forget_idle(self, now: float) -> None:
        idle = [key for key, tat in self._tat.items() if tat <= now]
        for key in idle:
            del self._tat[key]
        if len(self._tat) >= self._max_keys:  # every key is busy: forget the oldest half
            for key in list(self._tat)[: self._max_keys // 2]:
                del self._tat[key]


def _scoped(key: str, rule: RateRule) -> str:
    return f"{rule.name}:{key}"
