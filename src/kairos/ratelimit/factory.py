"""Picks the rate limiter the settings ask for."""

from __future__ import annotations

from kairos.ratelimit.base import RateLimiter
from kairos.ratelimit.memory import MemoryRateLimiter
from kairos.settings import Settings


def build_rate_limiter(settings: Settings) -> RateLimiter:
    if settings.redis:
        from kairos.ratelimit.redis_limiter import RedisRateLimiter

        return RedisRateLimiter(settings.redis)
    return MemoryRateLimiter()
