"""Forecasts from OpenWeather's One Call API 3.0 (`GET /data/3.0/onecall`, daily part), the
seeds' weather service. It forecasts 8 days ahead; a day outside that horizon is answered by the
`beyond_horizon` source (the climatology, labelled as such) rather than a made-up forecast."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any, ClassVar

from kairos.signals.http import HttpService
from kairos.signals.weather.models import WeatherQuery, WeatherReport, WeatherSource

HORIZON_DAYS = 7
"""One Call's daily forecast covers today and 7 days after it."""

MEASURABLE_SNOW_MM = 0.25


class OpenWeatherForecast:
    needs_key: ClassVar[bool] = True
    offline: ClassVar[bool] = False
    name = "openweather"

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        timeout_seconds: float,
        beyond_horizon: WeatherSource | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._api_key = api_key
        self._beyond = beyond_horizon
        self._clock = clock
        self._http = HttpService(
            service="OpenWeather",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_WEATHER_BASE_URL",
            key_setting="KAIROS_WEATHER_API_KEY",
        )

    async def fetch(self, query: WeatherQuery) -> WeatherReport:
        today = datetime.fromtimestamp(self._clock(), tz=UTC).date()
        # ±1 day: the place's local date may differ from UTC's.
        if not today - timedelta(days=1) <= query.day <= today + timedelta(days=HORIZON_DAYS + 1):
            return await self._outside_horizon(query)
        body = await self._http.get_json(
            "/data/3.0/onecall",
            params={
                "lat": f"{query.lat:.4f}",
                "lon": f"{query.lng:.4f}",
                "exclude": "current,minutely,hourly,alerts",
                "units": "metric",
                "appid": self._api_key,
            },
        )
        try:
            offset = int(body.get("timezone_offset", 0))
            days = {_local_day(item["dt"], offset): item for item in body["daily"]}
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"no readable `daily` forecast ({exc!r})") from None
        item = days.get(query.day)
        if item is None:
            return await self._outside_horizon(query)
        try:
            return _report(query.day, item)
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"a daily entry it could not read ({exc!r})") from None

    async def _outside_horizon(self, query: WeatherQuery) -> WeatherReport:
        if self._beyond is not None:
            return await self._beyond.fetch(query)
        return WeatherReport(
            day=query.day,
            kind="forecast",
            known=False,
            summary="No forecast for this day.",
            basis="OpenWeather One Call 3.0",
            note=f"OpenWeather forecasts {HORIZON_DAYS} days ahead; {query.day} is outside that",
        )

    async def aclose(self) -> None:
        await self._http.aclose()
        if self._beyond is not None:
            await self._beyond.aclose()


def _local_day(dt: Any, offset: int) -> date:
    return datetime.fromtimestamp(int(dt) + offset, tz=UTC).date()


def _report(day: date, item: dict[str, Any]) -> WeatherReport:
    temp = item["temp"]
    tmax, tmin = float(temp["max"]), float(temp["min"])
    pop = min(1.0, max(0.0, float(item.get("pop", 0.0))))
    rain, snow = float(item.get("rain", 0.0)), float(item.get("snow", 0.0))
    described = (item.get("weather") or [{}])[0].get("description") or ""
    text = item.get("summary") or described or "forecast"
    return WeatherReport(
        day=day,
        kind="forecast",
        known=True,
        tmax_c=round(tmax, 1),
        tmin_c=round(tmin, 1),
        precip_chance=round(pop, 2),
        snow_chance=round(pop, 2) if snow >= MEASURABLE_SNOW_MM else 0.0,
        precip_mm=round(rain + snow, 1),
        summary=f"Forecast for {day:%-d %B}: {text}; high {tmax:.0f} °C, low {tmin:.0f} °C, "
        f"{pop:.0%} chance of precipitation.",
        basis="OpenWeather One Call 3.0 daily forecast",
    )
