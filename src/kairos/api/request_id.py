"""Every request gets an id: the caller's `X-Request-ID` when it is a sane token, else a new one.

The id is echoed as the `X-Request-ID` response header on every response (JSON, errors, SSE),
put in problem-details bodies, and read by the turn log through
`kairos.pipeline.request_context.current_request_id()`, so a
client's report, a log line and a turn event can be joined. Pure ASGI: a streamed body passes
through untouched.
"""

from __future__ import annotations

import re
import uuid
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.pipeline.request_context import bind_request_id, reset_request_id

__all__ = ["HEADER", "RequestIdMiddleware", "valid_token"]

HEADER: Final = "x-request-id"
_TOKEN: Final = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def valid_token(value: str | None) -> bool:
    """A caller-chosen id: 1–128 letters, digits, '.', '_', ':' or '-'."""
    return value is not None and _TOKEN.fullmatch(value) is not None


class RequestIdMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = next(
            (v.decode("latin-1") for k, v in scope["headers"] if k == HEADER.encode()), None
        )
        request_id = incoming if incoming is not None and valid_token(incoming) else None
        request_id = request_id or uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        token = bind_request_id(request_id)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != HEADER.encode()]
                headers.append((HEADER.encode(), request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            reset_request_id(token)
