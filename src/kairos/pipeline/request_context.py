"""The id of the request being served, for logs and events below the HTTP layer."""

from __future__ import annotations

from contextvars import ContextVar, Token

__all__ = ["bind_request_id", "current_request_id", "reset_request_id"]

_current: ContextVar[str | None] = ContextVar("kairos_request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request being served, or None outside a request."""
    return _current.get()


def bind_request_id(request_id: str) -> Token[str | None]:
    return _current.set(request_id)


def reset_request_id(token: Token[str | None]) -> None:
    _current.reset(token)
