"""The rate-limiter interface and the rule both implementations share.

Both implementations use GCRA (the generic cell rate algorithm): one number per key, the
"theoretical arrival time" (TAT) of the next request. A rule of `limit` requests per `window`
seconds spaces requests `window / limit` apart and tolerates a burst of `limit`. GCRA was chosen
over a fixed window because it has no boundary burst (twice the limit around a window edge) and
over a sliding log because it keeps one value per key, which a Redis script updates atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = ["Decision", "RateLimiter", "RateRule", "gcra"]


@dataclass(frozen=True, slots=True)
class RateRule:
    """`limit` requests per `window` seconds, in bursts of up to `limit`."""

    name: str
    limit: int
    window: float

    def __post_init__(self) -> None:
        if self.limit < 1 or self.window <= 0:
            raise ValueError(
                f"rate rule {self.name!r} needs limit >= 1 and window > 0, "
                f"got {self.limit} per {self.window} s"
            )

    @property
    def interval(self) -> float:
        """Seconds one request uses up."""
        return self.window / self.limit


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    retry_after: float = 0.0
    """Seconds until the same request would be allowed; 0 when it was."""


def gcra(tat: float | None, now: float, rule: RateRule) -> tuple[Decision, float]:
    """The decision for one request at `now` and the key's next TAT if it is counted.

    Denied when the TAT is further ahead of `now` than the burst allows (`window - interval`);
    compared as a difference, so a first request is never refused by float rounding."""
    ahead = 0.0 if tat is None else max(0.0, tat - now)
    tolerance = rule.window - rule.interval
    if ahead > tolerance:
        return Decision(False, ahead - tolerance), now + ahead
    return Decision(True), now + ahead + rule.interval


class RateLimiter(Protocol):
    """Counts requests per key. Implementations are safe under concurrency: of many concurrent
    `acquire` calls on one key, exactly as many succeed as the rule allows."""

    name: str

    async def acquire(self, key: str, rule: RateRule) -> Decision:
        """Count one request against `key` if the rule allows it."""
        ...

    async def peek(self, key: str, rule: RateRule) -> Decision:
        """Whether one more request would be allowed, without counting it."""
        ...

    async def close(self) -> None: ...
