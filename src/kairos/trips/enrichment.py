"""Enrichment (seed 003 §5): ask a provider about a place only when the decision matrix says so,
through a token bucket and a circuit breaker, with the provider's answers kept in the provider
place cache (`trips/cache.py`) until they are stale.

The decision matrix (`enrichment_reasons`, pure), read from what ingestion stores:
- `missing:opening_hours`: no `attributes["opening_hours"]` (nor Yelp `hours`), or its status is
  `unknown` (text nobody could read) or `partial` (some weekdays unknown);
- `missing:price_tier`: no price tier on the place and no `price` / `price_note` /
  `free_of_charge` in any raw POI row;
- `stale:last_updated`: `attributes["visit"]["last_updated"]` older than 7 days for events and 30
  days for any other kind, or absent;
- `licence:attribution`: the licence stored with the place differs from today's licence table for
  its source (the source changed its terms), or `attributes["licence_flag"]` asks for refreshed
  attribution.

Statuses: `ok` (the provider answered, from its cache or live), `skipped` (nothing to enrich),
`unavailable` (offline, or the provider failed: `detail` says which), `rate_limited` (no token
within the wait, or the provider answered 429), `circuit_open` (too many failures in a row).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel

from kairos.core.opening_hours import HOURS_KEY
from kairos.ingest.adapters.pois import LICENCES
from kairos.signals.envelope import (
    BAD_RESPONSE,
    INTERNAL_ERROR,
    RATE_LIMITED,
    TIMEOUT,
    UNAUTHORIZED,
    UNREACHABLE,
    UPSTREAM_ERROR,
)
from kairos.signals.source import SignalUnavailable
from kairos.trips.cache import TripCaches, staleness_seconds
from kairos.trips.enrichment_models import (
    EnrichmentProvider,
    EnrichmentTarget,
    ProviderPlace,
    ProviderRateLimited,
)
from kairos.trips.rate_control import CircuitBreaker, TokenBucket

__all__ = [
    "Enricher",
    "EnrichmentResult",
    "EnrichmentStats",
    "EnrichmentStatus",
    "enrichment_reasons",
    "missing_fields",
]

logger = logging.getLogger(__name__)

EnrichmentStatus = Literal["ok", "skipped", "unavailable", "rate_limited", "circuit_open"]

PRICE_KEYS: Final = ("price", "price_note", "free_of_charge")
BREAKER_FAILURES: Final = frozenset(
    {UPSTREAM_ERROR, TIMEOUT, UNREACHABLE, BAD_RESPONSE, UNAUTHORIZED, INTERNAL_ERROR}
)
"""Failures that say the service is unwell (or refuses us): they count toward the breaker.
429, 404 and other refusals of one request do not."""
RETRYABLE: Final = frozenset({UPSTREAM_ERROR, TIMEOUT, UNREACHABLE})
DEFAULT_RETRY_AFTER: Final = 10.0
"""Seconds the bucket pauses after a 429 that gives no `Retry-After`."""


def _price_known(attributes: Mapping[str, Any], price_tier: str | None) -> bool:
    if price_tier or attributes.get("price_tier"):
        return True
    poi = attributes.get("poi")
    rows = poi.values() if isinstance(poi, Mapping) else ()
    return any(
        isinstance(r, Mapping) and r.get(k) not in (None, "") for r in rows for k in PRICE_KEYS
    )


def missing_fields(attributes: Mapping[str, Any], *, price_tier: str | None = None) -> list[str]:
    """The critical fields a place lacks (`ENRICHABLE_FIELDS` order)."""
    missing = []
    hours = attributes.get(HOURS_KEY)
    hours_known = (
        isinstance(hours, Mapping) and hours.get("status") in ("known", "closed")
    ) or bool(attributes.get("hours"))
    if not hours_known:
        missing.append("opening_hours")
    if not _price_known(attributes, price_tier):
        missing.append("price_tier")
    return missing


def _parse_time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def enrichment_reasons(
    place_attributes: Mapping[str, Any],
    *,
    kind: str,
    now: datetime,
    price_tier: str | None = None,
) -> list[str]:
    """Why this place should be enriched now; [] when it should not (see the module doc)."""
    reasons = [
        f"missing:{name}" for name in missing_fields(place_attributes, price_tier=price_tier)
    ]
    visit = place_attributes.get("visit")
    visit = visit if isinstance(visit, Mapping) else {}
    updated = _parse_time(visit.get("last_updated"))
    if updated is None or (now - updated).total_seconds() > staleness_seconds(kind):
        reasons.append("stale:last_updated")
    source = visit.get("source")
    licence_changed = source in LICENCES and visit.get("licence") != LICENCES[source]
    if licence_changed or place_attributes.get("licence_flag"):
        reasons.append("licence:attribution")
    return reasons


class EnrichmentResult(BaseModel):
    place_id: str
    provider: str
    status: EnrichmentStatus
    reasons: list[str]
    detail: str | None = None
    filled: dict[str, Any] = {}
    """Fields the provider gave, in the catalog's shapes."""
    unknown: list[str] = []
    """Critical fields that stay unknown after this attempt."""
    raw: dict[str, Any] | None = None
    fetched_at: datetime | None = None
    cache_hit: bool = False
    attribution: str | None = None


@dataclass
class EnrichmentStats:
    """Seed §9 "enrichment call success": of the places a provider was called for (after
    retries), how many it answered."""

    calls: int = 0
    succeeded: int = 0
    by_status: dict[str, int] = field(default_factory=dict)

    @property
    def success_rate(self) -> float | None:
        return self.succeeded / self.calls if self.calls else None


class Enricher:
    def __init__(
        self,
        provider: EnrichmentProvider,
        *,
        caches: TripCaches | None = None,
        bucket: TokenBucket | None = None,
        breaker: CircuitBreaker | None = None,
        timeout_seconds: float = 5.0,
        max_wait_seconds: float = 2.0,
        retries: int = 1,
        retry_delay_seconds: float = 0.2,
        concurrency: int = 4,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.provider = provider
        self.caches = caches
        self.bucket = bucket or TokenBucket(rate=5.0, burst=10)
        self.breaker = breaker or CircuitBreaker()
        self.timeout_seconds = timeout_seconds
        self.max_wait_seconds = max_wait_seconds
        self.retries = retries
        self.retry_delay_seconds = retry_delay_seconds
        self._clock = clock
        self._limit = asyncio.Semaphore(concurrency)
        self.stats = EnrichmentStats()

    async def enrich(
        self, places: Sequence[EnrichmentTarget], *, now: datetime | None = None
    ) -> list[EnrichmentResult]:
        """One result per place, in order; never raises for anything the provider does."""
        when = now or datetime.fromtimestamp(self._clock(), tz=UTC)
        results = await asyncio.gather(*(self._guarded(p, when) for p in places))
        for result in results:
            self.stats.by_status[result.status] = self.stats.by_status.get(result.status, 0) + 1
        return list(results)

    async def _guarded(self, place: EnrichmentTarget, now: datetime) -> EnrichmentResult:
        async with self._limit:
            return await self._one(place, now)

    def _result(self, place: EnrichmentTarget, status: EnrichmentStatus, reasons: list[str],
                **extra: Any) -> EnrichmentResult:  # fmt: skip
        return EnrichmentResult(
            place_id=place.id, provider=self.provider.name, status=status, reasons=reasons,
            **extra,
        )  # fmt: skip

    def _answered(
        self, place: EnrichmentTarget, reasons: list[str], missing: list[str],
        got: ProviderPlace, *, cache_hit: bool,
    ) -> EnrichmentResult:  # fmt: skip
        filled = {k: v for k, v in got.fields.items() if v is not None}
        return self._result(
            place, "ok", reasons, detail=got.note, filled=filled,
            unknown=[f for f in missing if f not in filled], raw=got.raw,
            fetched_at=got.fetched_at, cache_hit=cache_hit, attribution=got.attribution,
        )  # fmt: skip

    async def _one(self, place: EnrichmentTarget, now: datetime) -> EnrichmentResult:
        reasons = enrichment_reasons(
            place.attributes, kind=place.kind, now=now, price_tier=place.price_tier
        )
        missing = missing_fields(place.attributes, price_tier=place.price_tier)
        if not reasons:
            return self._result(place, "skipped", reasons, detail="nothing to enrich")
        name = self.provider.name
        if self.provider.offline:
            got = await self.provider.fetch(place)
            return self._result(place, "unavailable", reasons, detail=got.note,
                                unknown=missing or list(got.unknown), raw=got.raw)  # fmt: skip
        if self.caches is not None:
            cached = await self.caches.get_provider_place(name, place.id)
            if cached is not None:
                return self._answered(place, reasons, missing, cached, cache_hit=True)
        failure: SignalUnavailable | None = None
        called = False
        for attempt in range(self.retries + 1):
            if attempt and self.retry_delay_seconds:
                await asyncio.sleep(self.retry_delay_seconds)
            if not self.breaker.allow():
                if called:
                    break
                said = (
                    f"{name} failed {self.breaker.consecutive_failures} times in a row; "
                    f"retrying in {self.breaker.retry_in():.0f}s"
                )
                return self._result(place, "circuit_open", reasons, unknown=missing, detail=said)
            if not await self.bucket.acquire(max_wait=self.max_wait_seconds):
                self.breaker.release()
                if called:
                    break
                return self._result(place, "rate_limited", reasons, unknown=missing,
                                    detail=f"{name}: no request slot within "
                                    f"{self.max_wait_seconds:g}s")  # fmt: skip
            called = True
            try:
                async with asyncio.timeout(self.timeout_seconds):
                    got = await self.provider.fetch(place)
            except TimeoutError:
                failure = SignalUnavailable(TIMEOUT, f"{name} did not answer within "
                                            f"{self.timeout_seconds:g}s")  # fmt: skip
            except SignalUnavailable as exc:
                failure = exc
            except Exception as exc:  # a bug in a provider must not reach the trip
                logger.exception("enrichment provider %s failed on %s", name, place.id)
                failure = SignalUnavailable(INTERNAL_ERROR, f"{name} failed: {type(exc).__name__}")
            else:
                self.breaker.record_success()
                self.stats.calls += 1
                self.stats.succeeded += 1
                if self.caches is not None:
                    await self.caches.put_provider_place(got, kind=place.kind)
                return self._answered(place, reasons, missing, got, cache_hit=False)
            if failure.code in BREAKER_FAILURES:
                self.breaker.record_failure()
            else:
                self.breaker.release()
            if isinstance(failure, ProviderRateLimited) or failure.code == RATE_LIMITED:
                wait = getattr(failure, "retry_after", None) or DEFAULT_RETRY_AFTER
                self.bucket.pause(wait)
                break
            if failure.code not in RETRYABLE:
                break
        self.stats.calls += 1
        assert failure is not None
        logger.warning(
            "enrichment %s for %s: %s (%s)", name, place.id, failure.code, failure.detail
        )
        status: EnrichmentStatus = "rate_limited" if failure.code == RATE_LIMITED else "unavailable"
        return self._result(place, status, reasons, unknown=missing,
                            detail=f"{failure.code}: {failure.detail}")  # fmt: skip
