"""Rate limits behind one small interface: in-process by default, Redis when replicas share them."""

from kairos.ratelimit.base import Decision, RateLimiter, RateRule
from kairos.ratelimit.factory import build_rate_limiter
from kairos.ratelimit.memory import MemoryRateLimiter

__all__ = ["Decision", "MemoryRateLimiter", "RateLimiter", "RateRule", "build_rate_limiter"]
