"""Build the daily-normals table the offline weather source ships with, from NOAA's Central Park
daily history (`../shared/data/nyc_signals/`, °F and inches). `kairos signals build-climatology`.

For each calendar day, every observation within ± `window` days of it (across the years of the
period) is pooled: mean high and low, and the share of days with measurable precipitation, heavy
precipitation and measurable snow. Pooling neighbouring days smooths the noise of ~30 samples per
calendar day without blurring the seasons.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path

DEFAULT_FIRST_YEAR = 1991
DEFAULT_LAST_YEAR = 2020
"""NOAA's current normals period (1991-2020): older decades would bias the normals cold."""

DEFAULT_WINDOW_DAYS = 7
"""± days pooled around each calendar day (a 15-day window)."""

MEASURABLE_PRECIP_IN = 0.01  # NOAA's "measurable": 0.25 mm
HEAVY_PRECIP_IN = 0.5  # 12.7 mm in a day: the threshold of a wet, disruptive day
MEASURABLE_SNOW_IN = 0.1  # 2.5 mm of snowfall
LEAP_YEAR = 2000  # calendar days are positioned in a leap year, so 29 February has a row
DAYS_IN_CYCLE = 366

STATION = "New York Central Park (NOAA GHCN-Daily USW00094728)"
STATION_LAT, STATION_LNG = 40.7789, -73.9692

TABLE_NAME = "climatology_central_park.csv"
META_NAME = "climatology_central_park.json"
COLUMNS = (
    "month_day",
    "days",
    "tmax_c",
    "tmin_c",
    "precip_chance",
    "heavy_precip_chance",
    "snow_chance",
    "precip_mm",
)


@dataclass(frozen=True)
class Normal:
    month_day: str  # "MM-DD"
    days: int  # observations pooled
    tmax_c: float
    tmin_c: float
    precip_chance: float
    heavy_precip_chance: float
    snow_chance: float
    precip_mm: float  # mean daily amount, dry days included


@dataclass
class _Pool:
    tmax: float = 0.0
    tmax_n: int = 0
    tmin: float = 0.0
    tmin_n: int = 0
    prcp_n: int = 0
    wet: int = 0
    heavy: int = 0
    prcp_in: float = 0.0
    snow_n: int = 0
    snowy: int = 0


def day_position(day: date) -> int:
    """0..365: the day's place in a leap-year calendar."""
    return date(LEAP_YEAR, day.month, day.day).timetuple().tm_yday - 1


def _float(value: str) -> float | None:
    return float(value) if value.strip() else None


def build_normals(
    source: Path,
    *,
    first_year: int = DEFAULT_FIRST_YEAR,
    last_year: int = DEFAULT_LAST_YEAR,
    window: int = DEFAULT_WINDOW_DAYS,
) -> list[Normal]:
    pools = [_Pool() for _ in range(DAYS_IN_CYCLE)]
    with gzip.open(source, "rt", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            day = date.fromisoformat(row["date"])
            if not first_year <= day.year <= last_year:
                continue
            centre = day_position(day)
            tmax, tmin = _float(row["tmax_f"]), _float(row["tmin_f"])
            prcp, snow = _float(row["prcp_in"]), _float(row["snow_in"])
            for offset in range(-window, window + 1):
                pool = pools[(centre + offset) % DAYS_IN_CYCLE]
                if tmax is not None:
                    pool.tmax, pool.tmax_n = pool.tmax + tmax, pool.tmax_n + 1
                if tmin is not None:
                    pool.tmin, pool.tmin_n = pool.tmin + tmin, pool.tmin_n + 1
                if prcp is not None:
                    pool.prcp_n += 1
                    pool.prcp_in += prcp
                    pool.wet += prcp >= MEASURABLE_PRECIP_IN
                    pool.heavy += prcp >= HEAVY_PRECIP_IN
                if snow is not None:
                    pool.snow_n += 1
                    pool.snowy += snow >= MEASURABLE_SNOW_IN
    normals = []
    for position, pool in enumerate(pools):
        if min(pool.tmax_n, pool.tmin_n, pool.prcp_n, pool.snow_n) == 0:
            raise ValueError(f"no observations for day {position} in {first_year}-{last_year}")
        day = date.fromordinal(date(LEAP_YEAR, 1, 1).toordinal() + position)
        normals.append(
            Normal(
                month_day=f"{day:%m-%d}",
                days=pool.tmax_n,
                tmax_c=round((pool.tmax / pool.tmax_n - 32) * 5 / 9, 1),
                tmin_c=round((pool.tmin / pool.tmin_n - 32) * 5 / 9, 1),
                precip_chance=round(pool.wet / pool.prcp_n, 3),
                heavy_precip_chance=round(pool.heavy / pool.prcp_n, 3),
                snow_chance=round(pool.snowy / pool.snow_n, 3),
                precip_mm=round(pool.prcp_in / pool.prcp_n * 25.4, 2),
            )
        )
    return normals


def write_normals(
    normals: list[Normal],
    out_dir: Path,
    *,
    source: Path,
    first_year: int,
    last_year: int,
    window: int,
) -> Path:
    """Write the table and its metadata (period, window, the source file's sha256)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    table = out_dir / TABLE_NAME
    with table.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(asdict(n) for n in normals)
    meta = {
        "station": STATION,
        "lat": STATION_LAT,
        "lng": STATION_LNG,
        "first_year": first_year,
        "last_year": last_year,
        "window_days": window,
        "source_file": source.name,
        "source_sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
        "units": "°C, mm; chances are shares of pooled days",
    }
    (out_dir / META_NAME).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return table
