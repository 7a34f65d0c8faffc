"""A stopping server drains: what runs finishes, nothing new starts, and the process exits 0.

Told to stop (SIGTERM, or SIGINT), uvicorn closes its listening socket, so new connections are
refused there, and waits for open ones; with `timeout_graceful_shutdown` it then cancels what is
left, which cut a stream off with no last event. The app hears the same signal (`watch_signals`
wraps the server's handler, in each worker) and from then on:

- a request that still reaches it (on a connection kept alive) gets 503 with `Retry-After` and
  `Connection: close`, and a new socket is closed with 1001, by `DrainGate`;
- requests and streams under way keep going for `KAIROS_SHUTDOWN_GRACE_SECONDS`; a stream still
  open then gets an error event saying the server is shutting down and ends (`Drain.stream`);
- uvicorn's own timeout is the grace plus `CANCEL_MARGIN_SECONDS`, so the process is gone within
  that bound whatever a request does.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Final

from starlette.types import ASGIApp, Receive, Scope, Send

from kairos.api.problems import problem_response

__all__ = [
    "CANCEL_MARGIN_SECONDS",
    "SHUTTING_DOWN",
    "Drain",
    "DrainGate",
    "exit_zero_on_stop",
    "run_within_grace",
]

logger = logging.getLogger(__name__)

CANCEL_MARGIN_SECONDS: Final = 5.0
SHUTTING_DOWN: Final = "the server is shutting down; send the request again in a moment"
GOING_AWAY: Final = 1001
_STOP_SIGNALS: Final = (signal.SIGTERM, signal.SIGINT)


class Drain:
    """Whether this process is stopping, and the streams to end when its grace runs out."""

    def __init__(self, grace_seconds: float) -> None:
        self.grace_seconds = grace_seconds
        self.draining = False
        self._grace_over = False
        self._stops: set[Callable[[], None]] = set()

    def begin(self) -> None:
        """Runs on the event loop."""
        if self.draining:
            return
        self.draining = True
        logger.info(
            "stopping: %d stream(s) open, %g s to finish; new requests get 503",
            len(self._stops),
            self.grace_seconds,
        )
        asyncio.get_running_loop().call_later(self.grace_seconds, self._end_streams)

    def _end_streams(self) -> None:
        self._grace_over = True
        if self._stops:
            logger.info("stopping: ending %d stream(s) still open", len(self._stops))
        for stop in list(self._stops):
            stop()

    @contextmanager
    def stream(self, stop: Callable[[], None]) -> Iterator[None]:
        """While open, `stop` is called once the grace is over (at once if it already is)."""
        self._stops.add(stop)
        try:
            if self._grace_over:
                stop()
            yield
        finally:
            self._stops.discard(stop)

    def watch_signals(self) -> None:
        """Wraps the server's handlers of the stop signals so the drain begins with its own
        shutdown. Only the main thread can (an in-process test client runs elsewhere)."""
        if threading.current_thread() is not threading.main_thread():
            return
        loop = asyncio.get_running_loop()
        for number in _STOP_SIGNALS:
            previous = signal.getsignal(number)

            def handler(
                signum: int,
                frame: FrameType | None,
                previous: Callable[[int, FrameType | None], object] | int | None = previous,
            ) -> None:
                loop.call_soon_threadsafe(self.begin)
                if callable(previous):
                    previous(signum, frame)

            signal.signal(number, handler)


async def run_within_grace(drain: Drain, work: Coroutine[Any, Any, None]) -> bool:
    """Runs `work` to its end (True), or until the drain's grace is over (cancelled, False)."""
    task = asyncio.ensure_future(work)
    ended = False

    def end() -> None:
        nonlocal ended
        ended = True
        task.cancel()

    with drain.stream(end):
        try:
            await task
        except asyncio.CancelledError:
            if not ended:
                raise
            return False
    return True


class DrainGate:
    """Refuses what arrives once the drain has begun."""

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        self.app = app
        self.drain = drain

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self.drain.draining or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": GOING_AWAY, "reason": SHUTTING_DOWN})
            return
        headers = {"Retry-After": "1", "Connection": "close"}
        response = problem_response(503, "Service unavailable", SHUTTING_DOWN, headers=headers)
        await response(scope, receive, send)


def exit_zero_on_stop() -> None:
    """uvicorn re-raises the stop signal once it has shut down, so a drained process died of
    SIGTERM (status 143); handled here, it exits 0. `kairos serve` calls this before uvicorn
    takes the signals over (and hands them back)."""

    def stopped(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stopped)
