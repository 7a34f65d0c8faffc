"""A database that hangs rather than dies: every server process stopped (SIGSTOP), as a frozen
machine or a partitioned network looks to the service. Requests get 503 problem bodies within
the configured seconds instead of hanging as long as the database does; once the watch has seen
it, at once; and the service answers again when the server wakes, without a restart."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
import uuid
from pathlib import Path

import asyncpg
import httpx
import pytest

from kairos.store.postmaster import read_postmaster
from tests.serving import AUTH
from tests.store.conftest import Launch, postmaster_pid

LIMIT_SECONDS = 1
TIMEOUTS = {
    "KAIROS_DATABASE_STATEMENT_TIMEOUT_SECONDS": str(LIMIT_SECONDS),
    "KAIROS_DATABASE_POOL_TIMEOUT_SECONDS": str(LIMIT_SECONDS),
    "KAIROS_DATABASE_CONNECT_TIMEOUT_SECONDS": str(LIMIT_SECONDS),
}


def _server_processes(postmaster: int) -> list[int]:
    """The postmaster and its children (backends, checkpointer, writers), read from /proc."""
    children = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == postmaster:
            children.append(int(entry.name))
    return [postmaster, *children]


def _signal_all(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # a backend that ended meanwhile
            os.kill(pid, sig)


def _timed_get(client: httpx.Client, path: str) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    response = client.get(path)
    return response, time.monotonic() - started


def _assert_retry_problem(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.headers["retry-after"] == "5"
    assert "try again" in response.json()["detail"]


def _assert_refused_at_once(client: httpx.Client) -> None:
    """/ready reports the hung database, and once the watch's own check has failed (every
    second, 2 s limit), requests that need the database get their 503 at once."""
    deadline = time.monotonic() + 10
    while client.get("/ready").status_code != 503:
        assert time.monotonic() < deadline, "/ready never reported the hung database"
        time.sleep(0.2)
    time.sleep(2.5)
    for response, took in [_timed_get(client, f"/users/{uuid.uuid4()}") for _ in range(5)]:
        _assert_retry_problem(response)
        assert took < 0.5, f"a request waited {took:.2f} s on a database known to hang"


@pytest.mark.slow
def test_a_hung_database_costs_a_request_seconds_and_the_service_answers_when_it_wakes(
    launch: Launch, serve_dir: Path
) -> None:
    serve = launch("hung", env=TIMEOUTS)
    uid = uuid.uuid4()
    with httpx.Client(base_url=serve.base, headers=AUTH, timeout=60) as client:
        assert client.post(f"/users/{uid}", json={}).status_code == 201
        stopped = _server_processes(postmaster_pid(serve_dir))
        _signal_all(stopped, signal.SIGSTOP)
        try:
            first, first_took = _timed_get(client, f"/users/{uid}")
            _assert_retry_problem(first)
            # one statement limit, perhaps one pool wait before it, and the app's own work
            assert first_took < 3 * LIMIT_SECONDS + 1.5, f"a request hung {first_took:.1f} s"

            _assert_refused_at_once(client)
            assert client.get("/health").status_code == 200  # still within the grace period
        finally:
            _signal_all(stopped, signal.SIGCONT)

        serve.wait_ready(30)
        deadline = time.monotonic() + 15
        while (again := client.get(f"/users/{uid}")).status_code == 503:
            assert time.monotonic() < deadline, "requests were still refused after the wake"
            time.sleep(0.3)
        assert again.status_code == 200, again.text
    assert serve.process.poll() is None, "the service itself was restarted"
    log = serve.log()
    assert "Traceback" not in log, log[log.index("Traceback") - 600 :][:4000]
    assert "database reachable again after" in log


@pytest.mark.slow
def test_a_hung_postmaster_is_seen_though_open_connections_still_answer(
    launch: Launch, serve_dir: Path
) -> None:
    """Only the postmaster stopped (issue 40's own probe): connections already open still
    answer, new ones hang. The watch pinged on its own open connection, so it called the
    database well every second: each request that needed a new connection waited out the
    connect limit, /ready said 200, and nothing was refused at once."""
    serve = launch("postmaster", env=TIMEOUTS)
    with httpx.Client(base_url=serve.base, headers=AUTH, timeout=60) as client:
        assert client.get(f"/users/{uuid.uuid4()}").status_code == 404
        assert client.get("/ready").status_code == 200
        asyncio.run(_end_request_connections(serve_dir))  # the watch's stays open
        postmaster = postmaster_pid(serve_dir)
        os.kill(postmaster, signal.SIGSTOP)
        try:
            # the pooled connections are gone: this request needs a new one, which hangs
            first, first_took = _timed_get(client, f"/users/{uuid.uuid4()}")
            _assert_retry_problem(first)
            assert first_took < 3 * LIMIT_SECONDS + 1.5, f"a request hung {first_took:.1f} s"
            _assert_refused_at_once(client)
        finally:
            os.kill(postmaster, signal.SIGCONT)
        deadline = time.monotonic() + 15
        while client.get(f"/users/{uuid.uuid4()}").status_code == 503:
            assert time.monotonic() < deadline, "requests were still refused after the wake"
            time.sleep(0.3)
    assert serve.process.poll() is None, "the service itself was restarted"


async def _end_request_connections(serve_dir: Path) -> None:
    """Ends every backend of the served process but the watch's ping connection, as a server
    that dropped them would; the test's own words for that connection's name."""
    running = read_postmaster(serve_dir / "pg")
    assert running is not None and running.socket_dir is not None
    admin = await asyncpg.connect(
        host=str(running.socket_dir), port=running.port, user="postgres", database="postgres"
    )
    try:
        ended = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE pid <> "
            "pg_backend_pid() AND backend_type = 'client backend' "
            "AND application_name <> 'kairos-watch'"
        )
        watching = await admin.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'kairos-watch'"
        )
    finally:
        await admin.close()
    assert ended >= 1 and watching >= 1, (ended, watching)
