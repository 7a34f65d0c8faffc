"""The offline weather source: what is normal for a calendar day in New York, from Central Park's
1991-2020 daily history (the table built by `kairos signals build-climatology`, shipped in
`signals/data/`). Always labelled climatology: it says what a day is usually like, never what a
given day will be like."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import ClassVar

from kairos.core.geo import haversine_km
from kairos.signals.weather.climatology_build import (
    META_NAME,
    TABLE_NAME,
    Normal,
    day_position,
)
from kairos.signals.weather.models import WeatherQuery, WeatherReport

COVERAGE_KM = 100.0
"""One station's normals stand for the places around it: within 100 km of Central Park (the five
boroughs, Jersey City, Long Island's west, Westchester) the seasons are the same. Farther away the
answer is `known=False` rather than another climate's numbers."""


@dataclass(frozen=True)
class Climatology:
    normals: tuple[Normal, ...]  # by leap-year day position
    station: str
    lat: float
    lng: float
    first_year: int
    last_year: int
    window_days: int

    @property
    def basis(self) -> str:
        return (
            f"{self.station}, daily normals {self.first_year}-{self.last_year} "
            f"(± {self.window_days} days)"
        )


@lru_cache(maxsize=1)
def load_climatology() -> Climatology:
    """The shipped table, read once per process."""
    data = resources.files("kairos.signals") / "data"
    meta = json.loads((data / META_NAME).read_text(encoding="utf-8"))
    with io.StringIO((data / TABLE_NAME).read_text(encoding="utf-8")) as handle:
        rows = [
            Normal(
                month_day=row["month_day"],
                days=int(row["days"]),
                tmax_c=float(row["tmax_c"]),
                tmin_c=float(row["tmin_c"]),
                precip_chance=float(row["precip_chance"]),
                heavy_precip_chance=float(row["heavy_precip_chance"]),
                snow_chance=float(row["snow_chance"]),
                precip_mm=float(row["precip_mm"]),
            )
            for row in csv.DictReader(handle)
        ]
    if len(rows) != 366:
        raise ValueError(f"{TABLE_NAME} has {len(rows)} rows, expected 366")
    return Climatology(
        normals=tuple(rows),
        station=meta["station"],
        lat=meta["lat"],
        lng=meta["lng"],
        first_year=meta["first_year"],
        last_year=meta["last_year"],
        window_days=meta["window_days"],
    )


class ClimatologyWeather:
    """Offline and instant; the answer for a place outside its coverage is `known=False`."""

    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "climatology"

    def __init__(self, climatology: Climatology | None = None) -> None:
        self.climatology = climatology or load_climatology()

    async def fetch(self, query: WeatherQuery) -> WeatherReport:
        return self.report(query)

    async def aclose(self) -> None:
        return None

    def report(self, query: WeatherQuery) -> WeatherReport:
        clim = self.climatology
        distance = haversine_km(query.lat, query.lng, clim.lat, clim.lng)
        if distance > COVERAGE_KM:
            return WeatherReport(
                day=query.day,
                kind="climatology",
                known=False,
                summary="No weather normals for this place.",
                basis=clim.basis,
                note=f"the offline climatology covers {COVERAGE_KM:.0f} km around Central Park, "
                f"New York; this place is {distance:.0f} km away. Set KAIROS_WEATHER_PROVIDER="
                "openweather for forecasts anywhere.",
            )
        normal = clim.normals[day_position(query.day)]
        return WeatherReport(
            day=query.day,
            kind="climatology",
            known=True,
            tmax_c=normal.tmax_c,
            tmin_c=normal.tmin_c,
            precip_chance=normal.precip_chance,
            heavy_precip_chance=normal.heavy_precip_chance,
            snow_chance=normal.snow_chance,
            precip_mm=normal.precip_mm,
            summary=_summary(query, normal),
            basis=clim.basis,
            note="climatology: what is normal for this calendar day, not a forecast",
        )


def _summary(query: WeatherQuery, normal: Normal) -> str:
    parts = [
        f"Normally on {query.day:%-d %B}: high {normal.tmax_c:.0f} °C, "
        f"low {normal.tmin_c:.0f} °C, {normal.precip_chance:.0%} chance of rain or snow"
    ]
    if normal.snow_chance >= 0.05:
        parts.append(f"{normal.snow_chance:.0%} chance of snow")
    return ", ".join(parts) + " (climatology, not a forecast)."
