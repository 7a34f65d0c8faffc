"""Fetching the signal pack: every source the card's profile asks for, concurrently, each within
its own timeout budget (the shared `signals` clients: cache-first, stale-while-revalidate, live
only on an explicit refresh — ADR-007), counted against the turn's tool budget (ADR-003).

Reviews are a source like the others (`CatalogReviews`, wrapped in the same client, so they get
the same envelope, budget and cache); demand comes from the in-memory check-in model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar, Final

from pydantic import BaseModel, ConfigDict

from kairos.operator.schemas import Card, SourceStatus
from kairos.signals.client import SignalClient
from kairos.signals.closures.models import ClosureList, ClosuresQuery
from kairos.signals.envelope import NOT_CONFIGURED, SignalAnswer, SignalData
from kairos.signals.events.models import EventList, EventsQuery
from kairos.signals.school_calendar.models import SchoolDay, SchoolDayQuery
from kairos.signals.service import Signals
from kairos.signals.source import SignalUnavailable
from kairos.signals.weather.models import WeatherQuery, WeatherReport
from kairos.store.operator import OperatorStore, ReviewRow

__all__ = [
    "PREFETCH",
    "CatalogReviews",
    "Fetched",
    "ReviewList",
    "ReviewsQuery",
    "ToolBudget",
    "fetch_pack",
    "not_configured",
]

BASE_SOURCES: Final = ("weather", "events", "closures")
OUTSIDE: Final = frozenset({"weather", "events", "closures", "school_calendar"})
"""Sources that say something of the period from outside Kairos (weather only when a forecast)."""
PREFETCH: Final[dict[Card, tuple[str, ...]]] = {
    # ADR-024: the same base, and each card's own prefetch
    "staffing": (*BASE_SOURCES, "reviews"),
    "risk": (*BASE_SOURCES, "school_calendar"),
    "opportunity": (*BASE_SOURCES, "school_calendar", "reviews"),
}
MAX_TOOL_CALLS: Final = 60
"""ADR-003: a turn never makes more source calls than this (3 locations × 7 days × 2 per-day
sources + 3 × 3 window sources fits)."""
MAX_DAYS: Final = 7
EVENTS_RADIUS_KM: Final = 2.0
CLOSURES_RADIUS_KM: Final = 0.5


class ToolBudget:
    def __init__(self, limit: int = MAX_TOOL_CALLS) -> None:
        self.limit = limit
        self.used = 0

    def take(self) -> bool:
        if self.used >= self.limit:
            return False
        self.used += 1
        return True


CATALOG_SOURCES: Final = frozenset({"catalog_reviews"})
"""Sources that read the catalog Kairos holds: their data is as old as the catalog's reviews, so
their freshness is "catalog", never "live" however recently they were read."""


class ReviewsQuery(BaseModel):
    model_config = ConfigDict(frozen=True)
    place_id: int


class ReviewList(SignalData):
    reviews: list[ReviewRow]


class CatalogReviews:
    """The catalog's reviews of one place, newest first."""

    name = "catalog_reviews"
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True

    def __init__(self, store: OperatorStore) -> None:
        self.store = store

    async def fetch(self, query: ReviewsQuery) -> ReviewList:
        try:
            rows = await self.store.reviews(place_id=query.place_id)
        except OSError as exc:
            raise SignalUnavailable("unreachable", f"the catalog did not answer: {exc}") from None
        return ReviewList(reviews=rows)

    async def aclose(self) -> None:
        return None


@dataclass
class Fetched:
    weather: dict[date, WeatherReport] = field(default_factory=dict)
    school: dict[date, SchoolDay] = field(default_factory=dict)
    events: EventList | None = None
    closures: ClosureList | None = None
    reviews: list[ReviewRow] | None = None
    statuses: dict[str, SourceStatus] = field(default_factory=dict)
    timeouts: list[str] = field(default_factory=list)


def status_of(name: str, answers: Sequence[SignalAnswer[SignalData]]) -> SourceStatus:
    """One status for a source asked several times (once per day): the worst answer's."""
    order = {"ok": 0, "stale": 1, "not_configured": 2, "error": 3, "timeout": 4}
    worst = max(answers, key=lambda a: order[a.status])
    oldest = max(answers, key=lambda a: a.age_seconds or 0.0)
    note = next((a.data.note for a in answers if a.data is not None and a.data.note), None)
    informative = [a for a in answers if a.informative]
    forecast = any(getattr(a.data, "kind", None) == "forecast" for a in informative)
    freshness = oldest.freshness if worst.usable else worst.freshness
    if worst.usable and worst.source in CATALOG_SOURCES:
        freshness = "catalog"
    return SourceStatus(
        name=name,
        provider=worst.source,
        status=worst.status,
        error_code=worst.error_code,
        detail=worst.detail,
        freshness=freshness,
        cache_hit=all(a.cache_hit for a in answers),
        informative=bool(informative),
        external=name in OUTSIDE and bool(informative) and (name != "weather" or forecast),
        note=note,
    )


def not_configured(signals: Signals, card: Card) -> list[SourceStatus]:
    """The card's roles that have no provider, as their answers would say (none is asked)."""
    clients: dict[str, SignalClient[Any, Any]] = {
        "weather": signals.weather,
        "events": signals.events,
        "closures": signals.closures,
        "school_calendar": signals.school_calendar,
    }
    return [
        SourceStatus(
            name=name,
            provider=client.name,
            status="not_configured",
            error_code=NOT_CONFIGURED,
            detail=setup,
            freshness="not configured",
            informative=False,
        )
        for name in PREFETCH[card]
        if (client := clients.get(name)) is not None and (setup := client.setup) is not None
    ]


def skipped(name: str, why: str) -> SourceStatus:
    """A role this turn did not ask: it covers nothing, so it is not informative."""
    return SourceStatus(
        name=name,
        provider="-",
        status="skipped",
        freshness="unavailable",
        informative=False,
        note=why,
    )


async def fetch_pack(
    *,
    signals: Signals,
    reviews: SignalClient[ReviewsQuery, ReviewList],
    card: Card,
    lat: float,
    lng: float,
    days: list[date],
    place_id: int | None,
    want_reviews: bool,
    refresh: bool,
    budget: ToolBudget,
) -> Fetched:
    wanted = set(PREFETCH[card]) | ({"reviews"} if want_reviews else set())
    out = Fetched()
    days = days[:MAX_DAYS]
    calls: dict[str, list[tuple[object, asyncio.Task[SignalAnswer[Any]]]]] = {}

    def call(name: str, key: object, coro: Awaitable[SignalAnswer[Any]]) -> None:
        if not budget.take():
            return
        task = asyncio.ensure_future(coro)
        calls.setdefault(name, []).append((key, task))

    if "weather" in wanted:
        for day in days:
            call("weather", day, signals.weather.get(
                WeatherQuery(lat=lat, lng=lng, day=day), refresh=refresh))  # fmt: skip
    if "school_calendar" in wanted:
        for day in days:
            call("school_calendar", day, signals.school_calendar.get(
                SchoolDayQuery(day=day, lat=lat, lng=lng), refresh=refresh))  # fmt: skip
    window = (days[0], days[-1])
    if "events" in wanted:
        call("events", None, signals.events.get(EventsQuery(
            lat=lat, lng=lng, radius_km=EVENTS_RADIUS_KM, start=window[0], end=window[1]),
            refresh=refresh))  # fmt: skip
    if "closures" in wanted:
        call("closures", None, signals.closures.get(ClosuresQuery(
            lat=lat, lng=lng, radius_km=CLOSURES_RADIUS_KM, start=window[0], end=window[1]),
            refresh=refresh))  # fmt: skip
    if "reviews" in wanted and place_id is not None:
        call("reviews", None, reviews.get(ReviewsQuery(place_id=place_id), refresh=refresh))

    tasks = [task for found in calls.values() for _, task in found]
    if tasks:
        await asyncio.gather(*tasks)
    for name, found in calls.items():
        answers = [task.result() for _, task in found]
        out.statuses[name] = status_of(name, answers)
        if any(a.status == "timeout" for a in answers):
            out.timeouts.append(name)
        for key, answer in ((k, t.result()) for k, t in found):
            data = answer.data
            if data is None:
                continue
            if isinstance(data, WeatherReport) and isinstance(key, date):
                out.weather[key] = data
            elif isinstance(data, SchoolDay) and isinstance(key, date):
                out.school[key] = data
            elif isinstance(data, EventList):
                out.events = data
            elif isinstance(data, ClosureList):
                out.closures = data
            elif isinstance(data, ReviewList):
                out.reviews = data.reviews
    for name in ("weather", "events", "closures", "school_calendar", "reviews"):
        if name in out.statuses:
            continue
        if name == "reviews" and "reviews" in wanted:
            out.statuses[name] = skipped(
                name, "no catalog place matched: tell me the restaurant's name for its reviews"
            )
        elif name in wanted:
            out.statuses[name] = skipped(name, "the turn's source budget was spent")
        else:
            out.statuses[name] = skipped(name, f"the {card} card does not fetch it")
    return out
