"""The operator assistant's rows and reads. Sessions hold the state memory (ADR-026: active card,
locations, baseline, scope, competitor used, the pending question) and are written under a row
lock, so two turns of one session in two processes never interleave; turns keep an episodic
summary and the operator's message with addresses, e-mails and phone numbers redacted (ADR-015);
events are the turn's chain (ADR-010, ADR-016). Plain SQL, keyword-only.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.store.database import Database

__all__ = ["CatalogPlace", "OperatorStore", "PlaceCheckins", "ReviewRow", "SessionRow"]


@dataclass(frozen=True, slots=True)
class SessionRow:
    id: uuid.UUID
    owner: uuid.UUID
    state: dict[str, Any]
    turns: int


@dataclass(frozen=True, slots=True)
class CatalogPlace:
    id: int
    name: str
    kind: str
    categories: list[str]
    city: str | None
    lat: float | None
    lng: float | None
    hours: dict[str, Any] | None = None
    waiter_service: bool | None = None
    """What its own listing says of table service (Yelp's "Waiter Service"), or None unsaid."""
    price_level: int | None = None
    """1–4 ($ … $$$$) from its listing, or None unsaid."""
    rating: float | None = None
    """Its listing's rating (of 5), or None unrated."""


@dataclass(frozen=True, slots=True)
class PlaceCheckins:
    categories: list[str]
    hours: dict[str, Any] | None
    """Opening hours by weekday name, as the source gives them (`{"Monday": {"open": …}}`)."""
    checkins: dict[tuple[int, int], int]
    lat: float | None = None
    lng: float | None = None
    name: str = ""
    area: str | None = None
    """Its neighbourhood ("North End"), or None unlisted."""


@dataclass(frozen=True, slots=True)
class ReviewRow:
    id: int
    place_id: int
    text: str
    rating: float | None
    review_date: date | None


_PLACE_COLUMNS = (
    "id, name, kind, categories, city, lat, lng, attributes -> 'hours' AS hours, "
    "attributes -> 'Waiter Service' AS waiter, price_level, rating"
)
_NEAREST_NAMED = text(
    f"SELECT {_PLACE_COLUMNS} FROM places WHERE is_active "
    "AND lat BETWEEN CAST(:lat AS float8) - :d AND CAST(:lat AS float8) + :d "
    "AND lng BETWEEN CAST(:lng AS float8) - :d AND CAST(:lng AS float8) + :d "
    "AND lower(name) = lower(:name) ORDER BY (lat - CAST(:lat AS float8)) ^ 2 "
    "+ ((lng - CAST(:lng AS float8)) * cos(radians(CAST(:lat AS float8)))) ^ 2 LIMIT 1"
)
_NAMED_CATEGORIES = text(
    "SELECT name, lat, lng, categories FROM places WHERE is_active AND lat IS NOT NULL "
    "AND lng IS NOT NULL AND cardinality(categories) > 0"
)
_POSITIONS_OF_KINDS = text(
    "SELECT name, lat, lng FROM places WHERE is_active AND lat IS NOT NULL AND lng IS NOT NULL "
    "AND kind = ANY(CAST(:kinds AS text[]))"
)
NEAR_DEGREES: float = 0.003
"""How far (≈ 300 m) a geocoder's match may lie from the place row it names."""
_BY_NAME = text(
    f"SELECT {_PLACE_COLUMNS} FROM places WHERE is_active AND normalized_name = :key "
    "ORDER BY review_count DESC, id LIMIT 1"
)
_REVIEWS = text(
    "SELECT id, place_id, text, rating, review_date FROM reviews WHERE place_id = :pid "
    "ORDER BY review_date DESC NULLS LAST, id DESC LIMIT :limit"
)
_ALL_CHECKINS = text(
    "SELECT c.place_id, c.weekday, c.hour, c.checkins, p.categories, p.attributes -> 'hours' "
    "AS hours, p.lat, p.lng, p.name, p.area FROM venue_checkins c "
    "JOIN places p ON p.id = c.place_id WHERE p.is_active"
)

_CHECKIN_COUNT = text("SELECT sum(checkins) FROM venue_checkins WHERE place_id = :id")


class OperatorStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- the catalog -------------------------------------------------------------------------

    async def place_named_near(self, *, name: str, lat: float, lng: float) -> CatalogPlace | None:
        async with self.db.reading() as session:
            row = await session.execute(
                _NEAREST_NAMED, {"name": name, "lat": lat, "lng": lng, "d": NEAR_DEGREES}
            )
            found = row.first()
        return _place(found) if found else None

    async def named_categories(self) -> list[tuple[str, float, float, list[str]]]:
        """(name, lat, lng, categories) of every active place with coordinates and categories:
        the words a place's name may leave out are its own categories' ("Smoken Joe's" for
        Smoken Joe's Bbq, a barbecue place)."""
        async with self.db.reading() as session:
            rows = await session.execute(_NAMED_CATEGORIES)
            return [(r.name, r.lat, r.lng, list(r.categories)) for r in rows]

    async def positions_of_kinds(
        self, kinds: Collection[str]
    ) -> frozenset[tuple[str, float, float]]:
        """(name, lat, lng) of every active place of `kinds` with coordinates: the catalog
        geocoder's places are those rows, so a spotted name is told apart in memory."""
        async with self.db.reading() as session:
            rows = await session.execute(_POSITIONS_OF_KINDS, {"kinds": sorted(kinds)})
            return frozenset((r.name, r.lat, r.lng) for r in rows)

    async def place_by_id(self, *, place_id: int) -> CatalogPlace | None:
        async with self.db.reading() as session:
            found = (
                await session.execute(
                    text(f"SELECT {_PLACE_COLUMNS} FROM places WHERE id = :id"), {"id": place_id}
                )
            ).first()
        return _place(found) if found else None

    async def place_by_key(self, *, key: str) -> CatalogPlace | None:
        async with self.db.reading() as session:
            found = (await session.execute(_BY_NAME, {"key": key})).first()
        return _place(found) if found else None

    async def reviews(self, *, place_id: int, limit: int = 300) -> list[ReviewRow]:
        async with self.db.reading() as session:
            rows = await session.execute(_REVIEWS, {"pid": place_id, "limit": limit})
            return [ReviewRow(r.id, r.place_id, r.text, r.rating, r.review_date) for r in rows]

    async def checkin_count(self, *, place_id: int) -> int:
        """A place's check-ins in all (0 when it has none)."""
        async with self.db.reading() as session:
            found = await session.execute(_CHECKIN_COUNT, {"id": place_id})
            return int(found.scalar() or 0)

    async def all_checkins(self) -> dict[int, PlaceCheckins]:
        """Every place with check-ins: its categories, opening hours and check-ins."""
        found: dict[int, PlaceCheckins] = {}
        async with self.db.reading() as session:
            for r in await session.execute(_ALL_CHECKINS):
                entry = found.get(r.place_id)
                if entry is None:
                    hours = r.hours if isinstance(r.hours, dict) else None
                    entry = found[r.place_id] = PlaceCheckins(
                        list(r.categories or []), hours, {}, r.lat, r.lng, r.name, r.area
                    )
                entry.checkins[(r.weekday, r.hour)] = r.checkins
        return found

    # --- sessions ----------------------------------------------------------------------------

    async def create_session(self, *, owner: uuid.UUID) -> SessionRow:
        sid = uuid.uuid4()
        async with self.db.session() as session, session.begin():
            await session.execute(
                text("INSERT INTO operator_sessions (id, owner) VALUES (:id, :owner)"),
                {"id": sid, "owner": owner},
            )
        return SessionRow(sid, owner, {}, 0)

    async def get_session(self, *, session_id: uuid.UUID) -> SessionRow | None:
        async with self.db.reading() as session:
            found = (
                await session.execute(
                    text("SELECT id, owner, state, turns FROM operator_sessions WHERE id = :id"),
                    {"id": session_id},
                )
            ).first()
        return SessionRow(found.id, found.owner, dict(found.state), found.turns) if found else None

    @asynccontextmanager
    async def locked(
        self, *, session_id: uuid.UUID
    ) -> AsyncIterator[tuple[AsyncSession, SessionRow | None]]:
        """The session row under `FOR UPDATE` for the length of one turn's write."""
        async with self.db.session() as session, session.begin():
            found = (
                await session.execute(
                    text(
                        "SELECT id, owner, state, turns FROM operator_sessions WHERE id = :id "
                        "FOR UPDATE"
                    ),
                    {"id": session_id},
                )
            ).first()
            row = (
                SessionRow(found.id, found.owner, dict(found.state), found.turns) if found else None
            )
            yield session, row

    @staticmethod
    async def save_turn(
        session: AsyncSession,
        *,
        session_id: uuid.UUID,
        turn_index: int,
        state: dict[str, Any],
        message: str,
        summary: dict[str, Any],
        events: Sequence[tuple[str, str, str | None, dict[str, Any]]],
    ) -> None:
        """State, the turn and its events in the caller's transaction (one commit per turn)."""
        await session.execute(
            text(
                "UPDATE operator_sessions SET state = CAST(:state AS jsonb), turns = :turn, "
                "updated_at = now() WHERE id = :id"
            ),
            {"state": json.dumps(state, default=str), "turn": turn_index, "id": session_id},
        )
        await session.execute(
            text(
                "INSERT INTO operator_turns (session_id, turn_index, message, summary) "
                "VALUES (:id, :turn, :message, CAST(:summary AS jsonb))"
            ),
            {
                "id": session_id,
                "turn": turn_index,
                "message": message,
                "summary": json.dumps(summary, default=str),
            },
        )
        if events:
            await session.execute(
                text(
                    "INSERT INTO operator_events (session_id, turn_index, name, trace_id, "
                    "request_id, payload) VALUES (:id, :turn, :name, :trace, :request, "
                    "CAST(:payload AS jsonb))"
                ),
                [
                    {
                        "id": session_id,
                        "turn": turn_index,
                        "name": name,
                        "trace": trace,
                        "request": request,
                        "payload": json.dumps(payload, default=str),
                    }
                    for name, trace, request, payload in events
                ],
            )

    @staticmethod
    async def record_event(
        session: AsyncSession,
        *,
        session_id: uuid.UUID,
        turn_index: int,
        name: str,
        trace_id: str,
        request_id: str | None,
        payload: dict[str, Any],
    ) -> None:
        await session.execute(
            text(
                "INSERT INTO operator_events (session_id, turn_index, name, trace_id, request_id, "
                "payload) VALUES (:id, :turn, :name, :trace, :request, CAST(:payload AS jsonb))"
            ),
            {
                "id": session_id,
                "turn": turn_index,
                "name": name,
                "trace": trace_id,
                "request": request_id,
                "payload": json.dumps(payload, default=str),
            },
        )

    async def events(self, *, session_id: uuid.UUID) -> list[dict[str, Any]]:
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT turn_index, name, trace_id, request_id, payload, created_at FROM "
                    "operator_events WHERE session_id = :id ORDER BY id"
                ),
                {"id": session_id},
            )
            return [
                {
                    "turn_index": r.turn_index,
                    "name": r.name,
                    "trace_id": r.trace_id,
                    "request_id": r.request_id,
                    "payload": r.payload,
                    "at": r.created_at.isoformat(),
                }
                for r in rows
            ]

    async def turns(self, *, session_id: uuid.UUID) -> list[dict[str, Any]]:
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT turn_index, message, summary FROM operator_turns WHERE "
                    "session_id = :id ORDER BY turn_index"
                ),
                {"id": session_id},
            )
            return [
                {"turn_index": r.turn_index, "message": r.message, "summary": r.summary}
                for r in rows
            ]

    async def event_counts(self, *, owner: uuid.UUID) -> dict[str, int]:
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT e.name, count(*) AS n FROM operator_events e JOIN operator_sessions s "
                    "ON s.id = e.session_id WHERE s.owner = :owner GROUP BY e.name"
                ),
                {"owner": owner},
            )
            return {r.name: r.n for r in rows}

    # --- light cross-session memory (ADR-015) --------------------------------------------------

    async def preferences(self, *, owner: uuid.UUID) -> dict[str, Any]:
        async with self.db.reading() as session:
            found = (
                await session.execute(
                    text("SELECT operator FROM users WHERE uid = :uid"), {"uid": owner}
                )
            ).first()
        return dict(found.operator) if found and found.operator else {}

    @staticmethod
    async def save_preferences(  # merged key by key: what this session did not state stays
        session: AsyncSession, *, owner: uuid.UUID, preferences: dict[str, Any]
    ) -> None:
        await session.execute(
            text("UPDATE users SET operator = operator || CAST(:prefs AS jsonb) WHERE uid = :uid"),
            {"prefs": json.dumps(preferences, default=str), "uid": owner},
        )


def _place(row: Any) -> CatalogPlace:
    hours = row.hours if isinstance(row.hours, dict) else None
    waiter = row.waiter if isinstance(row.waiter, bool) else None
    return CatalogPlace(
        row.id,
        row.name,
        row.kind,
        list(row.categories or []),
        row.city,
        row.lat,
        row.lng,
        hours,
        waiter,
        row.price_level if isinstance(row.price_level, int) else None,
        float(row.rating) if isinstance(row.rating, int | float) else None,
    )
