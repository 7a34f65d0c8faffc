"""Competitor analysis (ADR-025): after the core answer, on its own budget; one competitor per
session, and a failure stays in this block (the core answer is already sent)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import text

from kairos.core.geo import haversine_km
from kairos.core.venue_identity import name_key as normalize_name
from kairos.errors import NotFound
from kairos.operator.competitor_compare import Side, comparison
from kairos.operator.competitor_facts import without_reviews
from kairos.operator.guest_signals import snapshot
from kairos.operator.schemas import CompetitorSnapshot, OperatorAnswer
from kairos.operator.sources import ReviewList, ReviewsQuery
from kairos.operator.state import SessionState
from kairos.pipeline.request_context import current_request_id
from kairos.signals.client import SignalClient
from kairos.signals.service import Signals
from kairos.store.operator import OperatorStore, ReviewRow

__all__ = ["check_competitor"]


async def check_competitor(
    *,
    store: OperatorStore,
    signals: Signals,
    reviews: SignalClient[ReviewsQuery, ReviewList],
    answer: OperatorAnswer,
    name: str,
    expand: bool,
    checkins: Callable[[int], npt.NDArray[np.float64] | None] = lambda _: None,
) -> CompetitorSnapshot:
    """The competitor block for `answer`'s session, recorded as `competitor.checked`;
    `checkins`: a place's own check-ins (weekday × daypart) for the busy windows compared."""
    async with store.locked(session_id=answer.session_id) as (db, row):
        if row is None:
            raise NotFound("the session disappeared")
        state = SessionState.model_validate(row.state)
        used = state.competitor_used
        if used is not None and normalize_name(used) != normalize_name(name):
            result = CompetitorSnapshot(
                name=name,
                status="already_used",
                detail=(
                    f"one competitor per session: this one compares with {used}; start a "
                    "new session to compare with another"
                ),
            )
        else:
            result = await _snapshot(
                store, signals, reviews, answer, name, expand=expand, checkins=checkins
            )
            if result.status == "ok":
                state.competitor_used = name
        await db.execute(*_state_update(answer.session_id, state))
        await store.record_event(
            db,
            session_id=answer.session_id,
            turn_index=answer.turn_index,
            name="competitor.checked",
            trace_id=answer.trace_id,
            request_id=current_request_id(),
            payload={"status": result.status},
        )
    return result


async def _snapshot(
    store: OperatorStore,
    signals: Signals,
    reviews: SignalClient[ReviewsQuery, ReviewList],
    answer: OperatorAnswer,
    name: str,
    *,
    expand: bool,
    checkins: Callable[[int], npt.NDArray[np.float64] | None] = lambda _: None,
) -> CompetitorSnapshot:
    near = answer.locations[0] if answer.locations else None
    try:
        async with asyncio.timeout(reviews.timeout_seconds):
            geo = await signals.geocode(name, limit=5)
            matches = [m for m in (geo.data.matches if geo.data else []) if m.kind == "place"]
            if near is not None and near.lat is not None and near.lng is not None:
                here = (near.lat, near.lng)
                matches.sort(key=lambda m: haversine_km(m.lat, m.lng, *here))
            if not matches:
                return CompetitorSnapshot(
                    name=name,
                    status="not_found",
                    detail=f"no place called {name} in the catalog",
                )
            match = matches[0]
            place = await store.place_named_near(
                name=match.label.split(",")[0], lat=match.lat, lng=match.lng
            )
            if place is None:
                return CompetitorSnapshot(
                    name=name, status="not_found", detail=f"{name} has no catalog entry"
                )
            got = await reviews.get(ReviewsQuery(place_id=place.id))
    except TimeoutError:
        return CompetitorSnapshot(
            name=name, status="timeout", detail="the competitor's reviews took too long"
        )
    if got.data is None:
        return CompetitorSnapshot(
            name=name, status="error", detail=got.detail or "the reviews are unavailable"
        )
    snap = snapshot(
        place=place.name,
        place_id=place.id,
        reviews=got.data.reviews,
        as_of=answer.window_start,
        expand=expand,
    )
    detail = snap.summary
    if snap.sample_size == 0:  # no guests' words: what the catalog holds of both instead
        ours = await store.place_by_id(place_id=near.place_id) if near and near.place_id else None
        mine = await store.checkin_count(place_id=ours.id) if ours is not None else None
        theirs = await store.checkin_count(place_id=place.id)
        detail = without_reviews(place, theirs, ours, mine)
    ours = await store.place_by_id(place_id=near.place_id) if near and near.place_id else None
    compared = None
    if ours is not None and ours.id != place.id:
        our_reviews = await _own_reviews(reviews, ours.id)
        our_snap = snapshot(
            place=ours.name, place_id=ours.id, reviews=our_reviews, as_of=answer.window_start,
            expand=False,
        )  # fmt: skip
        compared = comparison(
            Side(ours, our_reviews, our_snap, checkins(ours.id)),
            Side(place, got.data.reviews, snap, checkins(place.id)),
        )
    return CompetitorSnapshot(
        name=place.name, status="ok", detail=detail, snapshot=snap, comparison=compared
    )


async def _own_reviews(
    reviews: SignalClient[ReviewsQuery, ReviewList], place_id: int
) -> list[ReviewRow]:
    """The restaurant's own reviews (the same cached source the core answer read), or none."""
    try:
        async with asyncio.timeout(reviews.timeout_seconds):
            got = await reviews.get(ReviewsQuery(place_id=place_id))
    except TimeoutError:
        return []
    return list(got.data.reviews) if got.data is not None else []


def _state_update(session_id: uuid.UUID, state: SessionState) -> tuple[Any, dict[str, Any]]:
    return (
        text("UPDATE operator_sessions SET state = CAST(:s AS jsonb) WHERE id = :id"),
        {"s": json.dumps(state.model_dump(mode="json")), "id": session_id},
    )
