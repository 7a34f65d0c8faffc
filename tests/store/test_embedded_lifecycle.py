"""Several `kairos serve` processes on one data directory share one embedded PostgreSQL: a
later one attaches and says so, SIGTERM and SIGINT both shut a process down cleanly, the last
one out stops the server, and what a killed run leaves behind does not stop the next one."""

from __future__ import annotations

import signal
import subprocess
import uuid
from pathlib import Path

import httpx
import pytest

from kairos.store.embedded import EmbeddedServer
from kairos.store.postmaster import PID_FILE, is_live_postgres
from kairos.store.serving_registry import REGISTRY_FILE
from tests.serving import AUTH, KairosServe
from tests.store.conftest import Launch, postmaster_pid


def _writes_and_reads(serve: KairosServe) -> None:
    uid = uuid.uuid4()
    created = httpx.post(f"{serve.base}/users/{uid}", json={}, headers=AUTH, timeout=10)
    assert created.status_code == 201, created.text
    read = httpx.get(f"{serve.base}/users/{uid}", headers=AUTH, timeout=10)
    assert read.status_code == 200, read.text


def _assert_stopped(pgdata: Path, postmaster: int) -> None:
    # In a container whose init reaps nothing the stopped postmaster stays a zombie: gone all the
    # same (it holds no memory, socket or file).
    assert not is_live_postgres(postmaster, pgdata), "the embedded PostgreSQL is still running"
    assert not (pgdata / PID_FILE).exists(), "postmaster.pid was left behind"
    assert not (pgdata / REGISTRY_FILE).exists(), "the serving registry was left behind"


@pytest.mark.slow
@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_last_process_out_stops_the_database(
    stop_signal: signal.Signals, launch: Launch, serve_dir: Path
) -> None:
    pgdata = (serve_dir / "pg").resolve()
    first = launch("first")
    postmaster = postmaster_pid(serve_dir)
    assert f"embedded PostgreSQL started in {pgdata} (pid {postmaster}" in first.log()

    second = launch("second")
    assert f"embedded PostgreSQL already running in {pgdata} (pid {postmaster}), attaching" in (
        second.log()
    )

    first.stop(stop_signal)
    assert "stays up for 1 other process(es)" in first.log()
    assert is_live_postgres(postmaster, pgdata), "stopping one process stopped the database"
    _writes_and_reads(second)

    second.stop(stop_signal)
    assert f"embedded PostgreSQL in {pgdata} stopped" in second.log()
    _assert_stopped(pgdata, postmaster)
    assert "Traceback" not in first.log() + second.log()


@pytest.mark.slow
def test_a_killed_process_does_not_keep_the_database_from_stopping(
    launch: Launch, serve_dir: Path
) -> None:
    """A process killed outright leaves its pid registered; the next one out still stops the
    server (pgserver's own list kept the dead pid, and then nothing ever stopped it)."""
    pgdata = (serve_dir / "pg").resolve()
    killed = launch("killed")
    postmaster = postmaster_pid(serve_dir)
    killed.kill()

    survivor = launch("survivor")
    assert f"already running in {pgdata} (pid {postmaster}), attaching" in survivor.log()
    _writes_and_reads(survivor)
    survivor.stop(signal.SIGINT)
    _assert_stopped(pgdata, postmaster)


def _stale_pid_file(pgdata: Path, pid: int) -> None:
    lines = (pgdata / PID_FILE).read_text().splitlines()
    lines[0] = str(pid)
    (pgdata / PID_FILE).write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("owner", ["stopped server", "another program"])
def test_a_stale_postmaster_pid_does_not_stop_the_next_start(
    owner: str, serve_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """PostgreSQL refuses to start while the pid in its lock file answers a signal: a zombie of
    the killed server, or another program that got the number."""
    server = EmbeddedServer.acquire(serve_dir)
    pgdata = server.pgdata
    killed = postmaster_pid(serve_dir)
    left_behind = (pgdata / PID_FILE).read_text()
    server.release()
    (pgdata / PID_FILE).write_text(left_behind)
    # Not this process (PostgreSQL ignores its parent's and grandparent's pids), and one of the
    # server's own user (it takes a pid it may not signal for a dead one).
    other = subprocess.Popen(["sleep", "60"], user=server.system_user)
    if owner == "another program":
        _stale_pid_file(pgdata, other.pid)

    caplog.set_level("INFO", logger="kairos.store.embedded")
    try:
        again = EmbeddedServer.acquire(serve_dir)
        assert again.is_running() and postmaster_pid(serve_dir) != killed
        assert "removed a stale postmaster.pid" in caplog.text
        again.release()
        assert not again.is_running()
    finally:
        other.kill()
        other.wait()
