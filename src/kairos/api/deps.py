"""Shared request dependencies: the runtime, service-token auth and the X-User-ID check."""

from __future__ import annotations

import hmac
import uuid
from typing import Annotated

from fastapi import Depends, Header, Path, Request

from kairos.errors import BadRequest, Forbidden, NotFound, Unauthorized
from kairos.profiles import repository
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.settings import Settings


# Dependencies that do no I/O are `async def`: FastAPI runs a plain `def` dependency in a worker
# thread, and those hops were most of a cached feed's time in the server.
async def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


async def get_app_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SettingsDep = Annotated[Settings, Depends(get_app_settings)]


def parse_uid(value: str, what: str) -> uuid.UUID:
    try:
        return uuid.UUID(value.strip())
    except ValueError as exc:
        raise BadRequest(
            f"{what} must be a UUID such as 3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80, got {value!r}"
        ) from exc


async def require_service_token(
    settings: SettingsDep,
    x_service_token: Annotated[str | None, Header(description="shared service secret")] = None,
) -> None:
    expected = settings.service_token.get_secret_value().strip().encode()
    given = (x_service_token or "").strip().encode()
    if not given:
        raise Unauthorized("send the service secret in the X-Service-Token header")
    if not hmac.compare_digest(given, expected):
        raise Unauthorized("the X-Service-Token header does not match KAIROS_SERVICE_TOKEN")


async def path_uid(uid: Annotated[str, Path(description="the user's UUID")]) -> uuid.UUID:
    return parse_uid(uid, "the {uid} in the path")


async def require_user(
    runtime: RuntimeDep,
    uid: Annotated[uuid.UUID, Depends(path_uid)],
    x_user_id: Annotated[str | None, Header(description="UUID of the signed-in user")] = None,
) -> UserPublic:
    """The caller's X-User-ID must be a UUID, name the user in the path, and exist."""
    if not x_user_id:
        raise BadRequest("send the signed-in user's UUID in the X-User-ID header")
    caller = parse_uid(x_user_id, "X-User-ID")
    if caller != uid:
        raise Forbidden("X-User-ID does not match the user in the path; a user sees only their own")
    return await existing_user(runtime, uid)


async def existing_user(runtime: Runtime, uid: uuid.UUID) -> UserPublic:
    async with runtime.db.session() as session:
        user = await repository.get_user(session, uid=uid)
    if user is None:
        raise NotFound(f"no user {uid}; create it first with POST /users/{uid}")
    return user


ServiceAuth = Depends(require_service_token)
CurrentUser = Annotated[UserPublic, Depends(require_user)]
PathUid = Annotated[uuid.UUID, Depends(path_uid)]
