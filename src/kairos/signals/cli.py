"""`kairos signals …`: rebuild the data the offline signal sources ship with, and ask a source."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

signals_app = typer.Typer(help="Weather, events, closures, calendars, geocoding.")
console = Console()

SHARED_SIGNALS = Path("../shared/data/nyc_signals")
PACKAGE_DATA = Path(__file__).resolve().parent / "data"


@signals_app.command("build-climatology")
def build_climatology(
    source: Annotated[
        Path, typer.Option("--from", exists=True, dir_okay=False, help="NOAA daily history")
    ] = SHARED_SIGNALS / "nyc_central_park_weather_daily.csv.gz",
    out: Annotated[Path, typer.Option(help="folder the table is written to")] = PACKAGE_DATA,
    first_year: int = 1991,
    last_year: int = 2020,
    window: Annotated[int, typer.Option(min=0, max=30, help="± days pooled")] = 7,
) -> None:
    """Daily normals (366 rows) for the offline weather source."""
    from kairos.signals.weather.climatology_build import build_normals, write_normals

    normals = build_normals(source, first_year=first_year, last_year=last_year, window=window)
    table = write_normals(
        normals, out, source=source, first_year=first_year, last_year=last_year, window=window
    )
    console.print(f"wrote {len(normals)} daily normals to {table}")


@signals_app.command("build-school-calendar")
def build_school_calendar(
    source: Annotated[
        Path, typer.Option("--from", exists=True, dir_okay=False, help="the DOE calendar CSV")
    ] = SHARED_SIGNALS / "nyc_doe_school_calendar_2023_24.csv",
    out: Annotated[Path, typer.Option(help="folder the calendar is written to")] = PACKAGE_DATA,
) -> None:
    """The precomputed school-calendar signal (one row per listed or range-filled day)."""
    from kairos.signals.school_calendar.build import build_calendar, write_calendar

    days = build_calendar(source)
    path = write_calendar(days, out, source=source)
    console.print(f"wrote {len(days)} calendar days to {path}")
