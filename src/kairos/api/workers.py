"""Several server processes on one port (`kairos serve --workers N`, uvicorn's workers).

A chat turn is CPU-bound Python, so one process uses one core. The processes share everything
that must be shared through the database (profiles, conversations, the versioned feed keys),
and the rate limits through redis; what each keeps in memory (the search indexes, caches keyed
by versions) is reloaded or keyed so that no process serves a stale answer. The parent prepares
the database once, since migrations and the sample ingest must not run twice at once.

Stopping, the parent closes its copy of the listening socket before it tells the workers to
stop; each worker closes its own as it begins to drain, so the port is closed once they all
have, and a new connection is refused at once instead of waiting unserved in the backlog and
being reset when the parent exits (uvicorn's parent kept its copy until then).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from multiprocessing import resource_sharer

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

from kairos.settings import Settings

__all__ = [
    "HEALTHCHECK_SECONDS",
    "ClosingMultiprocess",
    "NoDelayH11Protocol",
    "close_listening",
    "held_for_workers",
    "http_protocol",
    "run_workers",
    "set_no_delay",
    "workers_refusal",
]


logger = logging.getLogger(__name__)

HEALTHCHECK_SECONDS = 30
"""How long uvicorn's parent waits for a worker to answer its ping before it kills the worker and
starts another (uvicorn's default is 5 s). A new worker answers only once Python has started and
imported the command's modules, which took more than 5 s with both cores busy: the parent killed
the first worker at 5.6 s, twice in a row, before it had served anything."""


def workers_refusal(settings: Settings, workers: int) -> str | None:
    """Why these settings cannot run `workers` processes, or None when they can."""
    if workers == 1 or settings.redis:
        return None
    limits = {
        "KAIROS_CHAT_LIMIT_PER_USER": settings.chat_limit_per_user,
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": settings.chat_limit_per_address,
        "KAIROS_AUTH_FAILURE_LIMIT_PER_ADDRESS": settings.auth_failure_limit_per_address,
    }
    on = [name for name, limit in limits.items() if limit > 0]
    if not on:
        return None
    return (
        f"--workers {workers} needs KAIROS_REDIS_URL: without it each process would count "
        f"{', '.join(on)} on its own, allowing {workers} times as much; set KAIROS_REDIS_URL "
        "(redis://host:6379/0), or set those limits to 0, or run one worker"
    )


@contextmanager
def held_for_workers(settings: Settings) -> Iterator[None]:
    """The database prepared once (migrations, derived data, the sample) and, when embedded,
    kept running by this process while the workers come and go."""
    from kairos.registry import prepare_database
    from kairos.store.embedded import EmbeddedServer

    held = None
    if not settings.database_url:
        held = EmbeddedServer.acquire(settings.data_dir, settings.embedded_shared_buffers)
    try:
        asyncio.run(prepare_database(settings))
        yield
    finally:
        if held is not None:
            held.release()


def set_no_delay(transport: asyncio.BaseTransport) -> None:
    """TCP_NODELAY on the connection. With `--workers`, uvicorn binds the socket itself with
    protocol number 0, and asyncio sets TCP_NODELAY only on sockets whose protocol is TCP: a
    response's head and body then wait out the client's delayed ACK, 44 ms for every request
    after the first on a kept-alive connection."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class NoDelayH11Protocol(H11Protocol):
    """uvicorn's pure-Python HTTP/1.1 protocol, with TCP_NODELAY."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        set_no_delay(transport)
        super().connection_made(transport)


def http_protocol() -> str:
    """The protocol class `kairos serve` gives uvicorn, as an import path (workers import it):
    httptools' C parser when installed (warm feed over HTTP p50 4.95 → 4.69 ms beside h11)."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        return "kairos.api.workers:NoDelayH11Protocol"
    return "kairos.api.http_tools:NoDelayHttpToolsProtocol"


def close_listening(sockets: list[socket.socket]) -> None:
    """Closes this process's copies of the listening sockets, those held for workers included.
    Starting a worker hands it the socket through multiprocessing's resource sharer, which keeps
    a duplicate in the parent until the worker fetches it; one killed before it did (uvicorn
    kills a worker that does not answer its ping in time) left that duplicate open for good,
    and the port kept taking connections nobody would serve."""
    for sock in sockets:
        sock.close()
    resource_sharer.stop(timeout=1)


class ClosingMultiprocess(Multiprocess):
    """uvicorn's supervisor of worker processes, closing its listening socket as it stops."""

    def terminate_all(self) -> None:
        close_listening(self.sockets)
        logger.info(
            "stopping: port closed to new connections, %d worker(s) draining", len(self.processes)
        )
        super().terminate_all()


def run_workers(config: uvicorn.Config) -> None:
    """What `uvicorn.run` does for `config.workers` > 1, with `ClosingMultiprocess`."""
    with suppress(KeyboardInterrupt):
        ClosingMultiprocess(config, sockets=[config.bind_socket()]).run()
