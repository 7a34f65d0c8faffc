"""A server started just after one stopped waits for the old one's socket lock to go (CI on
2026-11-30: 'lock file ".s.PGSQL.5432.lock" already exists … Is another postmaster (PID 3764)',
0.1 s after that postmaster logged its shutdown)."""

from __future__ import annotations

import subprocess
import threading
import time
from pathlib import Path

from kairos.store.postmaster import wait_for_socket_lock


def _lock(tmp_path: Path, pid: int) -> Path:
    lock = tmp_path / ".s.PGSQL.5432.lock"
    lock.write_text(f"{pid}\n/tmp/pgdata\n1700000000\n5432\n")
    return lock


def test_a_lock_held_by_an_exiting_process_is_waited_for(tmp_path: Path) -> None:
    exiting = subprocess.Popen(["sleep", "0.6"])
    reaper = threading.Thread(target=exiting.wait)  # its parent reaps it as it exits
    reaper.start()
    started = time.monotonic()
    assert wait_for_socket_lock(_lock(tmp_path, exiting.pid), 10.0)
    assert 0.5 <= time.monotonic() - started < 5.0
    reaper.join(5)


def test_a_lock_of_no_live_process_or_none_at_all_is_no_wait(tmp_path: Path) -> None:
    gone = subprocess.Popen(["true"])
    gone.wait(5)
    started = time.monotonic()
    assert wait_for_socket_lock(_lock(tmp_path, gone.pid), 10.0)
    assert wait_for_socket_lock(tmp_path / "none.lock", 10.0)
    assert time.monotonic() - started < 1.0


def test_a_lock_still_held_when_the_wait_runs_out_is_said(tmp_path: Path) -> None:
    holder = subprocess.Popen(["sleep", "30"])
    try:
        started = time.monotonic()
        assert not wait_for_socket_lock(_lock(tmp_path, holder.pid), 0.3)
        assert 0.3 <= time.monotonic() - started < 2.0
    finally:
        holder.kill()
        holder.wait(5)
