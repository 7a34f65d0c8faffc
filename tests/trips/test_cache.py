"""Trips caches: keys (the seed's template, stable across processes), invalidation by what the
key hashes, TTLs read from an injected clock, with the in-process backend and a real Redis."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta

import pytest

from kairos.pipeline.cache import CacheFactory
from kairos.trips.cache import (
    KEY_VERSION,
    LICENCE_VERSION,
    RetrievalSet,
    TripCaches,
    TripDraft,
    fnv1a_64,
    intent_key,
    is_sensitive,
    key_filters,
    stable_hash,
)
from kairos.trips.enrichment_models import ProviderPlace
from kairos.trips.seasons import season_of, seasons_between
from tests.conftest import REPO

PROFILE = {
    "name": "Ana",
    "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
    "travel": {"pace": "relaxed", "modes": ["walk"], "favourite_tags": ["museums", "parks"]},
}
TRIP = {"id": "t1", "city": "Singapore", "start": date(2025, 3, 1), "days": 3, "version": 1}
FILTERS = {"tags": ["museum", "park"], "geo": {"lat": 1.2903, "lng": 103.8519, "km": 5.0}}


class Clock:
    def __init__(self) -> None:
        self.now = 1_750_000_000.0

    def __call__(self) -> float:
        return self.now


# --- keys ----------------------------------------------------------------------------------------


def test_fnv1a_64_matches_the_reference_vectors() -> None:
    assert fnv1a_64(b"") == 0xCBF29CE484222325
    assert fnv1a_64(b"a") == 0xAF63DC4C8601EC8C
    assert fnv1a_64(b"foobar") == 0x85944171F73967E8


def test_the_key_follows_the_seed_template() -> None:
    key = intent_key("discovery", PROFILE, None, FILTERS)
    parts = key.split(":")
    assert parts[0] == "intent" and parts[1] == "discovery"
    assert (parts[2], parts[4], parts[5], parts[6]) == ("p", "t", "none", "f")
    assert parts[-1] == "v1" == KEY_VERSION
    assert all(len(h) == 16 and int(h, 16) >= 0 for h in (parts[3], parts[7]))
    with_trip = intent_key("refine_trip_day", PROFILE, TRIP, FILTERS)
    assert with_trip.split(":")[5] == stable_hash({k: v for k, v in TRIP.items()})
    assert intent_key("discovery", PROFILE, None, FILTERS, version="v2").endswith(":v2")
    with pytest.raises(ValueError):
        intent_key("a:b", PROFILE, None, FILTERS)


def test_canonical_json_ignores_order_whitespace_and_float_noise() -> None:
    one = {"b": [1, 2], "a": {"y": 1.0000000001, "x": {3, 1, 2}}, "d": date(2025, 3, 1)}
    two = {"d": "2025-03-01", "a": {"x": [1, 2, 3], "y": 1}, "b": (1, 2)}
    assert stable_hash(one) == stable_hash(two)
    assert stable_hash({"a": 1.0000004}) != stable_hash({"a": 1.000001})


def test_the_profile_hash_reads_allergies_and_travel_only() -> None:
    base = intent_key("discovery", PROFILE, None, FILTERS)
    assert intent_key("discovery", {**PROFILE, "name": "Bea", "email": "x"}, None, FILTERS) == base
    edited = {**PROFILE, "travel": {**PROFILE["travel"], "pace": "packed"}}  # type: ignore[dict-item]
    assert intent_key("discovery", edited, None, FILTERS) != base
    allergic = {**PROFILE, "allergies": {"confirmed": ["peanuts", "sesame"]}}
    assert intent_key("discovery", allergic, None, FILTERS) != base


def test_a_trip_edit_reaches_a_new_key() -> None:
    key = intent_key("refine_trip_day", PROFILE, TRIP, FILTERS)
    touched = {**TRIP, "updated_at": datetime.now(UTC)}
    assert intent_key("refine_trip_day", PROFILE, touched, FILTERS) == key
    assert intent_key("refine_trip_day", PROFILE, {**TRIP, "version": 2}, FILTERS) != key


def test_keys_are_the_same_in_another_process() -> None:
    reordered = {"geo": {"km": 5.0, "lng": 103.8519, "lat": 1.2903}, "tags": ["museum", "park"]}
    script = (
        "import json, sys; from kairos.trips.cache import intent_key; "
        "a = json.loads(sys.argv[1]); print(intent_key('discovery', a['p'], None, a['f']))"
    )
    profile = dict(reversed(list(PROFILE.items())))
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", script, json.dumps({"p": profile, "f": reordered})],
        capture_output=True, text=True, check=True, env=env, cwd=REPO,
    )  # fmt: skip
    assert out.stdout.strip() == intent_key("discovery", PROFILE, None, FILTERS)


def test_seasons_by_hemisphere_and_tropics() -> None:
    assert season_of(date(2025, 1, 10), 28.6) == "north:winter"  # Delhi
    assert season_of(date(2025, 1, 10), -33.9) == "south:summer"  # Sydney
    assert season_of(date(2025, 1, 10), 1.29) == "tropics:nov-apr"  # Singapore
    assert season_of(date(2025, 7, 10), 1.29) == "tropics:may-oct"
    assert seasons_between(date(2025, 2, 27), date(2025, 3, 2), 40.7) == [
        "north:spring",
        "north:winter",
    ]
    with pytest.raises(ValueError):
        seasons_between(date(2025, 3, 2), date(2025, 3, 1), 0)


def test_season_boundaries_and_licences_change_the_filters_hash() -> None:
    def key(start: date, **kw: str) -> str:
        kf = key_filters(FILTERS, lat=40.7, start=start, today=date(2025, 1, 1), **kw)
        return intent_key("discovery", PROFILE, None, kf)

    assert key(date(2025, 5, 1)) == key(date(2025, 5, 31))
    assert key(date(2025, 5, 31)) != key(date(2025, 6, 1)), "spring → summer"
    assert key(date(2025, 5, 1)) != key(date(2025, 5, 1), licence_version="other")
    undated = key_filters(FILTERS, lat=40.7, start=None, today=date(2025, 12, 1))
    assert undated["seasons"] == ["north:winter"] and undated["licence_version"] == LICENCE_VERSION


def test_event_and_season_filters_are_sensitive() -> None:
    assert not is_sensitive(FILTERS)
    assert is_sensitive({"tags": ["Festival"]}) and is_sensitive({"season": "winter"})


# --- the caches, in process and in Redis ---------------------------------------------------------


@pytest.fixture(params=["memory", "redis"])
async def caches(request: pytest.FixtureRequest) -> AsyncIterator[tuple[TripCaches, Clock]]:
    url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    factory = CacheFactory(url)
    clock = Clock()
    yield TripCaches(factory, namespace=f"trips-{uuid.uuid4().hex[:8]}", clock=clock), clock
    await factory.close()


FOUND = RetrievalSet(place_ids=["p1", "p2"], snapshot={"p1": {"name": "Gardens by the Bay"}})


async def test_retrieval_sets_expire_after_an_hour_or_half_for_events(
    caches: tuple[TripCaches, Clock],
) -> None:
    cache, clock = caches
    assert await cache.get_retrieval("k") is None
    await cache.put_retrieval("k", FOUND, sensitive=False)
    await cache.put_retrieval("events", FOUND, sensitive=True)
    assert await cache.get_retrieval("k") == FOUND
    clock.now += 31 * 60
    assert await cache.get_retrieval("events") is None
    assert await cache.get_retrieval("k") == FOUND
    clock.now += 30 * 60
    assert await cache.get_retrieval("k") is None
    stats = cache.stats["retrieval"]
    assert (stats.hits, stats.misses) == (2, 3) and cache.hit_ratio() == 0.4


async def test_the_last_good_retrieval_serves_for_an_hour(caches: tuple[TripCaches, Clock]) -> None:
    cache, clock = caches
    await cache.put_retrieval("k", FOUND, sensitive=True)
    await cache.drop_retrieval("k")
    clock.now += 45 * 60
    assert await cache.get_retrieval("k") is None
    kept = await cache.last_good_retrieval("k")
    assert kept is not None and kept[0] == FOUND and kept[1] == 45 * 60
    clock.now += 16 * 60
    assert await cache.last_good_retrieval("k") is None


def _payload(at: datetime, hours: str = "Mo-Su 09:00-17:00") -> ProviderPlace:
    return ProviderPlace(
        provider="google_places", place_id="p1", fields={"text": hours}, fetched_at=at
    )


async def test_provider_places_keep_by_staleness_and_take_only_fresher_payloads(
    caches: tuple[TripCaches, Clock],
) -> None:
    cache, clock = caches
    fetched = datetime.fromtimestamp(clock.now, tz=UTC)
    assert await cache.put_provider_place(_payload(fetched), kind="museum")
    older = _payload(fetched - timedelta(hours=1), "closed")
    assert not await cache.put_provider_place(older, kind="museum"), "an older payload is ignored"
    kept = await cache.get_provider_place("google_places", "p1")
    assert kept is not None and kept.fields == {"text": "Mo-Su 09:00-17:00"}
    assert not await cache.provider_delta("google_places", "p1", fetched - timedelta(minutes=1))
    assert await cache.provider_delta("google_places", "p1", fetched + timedelta(minutes=1))
    assert await cache.get_provider_place("google_places", "p1") is None
    await cache.put_provider_place(_payload(fetched), kind="museum")
    await cache.put_provider_place(_payload(fetched).model_copy(update={"place_id": "e1"}),
                                   kind="event")  # fmt: skip
    clock.now += 8 * 86400
    assert await cache.get_provider_place("google_places", "e1") is None, "events: 7 days"
    assert await cache.get_provider_place("google_places", "p1") is not None
    clock.now += 23 * 86400
    assert await cache.get_provider_place("google_places", "p1") is None, "attractions: 30 days"


async def test_answers_last_20_minutes_unless_saved(caches: tuple[TripCaches, Clock]) -> None:
    cache, clock = caches
    draft = TripDraft(draft={"days": [{"stops": ["p1"]}]})
    await cache.put_answer("k", draft, trip_id="t1")
    await cache.put_answer("k2", draft.model_copy(update={"saved": True}), trip_id="t1")
    assert await cache.get_answer("k", trip_id="t1") == draft
    assert await cache.get_answer("k") is None, "scoped to its trip"
    clock.now += 21 * 60
    assert await cache.get_answer("k", trip_id="t1") is None
    saved = await cache.get_answer("k2", trip_id="t1")
    assert saved is not None and saved.saved


async def test_deltas_accumulate_and_a_trip_edit_forgets_its_entries(
    caches: tuple[TripCaches, Clock],
) -> None:
    cache, _ = caches
    await cache.record_edit("t1", {"day": 2}, {"op": "lock", "place_id": "p1"})
    delta = await cache.record_edit("t1", {"day": 2}, {"op": "swap", "place_id": "p2"})
    assert [e["op"] for e in delta.edits] == ["lock", "swap"]
    assert await cache.get_delta("t1", {"day": 2}) == delta
    assert await cache.get_delta("t1", {"day": 3}) is None
    await cache.record_edit("t2", {"day": 1}, {"op": "relax"})
    await cache.put_answer("k", TripDraft(draft={}, saved=True), trip_id="t1")
    await cache.forget_trip("t1")
    assert await cache.get_delta("t1", {"day": 2}) is None
    assert await cache.get_answer("k", trip_id="t1") is None
    assert await cache.get_delta("t2", {"day": 1}) is not None, "other trips keep theirs"


async def test_two_replicas_share_trip_caches(redis_url: str) -> None:
    namespace = f"trips-{uuid.uuid4().hex[:8]}"
    one, two = CacheFactory(redis_url), CacheFactory(redis_url)
    try:
        key = intent_key("discovery", PROFILE, None, FILTERS)
        await TripCaches(one, namespace=namespace).put_retrieval(key, FOUND, sensitive=False)
        assert await TripCaches(two, namespace=namespace).get_retrieval(key) == FOUND
    finally:
        await one.close()
        await two.close()
