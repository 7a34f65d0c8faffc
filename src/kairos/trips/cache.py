"""The trips caches of seed 003 §3, built on the shared `pipeline.cache.CacheFactory` (in-process
by default, one Redis for every replica when `KAIROS_REDIS_URL` is set).

Keys follow the seed's template, `intent:{intent_type}:p:{profile_hash}:t:{trip_hash|none}:
f:{filters_hash}:v1`, each hash 16 hex digits of FNV-1a 64 over canonical JSON, so every process
and replica computes the same key. Correctness rests on what the key hashes, not on deletes:

- user edits: the profile hash covers what changes a trip answer (`PROFILE_FIELDS`), the trip
  hash the whole trip including its version counter, so an edit reaches a new key at once;
- season boundaries and licence changes: `key_filters` adds the seasons of the trip's dates
  (`trips/seasons.py`) and `LICENCE_VERSION` (a hash of the licence table) to the filters;
- template or prompt changes: bump `KEY_VERSION`;
- provider deltas: a provider's place is replaced only by a fresher payload, and dropped when a
  delta says it changed after the copy was fetched.

Entries carry their own expiry read from an injected clock (tests, and TTLs per entry such as a
shorter one for event-sensitive retrievals); each backend's TTL is the longest its entries need.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, is_dataclass
from datetime import date, datetime
from enum import Enum
from typing import Any, Final, Generic, TypeVar

from pydantic import BaseModel

from kairos.ingest.adapters.pois import LICENCES
from kairos.pipeline.cache import Cache, CacheFactory
from kairos.trips.enrichment_models import ProviderPlace
from kairos.trips.seasons import seasons_between

__all__ = [
    "KEY_VERSION", "LICENCE_VERSION", "PROFILE_FIELDS", "CacheStats", "RetrievalSet",
    "TripCaches", "TripDelta", "TripDraft", "canonical_json", "fnv1a_64", "intent_key",
    "is_sensitive", "key_filters", "stable_hash", "staleness_seconds",
]  # fmt: skip

KEY_VERSION: Final = "v1"
"""Bump when the prompt or template semantics change: every old entry becomes unreachable."""

FNV_OFFSET: Final = 0xCBF29CE484222325
FNV_PRIME: Final = 0x100000001B3
_MASK: Final = (1 << 64) - 1
FLOAT_PLACES: Final = 6

PROFILE_FIELDS: Final = ("allergies", "travel")
"""The parts of a profile that change a trip answer: `allergies` (the allergy profile: meal
stops must be safe) and `travel` (favourite tags, companions, travel modes, pace, accessibility
needs). Name, e-mail, restaurant preferences and the like are not hashed."""
TRIP_VOLATILE: Final = ("created_at", "updated_at")
"""Trip fields left out of its hash: they change without changing the trip."""

SENSITIVE_TAGS: Final = frozenset(
    {"event", "events", "festival", "festivals", "seasonal", "market", "markets", "concert",
     "concerts", "show", "shows", "nightlife"}
)  # fmt: skip
"""A filter naming any of these (or an `events` / `season` filter) asks for what changes with
the calendar: its retrieval set is kept for the seed's shorter TTL."""

RETRIEVAL_TTL: Final = 60 * 60.0
RETRIEVAL_SENSITIVE_TTL: Final = 30 * 60.0
"""Seed §3: retrieval 30–120 min, seasonal or event-sensitive shorter."""
LAST_GOOD_TTL: Final = 60 * 60.0
"""Seed §4: a search that times out may serve the last retrieval under an hour old."""
ANSWER_TTL: Final = 20 * 60.0
ANSWER_SAVED_TTL: Final = 30 * 24 * 3600.0
"""Seed §3: generation 10–30 min unless saved; a saved draft is kept 30 days."""
DELTA_TTL: Final = ANSWER_SAVED_TTL
STALE_DAYS: Final = {"event": 7}
STALE_DAYS_DEFAULT: Final = 30
"""Seed §5: a place's data is stale after 7 days for events and 30 for attractions (any kind)."""


def fnv1a_64(data: bytes) -> int:
    """FNV-1a, 64 bits: tiny, stable everywhere, good enough to spread cache keys."""
    value = FNV_OFFSET
    for byte in data:
        value = ((value ^ byte) * FNV_PRIME) & _MASK
    return value


def _canonical(value: Any) -> Any:
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        rounded = round(value, FLOAT_PLACES)
        return int(rounded) if rounded.is_integer() else rounded
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Enum):
        return _canonical(value.value)
    if isinstance(value, BaseModel):
        return _canonical(value.model_dump(mode="json"))
    if is_dataclass(value) and not isinstance(value, type):
        return _canonical(asdict(value))
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = [_canonical(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    raise TypeError(f"cannot hash a {type(value).__name__} into a cache key: {value!r}")


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, dates ISO, floats to 6 places (1.0 == 1), sets sorted."""
    return json.dumps(
        _canonical(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False,
        allow_nan=False,
    )  # fmt: skip


def stable_hash(value: Any) -> str:
    return f"{fnv1a_64(canonical_json(value).encode()):016x}"


def _profile_subset(profile: Any) -> dict[str, Any]:
    data = _canonical(profile) if profile is not None else {}
    if not isinstance(data, dict):
        raise TypeError("a profile is a mapping or a model")
    return {name: data.get(name) for name in PROFILE_FIELDS}


def _trip_subset(trip: Any) -> dict[str, Any]:
    data = _canonical(trip)
    if not isinstance(data, dict):
        raise TypeError("a trip is a mapping or a model")
    return {k: v for k, v in data.items() if k not in TRIP_VOLATILE}


def intent_key(
    intent_type: str, profile: Any, trip: Any | None, filters: Any, *, version: str = KEY_VERSION
) -> str:
    """The seed's key: `intent:{type}:p:{profile}:t:{trip|none}:f:{filters}:{version}`."""
    if not intent_type or ":" in intent_type:
        raise ValueError(f"intent_type must be a word without ':', not {intent_type!r}")
    trip_hash = "none" if trip is None else stable_hash(_trip_subset(trip))
    profile_hash = stable_hash(_profile_subset(profile))
    return f"intent:{intent_type}:p:{profile_hash}:t:{trip_hash}:f:{stable_hash(filters)}:{version}"


LICENCE_VERSION: Final = stable_hash(LICENCES)
"""Changes whenever the licence table of the POI sources changes."""


def key_filters(
    filters: Mapping[str, Any],
    *,
    lat: float | None,
    start: date | None,
    end: date | None = None,
    today: date,
    licence_version: str = LICENCE_VERSION,
) -> dict[str, Any]:
    """The filters as keys see them: plus the seasons the trip's dates touch (today's when it
    has none) and the licence version."""
    seasons = seasons_between(start or today, end if start else None, lat)
    return {**filters, "seasons": seasons, "licence_version": licence_version}


def is_sensitive(filters: Mapping[str, Any]) -> bool:
    """Event- or season-sensitive filters (`SENSITIVE_TAGS`, an `events` or `season` filter)."""
    if filters.get("events") or filters.get("season"):
        return True
    tags = filters.get("tags") or ()
    return any(str(t).lower() in SENSITIVE_TAGS for t in tags)


def staleness_seconds(kind: str) -> float:
    return STALE_DAYS.get(kind, STALE_DAYS_DEFAULT) * 86400.0


class RetrievalSet(BaseModel):
    """A retrieval's answer: place ids in rank order and what was known of each when ranked."""

    place_ids: list[str]
    snapshot: dict[str, dict[str, Any]] = {}


class TripDraft(BaseModel):
    """A generated trip draft (the itinerary as JSON), and whether the user saved it."""

    draft: dict[str, Any]
    saved: bool = False


class TripDelta(BaseModel):
    """The edits made to a trip (one scope of it: a day, a stop) since its draft, in order."""

    trip_id: str
    scope: dict[str, Any] = {}
    edits: list[dict[str, Any]] = []


T = TypeVar("T")


class Stamped(BaseModel, Generic[T]):
    value: T
    stored_at: float
    expires_at: float


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0

    @property
    def hit_ratio(self) -> float | None:
        total = self.hits + self.misses
        return self.hits / total if total else None


class _Store(Generic[T]):
    """One backend cache whose entries carry their expiry, read from the injected clock."""

    def __init__(
        self, factory: CacheFactory, namespace: str, value_type: Any, *, ttl: float,
        maxsize: int, clock: Callable[[], float], stats: CacheStats,
    ) -> None:  # fmt: skip
        self.model: Any = Stamped[value_type]
        self.cache: Cache[Stamped[T]] = factory.create(
            namespace, self.model, maxsize=maxsize, ttl_seconds=ttl
        )
        self.ttl = ttl
        self.clock = clock
        self.stats = stats

    async def get(self, key: str, *, count: bool = True) -> Stamped[T] | None:
        entry = await self.cache.get(key)
        if entry is not None and entry.expires_at <= self.clock():
            entry = None
        if count:
            if entry is None:
                self.stats.misses += 1
            else:
                self.stats.hits += 1
        return entry

    async def set(
        self, key: str, value: T, *, ttl: float | None = None, since: float | None = None
    ) -> None:
        now = self.clock()
        expires = (now if since is None else since) + (self.ttl if ttl is None else ttl)
        await self.cache.set(key, self.model(value=value, stored_at=now, expires_at=expires))


class TripCaches:
    """Retrieval sets, the last good retrieval, provider places, answers and per-trip deltas."""

    def __init__(
        self,
        factory: CacheFactory,
        *,
        namespace: str = "trips",
        maxsize: int = 4096,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.clock = clock
        self.stats: dict[str, CacheStats] = {
            n: CacheStats() for n in ("retrieval", "last_good", "provider_place", "answer", "delta")
        }

        def store(name: str, value_type: Any, ttl: float, stats: str) -> _Store[Any]:
            return _Store(factory, f"{namespace}:{name}", value_type, ttl=ttl, maxsize=maxsize,
                          clock=clock, stats=self.stats[stats])  # fmt: skip

        self._retrieval: _Store[RetrievalSet] = store(
            "retrieval", RetrievalSet, RETRIEVAL_TTL, "retrieval"
        )
        self._last_good: _Store[RetrievalSet] = store(
            "last-good", RetrievalSet, LAST_GOOD_TTL, "last_good"
        )
        longest = max(STALE_DAYS_DEFAULT, *STALE_DAYS.values()) * 86400.0
        self._provider: _Store[ProviderPlace] = store(
            "provider-place", ProviderPlace, longest, "provider_place"
        )
        self._answer: _Store[TripDraft] = store("answer", TripDraft, ANSWER_TTL, "answer")
        self._saved: _Store[TripDraft] = store(
            "answer-saved", TripDraft, ANSWER_SAVED_TTL, "answer"
        )
        self._delta: _Store[TripDelta] = store("delta", TripDelta, DELTA_TTL, "delta")

    # --- retrieval sets ---------------------------------------------------------------------

    async def get_retrieval(self, key: str) -> RetrievalSet | None:
        entry = await self._retrieval.get(key)
        return None if entry is None else entry.value

    async def put_retrieval(self, key: str, found: RetrievalSet, *, sensitive: bool) -> None:
        """Kept 60 min, 30 when the filters are event- or season-sensitive; also kept as the
        last good retrieval for this key."""
        ttl = RETRIEVAL_SENSITIVE_TTL if sensitive else RETRIEVAL_TTL
        await self._retrieval.set(key, found, ttl=ttl)
        await self._last_good.set(key, found)

    async def last_good_retrieval(self, key: str) -> tuple[RetrievalSet, float] | None:
        """The last retrieval stored for `key` and its age in seconds, if under an hour old:
        what a search that timed out serves."""
        entry = await self._last_good.get(key)
        if entry is None:
            return None
        return entry.value, max(0.0, self.clock() - entry.stored_at)

    async def drop_retrieval(self, key: str) -> None:
        await self._retrieval.cache.delete(key)

    # --- provider places ----------------------------------------------------------------------

    @staticmethod
    def _provider_key(provider: str, place_id: str) -> str:
        return f"{provider}:{place_id}"

    async def get_provider_place(self, provider: str, place_id: str) -> ProviderPlace | None:
        entry = await self._provider.get(self._provider_key(provider, place_id))
        return None if entry is None else entry.value

    async def put_provider_place(self, place: ProviderPlace, *, kind: str) -> bool:
        """Kept until it is stale by the enrichment rule (7 days for events, 30 otherwise, from
        when it was fetched); an older payload than the one kept is ignored (False)."""
        key = self._provider_key(place.provider, place.place_id)
        kept = await self._provider.get(key, count=False)
        if kept is not None and kept.value.fetched_at > place.fetched_at:
            return False
        fetched = place.fetched_at.timestamp()
        await self._provider.set(key, place, ttl=staleness_seconds(kind), since=fetched)
        return True

    async def provider_delta(self, provider: str, place_id: str, changed_at: datetime) -> bool:
        """The provider says the place changed at `changed_at`: a copy fetched before is
        dropped (True), so the next enrichment fetches it again."""
        key = self._provider_key(provider, place_id)
        kept = await self._provider.get(key, count=False)
        if kept is None or kept.value.fetched_at >= changed_at:
            return False
        await self._provider.cache.delete(key)
        return True

    # --- answers (semantic cache) -------------------------------------------------------------

    @staticmethod
    def _answer_key(key: str, trip_id: str | None) -> str:
        return f"trip:{trip_id}:{key}" if trip_id else f"any:{key}"

    async def get_answer(self, key: str, *, trip_id: str | None = None) -> TripDraft | None:
        stored = self._answer_key(key, trip_id)
        entry = await self._saved.get(stored, count=False)
        if entry is None:
            entry = await self._answer.get(stored, count=False)
        stats = self.stats["answer"]
        if entry is None:
            stats.misses += 1
            return None
        stats.hits += 1
        return entry.value

    async def put_answer(self, key: str, draft: TripDraft, *, trip_id: str | None = None) -> None:
        """Kept 20 min, or 30 days once saved (`draft.saved`)."""
        stored = self._answer_key(key, trip_id)
        if draft.saved:
            await self._saved.set(stored, draft)
            await self._answer.cache.delete(stored)
        else:
            await self._answer.set(stored, draft)

    # --- per-trip deltas ----------------------------------------------------------------------

    @staticmethod
    def _delta_key(trip_id: str, scope: Mapping[str, Any]) -> str:
        return f"{trip_id}:{stable_hash(scope)}"

    async def get_delta(self, trip_id: str, scope: Mapping[str, Any]) -> TripDelta | None:
        entry = await self._delta.get(self._delta_key(trip_id, scope))
        return None if entry is None else entry.value

    async def record_edit(
        self, trip_id: str, scope: Mapping[str, Any], edit: Mapping[str, Any]
    ) -> TripDelta:
        """Appends `edit` to the trip's delta for `scope`. Two replicas editing one trip at the
        same instant may lose one append: the trip in the database is the record, this is not."""
        key = self._delta_key(trip_id, scope)
        kept = await self._delta.get(key, count=False)
        delta = kept.value if kept is not None else TripDelta(trip_id=trip_id, scope=dict(scope))
        delta = delta.model_copy(update={"edits": [*delta.edits, dict(edit)]})
        await self._delta.set(key, delta)
        return delta

    async def forget_trip(self, trip_id: str) -> None:
        """A user's edit or deletion of the trip: its answers and deltas go at once."""
        await self._delta.cache.delete_prefix(f"{trip_id}:")
        await self._answer.cache.delete_prefix(f"trip:{trip_id}:")
        await self._saved.cache.delete_prefix(f"trip:{trip_id}:")

    def hit_ratio(self, name: str = "retrieval") -> float | None:
        return self.stats[name].hit_ratio
