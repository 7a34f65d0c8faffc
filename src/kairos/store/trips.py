"""Trips: the request, the ordered edits and the last itinerary built from them. Writes take the
row lock, so two edits of one trip in two processes apply one after the other."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text

from kairos.store.database import Database

__all__ = ["StoredTrip", "TripStore"]


@dataclass(frozen=True, slots=True)
class StoredTrip:
    id: uuid.UUID
    owner: uuid.UUID
    request: dict[str, Any]
    edits: list[dict[str, Any]]
    itinerary: dict[str, Any]
    version: int


_COLUMNS = "id, owner, request, edits, itinerary, version"


def _trip(row: Any) -> StoredTrip:
    return StoredTrip(
        row.id, row.owner, dict(row.request), list(row.edits), dict(row.itinerary), row.version
    )


class TripStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self,
        *,
        owner: uuid.UUID,
        request: dict[str, Any],
        itinerary: dict[str, Any],
        trip_id: uuid.UUID | None = None,
    ) -> StoredTrip:
        """Stores a new trip under `trip_id` (a new one when not given): the itinerary should
        carry the same id, since reads return it as stored."""
        trip_id = trip_id or uuid.uuid4()
        async with self.db.session() as session, session.begin():
            await session.execute(
                text(
                    "INSERT INTO trips (id, owner, request, itinerary) VALUES (:id, :owner, "
                    "CAST(:request AS jsonb), CAST(:itinerary AS jsonb))"
                ),
                {
                    "id": trip_id,
                    "owner": owner,
                    "request": json.dumps(request, default=str),
                    "itinerary": json.dumps(itinerary, default=str),
                },
            )
        return StoredTrip(trip_id, owner, request, [], itinerary, 1)

    async def get(self, trip_id: uuid.UUID) -> StoredTrip | None:
        async with self.db.reading() as session:
            row = (
                await session.execute(
                    text(f"SELECT {_COLUMNS} FROM trips WHERE id = :id"), {"id": trip_id}
                )
            ).first()
        return _trip(row) if row else None

    async def update(
        self,
        trip_id: uuid.UUID,
        *,
        request: dict[str, Any],
        edits: list[dict[str, Any]],
        itinerary: dict[str, Any],
        expected_version: int,
    ) -> StoredTrip | None:
        """None when another edit landed first (the caller retries on the new version)."""
        async with self.db.session() as session, session.begin():
            row = (
                await session.execute(
                    text(
                        "UPDATE trips SET request = CAST(:request AS jsonb), edits = "
                        "CAST(:edits AS jsonb), itinerary = CAST(:itinerary AS jsonb), "
                        "version = version + 1, updated_at = now() WHERE id = :id AND "
                        f"version = :version RETURNING {_COLUMNS}"
                    ),
                    {
                        "id": trip_id,
                        "request": json.dumps(request, default=str),
                        "edits": json.dumps(edits, default=str),
                        "itinerary": json.dumps(itinerary, default=str),
                        "version": expected_version,
                    },
                )
            ).first()
        return _trip(row) if row else None
