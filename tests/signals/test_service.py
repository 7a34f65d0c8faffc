"""Signals from settings: offline by default and answering at once, hosted sources selected by
name, misconfiguration refused at build time with the fix, plug-ins registered like built-ins."""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

import pytest

from kairos.errors import ConfigurationError, InvalidInput
from kairos.settings import Settings
from kairos.signals import registry
from kairos.signals.closures.models import ClosuresQuery
from kairos.signals.events.models import EventsQuery
from kairos.signals.registry import KINDS, available_sources, register_source
from kairos.signals.school_calendar.models import SchoolDayQuery
from kairos.signals.service import build_signals
from kairos.signals.weather.models import WeatherQuery, WeatherReport
from tests.signals.conftest import BARCLAYS, CATALOG
from tests.signals.fake_services import FakeState

LAT, LNG = BARCLAYS


def _settings(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


async def test_offline_signals_answer_every_kind() -> None:
    signals = build_signals(_settings(), places=CATALOG)
    day = date(2023, 12, 27)
    weather = await signals.weather.get(WeatherQuery(lat=LAT, lng=LNG, day=day))
    events = await signals.events.get(EventsQuery(lat=LAT, lng=LNG, start=day, end=day))
    closures = await signals.closures.get(ClosuresQuery(lat=LAT, lng=LNG, start=day, end=day))
    school = await signals.school_calendar.get(SchoolDayQuery(day=day, lat=LAT, lng=LNG))
    place = await signals.geocode("Barclays Center")
    answers = [weather, events, closures, school, place]
    # events and closures have no provider offline: no data, so never "ok"
    assert [a.status for a in answers] == ["ok", "not_configured", "not_configured", "ok", "ok"]
    assert (signals.events.setup, signals.closures.setup) == (events.detail, closures.detail)
    assert signals.weather.setup is None and signals.geocoding.setup is None
    assert [a.source for a in answers] == [
        "climatology",
        "no-events-source",
        "no-closures-source",
        "nyc-doe-calendar",
        "catalog",
    ]
    assert weather.data.kind == "climatology" and school.data.closed
    assert place.data.matches[0].label.startswith("Barclays Center")
    with pytest.raises(InvalidInput):
        await signals.geocode("b")
    await signals.aclose()


async def test_hosted_sources_are_selected_by_name(
    hosted_settings: Settings, fake: FakeState
) -> None:
    settings = hosted_settings.model_copy(
        update={
            f"{kind}_provider": name
            for kind, name in [
                ("weather", "openweather"),
                ("events", "ticketmaster"),
                ("closures", "nycdot"),
                ("school_calendar", "ical"),
                ("geocoding", "nominatim"),
            ]
        }
    )
    signals = build_signals(settings)
    names = [
        signals.weather.name,
        signals.events.name,
        signals.closures.name,
        signals.school_calendar.name,
        signals.geocoding.name,
    ]
    assert names == ["openweather", "ticketmaster", "nycdot", "ical", "nominatim"]
    assert signals.events.timeout_seconds == settings.events_timeout_seconds
    await signals.aclose()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"weather_provider": "darksky"}, "KAIROS_WEATHER_PROVIDER to one of offline, openweather"),
        ({"weather_provider": "openweather"}, "set KAIROS_WEATHER_API_KEY"),
        ({"events_provider": "ticketmaster"}, "set KAIROS_EVENTS_API_KEY"),
        ({"school_calendar_provider": "ical"}, "set KAIROS_SCHOOL_CALENDAR_URL"),
        ({"geocoding_provider": "google"}, "KAIROS_GEOCODING_PROVIDER to one of"),
    ],
)
def test_misconfiguration_names_the_fix(values: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        build_signals(_settings(**values))


def test_an_empty_key_in_the_environment_is_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAIROS_WEATHER_PROVIDER", "openweather")
    monkeypatch.setenv("KAIROS_WEATHER_API_KEY", "")  # as .env.example leaves it
    settings = _settings()
    assert settings.weather_api_key is None
    with pytest.raises(ConfigurationError, match="KAIROS_WEATHER_API_KEY"):
        build_signals(settings)
    monkeypatch.setenv("KAIROS_WEATHER_API_KEY", "k")
    assert build_signals(_settings()).weather.name == "openweather"


def test_every_kind_has_an_offline_source() -> None:
    assert all("offline" in available_sources(kind) for kind in KINDS)


class FixedWeather:
    """A plug-in weather source: always 20 °C."""

    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "fixed"

    async def fetch(self, query: WeatherQuery) -> WeatherReport:
        return WeatherReport(
            day=query.day,
            kind="forecast",
            known=True,
            tmax_c=20,
            tmin_c=20,
            summary="20 °C",
            basis="fixed",
        )

    async def aclose(self) -> None:
        return None


async def test_a_plugin_source_registers_like_the_builtins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    register_source("weather", "fixed", FixedWeather, lambda _: FixedWeather())
    assert available_sources("weather") == ["fixed", "offline", "openweather"]
    signals = build_signals(_settings(weather_provider="fixed"))
    answer = await signals.weather.get(WeatherQuery(lat=0, lng=0, day=date(2031, 1, 1)))
    assert (answer.source, answer.data.tmax_c) == ("fixed", 20)
    with pytest.raises(ValueError, match="unknown signal kind"):
        register_source("traffic", "x", FixedWeather, lambda _: FixedWeather())  # type: ignore[arg-type]
    await signals.aclose()
