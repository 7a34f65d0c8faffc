"""A database that cannot be reached is a 503 problem, decided here once for every route.

Routes do not catch database errors: the driver's exceptions arrive here, those that mean
"unreachable" (`store/unreachable.py`) become `NotReady` with a `Retry-After`, counted in the
runtime's outage record (which logs once per interval, not once per request). Any other error
goes on to the next handler untouched.
"""

from __future__ import annotations

from asyncpg import exceptions as pg
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError

from kairos.api.problems import error_problem
from kairos.errors import NotReady
from kairos.store.unreachable import DATABASE_UNREACHABLE, is_database_unreachable

RETRY_AFTER_SECONDS = 5
UNREACHABLE = NotReady(DATABASE_UNREACHABLE)

# The shapes an outage arrives in; the handler re-raises those that are not one.
_OUTAGE_TYPES: tuple[type[Exception], ...] = (
    DBAPIError,
    pg.PostgresError,
    pg.InterfaceError,
    OSError,
    ExceptionGroup,
)


def database_unreachable_response() -> JSONResponse:
    response = error_problem(UNREACHABLE)
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

    for kind in _OUTAGE_TYPES:
        app.add_exception_handler(kind, _unreachable)
