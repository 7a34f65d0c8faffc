"""Which processes use one embedded database, so that the last one out stops it.

The list is pgserver's own `.handle_pids.json` in the data directory, under pgserver's own lock
file, so a process that started the server through pgserver counts too. pgserver removes a pid
only from an `atexit` hook, which a process ended by SIGTERM (uvicorn re-raises it after its
graceful shutdown) or SIGKILL never runs; a dead pid then stayed forever and kept every later
process from stopping the server. Here every change drops the pids that no longer run.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil

REGISTRY_FILE = ".handle_pids.json"

# fcntl record locks belong to the process (and closing any descriptor of the file drops them),
# so threads of one process queue here and only the outermost holder touches the file.
_threads = threading.RLock()
_depth = 0


@functools.cache
def prepare_runtime_dir() -> Path:
    """pgserver keeps its lock (and sockets whose path in the data directory would be too long)
    under the user's runtime dir (XDG_RUNTIME_DIR); platformdirs warns when there is none or
    when it is not private. Made private once, before pgserver is imported: running as root,
    the server's own user is then let through it (`EmbeddedServer._grant_access`), which must
    not be undone before every later command."""
    os.environ.setdefault("XDG_RUNTIME_DIR", f"/tmp/runtime-{os.getuid()}")
    runtime = Path(os.environ["XDG_RUNTIME_DIR"])
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    if runtime.stat().st_uid == os.getuid():
        runtime.chmod(0o700)
    return runtime


def lock_path() -> Path:
    prepare_runtime_dir()
    from pgserver.postgres_server import PostgresServer

    path: Path = PostgresServer.lock_path
    return path


@contextmanager
def serving_lock() -> Iterator[None]:
    """Held while a process starts, attaches to, restarts or stops an embedded server."""
    global _depth
    with _threads:
        if _depth:
            _depth += 1
            try:
                yield
            finally:
                _depth -= 1
            return
        path = lock_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as handle:
            fcntl.lockf(handle, fcntl.LOCK_EX)
            _depth = 1
            try:
                yield
            finally:
                _depth = 0
                fcntl.lockf(handle, fcntl.LOCK_UN)


def is_alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


class ServingRegistry:
    """The live pids using the server of one data directory. Call under `serving_lock()`."""

    def __init__(self, pgdata: Path) -> None:
        self.path = pgdata / REGISTRY_FILE

    def live(self) -> list[int]:
        try:
            pids = json.loads(self.path.read_text())
        except (FileNotFoundError, ValueError):
            return []
        return [pid for pid in pids if isinstance(pid, int) and is_alive(pid)]

    def add(self, pid: int) -> list[int]:
        """Register `pid`; return the other live pids."""
        others = [p for p in self.live() if p != pid]
        self._write([*others, pid])
        return others

    def remove(self, pid: int) -> list[int]:
        """Unregister `pid`; return the live pids still using the server."""
        remaining = [p for p in self.live() if p != pid]
        self._write(remaining)
        return remaining

    def _write(self, pids: list[int]) -> None:
        if not pids:
            self.path.unlink(missing_ok=True)
            return
        scratch = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        scratch.write_text(json.dumps(pids))
        scratch.replace(self.path)
