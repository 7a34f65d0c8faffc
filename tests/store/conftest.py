"""A data directory of its own for tests that run `kairos serve` processes, and a teardown that
leaves no server behind whatever the test did."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kairos.store.postmaster import read_postmaster, running_postmaster
from tests.serving import KairosServe

Launch = Callable[..., KairosServe]


def stop_postmaster(pgdata: Path) -> None:
    """Fast shutdown (SIGINT) of a server a failed test left running."""
    running = running_postmaster(pgdata)
    if running is None:
        return
    os.kill(running.pid, signal.SIGINT)
    deadline = time.monotonic() + 15
    while running_postmaster(pgdata) is not None and time.monotonic() < deadline:
        time.sleep(0.1)


@pytest.fixture
def serve_dir() -> Iterator[Path]:
    """Outside pytest's tmp tree (short paths keep the server's socket in its data folder);
    KEEP_SERVE_DIR=1 keeps it, with the processes' logs, for a look after a failure."""
    path = Path(tempfile.mkdtemp(prefix="kairos-serve-"))
    yield path
    stop_postmaster(path / "pg")
    if not os.environ.get("KEEP_SERVE_DIR"):
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def launch(serve_dir: Path) -> Iterator[Launch]:
    """Start `kairos serve` processes on `serve_dir`; any still running at the end are killed."""
    started: list[KairosServe] = []

    def start(
        name: str,
        *,
        sample: bool = False,
        env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
        timeout: float = 120,
    ) -> KairosServe:
        serve = KairosServe.start(
            serve_dir, name=name, sample=sample, timeout=timeout, extra_env=env, args=args
        )
        started.append(serve)
        return serve

    yield start
    for serve in started:
        serve.kill()


def postmaster_pid(data_dir: Path) -> int:
    postmaster = read_postmaster(data_dir / "pg")
    assert postmaster is not None, "the embedded server wrote no postmaster.pid"
    return postmaster.pid
