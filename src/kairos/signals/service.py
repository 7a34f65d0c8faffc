"""Every signal a product can ask for, built once per process from settings.

    signals = build_signals(settings, places=catalog_rows)
    answer = await signals.weather.get(WeatherQuery(lat=40.68, lng=-73.97, day=saturday))
    if answer.usable: ...            # ok or stale: decide, and cite answer.source + freshness

Each kind has its own timeout budget (settings) and freshness policy (below); answers never raise.
A kind with no provider (`signals.events.setup` is not None: events and closures offline) answers
`not_configured`: not data, so never cited, counted or shown as "ok".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kairos.settings import Settings
from kairos.signals import builtin as _builtin  # noqa: F401  (registers the built-in sources)
from kairos.signals.client import SignalClient, SignalStore
from kairos.signals.closures.models import ClosureList, ClosuresQuery
from kairos.signals.envelope import SignalAnswer
from kairos.signals.events.models import EventList, EventsQuery
from kairos.signals.geocoding.catalog import PlaceRow
from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult
from kairos.signals.registry import SignalKind, SourceContext, create_source
from kairos.signals.school_calendar.models import SchoolDay, SchoolDayQuery
from kairos.signals.weather.models import WeatherQuery, WeatherReport

HOUR = 3600.0


@dataclass(frozen=True)
class Freshness:
    fresh_seconds: float  # served from cache as `ok` up to this age
    keep_seconds: float  # served as `stale` (and refreshed) up to this age; dropped after


FRESHNESS: dict[SignalKind, Freshness] = {
    # Forecasts are re-issued every few hours; a 6-hour-old one is still worth showing as stale.
    "weather": Freshness(fresh_seconds=0.5 * HOUR, keep_seconds=6 * HOUR),
    # Event listings change daily at most; the trips seed calls events stale after 7 days.
    "events": Freshness(fresh_seconds=6 * HOUR, keep_seconds=7 * 24 * HOUR),
    # Closures are permits, filed ahead but sometimes same-day.
    "closures": Freshness(fresh_seconds=1 * HOUR, keep_seconds=24 * HOUR),
    # A school calendar is published once a year and corrected rarely.
    "school_calendar": Freshness(fresh_seconds=24 * HOUR, keep_seconds=30 * 24 * HOUR),
    # Places do not move.
    "geocoding": Freshness(fresh_seconds=30 * 24 * HOUR, keep_seconds=90 * 24 * HOUR),
}


@dataclass
class Signals:
    weather: SignalClient[WeatherQuery, WeatherReport]
    events: SignalClient[EventsQuery, EventList]
    closures: SignalClient[ClosuresQuery, ClosureList]
    school_calendar: SignalClient[SchoolDayQuery, SchoolDay]
    geocoding: SignalClient[GeocodeQuery, GeocodeResult]

    async def geocode(
        self, text: str, *, limit: int = 5, refresh: bool = False
    ) -> SignalAnswer[GeocodeResult]:
        """Raises `InvalidInput` for text ADR-021 refuses (before any lookup)."""
        return await self.geocoding.get(GeocodeQuery(text=text, limit=limit), refresh=refresh)

    async def aclose(self) -> None:
        await asyncio.gather(
            self.weather.aclose(),
            self.events.aclose(),
            self.closures.aclose(),
            self.school_calendar.aclose(),
            self.geocoding.aclose(),
        )


def build_signals(
    settings: Settings,
    *,
    places: Iterable[PlaceRow] = (),
    store: Callable[[SignalKind], SignalStore | None] = lambda _: None,
    clock: Callable[[], float] = time.time,
) -> Signals:
    """Raises `ConfigurationError` for an unknown provider or a missing key. `store` gives each
    kind's cache (None: in-process)."""
    context = SourceContext(settings=settings, places=places)

    def client(kind: SignalKind) -> SignalClient:  # type: ignore[type-arg]
        policy = FRESHNESS[kind]
        return SignalClient(
            create_source(kind, context),
            timeout_seconds=getattr(settings, f"{kind}_timeout_seconds"),
            fresh_seconds=policy.fresh_seconds,
            keep_seconds=policy.keep_seconds,
            store=store(kind),
            clock=clock,
        )

    return Signals(
        weather=client("weather"),
        events=client("events"),
        closures=client("closures"),
        school_calendar=client("school_calendar"),
        geocoding=client("geocoding"),
    )
