"""The critic's run over a plan's candidates (moved out of `planner.py`): the weather and
events at each venue's point, then `critic.review` of each venue's facts; findings worth
keeping become risk events the scout reads on later plans."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Final

from kairos.signals.events.models import EventList, EventsQuery
from kairos.signals.geocoding.cities import find_city
from kairos.signals.service import Signals
from kairos.signals.weather.models import WeatherQuery, WeatherReport
from kairos.store.places import PlaceSummary
from kairos.store.plans import NewRiskEvent
from kairos.venues.commander import Intent
from kairos.venues.critic import PastRisk, PlanSlot, VenueFacts, review
from kairos.venues.schemas import RiskFlag
from kairos.venues.scout import Candidate

__all__ = ["EVENTS_RADIUS_KM", "critique"]

EVENTS_RADIUS_KM: Final = 1.6  # the seed's "within a 1-mile radius"
PERSISTED_KINDS: Final = frozenset({"weather", "events", "closed"})


async def critique(
    signals: Signals | None,
    today: date,
    candidates: list[Candidate],
    intent: Intent,
    slot: PlanSlot,
    weather: dict[int, WeatherReport | None],
    risk_events: list[NewRiskEvent],
) -> dict[int, list[RiskFlag]]:
    """The critic's flags per venue (place id), with the day's weather and events where a
    source answers (`weather` is filled in for the summary); the flags worth keeping as the
    venue's history are added to `risk_events`."""
    day = slot.day or today
    events: dict[int, EventList | None] = {}
    if signals is not None:
        located = [(c, at) for c in candidates if (at := _weather_point(c.record.place))]

        async def one(c: Candidate, at: tuple[float, float]) -> None:
            lat, lng = at
            w, e = await asyncio.gather(
                signals.weather.get(WeatherQuery(lat=lat, lng=lng, day=day)),
                signals.events.get(
                    EventsQuery(lat=lat, lng=lng, start=day, end=day, radius_km=EVENTS_RADIUS_KM)
                ),
            )
            weather[c.place_id] = w.data if w.usable else None
            events[c.place_id] = e.data if e.usable else None

        await asyncio.gather(*(one(c, at) for c, at in located))
    flags: dict[int, list[RiskFlag]] = {}
    for c in candidates:
        p = c.record.place
        facts = VenueFacts(
            name=p.name,
            kind=p.kind,
            traits=p.traits,
            outdoor_activity=intent.outdoor,
            checkins=c.facts.checkins,
            inspections=c.facts.inspections,
            past_risks=[
                PastRisk(r.description, r.severity, r.kind, r.times_seen, r.last_seen.date())
                for r in c.past_risks
            ],
            good_for_groups=c.facts.good_for_groups,
            closed=c.facts.closed,
            weather=weather.get(c.place_id),
            events=found.events if (found := events.get(c.place_id)) else (),
        )
        flags[c.place_id] = review(facts, slot, intent.group_size)
        risk_events.extend(
            NewRiskEvent(
                place_id=p.id,
                venue_name=p.name,
                description=f.description,
                severity=f.severity,
                kind=f.kind,
                weather_context=f.evidence[0] if f.kind == "weather" else None,
            )
            for f in flags[c.place_id]
            if f.kind in PERSISTED_KINDS and f.severity != "low" and _observed(f, facts)
        )
    return flags


def _observed(flag: RiskFlag, facts: VenueFacts) -> bool:
    """A flag worth keeping as the venue's history: a forecast's rain is something seen at the
    venue; climatology's is the calendar's, true of every park in the city on that date, and
    kept as history it would lower the venue on every later plan."""
    return not (flag.kind == "weather" and facts.weather and facts.weather.kind == "climatology")


def _weather_point(place: PlaceSummary) -> tuple[float, float] | None:
    """Where to ask for a venue's weather and events: its own point, else its city's centre
    (a third of the attractions file has no coordinates: Central Park among them)."""
    if place.lat is not None and place.lng is not None:
        return place.lat, place.lng
    centre = find_city(place.city)
    return (centre.lat, centre.lng) if centre else None
