"""JSON bodies nested deeper than `MAX_JSON_DEPTH` get 400 before they are parsed.

Python's JSON parser recurses once per level, so a body of a few hundred kilobytes of `[` ran
out of stack inside the framework (an uncaught RecursionError, a 500). Pure ASGI, like the body
limit: each chunk is scanned as it streams past (brackets outside strings, escapes skipped) and
nothing is buffered. No request body Kairos accepts comes near the limit.
"""

from __future__ import annotations

from typing import Final

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.api.problems import problem_response

__all__ = ["MAX_JSON_DEPTH", "JsonDepthMiddleware", "JsonDepthScanner"]

MAX_JSON_DEPTH: Final = 64
_DETAIL: Final = (
    f"the JSON body is nested more than {MAX_JSON_DEPTH} levels deep; send a flatter body"
)


class TooDeep(HTTPException):
    """Raised from `receive`; the problem handler turns it into a 400 body."""


class JsonDepthScanner:
    """The deepest nesting seen so far in a JSON text fed in chunks."""

    def __init__(self) -> None:
        self.depth = 0
        self.deepest = 0
        self._in_string = False
        self._escaped = False

    def feed(self, chunk: bytes) -> int:
        depth, deepest = self.depth, self.deepest
        in_string, escaped = self._in_string, self._escaped
        for byte in chunk:
            if in_string:
                if escaped:
                    escaped = False
                elif byte == 0x5C:  # backslash
                    escaped = True
                elif byte == 0x22:  # quote
                    in_string = False
            elif byte == 0x22:
                in_string = True
            elif byte in (0x5B, 0x7B):  # [ {
                depth += 1
                deepest = max(deepest, depth)
            elif byte in (0x5D, 0x7D):  # ] }
                depth -= 1
        self.depth, self.deepest = depth, deepest
        self._in_string, self._escaped = in_string, escaped
        return deepest


class JsonDepthMiddleware:
    def __init__(self, app: ASGIApp, max_depth: int = MAX_JSON_DEPTH) -> None:
        self.app = app
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        scanner = JsonDepthScanner()
        started = False

        async def scanning_receive() -> Message:
            message = await receive()
            body = message.get("body", b"") if message["type"] == "http.request" else b""
            if scanner.feed(body) > self.max_depth:
                raise TooDeep(400, _DETAIL)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, scanning_receive, tracking_send)
        except TooDeep:
            if started:
                raise
            response = problem_response(400, "Bad request", _DETAIL)
            await response(scope, receive, send)


def _is_json(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return b"json" in value.lower()
    return False
