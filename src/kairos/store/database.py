"""Engine, sessions and single statements. One `Database` per process, built from settings.

Two pools share the process's connections: SQLAlchemy's for sessions (transactions, ORM writes)
and asyncpg's own for `fetch`, the hot single statements (most of a chat turn's round trips).

SQLAlchemy's pool pings a connection before lending it when it has been idle for more than
`PING_IDLE_SECONDS`: after a database restart the dead connections are replaced on their next
use, so the service recovers without a restart. A connection back in the pool more recently than
that is lent without a ping — SQLAlchemy's `pool_pre_ping` pinged every checkout, and asyncpg's
ping outside a transaction is three round trips (BEGIN, an empty query, ROLLBACK): at full size a
chat turn checked out ≈ 9 connections, so pings were about half its round trips. A connection
that did die within that second fails its statement as a disconnect, and SQLAlchemy then
invalidates every pooled connection, as a failed ping would have. The `fetch` pool does not
ping: asyncpg sees a connection the server closed and opens another instead of lending it; a
statement on one dropped under it fails as a disconnect (503, "try again") and that connection
is closed.

Every wait on the database is bounded (`DatabaseTimeouts`): a new connection, a connection from
either pool and, once the process serves (`limit_statements`), each statement, so a database
that hangs rather than dies gives 503s within seconds instead of requests that hang with it.
Migrations and ingest run before the statement limit and are not cut short by it.

`ping` (the database watch, `/ready`) asks over a small pool of its own: when every request
connection is lent out, a ping queued behind them timed out and a busy service was reported as
one whose database is unreachable (found by `bench/bench_load.py` under 200 chat streams).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import asyncpg
from sqlalchemy import event, make_url, text
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from kairos.settings import Settings
from kairos.store.embedded import EmbeddedServer
from kairos.store.unreachable import PoolExhausted, is_database_unreachable

PING_IDLE_SECONDS = 1.0
DISPOSE_WAIT_SECONDS = 5.0
WATCH_APPLICATION_NAME = "kairos-watch"
"""The watch's pings in `pg_stat_activity`: one connection per process, never a request's."""
_RETURNED = "kairos_returned_at"


def ping_when_idle(engine: AsyncEngine, idle_seconds: float = PING_IDLE_SECONDS) -> None:
    """Ping a pooled connection on checkout only if it has sat in the pool for `idle_seconds`;
    a failed ping makes the pool drop it and lend another (SQLAlchemy's documented pattern)."""

    @event.listens_for(engine.sync_engine, "checkout")
    def _ping(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        returned = record.info.get(_RETURNED)
        if returned is not None and time.monotonic() - returned < idle_seconds:
            return
        try:
            dbapi_connection.ping()
        except Exception as exc:
            raise DisconnectionError("the pooled connection did not answer a ping") from exc

    @event.listens_for(engine.sync_engine, "checkin")
    def _returned(dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[_RETURNED] = time.monotonic()


@dataclass(frozen=True)
class DatabaseTimeouts:
    """Seconds: a new connection, a pooled connection, and a statement (once serving)."""

    connect: float = 10.0
    pool: float = 10.0
    statement: float = 10.0

    @classmethod
    def of(cls, settings: Settings) -> DatabaseTimeouts:
        return cls(
            connect=settings.database_connect_timeout_seconds,
            pool=settings.database_pool_timeout_seconds,
            statement=settings.database_statement_timeout_seconds,
        )


def asyncpg_url(url: str) -> str:
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


class Database:
    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        max_overflow: int = 20,
        embedded: EmbeddedServer | None = None,
        timeouts: DatabaseTimeouts | None = None,
    ) -> None:
        """`embedded`: the embedded server this database lives on, released by `dispose`."""
        self.url = url
        self.embedded = embedded
        self.timeouts = timeouts or DatabaseTimeouts()
        self.statement_timeout: float | None = None  # set by limit_statements
        # hide_parameters: a failed statement's log line and exception text name the SQL but
        # not its bound values, which hold allergy profiles and chat messages.
        # The connections are split between SQLAlchemy's pool (sessions: transactions, ORM
        # writes) and asyncpg's (`fetch`: the hot single statements), half each, so a process
        # holds no more than it did with one pool.
        # pool_use_lifo: the connection returned last is lent first, so a quiet service keeps
        # using the few connections whose prepared statements (one per filter shape, per
        # connection) and plans are already made; first-in-first-out lent all ten in turn and
        # each prepared every statement again (asyncpg's pool is last-in-first-out too).
        sessions = max(1, pool_size // 2)
        overflow = max_overflow // 2
        self._fetch_pool_size = max(1, pool_size + max_overflow - sessions - overflow)
        self._fetch_pool: asyncpg.Pool | None = None
        self._fetch_pool_lock = asyncio.Lock()
        self._driver_dsn = (
            make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        )
        self.engine: AsyncEngine = create_async_engine(
            url,
            pool_size=sessions,
            max_overflow=overflow,
            pool_use_lifo=True,
            pool_timeout=self.timeouts.pool,
            hide_parameters=True,
        )
        self._bound_connections(self.engine)
        ping_when_idle(self.engine)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # Reads that need no transaction skip BEGIN and ROLLBACK: two round trips each, and a
        # chat turn makes a dozen such reads.
        self.read_sessions = async_sessionmaker(
            self.engine.execution_options(isolation_level="AUTOCOMMIT"), expire_on_commit=False
        )
        # one connection for pings, never lent to requests: whether the database answers, not
        # whether the request pool has room. One, not more: pings take well under a millisecond,
        # and three replicas on the embedded server (max_connections 100) must still fit.
        self.probe: AsyncEngine = create_async_engine(
            url,
            pool_size=1,
            max_overflow=0,
            pool_pre_ping=True,
            hide_parameters=True,
            connect_args={"server_settings": {"application_name": WATCH_APPLICATION_NAME}},
        )
        self._bound_connections(self.probe)

    def _bound_connections(self, engine: AsyncEngine) -> None:
        """asyncpg's own limits on every connection the engine opens: `timeout` to connect and,
        once serving, `command_timeout` on each statement (client side, so a server that does
        not answer at all is still timed out)."""

        @event.listens_for(engine.sync_engine, "do_connect")
        def _limits(dialect: Any, record: Any, cargs: Any, cparams: dict[str, Any]) -> None:
            cparams["timeout"] = self.timeouts.connect
            if self.statement_timeout is not None:
                cparams["command_timeout"] = self.statement_timeout

    async def limit_statements(self) -> None:
        """From now on a statement unanswered after `timeouts.statement` is cancelled (a 503).
        Called once a process serves, never by batch jobs (ingest, builds, migrations), whose
        statements may rightly take minutes. Connections opened before are closed so none
        escapes the limit."""
        self.statement_timeout = self.timeouts.statement
        await self.engine.dispose()
        await self.probe.dispose()

    @classmethod
    async def from_settings(cls, settings: Settings) -> Database:
        """The configured server if there is one; otherwise the embedded one, started (or
        attached to) on demand."""
        if settings.database_url:
            return cls(asyncpg_url(settings.database_url), timeouts=DatabaseTimeouts.of(settings))
        embedded = await asyncio.to_thread(
            EmbeddedServer.acquire, settings.data_dir, settings.embedded_shared_buffers
        )
        return cls(embedded.url, embedded=embedded, timeouts=DatabaseTimeouts.of(settings))

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session:
            yield session

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A session for reads only, each statement on its own (no transaction around them):
        never write through it, and never use it where statements must see one snapshot."""
        async with self.read_sessions() as session:
            yield session

    async def fetch(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        """Rows of one statement on its own, straight through asyncpg on a pooled connection:
        a read, or a single-statement write (PostgreSQL commits it atomically; no BEGIN and
        COMMIT round trips). For the hot statements of a turn: SQLAlchemy's execution costs
        0.4–0.5 ms of CPU per statement against 0.14 ms for asyncpg's (full size, 15 rows),
        and lending one of SQLAlchemy's pooled connections another 0.06 ms (its greenlet, its
        events): this pool is asyncpg's own. `sql` uses `:name` parameters like `text()`; rows
        are asyncpg Records (`row["id"]`, `row[0]`, `dict(row)`); JSON comes back decoded, as
        through SQLAlchemy. A connection the database dropped under the statement, or one a
        cancelled statement left mid-way, is closed and never lent again."""
        statement, names = positional(sql)
        values = [] if params is None else [params[name] for name in names]
        pool = self._fetch_pool or await self._open_fetch_pool()
        try:
            driver = await pool.acquire(timeout=self.timeouts.pool)
        except TimeoutError as exc:
            raise PoolExhausted(self.timeouts.pool) from exc
        try:
            rows: list[Any] = await driver.fetch(statement, *values, timeout=self.statement_timeout)
        except BaseException as exc:
            gone = driver.is_closed() or is_database_unreachable(exc)
            if gone or isinstance(exc, asyncio.CancelledError):
                driver.terminate()  # the pool replaces it on its next lending
            if gone and not is_database_unreachable(exc):
                # asyncpg's "connection is closed": SQLAlchemy's own shape of a disconnect
                raise DBAPIError(statement, None, exc, connection_invalidated=True) from exc
            raise
        finally:
            await pool.release(driver)
        return rows

    async def _open_fetch_pool(self) -> asyncpg.Pool:
        async with self._fetch_pool_lock:
            if self._fetch_pool is None:
                self._fetch_pool = await asyncpg.create_pool(
                    self._driver_dsn,
                    min_size=0,
                    max_size=self._fetch_pool_size,
                    timeout=self.timeouts.connect,
                    init=_json_codecs,
                    # nothing run through `fetch` leaves session state behind (no SET, LISTEN
                    # or advisory lock): asyncpg's reset on release is a round trip for nothing
                    reset=_nothing_to_reset,
                )
        return self._fetch_pool

    async def ping(self, *, fresh: bool = False) -> None:
        """Whether the database answers, on the probe's own connection (see the module), or
        with `fresh` on a connection opened for the ping: a server whose postmaster hangs
        goes on answering on the connections it has and takes no new one."""
        if fresh:
            driver = await asyncpg.connect(
                self._driver_dsn,
                timeout=self.timeouts.connect,
                server_settings={"application_name": WATCH_APPLICATION_NAME},
            )
            try:
                await driver.execute("SELECT 1")
            finally:
                await driver.close(timeout=self.timeouts.connect)
            return
        async with self.probe.connect() as conn:
            await conn.execute(text("SELECT 1"))

    async def dispose(self) -> None:
        pool, self._fetch_pool = self._fetch_pool, None
        if pool is not None:
            try:
                async with asyncio.timeout(DISPOSE_WAIT_SECONDS):
                    await pool.close()
            except TimeoutError:
                pool.terminate()
        await self.engine.dispose()
        await self.probe.dispose()
        if self.embedded is not None:
            embedded, self.embedded = self.embedded, None
            await asyncio.to_thread(embedded.release)


async def _json_codecs(connection: asyncpg.Connection) -> None:
    """JSON and JSONB as SQLAlchemy's asyncpg dialect sets them up: parameters are sent as JSON
    text (the caller's `json.dumps`), values come back decoded."""

    def decode_jsonb(value: bytes) -> Any:
        return json.loads(value[1:].decode())  # after jsonb's version byte

    await connection.set_type_codec(
        "json",
        encoder=str.encode,
        decoder=lambda value: json.loads(value.decode()),
        schema="pg_catalog",
        format="binary",
    )
    await connection.set_type_codec(
        "jsonb",
        encoder=lambda value: b"\x01" + value.encode(),
        decoder=decode_jsonb,
        schema="pg_catalog",
        format="binary",
    )


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    return None


_NAMED = re.compile(r"'(?:[^']|'')*'|(?<![:\w]):([A-Za-z_]\w*)")  # a quoted literal, or a name


@lru_cache(maxsize=1024)
def positional(sql: str) -> tuple[str, tuple[str, ...]]:
    """`text()`'s `:name` parameters as asyncpg's `$n` (a name used twice is one `$n`), and the
    names in `$n` order. A `::type` cast and a colon inside a quoted literal are not."""
    names: list[str] = []

    def number(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)  # inside a string literal
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _NAMED.sub(number, sql), tuple(names)
