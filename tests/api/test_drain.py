"""A stopped server drains (issue 40, item 4): `kairos serve` told SIGTERM lets a stream under
way finish, or ends it with an error event once KAIROS_SHUTDOWN_GRACE_SECONDS is over, refuses
new connections (with `--workers` too), and exits 0 (before: streams were cut off with no last
event, the process died of the re-raised SIGTERM, status 143, and with workers a new connection
during the drain was reset). A fake model server on loopback that holds each call
makes a turn last as long as the test needs."""

from __future__ import annotations

import asyncio
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from kairos.api.app import create_app
from kairos.api.drain import CANCEL_MARGIN_SECONDS, SHUTTING_DOWN, Drain, run_within_grace
from kairos.settings import Settings
from tests.serving import AUTH, KairosServe


class _SlowModel(BaseHTTPRequestHandler):
    delay = 0.0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", 0)))
        time.sleep(self.delay)
        self.send_response(503)  # the turn falls back to the offline model and still answers
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def _slow_model(delay: float) -> Iterator[str]:
    handler = type("Held", (_SlowModel,), {"delay": delay})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()


def _serve(
    runtime: Any, tmp_path: Path, model_url: str, grace: float, workers: int = 1
) -> KairosServe:
    return KairosServe.start(
        tmp_path,
        name="drain",
        timeout=180,  # two workers on a busy machine: 38 s to import the app, measured
        args=("--workers", str(workers)),
        extra_env={
            "KAIROS_DATABASE_URL": runtime.db.url,
            "KAIROS_LLM_PROVIDER": "openai",
            "KAIROS_LLM_BASE_URL": model_url,
            "KAIROS_LLM_API_KEY": "fake",
            "KAIROS_SHUTDOWN_GRACE_SECONDS": str(grace),
            "KAIROS_CHAT_LIMIT_PER_USER": "0",
            "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
            "KAIROS_AUTH_FAILURE_LIMIT_PER_ADDRESS": "0",
        },
    )


def _new_connections_after_stop(base: str, within: float = 4) -> list[str]:
    """What new connections meet once the stop signal is sent, until one is refused: "answered
    <status>" (200 before the signal lands, 503 once draining), "refused", or "reset" (accepted
    and then dropped or left unanswered: with workers, uvicorn's parent kept its copy of the
    listening socket until it exited, so connections queued there and were reset)."""
    met: list[str] = []
    began = time.monotonic()
    deadline = began + within
    while time.monotonic() < deadline:
        try:
            met.append(f"answered {httpx.get(f'{base}/health', timeout=2).status_code}")
        except httpx.ConnectError:
            met.append("refused")
            break
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.TimeoutException) as error:
            met.append(f"reset: {type(error).__name__} {error} at {time.monotonic() - began:.2f} s")
        time.sleep(0.05)
    return met


def _refused_once_closed(met: list[str]) -> bool:
    """The port ends refused and nothing waited unserved. One reset is allowed only as the very
    last attempt before the refusal: a connection whose handshake the kernel completed in the
    instant before the last process closed the shared listening socket is reset by the kernel
    (no server can accept it any more; Linux has no way to stop new handshakes on a listening
    socket shared by several processes and still accept the queued ones). The old defect shows
    as a run of resets or time-outs over the whole grace, which this still refuses."""
    resets = [m for m in met if m.startswith("reset")]
    if met[-1] != "refused" or len(resets) > 1:
        return False
    return not resets or (met[-2] == resets[0] and "Connection reset by peer" in resets[0])


def _stream_then_stop(serve: KairosServe) -> tuple[list[str], float]:
    """Starts a chat stream, sends SIGTERM once its first event has arrived; returns the event
    names the stream carried to its end and the seconds from SIGTERM to the process's exit."""
    uid = uuid.uuid4()
    assert httpx.post(f"{serve.base}/users/{uid}", json={}, headers=AUTH).status_code == 201
    events: list[str] = []
    body = {"message": "spicy ramen in boston"}
    headers = {**AUTH, "X-User-ID": str(uid)}
    with httpx.stream(
        "POST", f"{serve.base}/chat", json=body, headers=headers, timeout=60
    ) as response:
        lines = response.iter_lines()
        for line in lines:
            if line.startswith("event: "):
                events.append(line.removeprefix("event: "))
                break
        stopped = time.monotonic()
        serve.process.send_signal(signal.SIGTERM)
        met = _new_connections_after_stop(serve.base)
        assert _refused_once_closed(met), (met, serve.log()[-4000:])
        for line in lines:
            if line.startswith("event: "):
                events.append(line.removeprefix("event: "))
            elif line.startswith("data: ") and events[-1] == "error":
                assert SHUTTING_DOWN in line
    assert serve.process.wait(30) == 0, serve.log()[-3000:]
    return events, time.monotonic() - stopped


@pytest.fixture
def held_model() -> Iterator[str]:
    yield from _slow_model(delay=60)


@pytest.fixture
def quick_model() -> Iterator[str]:
    yield from _slow_model(delay=1)


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2], ids=["one process", "two workers"])
def test_a_stream_still_open_when_the_grace_ends_gets_an_error_event(
    runtime: Any, tmp_path: Path, held_model: str, workers: int
) -> None:
    """With `--workers 2` the parent hands SIGTERM to each worker, which drains the same way."""
    serve = _serve(runtime, tmp_path, held_model, grace=2, workers=workers)
    try:
        # no `Server: uvicorn`: what serves the API is nobody's business (issue 40, minor)
        assert "server" not in httpx.get(f"{serve.base}/health", timeout=10).headers
        events, exited_after = _stream_then_stop(serve)
    finally:
        serve.kill()
    assert events[0] == "thinking" and events[-1] == "error", events
    assert exited_after < 2 + CANCEL_MARGIN_SECONDS + 5, exited_after
    assert "Traceback" not in serve.log()


@pytest.mark.slow
def test_a_stream_under_way_finishes_before_the_process_exits(
    runtime: Any, tmp_path: Path, quick_model: str
) -> None:
    serve = _serve(runtime, tmp_path, quick_model, grace=30)
    try:
        events, _ = _stream_then_stop(serve)
    finally:
        serve.kill()
    assert events[-1] == "result", events


async def test_a_draining_app_refuses_new_requests_and_sockets(
    settings: Settings, runtime: Any
) -> None:
    app = create_app(settings, runtime=runtime)
    app.state.drain.begin()
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as client:
        response = await client.get("/ready")
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1" and response.headers["connection"] == "close"
    assert response.json()["detail"] == SHUTTING_DOWN


async def test_work_still_running_when_the_grace_ends_is_cancelled() -> None:
    """What the plan socket streams through: it then sends the error and closes with 1001."""
    drain = Drain(grace_seconds=0.05)
    drain.begin()
    started = time.monotonic()
    assert await run_within_grace(drain, asyncio.sleep(10)) is False
    assert time.monotonic() - started < 2
    assert await run_within_grace(Drain(grace_seconds=1), asyncio.sleep(0)) is True


@pytest.mark.parametrize(
    ("met", "accepted"),
    [
        (["answered 200", "answered 503", "refused"], True),
        # seen in CI on two workers: the handshake finished as the last copy closed
        (
            [
                "answered 200",
                "reset: ReadError [Errno 104] Connection reset by peer at 0.27 s",
                "refused",
            ],
            True,
        ),
        # the old defect: the parent's copy kept taking connections nobody served
        (
            [
                "answered 200",
                "reset: ReadTimeout timed out at 2.30 s",
                "reset: ReadTimeout timed out at 4.3 s",
            ],
            False,
        ),
        (
            [
                "reset: ReadError [Errno 104] Connection reset by peer at 0.1 s",
                "answered 503",
                "refused",
            ],
            False,
        ),
        (
            ["reset: ReadError [Errno 104] Connection reset by peer at 0.1 s"] * 2 + ["refused"],
            False,
        ),
        (["answered 200", "answered 503"], False),
    ],
)
def test_only_a_reset_at_the_instant_of_closing_is_tolerated(
    met: list[str], accepted: bool
) -> None:
    assert _refused_once_closed(met) is accepted
