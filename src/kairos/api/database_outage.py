"""A database that cannot be reached is a 503 problem, decided here once for every route.

Routes do not catch database errors: the driver's exceptions arrive here, those that mean
"unreachable" (`store/unreachable.py`) become `NotReady` with a `Retry-After`, counted in the
runtime's outage record (which logs once per interval, not once per request). Any other error
goes on to the next handler untouched. A request that waited its limit for a pooled connection
gets a 503 too, not counted as an outage (a busy pool is not a dead database; the watch decides).

While the database watch's own check is failing, requests that need the database are refused at
once (`OutageGate`) instead of each waiting out its timeouts against a database known to hang.
"""

from __future__ import annotations

from asyncpg import exceptions as pg
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.types import ASGIApp, Receive, Scope, Send

from kairos.api.problems import error_problem
from kairos.errors import NotReady
from kairos.store.unreachable import DATABASE_UNREACHABLE, PoolExhausted, is_database_unreachable

RETRY_AFTER_SECONDS = 5
UNREACHABLE = NotReady(DATABASE_UNREACHABLE)
NEEDS_NO_DATABASE = ("/health", "/ready", "/static/", "/docs", "/openapi.json", "/favicon")
"""Path prefixes served without the database (liveness and readiness report on it themselves)."""

# The shapes an outage arrives in; the handler re-raises those that are not one.
_OUTAGE_TYPES: tuple[type[Exception], ...] = (
    DBAPIError,
    pg.PostgresError,
    pg.InterfaceError,
    OSError,
    ExceptionGroup,
)


def database_unreachable_response(detail: NotReady = UNREACHABLE) -> JSONResponse:
    response = error_problem(detail)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def install_database_outage_handler(app: FastAPI) -> None:
    async def _unreachable(request: Request, exc: Exception) -> JSONResponse:
        if not is_database_unreachable(exc):
            raise exc
        runtime = getattr(request.app.state, "runtime", None)
        if runtime is not None:
            runtime.outage.failed(exc)
        return database_unreachable_response()

    async def _no_connection(request: Request, exc: Exception) -> JSONResponse:
        runtime = request.app.state.runtime
        if runtime.outage.ongoing:  # the watch cannot reach it either: part of the outage
            runtime.outage.failed(exc)
            return database_unreachable_response()
        runtime.outage.suspect()  # a busy pool, or new connections hang: the watch decides
        waited = runtime.db.timeouts.pool
        busy = exc if isinstance(exc, PoolExhausted) else PoolExhausted(waited)
        return database_unreachable_response(NotReady(str(busy)))

    for kind in _OUTAGE_TYPES:
        app.add_exception_handler(kind, _unreachable)
    app.add_exception_handler(PoolExhausted, _no_connection)
    app.add_exception_handler(PoolTimeout, _no_connection)


class OutageGate:
    """Refuses requests that need the database, at once, while the watch's check fails."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self._refused(scope):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1013, "reason": "try again later"})
                return
            await database_unreachable_response()(scope, receive, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _refused(scope: Scope) -> bool:
        app = scope.get("app")
        runtime = getattr(getattr(app, "state", None), "runtime", None)
        outage = getattr(runtime, "outage", None)
        if outage is None or not outage.confirmed:
            return False
        path: str = scope.get("path", "")
        return path != "/" and not path.startswith(NEEDS_NO_DATABASE)
