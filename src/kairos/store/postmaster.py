"""What an embedded data directory's `postmaster.pid` says, and whether it is still true.

PostgreSQL trusts its lock files (`postmaster.pid`, the socket's `.s.PGSQL.<port>.lock`) while
their pid answers `kill(pid, 0)`. After a crash that pid can be a zombie (a container whose init
reaps nothing) or another program that reused the number: the server then refuses to start, and
pgserver, the other way round, attaches to a server that is gone. Here a pid counts as the
server only when it is a live `postgres` process working in this data directory (every
PostgreSQL process chdirs there).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

logger = logging.getLogger(__name__)

PID_FILE = "postmaster.pid"


@dataclass(frozen=True)
class Postmaster:
    """The lines of `postmaster.pid` Kairos reads (the file has eight; later ones may be missing
    while the server starts)."""

    pid: int
    socket_dir: Path | None
    port: int
    status: str


def read_postmaster(pgdata: Path) -> Postmaster | None:
    try:
        lines = (pgdata / PID_FILE).read_text().splitlines()
    except FileNotFoundError:
        return None

    def line(index: int) -> str:
        return lines[index].strip() if index < len(lines) else ""

    pid, port = line(0), line(3)
    return Postmaster(
        pid=int(pid) if pid.isdigit() else 0,
        socket_dir=Path(line(4)) if line(4) else None,
        port=int(port) if port.isdigit() else 5432,
        status=line(7),
    )


def _works_in(process: psutil.Process, pgdata: Path) -> bool:
    try:
        if process.status() == psutil.STATUS_ZOMBIE or process.name() != "postgres":
            return False
        return Path(process.cwd()).resolve() == pgdata.resolve()
    except psutil.AccessDenied:
        return process.name() == "postgres"  # cannot tell its folder: assume it is ours
    except psutil.Error:  # gone meanwhile (NoSuchProcess, ZombieProcess)
        return False


def is_live_postgres(pid: int, pgdata: Path) -> bool:
    if pid <= 0:
        return False
    try:
        return _works_in(psutil.Process(pid), pgdata)
    except psutil.Error:
        return False


def running_postmaster(pgdata: Path) -> Postmaster | None:
    """The server of `pgdata` if its postmaster is alive, whatever state it is in."""
    postmaster = read_postmaster(pgdata)
    if postmaster is not None and is_live_postgres(postmaster.pid, pgdata):
        return postmaster
    return None


def leftover_processes(pgdata: Path) -> list[int]:
    """Live PostgreSQL processes still working in `pgdata`. Backends of a killed postmaster keep
    running until they notice; a new server must not start beside them (they may still write)."""
    found = []
    for process in psutil.process_iter(["name"]):
        if process.info["name"] == "postgres" and _works_in(process, pgdata):
            found.append(process.pid)
    return found


def remove_stale_lock_files(pgdata: Path) -> int | None:
    """Remove `postmaster.pid` and the socket's lock file when no process of `pgdata` remains;
    return the dead postmaster's pid (None when there was nothing stale to remove).

    The caller holds the serving lock and has checked that no leftover process works in `pgdata`,
    so nothing can be attached to the old server's shared memory: the files are only history.
    """
    postmaster = read_postmaster(pgdata)
    if postmaster is None or is_live_postgres(postmaster.pid, pgdata):
        return None
    if postmaster.socket_dir is not None:
        (postmaster.socket_dir / f".s.PGSQL.{postmaster.port}.lock").unlink(missing_ok=True)
    (pgdata / PID_FILE).unlink(missing_ok=True)
    return postmaster.pid


def wait_for_socket_lock(lock: Path, wait_seconds: float) -> bool:
    """Wait while the process named in a socket's lock file (`.s.PGSQL.<port>.lock`) is alive:
    a server just stopped may still hold it for a moment as it exits, and a server started then
    refuses ("lock file … already exists"; seen once in CI on a stop then a start 0.1 s apart).
    True when the file is gone or names no live process; False when the wait ran out."""
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            pid = int(lock.read_text().splitlines()[0].strip())
        except (OSError, ValueError, IndexError):
            return True
        if pid <= 0 or not psutil.pid_exists(pid):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
