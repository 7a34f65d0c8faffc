"""Typed stream events, produced once by a pipeline and encoded by a transport (SSE or JSON)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel


class Thinking(BaseModel):
    event: Literal["thinking"] = "thinking"
    step: str
    message: str


class Result(BaseModel):
    event: Literal["result"] = "result"
    payload: Any


class ErrorEvent(BaseModel):
    """Safe to show to the client: never an exception's text (it can hold SQL and the user's
    data), only what happened and the request id that finds the server's log line."""

    event: Literal["error"] = "error"
    title: str
    detail: str
    request_id: str | None = None


class Supplement(BaseModel):
    """A block that follows the result and never changes it (the operator's competitor
    snapshot, ADR-025); a client that does not know `kind` ignores it."""

    event: Literal["supplement"] = "supplement"
    kind: str
    payload: Any


TurnEvent = Thinking | Result | ErrorEvent | Supplement
