"""The cache-first client every signal goes through (ADR-007, ADR-022): fresh from cache, stale
served at once and refreshed in the background, live only on a miss or an explicit refresh, a
budget that turns a slow source into `timeout`, and no exception ever reaching the caller."""

from __future__ import annotations

import asyncio
import time
from datetime import date
from typing import Any, ClassVar

import pytest
from pydantic import ValidationError

from kairos.settings import Settings
from kairos.signals.client import SignalClient
from kairos.signals.envelope import SignalAnswer
from kairos.signals.events.models import EventList, EventsQuery
from kairos.signals.events.ticketmaster import TicketmasterEvents
from kairos.signals.source import NoProvider, SignalNotConfigured
from tests.signals.conftest import BARCLAYS
from tests.signals.fake_services import EVENTS_KEY, FakeState, tm_event

DAY = date(2031, 5, 3)
QUERY = EventsQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], start=DAY, end=DAY)


class Clock:
    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


def _client(settings: Settings, clock: Clock, *, budget: float = 2.0) -> SignalClient[Any, Any]:
    source = TicketmasterEvents(
        base_url=settings.events_base_url, api_key=EVENTS_KEY, timeout_seconds=5.0
    )
    return SignalClient(
        source, timeout_seconds=budget, fresh_seconds=60, keep_seconds=600, clock=clock
    )


def _concert(name: str) -> dict[str, Any]:
    return tm_event(name.lower(), name, DAY, "19:30:00", *BARCLAYS)


async def _cached_nets(fake: FakeState, settings: Settings) -> tuple[SignalClient[Any, Any], Clock]:
    """A client whose cache holds the Nets game, fetched live once at its clock's now."""
    fake.events = [_concert("Nets")]
    clock = Clock()
    client = _client(settings, clock)
    await client.get(QUERY)
    return client, clock


async def test_miss_is_live_then_fresh_hits_the_cache(
    fake: FakeState, hosted_settings: Settings
) -> None:
    fake.events = [_concert("Nets")]
    clock = Clock()
    client = _client(hosted_settings, clock)
    first = await client.get(QUERY)
    assert (first.status, first.cache_hit, first.age_seconds, first.source) == (
        "ok",
        False,
        0.0,
        "ticketmaster",
    )
    assert first.fetched_at is not None and first.fetched_at.timestamp() == clock.now
    assert first.freshness == "live"
    clock.now += 59
    second = await client.get(QUERY)
    assert (second.status, second.cache_hit, second.age_seconds) == ("ok", True, 59.0)
    assert second.data == first.data
    assert len(fake.calls("ticketmaster")) == 1
    await client.aclose()


async def test_stale_is_served_at_once_and_refreshed_in_the_background(
    fake: FakeState, hosted_settings: Settings
) -> None:
    client, clock = await _cached_nets(fake, hosted_settings)
    fake.events = [_concert("Liberty")]
    fake.delay["ticketmaster"] = 0.3
    clock.now += 120
    started = time.monotonic()
    stale = await client.get(QUERY)
    assert time.monotonic() - started < 0.25  # did not wait for the refresh
    assert (stale.status, stale.error_code, stale.cache_hit) == ("stale", "stale_cache", True)
    assert stale.age_seconds == 120 and stale.freshness == "2 min old"
    assert [e.name for e in stale.data.events] == ["Nets"]
    await client.wait_for_refreshes()
    fresh = await client.get(QUERY)
    assert (fresh.status, fresh.cache_hit, fresh.age_seconds) == ("ok", True, 0.0)
    assert [e.name for e in fresh.data.events] == ["Liberty"]
    assert len(fake.calls("ticketmaster")) == 2
    await client.aclose()


async def test_refresh_goes_live_and_falls_back_to_the_kept_copy(
    fake: FakeState, hosted_settings: Settings
) -> None:
    client, clock = await _cached_nets(fake, hosted_settings)
    fake.events = [_concert("Liberty")]
    live = await client.get(QUERY, refresh=True)  # fresh in cache, but the user asked
    assert (live.status, live.cache_hit) == ("ok", False)
    assert [e.name for e in live.data.events] == ["Liberty"]
    fake.status["ticketmaster"] = 503
    clock.now += 30
    failed = await client.get(QUERY, refresh=True)
    assert (failed.status, failed.error_code, failed.cache_hit) == ("stale", "upstream_error", True)
    assert [e.name for e in failed.data.events] == ["Liberty"]
    assert "answered 503" in (failed.detail or "")
    await client.aclose()


async def test_a_copy_older_than_keep_is_not_served(
    fake: FakeState, hosted_settings: Settings
) -> None:
    client, clock = await _cached_nets(fake, hosted_settings)
    fake.status["ticketmaster"] = 500
    clock.now += 601
    answer = await client.get(QUERY)
    assert (answer.status, answer.error_code, answer.data) == ("error", "upstream_error", None)
    await client.aclose()


async def test_a_slow_source_is_a_timeout_within_its_budget(
    fake: FakeState, hosted_settings: Settings
) -> None:
    fake.delay["ticketmaster"] = 3.0
    client = _client(hosted_settings, Clock(), budget=0.2)
    started = time.monotonic()
    answer = await client.get(QUERY)
    assert time.monotonic() - started < 2.0
    assert (answer.status, answer.error_code, answer.data, answer.fetched_at) == (
        "timeout",
        "timeout",
        None,
        None,
    )
    assert answer.freshness == "unavailable" and not answer.usable
    assert "0.2s" in (answer.detail or "")
    await client.aclose()


async def test_concurrent_callers_share_one_upstream_call(
    fake: FakeState, hosted_settings: Settings
) -> None:
    fake.events = [_concert("Nets")]
    fake.delay["ticketmaster"] = 0.2
    client = _client(hosted_settings, Clock())
    answers = await asyncio.gather(*(client.get(QUERY) for _ in range(5)))
    assert {a.status for a in answers} == {"ok"}
    assert len(fake.calls("ticketmaster")) == 1
    await client.aclose()


class BrokenSource:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "broken"

    async def fetch(self, query: EventsQuery) -> EventList:
        raise KeyError("a bug")

    async def aclose(self) -> None:
        return None


async def test_a_bug_in_a_source_is_an_error_answer_not_an_exception(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client: SignalClient[EventsQuery, EventList] = SignalClient(
        BrokenSource(), timeout_seconds=1, fresh_seconds=1, keep_seconds=1
    )
    answer = await client.get(QUERY)
    assert (answer.status, answer.error_code) == ("error", "internal_error")
    assert "signal source broken failed" in caplog.text


class NoListings(NoProvider):
    name = "no-listings"
    setup = "no listings source is configured; set KAIROS_LISTINGS_PROVIDER"


class LateConfig:
    """A hosted source that finds, on its first call, that it has no provider to ask."""

    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = False
    name = "late"

    def __init__(self) -> None:
        self.calls = 0

    async def fetch(self, query: EventsQuery) -> EventList:
        self.calls += 1
        if self.calls > 1:
            raise SignalNotConfigured("no account is set up; set KAIROS_LATE_ACCOUNT")
        return EventList(events=[])

    async def aclose(self) -> None:
        return None


async def test_a_role_with_no_provider_is_not_configured_never_ok(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 34: offline, events and closures answered `ok` with nothing, read as "none nearby",
    cited as "(live)" and counted as answered. A role with no provider has its own status."""
    client: SignalClient[EventsQuery, EventList] = SignalClient(
        NoListings(), timeout_seconds=1, fresh_seconds=60, keep_seconds=600
    )
    for refresh in (False, True, False):
        answer = await client.get(QUERY, refresh=refresh)
        assert (answer.status, answer.error_code) == ("not_configured", "not_configured")
        assert answer.data is None and not answer.usable and not answer.informative
        assert (answer.freshness, answer.cache_hit) == ("not configured", False)
        assert answer.detail == NoListings.setup
    assert client.setup == NoListings.setup
    with pytest.raises(SignalNotConfigured):  # it is never asked; if it were, it has nothing
        await NoListings().fetch(QUERY)
    assert caplog.text == ""  # not an outage: nothing to warn about

    late: SignalClient[EventsQuery, EventList] = SignalClient(
        LateConfig(), timeout_seconds=1, fresh_seconds=60, keep_seconds=600
    )
    assert (await late.get(QUERY)).status == "ok" and late.setup is None
    gone = await late.get(QUERY, refresh=True)  # its kept copy is not served as stale data
    assert (gone.status, gone.data, gone.detail) == (
        "not_configured", None, "no account is set up; set KAIROS_LATE_ACCOUNT")  # fmt: skip


def test_the_envelope_refuses_inconsistent_answers() -> None:
    data = EventList(events=[])
    with pytest.raises(ValidationError, match="error_code is set exactly when"):
        SignalAnswer[EventList](source="s", status="ok", error_code="timeout")
    with pytest.raises(ValidationError, match="ok and stale answers carry data"):
        SignalAnswer[EventList](source="s", status="error", error_code="unreachable", data=data)
    with pytest.raises(ValidationError, match="ok and stale answers carry data"):
        SignalAnswer[EventList](source="s", status="ok")
    with pytest.raises(ValidationError, match="fetched_at is set exactly when"):
        SignalAnswer[EventList](source="s", status="ok", data=data)
    with pytest.raises(ValidationError, match="not_configured, with that code only"):
        SignalAnswer[EventList](source="s", status="error", error_code="not_configured")
    with pytest.raises(ValidationError, match="ok and stale answers carry data"):
        SignalAnswer[EventList](source="s", status="not_configured", error_code="not_configured",
                                data=data)  # fmt: skip


def test_freshness_labels() -> None:
    def label(age: float, hit: bool = True) -> str:
        from datetime import UTC, datetime

        return SignalAnswer[EventList](
            source="s",
            status="ok",
            data=EventList(),
            fetched_at=datetime.now(UTC),
            age_seconds=age,
            cache_hit=hit,
        ).freshness

    assert [label(5, hit=False), label(5), label(3600 * 5), label(86400 * 3)] == [
        "live",
        "under 1 min old",
        "5 h old",
        "3 d old",
    ]


async def test_data_shipped_with_kairos_is_never_live() -> None:
    """The operator panel: offline, every answer cited "weather climatology (live)" — averages
    shipped with Kairos, read a millisecond ago, are not a live service."""
    from kairos.signals.weather.climatology import ClimatologyWeather
    from kairos.signals.weather.models import WeatherQuery

    clock = Clock()
    client = SignalClient(
        ClimatologyWeather(), timeout_seconds=2.0, fresh_seconds=60, keep_seconds=600, clock=clock
    )
    answer = await client.get(WeatherQuery(lat=40.78, lng=-73.97, day=DAY))
    assert (answer.status, answer.cache_hit, answer.bundled) == ("ok", False, True)
    assert answer.freshness == "shipped data"
    await client.aclose()
