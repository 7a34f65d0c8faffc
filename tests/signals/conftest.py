"""Signals under test: every registered implementation, the hosted ones pointed at in-process
servers (on loopback) that speak their services' protocols."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import date
from typing import Any

import pytest
from pydantic import SecretStr

from kairos.settings import Settings
from kairos.signals.client import SignalClient
from kairos.signals.registry import SignalKind, SourceContext, create_source
from kairos.signals.service import build_signals as _build  # noqa: F401  (registers built-ins)
from tests.loopback import serve_on_loopback
from tests.signals.fake_services import (
    EVENTS_KEY,
    SOCRATA_TOKEN,
    WEATHER_KEY,
    FakeState,
    make_app,
    nominatim_place,
)

BARCLAYS = (40.6826, -73.9754)  # Atlantic Ave, Brooklyn
CATALOG: list[tuple[str, str | None, str | None, float | None, float | None]] = [
    ("Barclays Center", "620 Atlantic Ave, Brooklyn, NY 11217", "Brooklyn", *BARCLAYS),
    ("Rebecca's Cafe", "75 Federal Street, Boston, MA 02110", "Boston", 42.355246, -71.056915),
    ("Au Bon Pain", "75 Federal St, Boston, MA 02110", "Boston", 42.355509, -71.056415),
    ("Chama Mama", "149 W 14th St, New York, NY 10011", "New York", 40.7381, -73.9987),
    ("No Coordinates Diner", "1 Main St, Boston, MA 02110", "Boston", None, None),
]
"""The same places the fake Nominatim knows, so one contract holds for both geocoders."""


@pytest.fixture(scope="session")
def fake_server() -> Iterator[tuple[FakeState, str]]:
    state = FakeState()
    with serve_on_loopback(make_app(state)) as url:
        yield state, url


@pytest.fixture
def fake(fake_server: tuple[FakeState, str]) -> FakeState:
    """The fake services' state, reset for each test."""
    state, _ = fake_server
    state.__init__()  # type: ignore[misc]
    state.places = [
        nominatim_place(name, address, lat, lng)
        for name, address, _, lat, lng in CATALOG
        if lat is not None and lng is not None and address is not None
    ]
    return state


@pytest.fixture
def hosted_settings(fake_server: tuple[FakeState, str]) -> Settings:
    _, url = fake_server
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        weather_base_url=f"{url}/openweather",
        weather_api_key=SecretStr(WEATHER_KEY),
        events_base_url=f"{url}/ticketmaster/discovery/v2",
        events_api_key=SecretStr(EVENTS_KEY),
        closures_base_url=f"{url}/socrata/resource/i6b5-j7bu.json",
        closures_api_key=SecretStr(SOCRATA_TOKEN),
        school_calendar_url=f"{url}/calendar/schools.ics",
        geocoding_base_url=f"{url}/nominatim",
    )


def settings_for(base: Settings, kind: SignalKind, name: str, **changes: Any) -> Settings:
    return base.model_copy(update={f"{kind}_provider": name, **changes})


@pytest.fixture
async def client_for(
    hosted_settings: Settings,
) -> AsyncIterator[Any]:
    """`client_for(kind, name)`: that registered source, built from settings, behind the same
    cache-first client products use (closed after the test)."""
    built: list[SignalClient[Any, Any]] = []

    def make(kind: SignalKind, name: str, **changes: Any) -> SignalClient[Any, Any]:
        settings = settings_for(hosted_settings, kind, name, **changes)
        source = create_source(kind, SourceContext(settings=settings, places=CATALOG))
        client: SignalClient[Any, Any] = SignalClient(
            source, timeout_seconds=2.0, fresh_seconds=60, keep_seconds=600
        )
        built.append(client)
        return client

    yield make
    for client in built:
        await client.aclose()


def weekday_after(day: date, weekday: int) -> date:
    return day.fromordinal(day.toordinal() + (weekday - day.weekday()) % 7)
