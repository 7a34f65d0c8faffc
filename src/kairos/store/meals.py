"""The meal coach's rows: sessions (state only, 24 h), meals, outcomes, preference facts,
memory items with embeddings, and stored images. Keyword-only functions; plain SQL on the hot
path, like `conversations.py`.

A session holds what the next turn needs (step, pending question, suggestions, image hashes),
never the text a person typed: no transcript is stored (seed 001, session state).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import numpy as np
from sqlalchemy import text

from kairos.store.database import Database

__all__ = [
    "SESSION_TTL",
    "MealRow",
    "MealStore",
    "MemoryRow",
    "OutcomeRow",
    "StoredSession",
]

SESSION_TTL = timedelta(hours=24)
Step = Literal["awaiting_followup", "awaiting_selection", "done"]

_LOAD_SESSION = text(
    "SELECT step, state, updated_at FROM meal_sessions WHERE id = :id AND uid = :uid"
)
_SAVE_SESSION = text(
    "INSERT INTO meal_sessions (id, uid, step, state, created_at, updated_at) "
    "VALUES (:id, :uid, :step, CAST(:state AS jsonb), :now, :now) "
    "ON CONFLICT (id) DO UPDATE SET step = EXCLUDED.step, state = EXCLUDED.state, "
    "updated_at = EXCLUDED.updated_at WHERE meal_sessions.uid = EXCLUDED.uid"
)
_INSERT_MEAL = text(
    "INSERT INTO meals (id, uid, session_id, recipe_id, title, tags, suggestion, recipe) "
    "VALUES (:id, :uid, :session_id, :recipe_id, :title, :tags, CAST(:suggestion AS jsonb), "
    "CAST(:recipe AS jsonb)) RETURNING created_at"
)


@dataclass(frozen=True, slots=True)
class StoredSession:
    step: Step
    state: dict[str, Any]
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class MealRow:
    id: uuid.UUID
    title: str
    tags: list[str]
    recipe_id: int | None
    suggestion: dict[str, Any]
    recipe: dict[str, Any]
    created_at: datetime
    outcomes: list[OutcomeRow]


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    liked: bool | None
    cooked_again: bool
    tags: list[str]
    notes: str | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class MemoryRow:
    text: str
    similarity: float
    created_at: datetime


class MealStore:
    def __init__(self, db: Database, *, ttl: timedelta = SESSION_TTL) -> None:
        self.db = db
        self.ttl = ttl

    # sessions -------------------------------------------------------------------------------

    async def load_session(self, uid: uuid.UUID, session_id: uuid.UUID) -> StoredSession | None:
        """The session's state; None when it is unknown, another user's, or older than 24 h."""
        async with self.db.reading() as session:
            row = (await session.execute(_LOAD_SESSION, {"id": session_id, "uid": uid})).first()
        if row is None or row.updated_at < datetime.now(UTC) - self.ttl:
            return None
        return StoredSession(row.step, dict(row.state), row.updated_at)

    async def save_session(
        self, uid: uuid.UUID, session_id: uuid.UUID, step: Step, state: dict[str, Any]
    ) -> None:
        params = {
            "id": session_id, "uid": uid, "step": step, "state": json.dumps(state),
            "now": datetime.now(UTC),
        }  # fmt: skip
        async with self.db.session() as session, session.begin():
            await session.execute(_SAVE_SESSION, params)

    async def sweep_sessions(self) -> int:
        cutoff = datetime.now(UTC) - self.ttl
        async with self.db.session() as session, session.begin():
            result = await session.execute(
                text("DELETE FROM meal_sessions WHERE updated_at < :cutoff RETURNING id"),
                {"cutoff": cutoff},
            )
            return len(result.all())

    # meals and outcomes ---------------------------------------------------------------------

    async def save_meal(
        self,
        *,
        meal_id: uuid.UUID,
        uid: uuid.UUID,
        session_id: uuid.UUID | None,
        recipe_id: int | None,
        title: str,
        tags: Sequence[str],
        suggestion: dict[str, Any],
        recipe: dict[str, Any],
        session_state: dict[str, Any] | None = None,
    ) -> uuid.UUID:
        """The meal, and (when given) its session marked done, in one transaction."""
        async with self.db.session() as session, session.begin():
            if session_id is not None and session_state is not None:
                await session.execute(_SAVE_SESSION, {
                    "id": session_id, "uid": uid, "step": "done",
                    "state": json.dumps(session_state), "now": datetime.now(UTC),
                })  # fmt: skip
            await session.execute(
                _INSERT_MEAL,
                {
                    "id": meal_id,
                    "uid": uid,
                    "session_id": session_id,
                    "recipe_id": recipe_id,
                    "title": title,
                    "tags": list(tags),
                    "suggestion": json.dumps(suggestion),
                    "recipe": json.dumps(recipe),
                },
            )
        return meal_id

    async def meal(self, uid: uuid.UUID, meal_id: uuid.UUID) -> MealRow | None:
        meals = await self._meals(uid, meal_id=meal_id, limit=1)
        return meals[0] if meals else None

    async def history(self, uid: uuid.UUID, *, limit: int) -> list[MealRow]:
        return await self._meals(uid, meal_id=None, limit=limit)

    async def _meals(
        self, uid: uuid.UUID, *, meal_id: uuid.UUID | None, limit: int
    ) -> list[MealRow]:
        where = "uid = :uid" + (" AND id = :id" if meal_id else "")
        async with self.db.reading() as session:
            rows = (
                await session.execute(
                    text(
                        "SELECT id, title, tags, recipe_id, suggestion, recipe, created_at "
                        "FROM meals "
                        f"WHERE {where} ORDER BY created_at DESC, id LIMIT :limit"
                    ),
                    {"uid": uid, "id": meal_id, "limit": limit},
                )
            ).all()
            ids = [r.id for r in rows]
            outcomes: dict[uuid.UUID, list[OutcomeRow]] = {i: [] for i in ids}
            if ids:
                found = await session.execute(
                    text(
                        "SELECT meal_id, liked, cooked_again, tags, notes, created_at "
                        "FROM meal_outcomes WHERE meal_id = ANY(:ids) ORDER BY created_at, id"
                    ),
                    {"ids": ids},
                )
                for o in found:
                    outcomes[o.meal_id].append(
                        OutcomeRow(o.liked, o.cooked_again, list(o.tags), o.notes, o.created_at)
                    )
        return [
            MealRow(
                r.id,
                r.title,
                list(r.tags),
                r.recipe_id,
                dict(r.suggestion),
                dict(r.recipe),
                r.created_at,
                outcomes[r.id],
            )
            for r in rows
        ]

    async def recent_titles(self, uid: uuid.UUID, *, limit: int = 5) -> list[tuple[str, list[str]]]:
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT title, tags FROM meals WHERE uid = :uid "
                    "ORDER BY created_at DESC LIMIT :limit"
                ),
                {"uid": uid, "limit": limit},
            )
            return [(r.title, list(r.tags)) for r in rows]

    async def save_outcome(
        self,
        *,
        uid: uuid.UUID,
        meal_id: uuid.UUID,
        liked: bool | None,
        cooked_again: bool,
        tags: Sequence[str],
        notes: str | None,
        facts: dict[str, float],
        memories: Sequence[tuple[str, np.ndarray]],
    ) -> None:
        """The outcome, the facts' new strengths (added to the stored ones, clamped to ±5) and
        the memory items, in one transaction: a failure leaves none of them half-written."""
        async with self.db.session() as session, session.begin():
            await session.execute(
                text(
                    "INSERT INTO meal_outcomes (meal_id, uid, liked, cooked_again, tags, notes) "
                    "VALUES (:meal_id, :uid, :liked, :cooked_again, :tags, :notes)"
                ),
                {
                    "meal_id": meal_id,
                    "uid": uid,
                    "liked": liked,
                    "cooked_again": cooked_again,
                    "tags": list(tags),
                    "notes": notes,
                },
            )
            for key, delta in facts.items():
                await session.execute(
                    text(
                        "INSERT INTO preference_facts (uid, fact_key, strength, updated_at) "
                        "VALUES (:uid, :key, GREATEST(-5, LEAST(5, :delta)), now()) "
                        "ON CONFLICT (uid, fact_key) DO UPDATE SET "
                        "strength = GREATEST(-5, LEAST(5, preference_facts.strength + :delta)), "
                        "updated_at = now()"
                    ),
                    {"uid": uid, "key": key, "delta": delta},
                )
            for memory, vector in memories:
                await session.execute(
                    text(
                        "INSERT INTO memory_items (uid, meal_id, text, embedding) "
                        "VALUES (:uid, :meal_id, :text, CAST(:embedding AS vector))"
                    ),
                    {"uid": uid, "meal_id": meal_id, "text": memory, "embedding": _vector(vector)},
                )

    # facts and memories ---------------------------------------------------------------------

    async def facts(self, uid: uuid.UUID, *, limit: int = 10) -> list[tuple[str, float]]:
        """The strongest facts first (by absolute strength), then by key."""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT fact_key, strength FROM preference_facts WHERE uid = :uid "
                    "AND strength <> 0 ORDER BY abs(strength) DESC, fact_key LIMIT :limit"
                ),
                {"uid": uid, "limit": limit},
            )
            return [(r.fact_key, float(r.strength)) for r in rows]

    async def soft_context(
        self, uid: uuid.UUID, *, limit: int = 10
    ) -> tuple[list[tuple[str, float]], bool]:
        """The strongest facts and whether the user has memory items, in one round trip."""
        async with self.db.reading() as session:
            rows = (await session.execute(text(
                "SELECT f.fact_key, f.strength, "
                "EXISTS (SELECT 1 FROM memory_items m WHERE m.uid = :uid) AS has_memories "
                "FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT fact_key, strength "
                "FROM preference_facts WHERE uid = :uid AND strength <> 0 "
                "ORDER BY abs(strength) DESC, fact_key LIMIT :limit) AS f ON true"
            ), {"uid": uid, "limit": limit})).all()  # fmt: skip
        facts = [(r.fact_key, float(r.strength)) for r in rows if r.fact_key is not None]
        return facts, bool(rows and rows[0].has_memories)

    async def has_memories(self, uid: uuid.UUID) -> bool:
        async with self.db.reading() as session:
            row = await session.execute(
                text("SELECT EXISTS (SELECT 1 FROM memory_items WHERE uid = :uid)"), {"uid": uid}
            )
            return bool(row.scalar_one())

    async def memories(self, uid: uuid.UUID, query: np.ndarray, *, k: int = 5) -> list[MemoryRow]:
        """The user's k memory items closest to `query` (exact: one person's items are few)."""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT text, 1 - (embedding <=> CAST(:q AS vector)) AS similarity, "
                    "created_at FROM memory_items WHERE uid = :uid "
                    "ORDER BY embedding <=> CAST(:q AS vector), id LIMIT :k"
                ),
                {"uid": uid, "q": _vector(query), "k": k},
            )
            return [MemoryRow(r.text, float(r.similarity), r.created_at) for r in rows]

    # images ---------------------------------------------------------------------------------

    async def save_image(
        self,
        *,
        uid: uuid.UUID,
        content_hash: str,
        media_type: str,
        size: int,
        session_id: uuid.UUID | None,
    ) -> None:
        async with self.db.session() as session, session.begin():
            await session.execute(
                text(
                    "INSERT INTO meal_images "
                    "(uid, content_hash, media_type, size_bytes, session_id) "
                    "VALUES (:uid, :hash, :media_type, :size, :session_id) "
                    "ON CONFLICT (uid, content_hash) DO UPDATE SET session_id = EXCLUDED.session_id"
                ),
                {
                    "uid": uid,
                    "hash": content_hash,
                    "media_type": media_type,
                    "size": size,
                    "session_id": session_id,
                },
            )


def _vector(values: np.ndarray) -> str:
    return "[" + ",".join(f"{float(v):.6f}" for v in values) + "]"
