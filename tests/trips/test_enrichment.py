"""Enrichment: the decision matrix, the offline provider, and Google Places (New) against an
in-process server speaking its protocol, behind the token bucket and the circuit breaker."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from kairos.core.opening_hours import open_intervals
from kairos.errors import ConfigurationError
from kairos.ingest.adapters.pois import LICENCES
from kairos.pipeline.cache import CacheFactory
from kairos.settings import Settings
from kairos.trips.cache import TripCaches
from kairos.trips.enrichment import Enricher, enrichment_reasons
from kairos.trips.enrichment_models import EnrichmentTarget
from kairos.trips.enrichment_providers import (
    GooglePlacesEnrichment,
    OfflineEnrichment,
    build_enricher,
    create_enrichment_provider,
    google_opening_hours,
)
from kairos.trips.rate_control import CircuitBreaker, TokenBucket
from tests.loopback import serve_on_loopback
from tests.trips.fake_places import PLACES_KEY, PlacesState, make_places_app, period

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=UTC)
FRESH = (NOW - timedelta(days=3)).isoformat()
OLD = (NOW - timedelta(days=10)).isoformat()
HOURS = {"status": "known", "weekly": [[[600, 1020]]] * 7, "parser": "osm", "text": "Mo-Su 10-17"}
LICENCE = LICENCES["osm_delhi"]


def visit(
    updated: str, *, source: str = "osm_delhi", licence: str | None = LICENCE
) -> dict[str, Any]:
    return {"minutes": 60, "source": source, "licence": licence, "last_updated": updated}


def complete(**changes: Any) -> dict[str, Any]:
    raw = {"osm_delhi": {"price": "no entry fee"}}
    return {"opening_hours": HOURS, "visit": visit(FRESH), "poi": raw, **changes}


# --- the decision matrix -------------------------------------------------------------------------


def test_a_complete_fresh_place_needs_nothing() -> None:
    assert enrichment_reasons(complete(), kind="museum", now=NOW) == []


def test_missing_critical_fields_are_named() -> None:
    unknown_hours = {**HOURS, "status": "unknown"}
    partial = {**HOURS, "status": "partial"}
    for attributes in (complete(opening_hours=None), complete(opening_hours=unknown_hours),
                       complete(opening_hours=partial)):  # fmt: skip
        assert enrichment_reasons(attributes, kind="museum", now=NOW) == ["missing:opening_hours"]
    no_price = complete(poi={"osm_delhi": {"name": "x"}})
    assert enrichment_reasons(no_price, kind="museum", now=NOW) == ["missing:price_tier"]
    assert enrichment_reasons(no_price, kind="museum", now=NOW, price_tier="$$") == []
    closed = complete(opening_hours={**HOURS, "status": "closed"})
    assert enrichment_reasons(closed, kind="museum", now=NOW) == []


def test_staleness_is_7_days_for_events_and_30_for_attractions() -> None:
    ten_days = complete(visit=visit(OLD))
    assert enrichment_reasons(ten_days, kind="event", now=NOW) == ["stale:last_updated"]
    assert enrichment_reasons(ten_days, kind="attraction", now=NOW) == []
    month = complete(visit=visit((NOW - timedelta(days=31)).isoformat()))
    assert enrichment_reasons(month, kind="attraction", now=NOW) == ["stale:last_updated"]
    no_date = complete(visit={"source": "osm_delhi", "licence": LICENCE})
    assert enrichment_reasons(no_date, kind="park", now=NOW) == ["stale:last_updated"]
    zulu = complete(visit=visit("2025-05-30T10:00:00Z"))
    assert enrichment_reasons(zulu, kind="event", now=NOW) == []


def test_a_licence_change_asks_for_refreshed_attribution() -> None:
    changed = complete(visit=visit(FRESH, licence="CC BY 2.0"))
    assert enrichment_reasons(changed, kind="museum", now=NOW) == ["licence:attribution"]
    flagged = complete(licence_flag="refresh_attribution")
    assert enrichment_reasons(flagged, kind="museum", now=NOW) == ["licence:attribution"]
    display_only = complete(visit=visit(FRESH, source="tripadvisor_attractions", licence=None))
    assert enrichment_reasons(display_only, kind="museum", now=NOW) == []


# --- Google's opening hours ----------------------------------------------------------------------


def test_google_periods_become_the_catalog_week() -> None:
    # Tuesday–Sunday 10:00–17:00, Friday also 20:00–02:00 (past midnight); closed Monday.
    periods = [period(d, "10:00", "17:00") for d in (0, 2, 3, 4, 5, 6)]
    periods.append(period(5, "20:00", "02:00", close_day=6))
    record = google_opening_hours({"periods": periods, "weekdayDescriptions": ["Monday: Closed"]})
    assert record is not None and record["status"] == "known"
    weekly = record["weekly"]
    assert weekly[0] == [] and weekly[1] == [[600, 1020]]
    assert weekly[4] == [[600, 1020], [1200, 1440]] and weekly[5] == [[0, 120], [600, 1020]]
    assert open_intervals({"opening_hours": record}, 4) == [(600, 1020), (1200, 1560)]
    always = google_opening_hours({"periods": [{"open": {"day": 0, "hour": 0, "minute": 0}}]})
    assert always is not None and always["weekly"] == [[[0, 1440]]] * 7
    sunday_late = google_opening_hours({"periods": [period(0, "22:00", "01:00", close_day=1)]})
    assert sunday_late is not None and sunday_late["weekly"][0] == [[0, 60]]
    assert sunday_late["weekly"][6] == [[1320, 1440]], "round the end of the week"
    assert google_opening_hours({}) is None


# --- against the fake Places server --------------------------------------------------------------

RED_FORT = EnrichmentTarget(
    id="osm-red-fort", name="Red Fort", kind="attraction", city="Delhi", lat=28.6562,
    lng=77.2410, attributes={"visit": visit(FRESH)},
)  # fmt: skip
GOOGLE_RED_FORT = {
    "id": "ChIJredfort",
    "displayName": {"text": "Red Fort", "languageCode": "en"},
    "location": {"latitude": 28.6563, "longitude": 77.2411},
    "regularOpeningHours": {
        "periods": [period(d, "09:30", "16:30") for d in (0, 2, 3, 4, 5, 6)],
        "weekdayDescriptions": ["Monday: Closed", "Tuesday: 9:30 AM – 4:30 PM"],
    },
    "priceLevel": "PRICE_LEVEL_INEXPENSIVE",
    "businessStatus": "OPERATIONAL",
    "googleMapsUri": "https://maps.google.com/?cid=1",
    "rating": 4.5,
}


class Clock:
    def __init__(self) -> None:
        self.now = NOW.timestamp()

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def places_server() -> Iterator[tuple[PlacesState, str]]:
    state = PlacesState()
    with serve_on_loopback(make_places_app(state)) as url:
        yield state, url


@pytest.fixture
def places(places_server: tuple[PlacesState, str]) -> PlacesState:
    state, _ = places_server
    state.__init__()  # type: ignore[misc]
    state.places = {GOOGLE_RED_FORT["id"]: GOOGLE_RED_FORT}  # type: ignore[dict-item]
    return state


@pytest.fixture
async def make(places_server: tuple[PlacesState, str]) -> AsyncIterator[Any]:
    """`make(clock, **enricher_options)`: a Google Places enricher on the fake server."""
    _, url = places_server
    built: list[GooglePlacesEnrichment] = []

    def build(clock: Clock, key: str = PLACES_KEY, **options: Any) -> Enricher:
        provider = GooglePlacesEnrichment(base_url=url, api_key=key, timeout_seconds=2.0,
                                          clock=clock)  # fmt: skip
        built.append(provider)
        options.setdefault("bucket", TokenBucket(rate=100, burst=100, clock=clock))
        options.setdefault("caches", TripCaches(CacheFactory(None), clock=clock))
        return Enricher(provider, clock=clock, retry_delay_seconds=0, **options)

    yield build
    for provider in built:
        await provider.aclose()


async def test_google_places_fills_opening_hours_and_price(places: PlacesState, make: Any) -> None:
    clock = Clock()
    enricher = make(clock)
    (result,) = await enricher.enrich([RED_FORT])
    assert result.status == "ok" and not result.cache_hit
    assert result.reasons == ["missing:opening_hours", "missing:price_tier"]
    hours = result.filled["opening_hours"]
    assert hours["weekly"][0] == [] and hours["weekly"][1] == [[570, 990]]
    assert result.filled["price_tier"] == "$" and result.unknown == []
    assert result.raw is not None and result.raw["details"]["id"] == "ChIJredfort"
    assert "rating" not in result.raw["details"], "only the fields asked for (and billed)"
    assert result.fetched_at == NOW and result.attribution and "Google" in result.attribution
    masks = [headers["x-goog-fieldmask"] for _, headers in places.requests]
    assert masks[0] == "places.id,places.displayName,places.location"
    assert "regularOpeningHours" in masks[1] and "priceLevel" in masks[1]
    (again,) = await enricher.enrich([RED_FORT])
    assert again.cache_hit and again.filled == result.filled
    assert len(places.requests) == 2, "the provider place cache answered"
    assert enricher.stats.success_rate == 1.0


async def test_a_stored_google_id_skips_the_search(places: PlacesState, make: Any) -> None:
    target = EnrichmentTarget(id="x", name="Red Fort", kind="attraction",
                              attributes={"google_place_id": "ChIJredfort"})  # fmt: skip
    (result,) = await make(Clock()).enrich([target])
    assert result.status == "ok" and places.calls("searchText") == 0


async def test_a_place_google_does_not_know_stays_unknown(places: PlacesState, make: Any) -> None:
    far = EnrichmentTarget(id="x", name="Red Fort", kind="attraction", lat=28.0, lng=77.0)
    unknown = EnrichmentTarget(id="y", name="Nowhere Temple", kind="religious_site")
    results = await make(Clock()).enrich([far, unknown])
    for result in results:
        assert result.status == "ok" and result.filled == {}
        assert result.unknown == ["opening_hours", "price_tier"] and result.detail
    assert places.calls("searchText") == 2 and places.calls("/v1/places/") == 0


async def test_a_place_with_nothing_missing_is_skipped(places: PlacesState, make: Any) -> None:
    done = EnrichmentTarget(id="d", name="Red Fort", kind="attraction", attributes=complete())
    (result,) = await make(Clock()).enrich([done])
    assert (result.status, result.reasons, places.requests) == ("skipped", [], [])


async def test_5xx_opens_the_breaker_which_half_opens_after_the_cooldown(
    places: PlacesState, make: Any
) -> None:
    clock = Clock()
    breaker = CircuitBreaker(failure_threshold=2, cooldown_seconds=60, clock=clock)
    enricher = make(clock, breaker=breaker, retries=0, concurrency=1)
    places.statuses = [503, 500]
    first = await enricher.enrich([RED_FORT, RED_FORT])
    assert [r.status for r in first] == ["unavailable", "unavailable"]
    assert first[0].detail is not None and first[0].detail.startswith("upstream_error")
    assert first[0].unknown == ["opening_hours", "price_tier"]
    assert breaker.state == "open"
    sent = len(places.requests)
    (refused,) = await enricher.enrich([RED_FORT])
    assert refused.status == "circuit_open" and len(places.requests) == sent
    clock.now += 61
    assert breaker.state == "half_open"
    (trial,) = await enricher.enrich([RED_FORT])
    assert trial.status == "ok" and breaker.state == "closed"
    assert enricher.stats.calls == 3 and enricher.stats.succeeded == 1
    assert enricher.stats.by_status == {"unavailable": 2, "circuit_open": 1, "ok": 1}


async def test_a_failed_trial_reopens_the_breaker(places: PlacesState, make: Any) -> None:
    clock = Clock()
    breaker = CircuitBreaker(failure_threshold=1, cooldown_seconds=60, clock=clock)
    enricher = make(clock, breaker=breaker, retries=0)
    places.statuses = [502]
    await enricher.enrich([RED_FORT])
    clock.now += 61
    places.statuses = [503]
    (trial,) = await enricher.enrich([RED_FORT])
    assert trial.status == "unavailable" and breaker.state == "open"


async def test_a_5xx_is_retried_once(places: PlacesState, make: Any) -> None:
    enricher = make(Clock(), retries=1)
    places.statuses = [503]
    (result,) = await enricher.enrich([RED_FORT])
    assert result.status == "ok" and enricher.breaker.consecutive_failures == 0
    assert enricher.stats.success_rate == 1.0, "success counts after retries"


async def test_429_pauses_the_bucket_and_spares_the_breaker(places: PlacesState, make: Any) -> None:
    clock = Clock()
    bucket = TokenBucket(rate=100, burst=100, clock=clock)
    enricher = make(clock, bucket=bucket, max_wait_seconds=1.0)
    places.statuses, places.retry_after = [429], "30"
    (limited,) = await enricher.enrich([RED_FORT])
    assert limited.status == "rate_limited" and limited.detail
    assert "RESOURCE_EXHAUSTED" in limited.detail or "429" in limited.detail
    assert enricher.breaker.consecutive_failures == 0 and enricher.breaker.state == "closed"
    sent = len(places.requests)
    (waiting,) = await enricher.enrich([RED_FORT])
    assert waiting.status == "rate_limited" and len(places.requests) == sent, "no call was made"
    clock.now += 31
    (after,) = await enricher.enrich([RED_FORT])
    assert after.status == "ok"


async def test_an_empty_bucket_skips_with_rate_limited(places: PlacesState, make: Any) -> None:
    clock = Clock()
    enricher = make(clock, bucket=TokenBucket(rate=0.01, burst=1, clock=clock),
                    max_wait_seconds=0.5, caches=None)  # fmt: skip
    results = await enricher.enrich([RED_FORT, RED_FORT])
    assert sorted(r.status for r in results) == ["ok", "rate_limited"]


async def test_a_wrong_key_names_the_setting(places: PlacesState, make: Any) -> None:
    (result,) = await make(Clock(), key="wrong", retries=0).enrich([RED_FORT])
    assert result.status == "unavailable" and result.detail is not None
    assert (
        result.detail.startswith("unauthorized") and "KAIROS_GOOGLE_PLACES_API_KEY" in result.detail
    )


# --- offline, and the settings -------------------------------------------------------------------


async def test_offline_names_the_fields_that_stay_unknown() -> None:
    enricher = Enricher(OfflineEnrichment(), caches=TripCaches(CacheFactory(None)))
    (result,) = await enricher.enrich([RED_FORT], now=NOW)
    assert result.status == "unavailable" and result.provider == "offline"
    assert result.unknown == ["opening_hours", "price_tier"]
    assert result.detail and "KAIROS_TRIPS_ENRICHMENT_PROVIDER" in result.detail
    assert "opening hours" in result.detail and "price tier" in result.detail
    assert enricher.stats.calls == 0, "no call was made"


def test_settings_choose_the_provider() -> None:
    base = Settings(_env_file=None)  # type: ignore[call-arg]
    assert isinstance(create_enrichment_provider(base), OfflineEnrichment)
    with pytest.raises(ConfigurationError, match="KAIROS_GOOGLE_PLACES_API_KEY"):
        create_enrichment_provider(
            base.model_copy(update={"trips_enrichment_provider": "google_places"})
        )
    with pytest.raises(ConfigurationError, match="one of google_places, offline"):
        create_enrichment_provider(base.model_copy(update={"trips_enrichment_provider": "bing"}))
    hosted = base.model_copy(
        update={"trips_enrichment_provider": "google_places",
                "google_places_api_key": SecretStr("k"), "trips_enrichment_burst": 3}
    )  # fmt: skip
    enricher = build_enricher(hosted, None)
    assert isinstance(enricher.provider, GooglePlacesEnrichment) and enricher.bucket.burst == 3
