"""The planner's rows: plans (the request, the members and the result, shareable by id), votes,
pending actions, and the risk events the critic writes and the scout reads (seed 002's
`VENUE_RISK_EVENTS`, de-duplicated on venue, kind and description). Plain SQL, keyword-only."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, text
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.types import BigInteger

from kairos.store.database import Database

__all__ = ["NewRiskEvent", "PlanStore", "StoredAction", "StoredPlan", "StoredRiskEvent"]


@dataclass(frozen=True, slots=True)
class StoredPlan:
    id: uuid.UUID
    owner: uuid.UUID
    prompt: str
    request: dict[str, Any]
    members: list[str]
    result: dict[str, Any]
    version: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StoredAction:
    id: uuid.UUID
    plan_id: uuid.UUID
    kind: str
    status: str
    payload: dict[str, Any]
    outcome: dict[str, Any]


@dataclass(frozen=True, slots=True)
class NewRiskEvent:
    place_id: int
    venue_name: str
    description: str
    severity: str
    kind: str
    weather_context: str | None = None


@dataclass(frozen=True, slots=True)
class StoredRiskEvent:
    place_id: int
    description: str
    severity: str
    kind: str
    weather_context: str | None
    times_seen: int
    first_seen: datetime
    last_seen: datetime


_SAVE_PLAN = text(
    "INSERT INTO plans (id, owner, prompt, request, members, result) VALUES (:id, :owner, "
    ":prompt, CAST(:request AS jsonb), CAST(:members AS jsonb), CAST(:result AS jsonb))"
)
_LOAD_PLAN = text(
    "SELECT id, owner, prompt, request, members, result, version, created_at FROM plans "
    "WHERE id = :id"
)
_VOTE = text(
    "INSERT INTO plan_votes (plan_id, member, venue_id, vote) VALUES (:plan, :member, :venue, "
    ":vote) ON CONFLICT (plan_id, member, venue_id) DO UPDATE SET vote = EXCLUDED.vote, "
    "updated_at = now()"
)
_VOTES = text("SELECT venue_id, member, vote FROM plan_votes WHERE plan_id = :plan")
_RISKS_READ = text(
    "SELECT place_id, description, severity, kind, weather_context, times_seen, first_seen, "
    "last_seen FROM venue_risk_events WHERE place_id = ANY(:ids) ORDER BY last_seen DESC"
).bindparams(bindparam("ids", type_=ARRAY(BigInteger)))
_RISK_WRITE = text(
    "INSERT INTO venue_risk_events (place_id, venue_name, description, severity, kind, "
    "weather_context) VALUES (:place_id, :venue_name, :description, :severity, :kind, "
    ":weather_context) ON CONFLICT (place_id, kind, description) DO UPDATE SET "
    "times_seen = venue_risk_events.times_seen + 1, last_seen = now(), "
    "severity = EXCLUDED.severity, weather_context = EXCLUDED.weather_context"
)
_ACTION_SAVE = text(
    "INSERT INTO plan_actions (id, plan_id, kind, status, payload) VALUES (:id, :plan, :kind, "
    ":status, CAST(:payload AS jsonb))"
)
_ACTION_LOAD = text(
    "SELECT id, plan_id, kind, status, payload, outcome FROM plan_actions "
    "WHERE id = :id AND plan_id = :plan"
)
_ACTION_STATUS = text(
    "UPDATE plan_actions SET status = :status, outcome = CAST(:outcome AS jsonb), "
    "updated_at = now() WHERE id = :id"
)


class PlanStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def save_plan(
        self,
        *,
        plan_id: uuid.UUID,
        owner: uuid.UUID,
        prompt: str,
        request: dict[str, Any],
        members: Sequence[str],
        result: dict[str, Any],
    ) -> None:
        async with self.db.session() as session, session.begin():
            await session.execute(
                _SAVE_PLAN,
                {
                    "id": plan_id,
                    "owner": owner,
                    "prompt": prompt,
                    "request": json.dumps(request, default=str),
                    "members": json.dumps(list(members)),
                    "result": json.dumps(result, default=str),
                },
            )

    async def plan(self, plan_id: uuid.UUID) -> StoredPlan | None:
        async with self.db.reading() as conn:
            row = (await conn.execute(_LOAD_PLAN, {"id": plan_id})).first()
        if row is None:
            return None
        return StoredPlan(
            row.id,
            row.owner,
            row.prompt,
            row.request,
            row.members,
            row.result,
            row.version,
            row.created_at,
        )

    async def vote(self, *, plan_id: uuid.UUID, member: str, venue_id: str, vote: str) -> None:
        async with self.db.session() as session, session.begin():
            await session.execute(
                _VOTE, {"plan": plan_id, "member": member, "venue": venue_id, "vote": vote}
            )

    async def votes(self, plan_id: uuid.UUID) -> dict[str, dict[str, str]]:
        """venue id → member → vote."""
        async with self.db.reading() as conn:
            rows = (await conn.execute(_VOTES, {"plan": plan_id})).all()
        found: dict[str, dict[str, str]] = {}
        for venue, member, vote in rows:
            found.setdefault(venue, {})[member] = vote
        return found

    async def risk_events(self, place_ids: Sequence[int]) -> dict[int, list[StoredRiskEvent]]:
        if not place_ids:
            return {}
        async with self.db.reading() as conn:
            rows = (await conn.execute(_RISKS_READ, {"ids": list(place_ids)})).all()
        found: dict[int, list[StoredRiskEvent]] = {}
        for r in rows:
            found.setdefault(r.place_id, []).append(
                StoredRiskEvent(
                    r.place_id,
                    r.description,
                    r.severity,
                    r.kind,
                    r.weather_context,
                    r.times_seen,
                    r.first_seen,
                    r.last_seen,
                )
            )
        return found

    async def record_risk_events(self, events: Sequence[NewRiskEvent]) -> int:
        """Each (venue, kind, description) is one row; seeing it again counts it."""
        if not events:
            return 0
        unique = {(e.place_id, e.kind, e.description): e for e in events}
        async with self.db.session() as session, session.begin():
            await session.execute(
                _RISK_WRITE,
                [
                    {
                        "place_id": e.place_id,
                        "venue_name": e.venue_name,
                        "description": e.description,
                        "severity": e.severity,
                        "kind": e.kind,
                        "weather_context": e.weather_context,
                    }
                    for e in unique.values()
                ],
            )
        return len(unique)

    async def save_action(
        self, *, action_id: uuid.UUID, plan_id: uuid.UUID, kind: str, payload: dict[str, Any]
    ) -> None:
        async with self.db.session() as session, session.begin():
            await session.execute(
                _ACTION_SAVE,
                {
                    "id": action_id,
                    "plan": plan_id,
                    "kind": kind,
                    "status": "proposed",
                    "payload": json.dumps(payload, default=str),
                },
            )

    async def action(self, plan_id: uuid.UUID, action_id: uuid.UUID) -> StoredAction | None:
        async with self.db.reading() as conn:
            row = (await conn.execute(_ACTION_LOAD, {"id": action_id, "plan": plan_id})).first()
        if row is None:
            return None
        return StoredAction(row.id, row.plan_id, row.kind, row.status, row.payload, row.outcome)

    async def set_action_status(
        self, action_id: uuid.UUID, status: str, outcome: dict[str, Any]
    ) -> None:
        async with self.db.session() as session, session.begin():
            await session.execute(
                _ACTION_STATUS,
                {"id": action_id, "status": status, "outcome": json.dumps(outcome, default=str)},
            )
