"""Conversation state in the database: what a product keeps between the turns of a session.

A product stores a small JSON document per (user, product, session) — the restaurant product
keeps the last request, so "anything cheaper?" refines it — and reads it back on the next turn,
from any process and after a restart. State older than the product's time-to-live is ignored
(and swept), so an old session starts afresh. No transcript is stored here.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete

from kairos.store.database import Database
from kairos.store.tables import Conversation

__all__ = ["ConversationStore", "StoredConversation", "recent_request_city"]

# Plain SQL on the turn's hot path: two statements per chat turn, compiled once by PostgreSQL.
_LOAD = (
    "SELECT state, turns, updated_at FROM conversations "
    "WHERE uid = :uid AND product = :product AND session_id = :session_id"
)
_SAVE = (
    "INSERT INTO conversations (uid, product, session_id, state, turns, created_at, updated_at) "
    "VALUES (:uid, :product, :session_id, CAST(:state AS jsonb), 1, :now, :now) "
    "ON CONFLICT (uid, product, session_id) DO UPDATE SET state = EXCLUDED.state, "
    "turns = CASE WHEN conversations.updated_at < :expired THEN 1 "
    "ELSE conversations.turns + 1 END, updated_at = :now RETURNING turns"
)


@dataclass(frozen=True, slots=True)
class StoredConversation:
    state: dict[str, Any]
    turns: int
    updated_at: datetime


class ConversationStore:
    def __init__(self, db: Database, product: str, *, ttl: timedelta) -> None:
        self.db = db
        self.product = product
        self.ttl = ttl

    async def load(self, uid: uuid.UUID, session_id: str) -> StoredConversation | None:
        """The session's state, or None when there is none or it has expired."""
        rows = await self.db.fetch(
            _LOAD, {"uid": uid, "product": self.product, "session_id": session_id}
        )
        if not rows or rows[0]["updated_at"] < datetime.now(UTC) - self.ttl:
            return None
        state, turns, updated_at = rows[0]
        return StoredConversation(dict(state), int(turns), updated_at)

    async def save(self, uid: uuid.UUID, session_id: str, state: dict[str, Any]) -> int:
        """Replace the session's state and count the turn; returns the turn's index (1-based).
        A session that had expired starts counting again."""
        now = datetime.now(UTC)
        params = {
            "uid": uid, "product": self.product, "session_id": session_id,
            "state": json.dumps(state), "now": now, "expired": now - self.ttl,
        }  # fmt: skip
        (row,) = await self.db.fetch(_SAVE, params)  # one statement: atomic without BEGIN
        return int(row["turns"])

    async def sweep(self) -> int:
        """Delete expired conversations; returns how many went."""
        cutoff = datetime.now(UTC) - self.ttl
        async with self.db.session() as session, session.begin():
            result = await session.execute(
                delete(Conversation)
                .where(Conversation.product == self.product, Conversation.updated_at < cutoff)
                .returning(Conversation.session_id)
            )
            return len(result.all())


_RECENT_CITY = (
    "SELECT state #>> '{request,filters,city}' AS city FROM conversations "
    "WHERE uid = :uid AND product = :product "
    "AND state #>> '{request,filters,city}' IS NOT NULL "
    "ORDER BY updated_at DESC LIMIT 1"
)


async def recent_request_city(db: Database, uid: uuid.UUID, product: str) -> str | None:
    """The city of the user's most recent stored request in `product`, if it named one (read
    on every feed request without a home city: plain SQL, only the one field)."""
    rows = await db.fetch(_RECENT_CITY, {"uid": uid, "product": product})
    city = rows[0]["city"] if rows else None
    return str(city) if city else None
