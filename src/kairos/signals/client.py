"""One signal source as products use it: cache-first with stale-while-revalidate, a timeout budget
per call, and a typed answer every time (ADR-007, ADR-022).

- Fresh in the cache: served at once (`ok`, `cache_hit`).
- Older than the freshness window but kept: served at once as `stale` (`error_code`
  `stale_cache`), and refreshed in the background for the next caller.
- Not cached, or `refresh=True` (the user asked for live data): the source is called within its
  budget. When that fails and a kept copy exists, the copy is served as `stale` with the failure's
  code; otherwise the answer is `timeout` or `error` with no data.
- No provider configured for the role (`NoProvider`, or a source raising `SignalNotConfigured`):
  `not_configured` with the settings to change, never `ok`, never cached.

Concurrent callers of one query share one upstream call (no stampede on a cold key).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cachetools import LRUCache
from pydantic import BaseModel

from kairos.signals.envelope import (
    INTERNAL_ERROR,
    NOT_CONFIGURED,
    STALE_CACHE,
    TIMEOUT,
    SignalAnswer,
    SignalData,
    SignalStatus,
    utc_from_timestamp,
)
from kairos.signals.source import NoProvider, SignalSource, SignalUnavailable

logger = logging.getLogger(__name__)

Q = TypeVar("Q", bound=BaseModel)
D = TypeVar("D", bound=SignalData)

DEFAULT_CACHE_SIZE = 4096
"""Answers kept per source in process; a signal answer is a few kB at most."""


@dataclass(frozen=True)
class CacheEntry:
    data: Any
    fetched_at: float  # unix seconds


class SignalStore(Protocol):
    """Where answers are kept; in-process by default (the shape of `pipeline.cache.Cache`)."""

    def get(self, key: str) -> CacheEntry | None: ...

    def set(self, key: str, value: CacheEntry) -> None: ...


class MemoryStore:
    def __init__(self, maxsize: int = DEFAULT_CACHE_SIZE) -> None:
        self._data: LRUCache[str, CacheEntry] = LRUCache(maxsize=maxsize)

    def get(self, key: str) -> CacheEntry | None:
        return self._data.get(key)

    def set(self, key: str, value: CacheEntry) -> None:
        self._data[key] = value


@dataclass(frozen=True)
class _Failure:
    code: str
    detail: str


class SignalClient(Generic[Q, D]):
    def __init__(
        self,
        source: SignalSource[Q, D],
        *,
        timeout_seconds: float,
        fresh_seconds: float,
        keep_seconds: float,
        store: SignalStore | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if not 0 < fresh_seconds <= keep_seconds:
            raise ValueError("need 0 < fresh_seconds <= keep_seconds")
        self.source = source
        self.timeout_seconds = timeout_seconds
        self.fresh_seconds = fresh_seconds
        self.keep_seconds = keep_seconds
        self._store = store or MemoryStore()
        self._clock = clock
        self._inflight: dict[str, asyncio.Task[CacheEntry | _Failure]] = {}

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def setup(self) -> str | None:
        """None when a provider answers for the role; else what is unknown and the settings that
        configure one (the `detail` of every `not_configured` answer)."""
        return self.source.setup if isinstance(self.source, NoProvider) else None

    async def get(self, query: Q, *, refresh: bool = False) -> SignalAnswer[D]:
        """The answer for `query`; never raises for anything the source does."""
        if (setup := self.setup) is not None:
            return self._failed(_Failure(NOT_CONFIGURED, setup))
        key = f"{self.source.name}|{type(query).__name__}|{query.model_dump_json()}"
        entry = self._store.get(key)
        now = self._clock()
        if entry is not None and now - entry.fetched_at > self.keep_seconds:
            entry = None
        if entry is not None and not refresh:
            if now - entry.fetched_at <= self.fresh_seconds:
                return self._answer(entry, now, cache_hit=True)
            self._shared_fetch(key, query)  # revalidate in the background
            return self._answer(entry, now, cache_hit=True, code=STALE_CACHE)
        outcome = await asyncio.shield(self._shared_fetch(key, query))
        now = self._clock()
        if isinstance(outcome, CacheEntry):
            return self._answer(outcome, now, cache_hit=False)
        if entry is not None and outcome.code != NOT_CONFIGURED:
            return self._answer(
                entry, now, cache_hit=True, code=outcome.code, detail=outcome.detail
            )
        return self._failed(outcome)

    def _failed(self, failure: _Failure) -> SignalAnswer[D]:
        status: SignalStatus = (
            "timeout" if failure.code == TIMEOUT
            else "not_configured" if failure.code == NOT_CONFIGURED
            else "error"
        )  # fmt: skip
        return SignalAnswer[D](
            source=self.source.name,
            status=status,
            error_code=failure.code,
            detail=failure.detail,
        )

    async def wait_for_refreshes(self) -> None:
        """Wait for background refreshes to finish (tests, graceful shutdown)."""
        while self._inflight:
            await asyncio.gather(*self._inflight.values(), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._inflight.values()):
            task.cancel()
        await asyncio.gather(*self._inflight.values(), return_exceptions=True)
        await self.source.aclose()

    def _answer(
        self,
        entry: CacheEntry,
        now: float,
        *,
        cache_hit: bool,
        code: str | None = None,
        detail: str | None = None,
    ) -> SignalAnswer[D]:
        return SignalAnswer[D](
            source=self.source.name,
            status="ok" if code is None else "stale",
            error_code=code,
            detail=detail
            or (f"cached {now - entry.fetched_at:.0f}s ago; refreshing" if code else None),
            fetched_at=utc_from_timestamp(entry.fetched_at),
            age_seconds=max(0.0, now - entry.fetched_at),
            cache_hit=cache_hit,
            bundled=self.source.offline,
            data=entry.data,
        )

    def _shared_fetch(self, key: str, query: Q) -> asyncio.Task[CacheEntry | _Failure]:
        task = self._inflight.get(key)
        if task is None:
            task = asyncio.create_task(self._fetch(key, query), name=f"signal:{self.source.name}")
            self._inflight[key] = task
            task.add_done_callback(lambda _: self._inflight.pop(key, None))
        return task

    async def _fetch(self, key: str, query: Q) -> CacheEntry | _Failure:
        name = self.source.name
        try:
            async with asyncio.timeout(self.timeout_seconds):
                data = await self.source.fetch(query)
        except TimeoutError:
            failure = _Failure(TIMEOUT, f"{name} did not answer within {self.timeout_seconds:g}s")
        except SignalUnavailable as exc:
            failure = _Failure(exc.code, exc.detail)
        except Exception as exc:  # a bug in a source must not reach the product's turn
            logger.exception("signal source %s failed on %s", name, query)
            failure = _Failure(INTERNAL_ERROR, f"{name} failed: {type(exc).__name__}")
        else:
            entry = CacheEntry(data, self._clock())
            self._store.set(key, entry)
            return entry
        if failure.code != NOT_CONFIGURED:
            logger.warning("signal source %s: %s (%s)", name, failure.code, failure.detail)
        return failure
