"""Weather: one contract over every registered source (the climatology offline, OpenWeather
against an in-process One Call server), then what each does on its own."""

from __future__ import annotations

import csv
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kairos.signals.registry import available_sources
from kairos.signals.weather.climatology import ClimatologyWeather, load_climatology
from kairos.signals.weather.climatology_build import TABLE_NAME, build_normals
from kairos.signals.weather.models import WeatherQuery, WeatherReport
from tests.conftest import shared_file
from tests.loopback import closed_port_url
from tests.signals.conftest import BARCLAYS
from tests.signals.fake_services import FakeState

DELHI = (28.6139, 77.2090)


@pytest.fixture(params=available_sources("weather"))
def weather(request: pytest.FixtureRequest, client_for: Any, fake: FakeState) -> Any:
    return client_for("weather", request.param)


def _check(report: WeatherReport, day: date) -> None:
    assert report.day == day
    if report.known:
        assert report.tmax_c is not None and report.tmin_c is not None
        assert report.tmax_c >= report.tmin_c
        assert 0 <= (report.precip_chance or 0) <= 1
        assert report.summary and report.basis
    else:
        assert report.note, "an unknown answer says why"


# --- the contract --------------------------------------------------------------------------------


async def test_a_near_day_in_new_york_is_answered(weather: Any, fake: FakeState) -> None:
    day = fake.today + timedelta(days=2)
    answer = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=day))
    assert (answer.status, answer.source, answer.cache_hit) == ("ok", weather.name, False)
    assert answer.data.known
    _check(answer.data, day)
    again = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=day))
    assert again.cache_hit and again.data == answer.data


async def test_a_far_day_is_climatology_never_a_forecast(weather: Any, fake: FakeState) -> None:
    day = fake.today + timedelta(days=200)
    answer = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=day))
    assert answer.status == "ok"
    assert (answer.data.kind, answer.data.known) == ("climatology", True)
    assert "not a forecast" in answer.data.summary
    _check(answer.data, day)


async def test_any_place_gets_an_answer(weather: Any, fake: FakeState) -> None:
    day = fake.today + timedelta(days=1)
    answer = await weather.get(WeatherQuery(lat=DELHI[0], lng=DELHI[1], day=day))
    assert answer.status == "ok"
    _check(answer.data, day)


def test_a_bad_query_is_refused() -> None:
    with pytest.raises(ValueError):
        WeatherQuery(lat=91, lng=0, day=datetime.now(UTC).date())


# --- the climatology -----------------------------------------------------------------------------


def test_climatology_knows_new_york_seasons() -> None:
    source = ClimatologyWeather()
    july = source.report(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=date(2031, 7, 15)))
    january = source.report(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=date(2031, 1, 15)))
    assert july.tmax_c is not None and 27 <= july.tmax_c <= 32
    assert january.tmax_c is not None and 1 <= january.tmax_c <= 7
    assert january.tmin_c is not None and january.tmin_c < 0
    assert (january.snow_chance or 0) > 0.05 and july.snow_chance == 0
    assert 0.25 <= (july.precip_chance or 0) <= 0.5
    assert july.note and "not a forecast" in july.note
    assert "1991-2020" in july.basis
    leap = source.report(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=date(2032, 2, 29)))
    assert leap.known and leap.tmax_c is not None


def test_climatology_is_not_stretched_to_another_climate() -> None:
    report = ClimatologyWeather().report(
        WeatherQuery(lat=DELHI[0], lng=DELHI[1], day=datetime.now(UTC).date())
    )
    assert not report.known and report.tmax_c is None
    assert report.note and "KAIROS_WEATHER_PROVIDER=openweather" in report.note


def test_shipped_table_is_what_the_build_makes(tmp_path: Path) -> None:
    source = shared_file("nyc_signals", "nyc_central_park_weather_daily.csv.gz")
    clim = load_climatology()
    assert len(clim.normals) == 366
    rebuilt = build_normals(
        source, first_year=clim.first_year, last_year=clim.last_year, window=clim.window_days
    )
    assert tuple(rebuilt) == clim.normals
    from typer.testing import CliRunner

    from kairos.cli import app

    run = CliRunner().invoke(
        app, ["signals", "build-climatology", "--from", str(source), "--out", str(tmp_path)]
    )
    assert run.exit_code == 0, run.output
    with (tmp_path / TABLE_NAME).open() as handle:
        assert len(list(csv.DictReader(handle))) == 366


# --- OpenWeather ---------------------------------------------------------------------------------


async def test_openweather_reads_the_days_forecast(client_for: Any, fake: FakeState) -> None:
    weather = client_for("weather", "openweather")
    day = fake.today + timedelta(days=3)
    answer = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=day))
    report = answer.data
    assert (report.kind, report.known, report.day) == ("forecast", True, day)
    expected_max = 30 - BARCLAYS[0] / 3 + 3  # the fake's day 3, by its local date
    assert report.tmax_c == round(expected_max, 1) and report.tmin_c == round(expected_max - 8, 1)
    assert report.precip_chance == 0.5 and report.precip_mm == 4.5
    assert "partly cloudy with rain" in report.summary
    sent = fake.calls("openweather")[0]
    assert (sent["units"], sent["exclude"], sent["appid"]) == (
        "metric",
        "current,minutely,hourly,alerts",
        "ow-key",
    )


async def test_openweather_days_are_the_places_local_days(client_for: Any, fake: FakeState) -> None:
    fake.tz_offset = 13 * 3600  # Apia, Samoa: local noon is 23:00 UTC the day before
    weather = client_for("weather", "openweather")
    day = fake.today + timedelta(days=2)
    answer = await weather.get(WeatherQuery(lat=-13.83, lng=-171.76, day=day))
    assert (answer.data.kind, answer.data.day) == ("forecast", day)
    assert answer.data.precip_chance == 0.4  # the fake's entry for that local day


async def test_openweather_beyond_its_horizon_makes_no_call(
    client_for: Any, fake: FakeState
) -> None:
    weather = client_for("weather", "openweather")
    day = fake.today + timedelta(days=30)
    answer = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=day))
    assert answer.data.kind == "climatology" and answer.source == "openweather"
    assert fake.calls("openweather") == []


@pytest.mark.parametrize(
    ("script", "code", "detail"),
    [
        ({"settings": {"weather_api_key": "wrong"}}, "unauthorized", "KAIROS_WEATHER_API_KEY"),
        ({"status": 429}, "rate_limited", "rate limit"),
        ({"status": 502}, "upstream_error", "answered 502"),
        ({"garbage": True}, "bad_response", "KAIROS_WEATHER_BASE_URL"),
        ({"settings": {"weather_base_url": closed_port_url()}}, "unreachable", "could not reach"),
    ],
)
async def test_openweather_failures_are_answers(
    client_for: Any, fake: FakeState, script: dict[str, Any], code: str, detail: str
) -> None:
    from pydantic import SecretStr

    changes = dict(script.get("settings", {}))
    if "weather_api_key" in changes:
        changes["weather_api_key"] = SecretStr(changes["weather_api_key"])
    if "status" in script:
        fake.status["openweather"] = script["status"]
    if script.get("garbage"):
        fake.garbage.add("openweather")
    weather = client_for("weather", "openweather", **changes)
    answer = await weather.get(WeatherQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], day=fake.today))
    assert (answer.status, answer.error_code, answer.data) == ("error", code, None)
    assert detail in (answer.detail or "")
