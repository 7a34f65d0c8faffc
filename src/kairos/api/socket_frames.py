"""What the edge does with a WebSocket frame it will not pass on (too large, too deep).

The limits that guard request bodies guard frames too: the socket gets an error frame in the
shape every Kairos socket uses, then a close frame whose code and reason a browser can read
(`CloseEvent.code`, `CloseEvent.reason`), and the application sees the client leave.
"""

from __future__ import annotations

import json
from typing import Final

from starlette.types import Message, Send

__all__ = ["MESSAGE_TOO_BIG", "POLICY_VIOLATION", "refuse_frame"]

POLICY_VIOLATION: Final = 1008
MESSAGE_TOO_BIG: Final = 1009
_MAX_REASON_BYTES: Final = 123  # RFC 6455: the close frame's payload is at most 125 bytes


def close_reason(text: str) -> str:
    """`text` cut to what a close frame holds, on a character boundary."""
    return text.encode()[:_MAX_REASON_BYTES].decode(errors="ignore")


async def refuse_frame(send: Send, code: int, title: str, detail: str) -> Message:
    """Tells the client why and closes; returns the disconnect message for the application."""
    error = {"type": "error", "title": title, "detail": detail}
    await send({"type": "websocket.send", "text": json.dumps(error)})
    await send({"type": "websocket.close", "code": code, "reason": close_reason(detail)})
    return {"type": "websocket.disconnect", "code": code}
