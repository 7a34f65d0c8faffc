"""JSON nested deeper than `MAX_JSON_DEPTH`, or holding a string longer than
`MAX_JSON_STRING_BYTES`, is refused before it is parsed: a request body with a 400, a WebSocket
frame with a close frame (1008) that says which limit.

Python's JSON parser recurses once per level, so a body of a few hundred kilobytes of `[` ran
out of stack inside the framework (an uncaught RecursionError, a 500). Pure ASGI, like the body
limit: each chunk is scanned as it streams past (brackets outside strings, escapes skipped) and
nothing is buffered. No body or frame Kairos accepts comes near either limit: the longest string
any schema takes is 4,000 characters, at most 48,000 bytes even written as `\\uXXXX` pairs
(tests/api/test_json_limits.py holds every schema to it).
"""

from __future__ import annotations

from typing import Final

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.api.problems import problem_response
from kairos.api.socket_frames import POLICY_VIOLATION, refuse_frame

__all__ = ["MAX_JSON_DEPTH", "MAX_JSON_STRING_BYTES", "JsonDepthMiddleware", "JsonDepthScanner"]

MAX_JSON_DEPTH: Final = 64
MAX_JSON_STRING_BYTES: Final = 65_536
_TOO_DEEP: Final = f"the JSON is nested more than {MAX_JSON_DEPTH} levels deep; send flatter JSON"
_TOO_LONG: Final = f"a JSON string is longer than {MAX_JSON_STRING_BYTES} bytes; send shorter text"


class TooDeep(HTTPException):
    """Raised from `receive`; the problem handler turns it into a 400 body."""


class JsonDepthScanner:
    """The deepest nesting and the longest string (in bytes as sent, escapes included) seen so
    far in a JSON text fed in chunks."""

    def __init__(self) -> None:
        self.depth = 0
        self.deepest = 0
        self.longest = 0
        self._string = 0
        self._in_string = False
        self._escaped = False

    def feed(self, chunk: bytes) -> int:
        depth, deepest = self.depth, self.deepest
        in_string, escaped = self._in_string, self._escaped
        longest, string, opened = self.longest, self._string, 0
        for at, byte in enumerate(chunk):
            if in_string:
                if escaped:
                    escaped = False
                elif byte == 0x5C:  # backslash
                    escaped = True
                elif byte == 0x22:  # quote
                    in_string = False
                    longest = max(longest, string + at - opened)
                    string = 0
            elif byte == 0x22:
                in_string, opened = True, at + 1
            elif byte in (0x5B, 0x7B):  # [ {
                depth += 1
                deepest = max(deepest, depth)
            elif byte in (0x5D, 0x7D):  # ] }
                depth -= 1
        if in_string:  # a string still open at the chunk's end: what it holds so far counts
            string += len(chunk) - opened
            longest = max(longest, string)
        self.depth, self.deepest = depth, deepest
        self.longest, self._string = longest, string
        self._in_string, self._escaped = in_string, escaped
        return deepest

    def refusal(self) -> str | None:
        """What is wrong with the JSON so far, or None while it is within both limits."""
        if self.deepest > MAX_JSON_DEPTH:
            return _TOO_DEEP
        if self.longest > MAX_JSON_STRING_BYTES:
            return _TOO_LONG
        return None


class JsonDepthMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.app(scope, _scanning_frames(receive, send), send)
            return
        if scope["type"] != "http" or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        scanner = JsonDepthScanner()
        started = False

        async def scanning_receive() -> Message:
            message = await receive()
            body = message.get("body", b"") if message["type"] == "http.request" else b""
            scanner.feed(body)
            if (refusal := scanner.refusal()) is not None:
                raise TooDeep(400, refusal)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, scanning_receive, tracking_send)
        except TooDeep as exc:
            if started:
                raise
            response = problem_response(400, "Bad request", exc.detail)
            await response(scope, receive, send)


def _scanning_frames(receive: Receive, send: Send) -> Receive:
    """Each text frame is one whole JSON text: scanned alone, and refused with a close frame."""

    async def scanning_receive() -> Message:
        message = await receive()
        text = message.get("text") if message["type"] == "websocket.receive" else None
        if text:
            scanner = JsonDepthScanner()
            scanner.feed(text.encode())
            if (refusal := scanner.refusal()) is not None:
                return await refuse_frame(send, POLICY_VIOLATION, "Invalid request", refusal)
        return message

    return scanning_receive


def _is_json(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return b"json" in value.lower()
    return False
