"""Weather: the query, the answer and the interface every weather source implements."""

from __future__ import annotations

from datetime import date
from typing import ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from kairos.signals.envelope import SignalData


class WeatherQuery(BaseModel):
    model_config = ConfigDict(frozen=True)

    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    day: date = Field(description="the local calendar day asked about")


class WeatherReport(SignalData):
    """One day's weather. `kind` says what the numbers are: a forecast, or the climatology of
    the calendar day (what is normal, never a prediction for that day)."""

    day: date
    kind: Literal["forecast", "climatology"]
    known: bool = Field(description="False: no numbers for this place or day (see note)")
    tmax_c: float | None = None
    tmin_c: float | None = None
    precip_chance: float | None = Field(
        default=None, ge=0, le=1, description="chance of measurable precipitation (≥ 0.25 mm)"
    )
    heavy_precip_chance: float | None = Field(
        default=None, ge=0, le=1, description="chance of heavy precipitation (≥ 12.7 mm)"
    )
    snow_chance: float | None = Field(
        default=None, ge=0, le=1, description="chance of measurable snowfall (≥ 2.5 mm)"
    )
    precip_mm: float | None = Field(default=None, ge=0, description="expected amount")
    summary: str = Field(description="one sentence a product can show as is")
    basis: str = Field(description="where the numbers come from (station, period, model)")


class WeatherSource(Protocol):
    """Contract: answers every valid query (`known=False` with a note where it has no numbers);
    `kind` is "climatology" unless the numbers are a forecast for that very day; tmax ≥ tmin;
    chances are probabilities. Raises `SignalUnavailable` only when the service fails."""

    name: str
    needs_key: ClassVar[bool]
    offline: ClassVar[bool]

    async def fetch(self, query: WeatherQuery) -> WeatherReport: ...

    async def aclose(self) -> None: ...
