"""Development-only demo session for the browser UI.

The browser must never hold the service token, so in development the API offers a session for a
demo user: `POST /demo/session` creates (or picks) a user and sets an HttpOnly cookie; the
`/demo/profile` and `/demo/allergies` routes then change that user's profile through the same
repository functions as `/users`. Outside development (`KAIROS_ENV` != development, or
`KAIROS_DEMO_SESSION=false`) these routes answer 404.
"""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Cookie, Depends, Response
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select

from kairos.api.deps import RuntimeDep, SettingsDep, existing_user, parse_uid
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.errors import NotFound
from kairos.profiles import repository
from kairos.profiles.schemas import AllergyUpdate, UserPublic
from kairos.store.tables import User

COOKIE = "kairos_demo_uid"
DEMO_PREFERENCES = TastePreferences(
    cuisine_affinity=["thai", "italian"], vibes=["quiet", "romantic"], price_comfort=["$$"]
)


async def demo_enabled(settings: SettingsDep) -> None:
    if not settings.demo_session_enabled:
        raise NotFound("the demo session exists only in development (KAIROS_ENV=development)")


router = APIRouter(
    prefix="/demo",
    tags=["demo (development only)"],
    responses={404: {"description": "off (not development), no session, or no such user"}},
)
Enabled = Depends(demo_enabled)


class SessionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    uid: uuid.UUID | None = None


class DemoProfile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preferences: TastePreferences


async def session_user(
    runtime: RuntimeDep, kairos_demo_uid: Annotated[str | None, Cookie()] = None
) -> UserPublic:
    if not kairos_demo_uid:
        raise NotFound("no demo session yet; start one with POST /demo/session")
    return await existing_user(runtime, parse_uid(kairos_demo_uid, "the demo session cookie"))


SessionUser = Annotated[UserPublic, Depends(session_user)]


@router.post("/session", dependencies=[Enabled])
async def start_session(
    body: SessionRequest, response: Response, runtime: RuntimeDep
) -> UserPublic:
    """Pick an existing user by uid, or create a fresh demo user."""
    if body.uid is not None:
        user = await existing_user(runtime, body.uid)
    else:
        async with runtime.db.session() as session, session.begin():
            user = await repository.create_user(
                session, uid=uuid.uuid4(), preferences=DEMO_PREFERENCES, allergies=AllergyProfile()
            )
        await runtime.profile_changed(user.uid)
    response.set_cookie(COOKIE, str(user.uid), httponly=True, samesite="strict")
    return user


@router.get("/users", dependencies=[Enabled])
async def list_users(runtime: RuntimeDep) -> list[UserPublic]:
    """The most recently active users, to pick one in the UI."""
    async with runtime.db.session() as session:
        rows = await session.execute(
            select(User).order_by(User.created_at.desc(), User.uid).limit(20)
        )
        return [repository.to_public(u) for u in rows.scalars()]


@router.get("/profile", dependencies=[Enabled])
async def get_profile(user: SessionUser) -> UserPublic:
    return user


@router.patch("/profile", dependencies=[Enabled])
async def update_profile(body: DemoProfile, user: SessionUser, runtime: RuntimeDep) -> UserPublic:
    return await _save(runtime, user, body.preferences, user.allergies)


@router.patch("/allergies", dependencies=[Enabled])
async def update_allergies(
    body: AllergyUpdate, user: SessionUser, runtime: RuntimeDep
) -> UserPublic:
    """Replaces the allergy profile with the one sent (the UI always sends it whole)."""
    return await _save(
        runtime, user, user.preferences, AllergyProfile.model_validate(body.model_dump())
    )


async def _save(
    runtime: RuntimeDep, user: UserPublic, preferences: TastePreferences, allergies: AllergyProfile
) -> UserPublic:
    async with runtime.db.session() as session, session.begin():
        saved = await repository.save_profile(
            session, uid=user.uid, preferences=preferences, allergies=allergies
        )
    if saved is None:
        raise NotFound(f"user {user.uid} no longer exists; start a new demo session")
    await runtime.profile_changed(user.uid)
    return saved
