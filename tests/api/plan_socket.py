"""Driving `WS /api/ws/plan` at the ASGI level through the real app: one connection from a
client address with headers, the frames sent, and what the server sent back."""

from __future__ import annotations

from typing import Any

from starlette.types import Message


async def plan_socket(
    app: Any,
    frames: list[Message],
    address: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
) -> list[Message]:
    """Opens `/api/ws/plan` from `address`, sends each of `frames` (`{"text": ...}` or
    `{"bytes": ...}`), then disconnects; returns every message the server sent."""
    inbound = [{"type": "websocket.connect"}]
    inbound += [{"type": "websocket.receive", **frame} for frame in frames]
    sent: list[Message] = []

    async def receive() -> Message:
        return inbound.pop(0) if inbound else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: Message) -> None:
        sent.append(message)

    extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    scope = {
        "type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
        "path": "/api/ws/plan", "raw_path": b"/api/ws/plan", "query_string": b"",
        "root_path": "", "client": (address, 40000), "server": ("kairos.test", 80),
        "headers": [(b"host", b"kairos.test"), *extra], "subprotocols": [],
    }  # fmt: skip
    await app(scope, receive, send)
    return sent
