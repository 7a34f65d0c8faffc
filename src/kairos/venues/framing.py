"""What frames a plan before and after its venues are found: where it is (a place named, the
members' positions, else the planner's own city), the price ceiling a "make it cheaper"
follow-up sets from the plan it follows, and, when nothing fits, the cities that hold the kind
of place asked (split from `venues/planner.py`)."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from kairos.store.database import Database
from kairos.venues.commander import Intent
from kairos.venues.followups import (
    ceiling_for,
    cheaper_budget,
    earlier_top_level,
    earlier_top_names,
)
from kairos.venues.schemas import MemberLocation, PlanRequest
from kairos.venues.scout import ScoutResult
from kairos.venues.where import ask_city, cities_holding, elsewhere, owner_city, unknown_city

__all__ = ["covered", "member_points", "where_and_how"]


def member_points(request: PlanRequest) -> list[MemberLocation]:
    """The members who gave a position, as points the scout can meet between."""
    return [
        MemberLocation(name=m.name, lat=m.lat, lng=m.lng)
        for m in request.members
        if m.lat is not None and m.lng is not None
    ]


async def where_and_how(
    db: Database,
    request: PlanRequest,
    intent: Intent,
    owner: uuid.UUID,
    recent_cities: Mapping[str, str] | None,
) -> None:
    """No place named and nobody located: the planner's own city. "Make it cheaper": the
    price ceiling, from the plan it follows up."""
    reading = intent.reading
    named = intent.location or reading.cities or reading.area or reading.unknown_place
    located = request.member_locations or member_points(request)
    if not (named or located or reading.near_user):
        city = await owner_city(db, owner, recent_cities)
        if city:
            intent.location = intent.owner_city = city
            intent.assumptions.append(f"no city named: planned in {city.title()}, your city")
    if "closer" in intent.asked.changes:
        said = [m.content for m in request.chat_history if m.role == "user"]
        earlier = await earlier_top_names(db, owner, said[-1]) if said else ()
        intent.asked = dataclasses.replace(intent.asked, earlier_top=earlier)
    if "cheaper" in intent.asked.changes:
        said = [m.content for m in request.chat_history if m.role == "user"]
        top = await earlier_top_level(db, owner, said[-1]) if said else None
        ceiling, before = ceiling_for(top, intent.earlier_budget)
        intent.asked = dataclasses.replace(intent.asked, ceiling=ceiling, before=before)
        intent.budget = cheaper_budget(ceiling)


async def covered(
    db: Database,
    city_counts: Mapping[str, int],
    intent: Intent,
    found: ScoutResult,
    venues: Sequence[Any],
) -> str | None:
    """For a city the catalogue does not hold, or one with nothing of the kind asked: the
    cities holding that kind ("restaurants"), never every city with a sight."""
    if venues or not (found.unknown_city or found.no_city or intent.location):
        return None
    meal = set(intent.activity_kinds) == {"restaurant"}
    what = "restaurants" if meal else "places"
    cities = await cities_holding(db, ["restaurant"]) if meal else city_counts
    if found.no_city:
        return ask_city(cities or city_counts, what)
    if found.unknown_city:
        return unknown_city(found.unknown_city, cities or city_counts, what)
    return elsewhere(cities, what) if cities and meal else None
