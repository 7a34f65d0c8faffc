"""`WS /api/ws/plan`: one request in, the planner's steps and its result out.

A browser cannot set headers on a WebSocket, so the socket also takes the user token in its
first frame (`"access_token"` beside the request; kept out of URLs, and so out of access logs)
or, as the seed did, as `?access_token=` (redacted from the logs).

Every refusal sends `{"type": "error", "title", "detail"}` and then a close frame whose code and
reason a browser reads: 1008 (invalid or unauthorised), 1003 (a binary frame), 1001 (the server
is stopping and its grace ran out). The edge closes frames over its limits itself (1009 over
KAIROS_MAX_BODY_BYTES, 1008 too deep or a string too long: `api/json_depth.py`).
"""

from __future__ import annotations

import json
from typing import Final

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from kairos.api.deps import DEMO_COOKIE, Presented, user_or_local
from kairos.api.drain import GOING_AWAY, SHUTTING_DOWN, run_within_grace
from kairos.api.rate_limits import RateLimits
from kairos.api.socket_frames import close_reason
from kairos.errors import KairosError, Unauthorized
from kairos.pipeline.events import ErrorEvent, Result, Thinking
from kairos.profiles.schemas import UserPublic
from kairos.venues.product import VenuesProduct
from kairos.venues.schemas import PlanRequest

__all__ = ["serve_plan_socket"]

UNSUPPORTED_DATA: Final = 1003
POLICY_VIOLATION: Final = 1008
_ONE_TEXT_FRAME: Final = (
    'send one JSON object as a text frame, such as {"prompt": "drinks for 6 in boston"}'
)


async def serve_plan_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    try:
        request = await _read_request(websocket)
        if request is None:
            return
        user, body = request
        product: VenuesProduct = websocket.app.state.runtime.products["venues"]

        async def relay() -> None:
            async for event in product.stream(user, body):
                if (message := _message(event)) is not None:
                    await websocket.send_json(message)

        if not await run_within_grace(websocket.app.state.drain, relay()):
            await _refuse(websocket, GOING_AWAY, "Service unavailable", SHUTTING_DOWN)
            return
        await websocket.close()
    except WebSocketDisconnect:
        return


async def _read_request(websocket: WebSocket) -> tuple[UserPublic, PlanRequest] | None:
    """The user and their request, or None once the socket is refused (or the client left)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is None:
        await _refuse(websocket, UNSUPPORTED_DATA, "Invalid request", _ONE_TEXT_FRAME)
        return None
    try:
        raw = json.loads(message["text"])
        in_frame = raw.pop("access_token", None) if isinstance(raw, dict) else None
        user = await _user(websocket, in_frame)
        body = PlanRequest.model_validate(raw)
        await websocket.app.state.rate_limits.check_chat(websocket.scope, user.uid)
    except ValidationError as exc:
        fields = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors()
        )
        await _refuse(websocket, POLICY_VIOLATION, "Invalid request", fields)
        return None
    except ValueError:
        await _refuse(websocket, POLICY_VIOLATION, "Invalid request", _ONE_TEXT_FRAME)
        return None
    except KairosError as exc:
        await _refuse(websocket, POLICY_VIOLATION, exc.title, exc.detail)
        return None
    return user, body


def _message(event: object) -> dict[str, object] | None:
    if isinstance(event, Thinking):
        return {"type": "log", "node": event.step, "message": event.message}
    if isinstance(event, Result):
        return {"type": "result", "data": event.payload.model_dump(mode="json")}
    if isinstance(event, ErrorEvent):
        return {
            "type": "error",
            "title": event.title,
            "detail": event.detail,
            "request_id": event.request_id,
        }
    return None


async def _user(websocket: WebSocket, in_frame: object = None) -> UserPublic:
    runtime, settings = websocket.app.state.runtime, websocket.app.state.settings
    token = in_frame if isinstance(in_frame, str) and in_frame else None
    token = token or websocket.query_params.get("access_token")
    presented = Presented(
        authorization=websocket.headers.get("authorization")
        or (f"Bearer {token}" if token else None),
        service_token=websocket.headers.get("x-service-token"),
        user_id=websocket.headers.get("x-user-id"),
        demo_cookie=websocket.cookies.get(DEMO_COOKIE),
    )
    limits: RateLimits = websocket.app.state.rate_limits
    guessable = bool(presented.authorization or presented.service_token)
    if guessable and (refused := await limits.refused_credentials(websocket.scope)) is not None:
        raise refused  # the same budget of rejected credentials as HTTP, per address
    try:
        return await user_or_local(runtime, settings, presented)
    except Unauthorized as exc:
        if guessable:
            await limits.count_rejected_credential(websocket.scope)
        raise Unauthorized(
            f"{exc.detail}; a browser's socket may send the user token in its first frame as "
            '"access_token"'
        ) from None


async def _refuse(websocket: WebSocket, code: int, title: str, detail: str) -> None:
    """The error in the socket's own shape, then a close frame whose reason a browser reads."""
    await websocket.send_json({"type": "error", "title": title, "detail": detail})
    await websocket.close(code=code, reason=close_reason(detail))
