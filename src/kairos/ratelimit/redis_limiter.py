"""Redis rate limiter: the same GCRA as in process, run as one Lua script so replicas share it.

The script reads Redis's own clock (`TIME`), so replicas with skewed clocks still agree, and
does read-decide-write in one step, so concurrent requests cannot both take the last slot.
Times are integer microseconds (exact in Lua's doubles until the year 2255).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from kairos.ratelimit.base import Decision, RateRule

__all__ = ["RedisRateLimiter"]

logger = logging.getLogger(__name__)

KEY_PREFIX = "kairos:rate:"
OUTAGE_LOG_SECONDS = 60.0

_GCRA = """
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local consume = ARGV[3] == "1"
local clock = redis.call("TIME")
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local tat = tonumber(redis.call("GET", KEYS[1])) or now
local ahead = math.max(0, tat - now)
local tolerance = window - interval
if ahead > tolerance then return {0, ahead - tolerance} end
if consume then
  local new_tat = now + ahead + interval
  redis.call("SET", KEYS[1], string.format("%d", new_tat), "PX", math.ceil((new_tat - now) / 1000))
end
return {1, 0}
"""


class RedisRateLimiter:
    """When Redis cannot be reached the request is allowed (a rate limit must not take the
    service down with it) and the outage is logged once a minute, not once per request."""

    name = "redis"

    def __init__(self, url: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise RuntimeError(
                "KAIROS_REDIS_URL is set but the redis package is missing; "
                "install it with: pip install 'kairos[redis]'"
            ) from exc
        self._client: Any = aioredis.Redis.from_url(url, socket_timeout=2.0)
        self._script: Any = self._client.register_script(_GCRA)
        self._last_outage_log = -OUTAGE_LOG_SECONDS

    async def acquire(self, key: str, rule: RateRule) -> Decision:
        return await self._run(key, rule, consume=True)

    async def peek(self, key: str, rule: RateRule) -> Decision:
        return await self._run(key, rule, consume=False)

    async def close(self) -> None:
        await self._client.aclose()

    async def _run(self, key: str, rule: RateRule, *, consume: bool) -> Decision:
        try:
            allowed, wait = await self._script(
                keys=[f"{KEY_PREFIX}{rule.name}:{key}"],
                args=[_micros(rule.interval), _micros(rule.window), "1" if consume else "0"],
            )
        except Exception as exc:  # any Redis failure: allow, and say so now and then
            now = time.monotonic()
            if now - self._last_outage_log >= OUTAGE_LOG_SECONDS:
                self._last_outage_log = now
                logger.warning(
                    "rate limits not enforced: Redis unreachable (%s)", type(exc).__name__
                )
            return Decision(True)
        return Decision(bool(allowed), int(wait) / 1_000_000)


def _micros(seconds: float) -> int:
    return max(1, round(seconds * 1_000_000))
