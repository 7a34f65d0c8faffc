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
    event: Literal["error"] = "error"
    title: str
    detail: str


TurnEvent = Thinking | Result | ErrorEvent
