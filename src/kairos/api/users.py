"""`/users/{uid}`: profiles and user tokens, called server-to-server with X-Service-Token."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Response, status
from pydantic import BaseModel, ConfigDict, Field

from kairos.api.deps import PathUid, RuntimeDep, ServiceAuth
from kairos.core.allergy_change import AllergyChange
from kairos.profiles.schemas import UserCreate, UserPublic, UserUpdate

router = APIRouter(prefix="/users", tags=["users"], dependencies=[ServiceAuth])

_RESPONSES: dict[int | str, dict[str, str]] = {
    401: {"description": "missing or wrong X-Service-Token"},
    404: {"description": "no such user"},
}


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ttl_seconds: int | None = Field(
        default=None, ge=60, le=86400, description="lifetime; default KAIROS_USER_TOKEN_TTL_SECONDS"
    )


class UserToken(BaseModel):
    uid: str
    token: str = Field(description="send as 'Authorization: Bearer <token>'")
    token_type: str = "bearer"
    expires_at: datetime


@router.post(
    "/{uid}",
    status_code=status.HTTP_201_CREATED,
    responses={**_RESPONSES, 409: {"description": "the user exists already"}},
)
async def create_user(uid: PathUid, body: UserCreate, runtime: RuntimeDep) -> UserPublic:
    """Create a profile for a uid issued by the caller (Kairos never invents uids)."""
    return await runtime.profiles.create(uid, body)


@router.get("/{uid}", responses=_RESPONSES)
async def get_user(uid: PathUid, runtime: RuntimeDep) -> UserPublic:
    return await runtime.profiles.get(uid)


@router.patch("/{uid}", responses=_RESPONSES)
async def update_preferences(uid: PathUid, body: UserUpdate, runtime: RuntimeDep) -> UserPublic:
    """Preference keys sent replace the stored ones; keys not sent are kept."""
    return await runtime.profiles.update_preferences(uid, body.preferences)


@router.patch("/{uid}/allergies", responses=_RESPONSES)
async def update_allergies(uid: PathUid, body: AllergyChange, runtime: RuntimeDep) -> UserPublic:
    """The only way allergies change, and a partial update: a field not sent changes nothing.

    `confirmed` and `intolerances` each replace their list, but an anaphylactic allergy leaves
    the profile only when it is named (`remove`, or a new `severity` for it); `severity` sets the
    entries it names; `remove` takes entries out. Sending `{}` changes nothing.
    """
    return await runtime.profiles.change_allergies(uid, body)


@router.delete("/{uid}/allergies", responses=_RESPONSES)
async def clear_allergies(uid: PathUid, runtime: RuntimeDep) -> UserPublic:
    """Removes every allergy and intolerance, anaphylactic ones included."""
    return await runtime.profiles.clear_allergies(uid)


@router.delete("/{uid}", status_code=status.HTTP_204_NO_CONTENT, responses=_RESPONSES)
async def delete_user(uid: PathUid, runtime: RuntimeDep) -> Response:
    """Removes the user, their interactions and their cached feed."""
    await runtime.profiles.delete(uid)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/{uid}/tokens", status_code=status.HTTP_201_CREATED, responses=_RESPONSES)
async def issue_token(uid: PathUid, body: TokenRequest, runtime: RuntimeDep) -> UserToken:
    """A signed, expiring token a person's client sends as `Authorization: Bearer …`."""
    user = await runtime.profiles.get(uid)
    ttl = body.ttl_seconds or runtime.settings.user_token_ttl_seconds
    issued = runtime.tokens.issue_user_token(uid, user.account, ttl)
    return UserToken(uid=str(uid), token=issued.token, expires_at=issued.expires_at)


@router.delete("/{uid}/tokens", status_code=status.HTTP_204_NO_CONTENT, responses=_RESPONSES)
async def revoke_tokens(uid: PathUid, runtime: RuntimeDep) -> Response:
    """Every user token issued until now stops working (signing out everywhere)."""
    await runtime.profiles.revoke_tokens(uid)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
