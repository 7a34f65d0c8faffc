"""Request bodies above `KAIROS_MAX_BODY_BYTES` get 413 before they are read.

Pure ASGI, outside authentication and parsing: a declared `Content-Length` over the limit is
refused before one byte is read; a body without one (chunked) is counted as it streams and
refused at the first chunk past the limit. Nothing here buffers a body, so a 200 MB upload
costs at most the limit plus one chunk of memory. A WebSocket frame over the same limit closes
the socket with 1009 (message too big) and a reason that says so; `kairos serve` also hands the
limit to uvicorn, whose protocol refuses such a frame before buffering it.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.api.problems import problem_response
from kairos.api.socket_frames import MESSAGE_TOO_BIG, refuse_frame

__all__ = ["BodyLimitMiddleware"]


class BodyTooLarge(HTTPException):
    """Raised from `receive` so the app stops reading; FastAPI re-raises HTTPExceptions from
    body parsing unchanged, and the problem handler turns it into a 413 body."""


class BodyLimitMiddleware:
    def __init__(
        self, app: ASGIApp, max_bytes: int, path_limits: Mapping[str, int] | None = None
    ) -> None:
        """`path_limits`: exact paths that take larger bodies (photo uploads), with their own
        limit; every other path has `max_bytes`."""
        self.app = app
        self.max_bytes = max_bytes
        self.path_limits = dict(path_limits or {})

    def _detail(self, limit: int) -> str:
        setting = "KAIROS_MAX_BODY_BYTES" if limit == self.max_bytes else "photo upload limit"
        return f"the request body is larger than {limit} bytes ({setting}); send less"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.app(scope, self._sized_frames(receive, send), send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.path_limits.get(scope.get("path", ""), self.max_bytes)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            response = problem_response(
                413, "Payload too large", self._detail(limit), headers={"Connection": "close"}
            )
            await response(scope, receive, send)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(413, self._detail(limit))
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            # Only reached when no handler turned it into a response (a plain ASGI app read it).
            if started:
                raise
            response = problem_response(413, "Payload too large", self._detail(limit))
            await response(scope, receive, send)

    def _sized_frames(self, receive: Receive, send: Send) -> Receive:
        async def sized_receive() -> Message:
            message = await receive()
            if message["type"] == "websocket.receive":
                text, data = message.get("text"), message.get("bytes")
                size = len(text.encode()) if text is not None else len(data or b"")
                if size > self.max_bytes:
                    detail = (
                        f"the frame is larger than {self.max_bytes} bytes "
                        "(KAIROS_MAX_BODY_BYTES); send less"
                    )
                    return await refuse_frame(send, MESSAGE_TOO_BIG, "Payload too large", detail)
            return message

        return sized_receive


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
