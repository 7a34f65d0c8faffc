"""Database functions for users. Keyword-only arguments; callers own the transaction."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import Row, bindparam, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.core.allergy_profile import AllergyProfile, flags
from kairos.core.fit_scorer import TastePreferences
from kairos.errors import Conflict
from kairos.profiles.cook import CookProfile
from kairos.profiles.planner import PlannerPreferences
from kairos.profiles.schemas import UserPublic
from kairos.profiles.travel import TravelPreferences
from kairos.store.tables import User


def _denormalised(preferences: TastePreferences, allergies: AllergyProfile) -> dict[str, Any]:
    """The flat arrays kept beside the JSON for GIN-indexed queries."""
    return {
        "preferences": preferences.model_dump(mode="json"),
        "allergies": allergies.model_dump(mode="json"),
        "allergy_flags": flags(allergies),
        "dietary_flags": list(preferences.dietary),
        "vibe_tags": list(preferences.vibes),
        "preferred_price_tiers": list(preferences.price_comfort),
    }


def to_public(user: User | Row[Any] | SimpleNamespace) -> UserPublic:
    return UserPublic(
        uid=user.uid,
        preferences=TastePreferences.model_validate(user.preferences or {}),
        allergies=AllergyProfile.model_validate(user.allergies or {}),
        cook=CookProfile.model_validate(user.cook or {}),
        planner=PlannerPreferences.model_validate(user.planner or {}),
        travel=TravelPreferences.model_validate(user.travel or {}),
        allergy_flags=user.allergy_flags,
        dietary_flags=user.dietary_flags,
        vibe_tags=user.vibe_tags,
        preferred_price_tiers=user.preferred_price_tiers,
        interaction_count=user.interaction_count,
        version=user.version,
        tokens_not_before=user.tokens_not_before,
        demo_session=user.demo_session,
        recent_cities=getattr(user, "recent_cities", None),
        last_active_at=user.last_active_at,
        created_at=user.created_at,
    )


# Every request reads its user: a plain row of the table, not an ORM object (no identity map, no
# load events) — a third of a warm feed read's CPU went to `Session.get`.
_USER_ROW = select(User.__table__).where(User.__table__.c.uid == bindparam("uid"))
# The user's row, and (for a feed that has no home city to go by) the city of their latest
# request in each product: one statement, where a second read cost a warm feed 0.2 ms of its 1.5.
USER_ROW_SQL = (
    "SELECT u.*, COALESCE(("
    "SELECT jsonb_object_agg(latest.product, latest.city) FROM ("
    "SELECT DISTINCT ON (c.product) c.product, c.state #>> '{request,filters,city}' AS city "
    "FROM conversations c WHERE c.uid = u.uid "
    "AND c.state #>> '{request,filters,city}' IS NOT NULL "
    "ORDER BY c.product, c.updated_at DESC) latest"
    "), '{}'::jsonb) AS recent_cities "
    "FROM users u WHERE u.uid = :uid"
)


async def get_user(session: AsyncSession, *, uid: uuid.UUID) -> UserPublic | None:
    row = (await session.execute(_USER_ROW, {"uid": uid})).first()
    return to_public(row) if row else None


async def create_user(
    session: AsyncSession,
    *,
    uid: uuid.UUID,
    preferences: TastePreferences,
    allergies: AllergyProfile,
    cook: CookProfile | None = None,
    demo_session: str | None = None,
) -> UserPublic:
    stmt = (
        pg_insert(User)
        .values(
            uid=uid,
            demo_session=demo_session,
            cook=(cook or CookProfile()).model_dump(mode="json"),
            **_denormalised(preferences, allergies),
        )
        .on_conflict_do_nothing()
        .returning(User.uid)
    )
    if (await session.execute(stmt)).scalar_one_or_none() is None:
        raise Conflict(f"user {uid} already exists; change it with PATCH /users/{uid}")
    await session.flush()
    created = await get_user(session, uid=uid)
    assert created is not None
    return created


async def lock_user(session: AsyncSession, *, uid: uuid.UUID) -> UserPublic | None:
    """The user, with its row locked until the transaction ends: a read-modify-write between
    this and `save_profile` cannot interleave with another writer's (no lost updates)."""
    row = await session.execute(
        select(User)
        .where(User.uid == uid)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    user = row.scalar_one_or_none()
    return to_public(user) if user else None


async def save_profile(
    session: AsyncSession,
    *,
    uid: uuid.UUID,
    preferences: TastePreferences,
    allergies: AllergyProfile,
) -> UserPublic | None:
    """Writes the profile and bumps its version; call it after `lock_user` in one transaction."""
    result = await session.execute(
        update(User)
        .where(User.uid == uid)
        .values(**_denormalised(preferences, allergies), version=User.version + 1)
        .returning(User.uid)
    )
    if result.scalar_one_or_none() is None:
        return None
    return await get_user(session, uid=uid)


SAVE_AT_VERSION_SQL = (
    "UPDATE users SET preferences = CAST(:preferences AS jsonb),"
    " allergies = CAST(:allergies AS jsonb), allergy_flags = CAST(:allergy_flags AS text[]),"
    " dietary_flags = CAST(:dietary_flags AS text[]), vibe_tags = CAST(:vibe_tags AS text[]),"
    " preferred_price_tiers = CAST(:preferred_price_tiers AS text[]),"
    " version = version + 1, updated_at = now()"
    " WHERE uid = :uid AND version = :version RETURNING *"
)
"""`save_profile` as one compare-and-set statement: it writes only while the row is still at the
version the caller read (for `Database.fetch`; parameters from `profile_at_version`)."""


def profile_at_version(
    uid: uuid.UUID, version: int, preferences: TastePreferences, allergies: AllergyProfile
) -> dict[str, Any]:
    values = _denormalised(preferences, allergies)
    return {
        **values,
        "preferences": json.dumps(values["preferences"]),
        "allergies": json.dumps(values["allergies"]),
        "uid": uid,
        "version": version,
    }


ProfilePart = Literal["cook", "planner", "travel"]
"""The products' own parts of the profile, each a JSONB column of `users`."""


async def save_part(
    session: AsyncSession, *, uid: uuid.UUID, part: ProfilePart, value: BaseModel
) -> UserPublic | None:
    """Writes one product's part of the profile and bumps the version; call it after
    `lock_user`."""
    result = await session.execute(
        update(User)
        .where(User.uid == uid)
        .values({part: value.model_dump(mode="json"), "version": User.version + 1})
        .returning(User.uid)
    )
    if result.scalar_one_or_none() is None:
        return None
    return await get_user(session, uid=uid)


async def delete_user(session: AsyncSession, *, uid: uuid.UUID) -> bool:
    """Interactions go with the user (ON DELETE CASCADE)."""
    result = await session.execute(delete(User).where(User.uid == uid).returning(User.uid))
    return result.scalar_one_or_none() is not None


async def user_exists(session: AsyncSession, *, uid: uuid.UUID) -> bool:
    return (await session.execute(select(User.uid).where(User.uid == uid))).first() is not None


async def revoke_tokens(session: AsyncSession, *, uid: uuid.UUID) -> bool:
    """User tokens issued before now are refused from now on. The clock is this process's, the
    one that stamps the tokens, not the database server's."""
    result = await session.execute(
        update(User)
        .where(User.uid == uid)
        .values(tokens_not_before=datetime.now(UTC))
        .returning(User.uid)
    )
    return result.scalar_one_or_none() is not None


async def users_of_demo_session(
    session: AsyncSession, *, owner_key: str, limit: int
) -> list[UserPublic]:
    rows = await session.execute(
        select(User)
        .where(User.demo_session == owner_key)
        .order_by(User.created_at.desc(), User.uid)
        .limit(limit)
    )
    return [to_public(user) for user in rows.scalars()]
