"""HTTP and WebSocket routes of the group planner, at the seed's paths (seed 002 "API
Reference") so a client written for it works. Thin: parse, authorise, call the product.

Every route that acts for a person needs a credential (docs/SECURITY.md): a user token, the
service token with X-User-ID, or the demo cookie. A browser cannot set headers on a WebSocket,
so `WS /api/ws/plan` also takes the user token in its first frame (`"access_token"` beside the
request; kept out of URLs, and so out of access logs) or, as the seed did, as `?access_token=`
(redacted from the logs). In development only, the
seed's routes (plan, socket, preferences) act for the seed's local user `auth0|local_test` when
a request carries no credential at all, as the seed's local development did. A plan id is a
capability: whoever holds it sees the shortlist and votes as one of its members (the way a poll
link works).
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from email.message import EmailMessage
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Header, Query, Request, WebSocket
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from kairos.api.deps import (
    LOCAL_TEST_UID,
    LOCAL_TEST_USER_ID,
    CurrentUser,
    Presented,
    SeedUser,
    carries_nothing,
    credential_of,
    user_of,
)
from kairos.core.stored_text import StoredText
from kairos.errors import Forbidden, InvalidInput, NotFound, Unauthorized
from kairos.profiles.planner import PlannerPreferences, PlannerUpdate
from kairos.profiles.schemas import UserPublic
from kairos.store import venue_vibes
from kairos.venues import actions
from kairos.venues.plan_socket import serve_plan_socket
from kairos.venues.product import VenuesProduct
from kairos.venues.schemas import PlanRequest, PlanResponse, VoteRequest
from kairos.venues.vibes import VIBE_DIMENSIONS

router = APIRouter(prefix="/api", tags=["venues"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "no credential: a user token, or X-Service-Token with X-User-ID"},
    403: {"description": "the credential speaks for another user"},
    404: {"description": "no such user"},
}
_PLAN_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no such plan (use the plan_id a plan returned)"},
}
_VOTE_ERRORS: dict[int | str, dict[str, Any]] = {
    **_PLAN_ERRORS,
    422: {"description": "the member or venue is not in this plan; the detail lists them"},
}
_OWNER_ERRORS: dict[int | str, dict[str, Any]] = {
    **_ERRORS,
    403: {"description": "only the plan's owner acts on it"},
    404: {"description": "no such plan or action"},
}


async def product_of(request: Request) -> VenuesProduct:
    product: VenuesProduct = request.app.state.runtime.products["venues"]
    return product


ProductDep = Annotated[VenuesProduct, Depends(product_of)]


@router.post("/plan", response_model=PlanResponse, responses=_ERRORS)
async def plan(
    request: Request, body: PlanRequest, user: SeedUser, product: ProductDep
) -> PlanResponse:
    """Runs the whole pipeline and returns the result at once (the WebSocket streams it)."""
    await request.app.state.rate_limits.check_chat(request.scope, user.uid)
    return await product.plan(user, body)


@router.websocket("/ws/plan")
async def plan_socket(websocket: WebSocket) -> None:
    """Send `{"prompt": …, "member_locations": […]}` once; receive `{"type": "log", "node",
    "message"}` per step, then `{"type": "result", "data": PlanResponse}` or
    `{"type": "error", "title", "detail"}`; `plan_socket.py` says how a socket closes."""
    await serve_plan_socket(websocket)


async def link_reader(
    request: Request,
    authorization: Annotated[str | None, Header(description="the owner's user token")] = None,
    x_service_token: Annotated[str | None, Header(description="with X-User-ID")] = None,
    x_user_id: Annotated[str | None, Header(description="the owner, with X-Service-Token")] = None,
    kairos_demo: Annotated[str | None, Cookie(include_in_schema=False)] = None,
) -> UserPublic | None:
    """Who reads a plan's link: nobody known without a credential (the link needs none); a
    credential presented is judged as on every route (a wrong one is a 401 and counts against
    the address), except a demo cookie that no longer speaks for a user, which a browser
    sends to every page it opens."""
    runtime, settings = request.app.state.runtime, request.app.state.settings
    presented = Presented(authorization, x_service_token, x_user_id, kairos_demo)
    if carries_nothing(presented):
        return None
    try:
        return await user_of(runtime, credential_of(runtime, settings, presented))
    except (Unauthorized, Forbidden, NotFound):
        if carries_nothing(replace(presented, demo_cookie=None)):
            return None
        raise


LinkReader = Annotated[UserPublic | None, Depends(link_reader)]


@router.get("/plans/{plan_id}", response_model=PlanResponse, responses=_PLAN_ERRORS)
async def shared_plan(plan_id: uuid.UUID, product: ProductDep, reader: LinkReader) -> PlanResponse:
    """The plan behind a shared id, ranked again with its members' votes: the venues, the
    members' first names and their votes (`venues/shared_link.py`), never anyone's allergies
    or the owner (their profile, uid and request); the owner's credential shows it whole."""
    return await product.shared(plan_id, public=not await _owns(product, reader, plan_id))


@router.post("/plans/{plan_id}/votes", response_model=PlanResponse, responses=_VOTE_ERRORS)
async def vote(
    plan_id: uuid.UUID, body: VoteRequest, product: ProductDep, reader: LinkReader
) -> PlanResponse:
    """One member's vote on one venue (yes, maybe, no, or veto); a new vote replaces theirs.
    Answers with the plan as `GET /api/plans/{plan_id}` shows it to the same reader."""
    public = not await _owns(product, reader, plan_id)
    return await product.vote(plan_id, body, public=public)


async def _owns(product: VenuesProduct, reader: UserPublic | None, plan_id: uuid.UUID) -> bool:
    if reader is None:
        return False
    try:
        await product.owned(reader, plan_id)
    except Forbidden:
        return False
    return True


class ConfirmResult(BaseModel):
    action_id: uuid.UUID
    status: str
    sent_to: list[str] = Field(default_factory=list)
    downloads: dict[str, str] = Field(default_factory=dict)
    detail: str


class ConfirmRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to: list[Annotated[str, StringConstraints(max_length=254, pattern=r"^[^@\s]+@[^@\s]+$")]] = (
        Field(default_factory=list, max_length=30, description="who receives the e-mail")
    )


@router.post(
    "/plans/{plan_id}/actions/{action_id}/confirm",
    response_model=ConfirmResult,
    responses=_OWNER_ERRORS,
)
async def confirm_action(
    request: Request,
    plan_id: uuid.UUID,
    action_id: uuid.UUID,
    user: CurrentUser,
    product: ProductDep,
    body: ConfirmRequest | None = None,
) -> ConfirmResult:
    """Carries out a proposed action after the user's confirmation: the e-mail through SMTP
    when configured, else the message and the invite as files to download."""
    await product.owned(user, plan_id)
    action = await product.plans.action(plan_id, action_id)
    if action is None:
        raise NotFound(f"no action {action_id} on plan {plan_id}")
    base = f"/api/plans/{plan_id}/actions/{action_id}"
    downloads = {"invite": f"{base}/invite.ics"}
    if action.kind == "email":
        downloads["message"] = f"{base}/message.eml"
    settings = request.app.state.settings
    recipients = list(body.to) if body else []
    if action.kind == "email" and settings.smtp_host:
        if not recipients:
            raise InvalidInput('say who receives the e-mail: {"to": ["sam@example.com", …]}')
        message = _message(action.payload, action_id, settings.smtp_from, recipients)
        try:
            await actions.send_email(settings, message)
        except OSError as exc:  # smtplib's errors are OSErrors
            await product.plans.set_action_status(action_id, "failed", {"error": str(exc)[:200]})
            return ConfirmResult(
                action_id=action_id,
                status="failed",
                downloads=downloads,
                detail=f"the mail server refused or could not be reached ({type(exc).__name__}); "
                "the message and invite are still available to download",
            )
        await product.plans.set_action_status(action_id, "sent", {"to": recipients})
        return ConfirmResult(
            action_id=action_id,
            status="sent",
            sent_to=recipients,
            downloads=downloads,
            detail=f"sent to {len(recipients)} recipient(s) with the calendar invite",
        )
    await product.plans.set_action_status(action_id, "confirmed", {"downloads": downloads})
    return ConfirmResult(
        action_id=action_id,
        status="confirmed",
        downloads=downloads,
        detail="no mail server is configured (KAIROS_SMTP_HOST): download the files instead",
    )


def _message(
    payload: dict[str, Any], action_id: uuid.UUID, sender: str, to: list[str]
) -> EmailMessage:
    ics = actions.invite_ics(payload["invite"], action_id)
    draft = payload.get("email") or {"subject": payload["invite"]["summary"], "body": ""}
    return actions.email_message(draft, sender, to, ics)


async def _owned_action(
    user: UserPublic, plan_id: uuid.UUID, action_id: uuid.UUID, product: VenuesProduct
) -> dict[str, Any]:
    await product.owned(user, plan_id)
    action = await product.plans.action(plan_id, action_id)
    if action is None:
        raise NotFound(f"no action {action_id} on plan {plan_id}")
    return action.payload


@router.get("/plans/{plan_id}/actions/{action_id}/invite.ics", responses=_OWNER_ERRORS)
async def invite_file(
    plan_id: uuid.UUID, action_id: uuid.UUID, user: CurrentUser, product: ProductDep
) -> Response:
    payload = await _owned_action(user, plan_id, action_id, product)
    return Response(
        actions.invite_ics(payload["invite"], action_id),
        media_type="text/calendar",
        headers={"Content-Disposition": 'attachment; filename="plan.ics"'},
    )


@router.get("/plans/{plan_id}/actions/{action_id}/message.eml", responses=_OWNER_ERRORS)
async def message_file(
    plan_id: uuid.UUID,
    action_id: uuid.UUID,
    user: CurrentUser,
    product: ProductDep,
    request: Request,
) -> Response:
    payload = await _owned_action(user, plan_id, action_id, product)
    if "email" not in payload:
        raise NotFound("this action is a calendar invite; it has no e-mail")
    message = _message(payload, action_id, request.app.state.settings.smtp_from, [])
    return Response(
        message.as_bytes(),
        media_type="message/rfc822",
        headers={"Content-Disposition": 'attachment; filename="plan.eml"'},
    )


def _same_user(user: UserPublic, auth_user_id: str | None) -> None:
    said = (auth_user_id or "").strip()
    if said == LOCAL_TEST_USER_ID and user.uid == LOCAL_TEST_UID:
        return
    if said and user.uid == LOCAL_TEST_UID:
        raise Forbidden(
            f"without a credential only the local user {LOCAL_TEST_USER_ID} can be read; "
            "for another user send 'Authorization: Bearer <user token>'"
        )
    if said and said != str(user.uid):
        raise Forbidden(
            "auth_user_id names another user than the credential; a user sees only theirs"
        )


AuthUserId = Annotated[
    str | None,
    Query(
        max_length=128,
        description="the seed's user id; must be the credential's user (or, in development "
        "without a credential, auth0|local_test)",
    ),
]


@router.get("/user/preferences", response_model=PlannerPreferences, responses=_ERRORS)
async def preferences(user: SeedUser, auth_user_id: AuthUserId = None) -> PlannerPreferences:
    """The planner's preferences (the seed's Auth0 `app_metadata`)."""
    _same_user(user, auth_user_id)
    return user.planner


@router.patch("/user/preferences", response_model=PlannerPreferences, responses=_ERRORS)
async def update_preferences(
    body: PlannerUpdate, user: SeedUser, request: Request, auth_user_id: AuthUserId = None
) -> PlannerPreferences:
    """Merges the values sent into the stored preferences; fields not sent are kept."""
    _same_user(user, auth_user_id)
    updated = await request.app.state.runtime.profiles.update_planner(user.uid, body)
    planner: PlannerPreferences = updated.planner
    return planner


class HeatPoint(BaseModel):
    lat: float
    lng: float
    score: float
    venue_id: str
    name: str


@router.get("/vibe-heatmap", response_model=list[HeatPoint])
async def vibe_heatmap(
    request: Request,
    vibe_index: Annotated[int, Query(ge=0, le=len(VIBE_DIMENSIONS) - 1)],
    city: Annotated[StoredText | None, Query(max_length=80)] = None,
    limit: Annotated[int, Query(ge=1, le=5000)] = 2000,
) -> list[HeatPoint]:
    """Every located venue with its score on one of the 52 vibe dimensions (`/api/vibes`)."""
    points = await venue_vibes.heatmap(
        request.app.state.runtime.db, index=vibe_index, city=city, limit=limit
    )
    return [
        HeatPoint(lat=p.lat, lng=p.lng, score=p.score, venue_id=f"kp_{p.place_id}", name=p.name)
        for p in points
    ]


class VibeInfo(BaseModel):
    index: int
    name: str
    label: str
    description: str


@router.get("/vibes", response_model=list[VibeInfo])
async def vibe_dimensions() -> list[VibeInfo]:
    """The 52 vibe dimensions, by index (the heatmap's `vibe_index`)."""
    return [
        VibeInfo(index=d.index, name=d.name, label=d.label, description=d.description)
        for d in VIBE_DIMENSIONS
    ]


class SpeechRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: Annotated[StoredText, StringConstraints(min_length=1, max_length=2000)]
    voice_id: Annotated[str, StringConstraints(max_length=64)] | None = None


@router.post(
    "/voice/synthesize",
    responses={
        200: {"content": {"audio/wav": {}, "audio/mpeg": {}}},
        502: {"description": "the hosted speech service failed"},
        503: {"description": "no speech engine"},
    },
    response_class=Response,
)
async def synthesize(body: SpeechRequest, product: ProductDep) -> Response:
    """Speaks a text (e.g. a venue's `why`) with the configured provider
    (`KAIROS_VOICE_PROVIDER`): offline through espeak-ng (`audio/wav`; 503 with how to enable
    it when no engine is installed), or ElevenLabs (`audio/mpeg`; 502 when it fails).
    `voice_id` is the provider's own (an espeak voice such as "en-gb", an ElevenLabs voice id);
    one the provider cannot use is ignored."""
    audio = await product.voice.synthesize(body.text, body.voice_id)
    return Response(audio, media_type=product.voice.media_type)
