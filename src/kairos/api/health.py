"""Liveness and readiness."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from kairos.api.problems import problem_response

router = APIRouter(tags=["health"])

READY_TIMEOUT_SECONDS = 2.0


class Health(BaseModel):
    status: str


class Ready(BaseModel):
    status: str
    database: str
    embedding_model: str


@router.get("/health", response_model=Health)
async def health() -> Health:
    return Health(status="ok")


@router.get("/ready", response_model=Ready, responses={503: {"description": "not ready"}})
async def ready(request: Request) -> Ready | JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is None:
        return problem_response(503, "Not ready", "the service is still starting up")
    try:
        await asyncio.wait_for(runtime.db.ping(), READY_TIMEOUT_SECONDS)
    except Exception as exc:  # any failure to reach the database means not ready
        return problem_response(
            503, "Not ready", f"database unreachable: {type(exc).__name__}: {exc}".strip()
        )
    try:
        await asyncio.to_thread(runtime.embedder.embed_one, "ping")
    except Exception as exc:
        return problem_response(503, "Not ready", f"embedding model not usable: {exc}")
    return Ready(status="ready", database="ok", embedding_model=runtime.embedder.name)
