"""Liveness and readiness.

`/ready` asks the database and the model now: 503 while either cannot answer, so a load balancer
sends traffic elsewhere. `/health` is liveness: it turns 503 only when the database has been
unreachable longer than `KAIROS_HEALTH_DB_GRACE_SECONDS` (the runtime's outage record, kept by
its database watch), so an orchestrator restarts a service that cannot recover by itself but
leaves alone one that is riding out a short outage.
"""

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
    service: str = "kairos"
    """Named as the planner's seed names its service ("pathfinder"), so its client reads both."""


class Ready(BaseModel):
    status: str
    database: str
    embedding_model: str


@router.get(
    "/health",
    response_model=Health,
    responses={503: {"description": "the database has been unreachable past the grace period"}},
)
async def health(request: Request) -> Health | JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    grace = request.app.state.settings.health_db_grace_seconds
    if runtime is not None and runtime.outage.ongoing:
        down = runtime.outage.unreachable_seconds()
        if down >= grace:
            return problem_response(
                503,
                "Unhealthy",
                f"the database has been unreachable for {down:.0f} s, longer than the "
                f"{grace:g} s grace period (KAIROS_HEALTH_DB_GRACE_SECONDS)",
            )
    return Health(status="ok")


@router.get("/ready", response_model=Ready, responses={503: {"description": "not ready"}})
async def ready(request: Request) -> Ready | JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is None:
        return problem_response(503, "Not ready", "the service is still starting up")
    try:
        async with asyncio.timeout(READY_TIMEOUT_SECONDS):
            await runtime.db.ping(fresh=runtime.outage.doubted)  # see `DatabaseWatch.check`
    except Exception as exc:  # any failure to reach the database means not ready
        return problem_response(
            503, "Not ready", f"database unreachable: {type(exc).__name__}: {exc}".strip()
        )
    try:
        await asyncio.to_thread(runtime.embedder.embed_one, "ping")
    except Exception as exc:
        return problem_response(503, "Not ready", f"embedding model not usable: {exc}")
    return Ready(status="ready", database="ok", embedding_model=runtime.embedder.name)
