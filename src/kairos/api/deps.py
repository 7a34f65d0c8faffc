"""Shared request dependencies: the runtime, the service token, and who a request acts for.

A request acts for a person only with a credential (docs/SECURITY.md):
1. `Authorization: Bearer <user token>`: a signed, expiring token from `POST /users/{uid}/tokens`;
2. `X-Service-Token` + `X-User-ID`: a trusted server acting for that user;
3. in development only, the demo session cookie, for the users that session created.
A bare `X-User-ID` is not a credential: it is refused with 401.
"""

from __future__ import annotations

import hmac
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Literal

from fastapi import Cookie, Depends, Header, Path, Request

from kairos.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from kairos.profiles.schemas import UserCreate, UserPublic
from kairos.profiles.tokens import DemoSession
from kairos.runtime import Runtime
from kairos.settings import Settings

DEMO_COOKIE = "kairos_demo"
NO_CREDENTIAL = (
    "this route acts for a user: send 'Authorization: Bearer <user token>' (issued by "
    "POST /users/{uid}/tokens), or X-Service-Token with X-User-ID from a trusted server"
)


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
PathUid = Annotated[uuid.UUID, Path(description="the user's UUID")]


def parse_uid(value: str, what: str) -> uuid.UUID:
    try:
        return uuid.UUID(value.strip())
    except ValueError as exc:
        raise BadRequest(
            f"{what} must be a UUID such as 3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80, got {value!r}"
        ) from exc


def service_token_matches(settings: Settings, given: str | None) -> bool:
    expected = settings.service_token.get_secret_value().strip().encode()
    return hmac.compare_digest((given or "").strip().encode(), expected)


async def require_service_token(
    settings: SettingsDep,
    x_service_token: Annotated[str | None, Header(description="shared service secret")] = None,
) -> None:
    if not x_service_token:
        raise Unauthorized("send the service secret in the X-Service-Token header")
    if not service_token_matches(settings, x_service_token):
        raise Unauthorized("the X-Service-Token header does not match KAIROS_SERVICE_TOKEN")


async def demo_session_of(
    runtime: RuntimeDep,
    settings: SettingsDep,
    kairos_demo: Annotated[str | None, Cookie(include_in_schema=False)] = None,
) -> DemoSession | None:
    """The demo session of this browser; always None outside development."""
    if not settings.demo_session_enabled:
        return None
    return runtime.tokens.demo_session(kairos_demo)


DemoSessionDep = Annotated[DemoSession | None, Depends(demo_session_of)]


@dataclass(frozen=True, slots=True)
class Credential:
    """Who a request acts for, by which credential, and (for a user token) when it was issued;
    a demo session's credential carries the session's owner key."""

    uid: uuid.UUID
    via: Literal["bearer", "service", "demo"]
    issued_at: datetime | None = None
    account: str | None = None
    demo_owner: str | None = None


@dataclass(frozen=True, slots=True)
class Presented:
    """The credentials a request carries, as sent."""

    authorization: str | None = None
    service_token: str | None = None
    user_id: str | None = None
    demo_cookie: str | None = None


def credential_of(runtime: Runtime, settings: Settings, presented: Presented) -> Credential:
    """The user a request acts for; 401 without a credential, 403 when X-User-ID disagrees.
    The demo cookie is read only when no other credential was sent."""
    claimed = parse_uid(presented.user_id, "X-User-ID") if presented.user_id else None
    credential: Credential
    if presented.authorization:
        scheme, _, token = presented.authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("the Authorization header must be 'Bearer <user token>'")
        uid, account, issued = runtime.tokens.user_of(token.strip())
        credential = Credential(uid, "bearer", issued, account)
    elif presented.service_token:
        if not service_token_matches(settings, presented.service_token):
            raise Unauthorized("the X-Service-Token header does not match KAIROS_SERVICE_TOKEN")
        if claimed is None:
            raise BadRequest("with X-Service-Token, name the user in the X-User-ID header")
        credential = Credential(claimed, "service")
    else:
        demo = (
            runtime.tokens.demo_session(presented.demo_cookie)
            if settings.demo_session_enabled
            else None
        )
        if demo is None or demo.uid is None:
            raise Unauthorized(NO_CREDENTIAL)
        credential = Credential(demo.uid, "demo", demo_owner=demo.owner_key)
    if claimed is not None and claimed != credential.uid:
        raise Forbidden("X-User-ID names another user than the credential; a user sees only theirs")
    return credential


async def user_of(runtime: Runtime, credential: Credential) -> UserPublic:
    """The stored user the credential speaks for; a user token must postdate any revocation,
    and a demo session acts only for the users it created."""
    user = await runtime.profiles.get(credential.uid)
    if credential.via == "bearer" and credential.account != user.account:
        raise Unauthorized(
            "this user token was issued to an earlier user with this id, since deleted; "
            "ask for a new one"
        )
    revoked = user.tokens_not_before
    if credential.issued_at is not None and revoked is not None and credential.issued_at < revoked:
        raise Unauthorized("this user token was revoked; ask for a new one")
    if credential.via == "demo" and user.demo_session != credential.demo_owner:
        raise Forbidden("this demo session did not create that user")
    return user


LOCAL_TEST_USER_ID = "auth0|local_test"
LOCAL_TEST_UID = uuid.uuid5(uuid.NAMESPACE_URL, "kairos:" + LOCAL_TEST_USER_ID)
"""The seed's local development user: a request with no credential at all acts for it on the
planner's seed routes, in development only, so a client written for the seed works against
`make run`. Production answers 401 (docs/SECURITY.md)."""


def carries_nothing(presented: Presented) -> bool:
    return not (
        presented.authorization
        or presented.service_token
        or presented.user_id
        or presented.demo_cookie
    )


async def local_test_user(runtime: Runtime) -> UserPublic:
    """The shared local user, created with an empty profile on first use."""
    try:
        return await runtime.profiles.get(LOCAL_TEST_UID)
    except NotFound:
        try:
            return await runtime.profiles.create(LOCAL_TEST_UID, UserCreate())
        except Conflict:  # another request created it first
            return await runtime.profiles.get(LOCAL_TEST_UID)


async def user_or_local(runtime: Runtime, settings: Settings, presented: Presented) -> UserPublic:
    """The credential's user; with no credential at all, in development, the local test user."""
    if carries_nothing(presented) and settings.local_test_user_enabled:
        return await local_test_user(runtime)
    return await user_of(runtime, credential_of(runtime, settings, presented))


# One flat dependency: FastAPI re-solves every node of a dependency tree on each request, even a
# cached one, and the nested form (runtime, settings, demo session, credential, user) cost
# ≈ 1 ms of a 2 ms cached feed read.
def _acting_user(*, local_in_development: bool) -> Callable[..., Awaitable[UserPublic]]:
    """The dependency for the user a request acts for; `local_in_development`: with no
    credential at all, the seed's local user (`user_or_local`), for the routes of a seed
    whose local development ran without a login."""

    async def dependency(
        request: Request,
        authorization: Annotated[
            str | None, Header(description="'Bearer <user token>' from POST /users/{uid}/tokens")
        ] = None,
        x_service_token: Annotated[
            str | None, Header(description="shared service secret, with X-User-ID")
        ] = None,
        x_user_id: Annotated[
            str | None, Header(description="the user a trusted server acts for")
        ] = None,
        kairos_demo: Annotated[str | None, Cookie(include_in_schema=False)] = None,
    ) -> UserPublic:
        runtime, settings = request.app.state.runtime, request.app.state.settings
        presented = Presented(authorization, x_service_token, x_user_id, kairos_demo)
        if local_in_development:
            return await user_or_local(runtime, settings, presented)
        return await user_of(runtime, credential_of(runtime, settings, presented))

    return dependency


current_user = _acting_user(local_in_development=False)
seed_user = _acting_user(local_in_development=True)


async def path_user(
    uid: PathUid,
    user: Annotated[UserPublic, Depends(current_user)],
) -> UserPublic:
    """For `/…/{uid}/…` routes: the path must name the user the credential speaks for."""
    if user.uid != uid:
        raise Forbidden("the credential speaks for another user than the one in the path")
    return user


ServiceAuth = Depends(require_service_token)
CurrentUser = Annotated[UserPublic, Depends(current_user)]
SeedUser = Annotated[UserPublic, Depends(seed_user)]
PathUser = Annotated[UserPublic, Depends(path_user)]
