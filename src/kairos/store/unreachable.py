"""Which exceptions mean "the database cannot be reached" (rather than "this query is wrong").

An outage reaches code in several shapes: SQLAlchemy's `DBAPIError` with `connection_invalidated`
for a connection that died under a statement; raw socket errors (`ConnectionRefusedError`,
`FileNotFoundError` for a missing unix socket) from asyncpg's connect, which SQLAlchemy passes
through unwrapped; PostgreSQL's own "cannot connect now" and shutdown codes while it restarts
or recovers. Socket errors count only when the driver raised them, so a missing file elsewhere
is never mistaken for an outage.
"""

from __future__ import annotations

from collections.abc import Iterator

from asyncpg import exceptions as pg
from sqlalchemy.exc import DBAPIError

DATABASE_UNREACHABLE = "the database cannot be reached right now; try again in a few seconds"


class PoolExhausted(Exception):
    """No pooled connection could be had in time: every one is lent out, or the database does
    not answer a new one. A 503 to the request; the database watch decides whether it is an
    outage."""

    def __init__(self, waited_seconds: float) -> None:
        super().__init__(
            f"no database connection was free within {waited_seconds:g} s; try again in a few "
            "seconds"
        )


_SERVER_GONE = (
    pg.PostgresConnectionError,  # class 08: connection exceptions
    pg.CannotConnectNowError,  # 57P03: starting up, recovering, shutting down
    pg.AdminShutdownError,  # 57P01
    pg.CrashShutdownError,  # 57P02
)
_SOCKET_FAILURES = (ConnectionError, FileNotFoundError, TimeoutError)
_DRIVERS = ("asyncpg", "sqlalchemy")


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    pending = [error]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        # last pushed is visited first: the explicit cause, then the context, then a group's
        if isinstance(current, BaseExceptionGroup):
            pending.extend(reversed(current.exceptions))
        for linked in (current.__context__, current.__cause__):
            if linked is not None:
                pending.append(linked)


def _raised_by_driver(error: BaseException) -> bool:
    trace = error.__traceback__
    while trace is not None:
        module = str(trace.tb_frame.f_globals.get("__name__", ""))
        if module.split(".", 1)[0] in _DRIVERS:
            return True
        trace = trace.tb_next
    return False


def is_database_unreachable(error: BaseException) -> bool:
    for current in _chain(error):
        if isinstance(current, DBAPIError) and current.connection_invalidated:
            return True
        if isinstance(current, _SERVER_GONE):
            return True
        if isinstance(current, _SOCKET_FAILURES) and _raised_by_driver(current):
            return True
    return False


def describe(error: BaseException) -> str:
    """The driver's own words (e.g. "ConnectionRefusedError: [Errno 111] Connection refused"),
    never SQLAlchemy's wrapper, whose text carries the statement and its parameters."""
    for current in _chain(error):
        if not type(current).__module__.startswith("sqlalchemy"):
            first_line = (str(current).splitlines() or [""])[0][:200]
            return f"{type(current).__name__}: {first_line}".rstrip(": ")
    return type(error).__name__
