"""Development-only demo session for the browser UI.

The browser must never hold the service token, so in development the API offers a session:
`POST /demo/session` sets a signed, HttpOnly cookie naming a random session id and the user it
acts as, creating that user if needed. A session sees and changes only the users it created
(`users.demo_session` holds a hash of its id), so knowing another user's id gets a browser
nothing. Outside development (`KAIROS_ENV` != development, or `KAIROS_DEMO_SESSION=false`) these
routes answer 404 and the cookie is ignored everywhere.
"""

from __future__ import annotations

import dataclasses
import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict

from kairos.api.deps import DEMO_COOKIE, DemoSessionDep, RuntimeDep, SettingsDep
from kairos.core.allergy_change import AllergyChange
from kairos.core.allergy_profile import AllergyProfile
from kairos.errors import NotFound
from kairos.profiles import repository
from kairos.profiles.schemas import TasteInput, UserCreate, UserPublic
from kairos.profiles.tokens import DemoSession

COOKIE_TTL_SECONDS = 7 * 86400
DEMO_PREFERENCES = TasteInput(
    cuisine_affinity=["thai", "italian"], vibes=["quiet", "romantic"], price_comfort=["$$"]
)


async def demo_enabled(settings: SettingsDep) -> None:
    if not settings.demo_session_enabled:
        raise NotFound("the demo session exists only in development (KAIROS_ENV=development)")


router = APIRouter(
    prefix="/demo",
    tags=["demo (development only)"],
    dependencies=[Depends(demo_enabled)],
    responses={404: {"description": "off (not development), no session, or no such user"}},
)


class SessionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    uid: uuid.UUID | None = None


class DemoProfile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preferences: TasteInput


async def session_user(runtime: RuntimeDep, demo: DemoSessionDep) -> UserPublic:
    if demo is None or demo.uid is None:
        raise NotFound("no demo session yet; start one with POST /demo/session")
    return await _owned_user(runtime, demo, demo.uid)


SessionUser = Annotated[UserPublic, Depends(session_user)]


async def _owned_user(runtime: RuntimeDep, demo: DemoSession, uid: uuid.UUID) -> UserPublic:
    """The user, if this session created it; 404 otherwise, so ids of others reveal nothing."""
    try:
        user = await runtime.profiles.get(uid)
    except NotFound:
        user = None
    if user is None or user.demo_session != demo.owner_key:
        raise NotFound(f"this demo session has no user {uid}; start one with POST /demo/session")
    return user


@router.post("/session")
async def start_session(
    body: SessionRequest,
    request: Request,
    response: Response,
    runtime: RuntimeDep,
    demo: DemoSessionDep,
) -> UserPublic:
    """Switch to one of this session's users by uid, or create a fresh demo user."""
    session = demo or DemoSession.new()
    if body.uid is not None:
        user = await _owned_user(runtime, session, body.uid)
    else:
        user = await runtime.profiles.create(
            uuid.uuid4(),
            UserCreate(preferences=DEMO_PREFERENCES, allergies=AllergyProfile()),
            demo_session=session.owner_key,
        )
    cookie = runtime.tokens.demo_cookie(
        dataclasses.replace(session, uid=user.uid), COOKIE_TTL_SECONDS
    )
    response.set_cookie(
        DEMO_COOKIE,
        cookie,
        max_age=COOKIE_TTL_SECONDS,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return user


@router.get("/users")
async def list_users(runtime: RuntimeDep, demo: DemoSessionDep) -> list[UserPublic]:
    """The users this browser's demo session created, newest first."""
    if demo is None:
        return []
    async with runtime.db.session() as session:
        return await repository.users_of_demo_session(session, owner_key=demo.owner_key, limit=20)


@router.get("/profile")
async def get_profile(user: SessionUser) -> UserPublic:
    return user


@router.patch("/profile")
async def update_profile(body: DemoProfile, user: SessionUser, runtime: RuntimeDep) -> UserPublic:
    """Preference keys sent replace the stored ones; keys not sent are kept."""
    return await runtime.profiles.update_preferences(user.uid, body.preferences)


@router.patch("/allergies")
async def update_allergies(
    body: AllergyChange, user: SessionUser, runtime: RuntimeDep
) -> UserPublic:
    """The same partial update as `PATCH /users/{uid}/allergies`: `{}` changes nothing, and an
    anaphylactic allergy leaves only when named in `remove`."""
    return await runtime.profiles.change_allergies(user.uid, body)
