"""The embedded PostgreSQL + pgvector server (PyPI `pgserver`): started, shared, restarted, stopped.

One data directory, one server, any number of Kairos processes (one machine's replicas): the
first starts it, later ones attach and say so, the last one out stops it (`serving_registry`).
A server that dies under a running process is started again by `restart_if_dead`, which the
runtime's database watch calls every second.

pgserver provides the binaries; its `get_server` is not used because it caches a handle per
process that outlives the server, attaches to any live pid named in a stale `postmaster.pid`,
and stops the server only from an `atexit` hook that SIGTERM never reaches.
"""

from __future__ import annotations

import logging
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import ClassVar

from kairos.errors import NotReady
from kairos.store.postmaster import (
    leftover_processes,
    remove_stale_lock_files,
    running_postmaster,
    wait_for_socket_lock,
)
from kairos.store.serving_registry import (
    ServingRegistry,
    prepare_runtime_dir,
    serving_lock,
)

logger = logging.getLogger(__name__)

EMBEDDED_DATABASE = "kairos"
SYSTEM_USER = "pgserver"  # PostgreSQL refuses to run as root; pgserver runs it as this user then
START_TIMEOUT_SECONDS = 30  # crash recovery replays the WAL before the server accepts connections
STOP_TIMEOUT_SECONDS = 30
LEFTOVER_WAIT_SECONDS = 10.0
PORT = 5432
"""The server's port: pg_ctl is given none (it listens on its socket only, `-h ""`)."""


def _binaries() -> Path:
    prepare_runtime_dir()
    from pgserver._commands import POSTGRES_BIN_PATH

    path: Path = POSTGRES_BIN_PATH
    return path


def _socket_dir_for(pgdata: Path) -> Path:
    """pgserver's choice: the data directory, or a short folder under the runtime dir when the
    socket's path would be too long. The same answer every time, so a restart keeps the URL."""
    from pgserver.postgres_server import PostgresServer
    from pgserver.utils import find_suitable_socket_dir

    path: Path = find_suitable_socket_dir(pgdata, PostgresServer.runtime_path)
    return path


class EmbeddedServer:
    """This process's handle on the server of one data directory (one per directory, counted)."""

    _open: ClassVar[dict[Path, EmbeddedServer]] = {}

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata
        self.socket_dir = pgdata
        self.system_user = SYSTEM_USER if os.geteuid() == 0 else None
        self.handles = 0

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@/{EMBEDDED_DATABASE}?host={self.socket_dir}"

    @classmethod
    def acquire(cls, data_dir: Path, shared_buffers: str = "256MB") -> EmbeddedServer:
        """Start the server of `data_dir/pg`, or attach to the one running there.

        `shared_buffers` (e.g. "256MB", validated by `Settings`) is written with ALTER SYSTEM
        when the running server has another value; PostgreSQL applies it at its next start.
        """
        pgdata = (data_dir / "pg").resolve()
        pgdata.mkdir(parents=True, exist_ok=True)
        with serving_lock():
            server = cls._open.get(pgdata)
            if server is None:
                server = cls(pgdata)
                server._start_or_attach()
                ServingRegistry(pgdata).add(os.getpid())
                cls._open[pgdata] = server
            elif not server.is_running():
                server._start_or_attach()
            server.handles += 1
            try:
                server._configure(shared_buffers)
            except BaseException:
                server.release()
                raise
        return server

    def is_running(self) -> bool:
        return running_postmaster(self.pgdata) is not None

    def restart_if_dead(self) -> int | None:
        """Start the server again if it is gone; the new postmaster's pid, or None when it was
        running (perhaps restarted meanwhile by another process on the same data)."""
        with serving_lock():
            if self.handles == 0 or self.is_running():
                return None
            return self._start()

    def release(self) -> None:
        """Drop this handle; the last handle of the last process stops the server."""
        with serving_lock():
            self.handles -= 1
            if self.handles > 0:
                return
            self._open.pop(self.pgdata, None)
            others = ServingRegistry(self.pgdata).remove(os.getpid())
            if others:
                logger.info(
                    "embedded PostgreSQL in %s stays up for %d other process(es) (pids %s)",
                    self.pgdata, len(others), ", ".join(map(str, others)),
                )  # fmt: skip
                return
            self._stop()

    def _start_or_attach(self) -> None:
        running = running_postmaster(self.pgdata)
        if running is None:
            self._start()
            return
        self.socket_dir = running.socket_dir or self.pgdata
        logger.info(
            "embedded PostgreSQL already running in %s (pid %d), attaching",
            self.pgdata, running.pid,
        )  # fmt: skip

    def _start(self) -> int:
        if not (self.pgdata / "PG_VERSION").exists():
            self._initdb()
        self._wait_for_leftovers()
        stale = remove_stale_lock_files(self.pgdata)
        if stale is not None:
            logger.warning(
                "embedded PostgreSQL in %s: removed a stale postmaster.pid (pid %d is not a "
                "running server)", self.pgdata, stale,
            )  # fmt: skip
        self.socket_dir = _socket_dir_for(self.pgdata)
        wait_for_socket_lock(self.socket_dir / f".s.PGSQL.{PORT}.lock", LEFTOVER_WAIT_SECONDS)
        self._grant_access()
        code, output = self._run(
            "pg_ctl",
            ["-w", "-t", str(START_TIMEOUT_SECONDS), "-o", '-h ""', "-o", f"-k {self.socket_dir}",
             "-l", str(self.pgdata / "log"), "start"],
            timeout=START_TIMEOUT_SECONDS + 5,
        )  # fmt: skip
        started = running_postmaster(self.pgdata)
        if code != 0 or started is None:
            raise NotReady(
                f"the embedded PostgreSQL in {self.pgdata} did not start: {output.strip()[-500:]}"
                f" (its log: {self.pgdata / 'log'})"
            )
        logger.info(
            "embedded PostgreSQL started in %s (pid %d, socket %s)",
            self.pgdata, started.pid, self.socket_dir,
        )  # fmt: skip
        return started.pid

    def _stop(self) -> None:
        if not self.is_running():
            if not leftover_processes(self.pgdata):
                remove_stale_lock_files(self.pgdata)
            return
        code, output = self._run(
            "pg_ctl", ["-w", "-t", str(STOP_TIMEOUT_SECONDS), "-m", "fast", "stop"],
            timeout=STOP_TIMEOUT_SECONDS + 5,
        )  # fmt: skip
        if code != 0:
            logger.error("embedded PostgreSQL in %s did not stop: %s", self.pgdata, output.strip())
            return
        logger.info("embedded PostgreSQL in %s stopped", self.pgdata)

    def _wait_for_leftovers(self) -> None:
        """Backends of a killed server exit when they notice; a new server waits for them."""
        deadline = time.monotonic() + LEFTOVER_WAIT_SECONDS
        while leftovers := leftover_processes(self.pgdata):
            if time.monotonic() > deadline:
                raise NotReady(
                    f"{len(leftovers)} process(es) of a previous PostgreSQL still work in "
                    f"{self.pgdata} (pids {', '.join(map(str, leftovers))}); stop them first"
                )
            time.sleep(0.2)

    def _initdb(self) -> None:
        self._grant_access()
        code, output = self._run(
            "initdb",
            ["--auth=trust", "--auth-local=trust", "--encoding=utf8", "-U", "postgres"],
            timeout=120,
        )
        if code != 0:
            raise NotReady(f"initdb failed in {self.pgdata}: {output.strip()[-500:]}")

    def _grant_access(self) -> None:
        """Running as root, the server runs as `pgserver`: it must reach its folders (as
        pgserver itself arranges)."""
        if self.system_user is None:
            return
        import pwd
        import stat

        from pgserver.utils import (
            ensure_folder_permissions,
            ensure_prefix_permissions,
            ensure_user_exists,
        )

        ensure_user_exists(self.system_user)
        binaries = _binaries()
        ensure_prefix_permissions(self.pgdata)
        ensure_prefix_permissions(binaries)
        readable = stat.S_IRGRP | stat.S_IROTH
        ensure_folder_permissions(binaries, readable | stat.S_IXGRP | stat.S_IXOTH)
        ensure_folder_permissions(binaries.parent / "lib", readable)
        entry = pwd.getpwnam(self.system_user)
        os.chown(self.pgdata, entry.pw_uid, entry.pw_gid)
        if self.socket_dir != self.pgdata:
            ensure_prefix_permissions(self.socket_dir)
            self.socket_dir.chmod(0o777)

    def _run(self, tool: str, args: list[str], *, timeout: float) -> tuple[int, str]:
        # Output to a file, not a pipe: the server inherits pg_ctl's descriptors and would keep a
        # pipe open, so reading it would never end.
        with tempfile.TemporaryFile("w+") as output:
            try:
                done = subprocess.run(
                    [str(_binaries() / tool), "-D", str(self.pgdata), *args],
                    stdout=output,
                    stderr=subprocess.STDOUT,
                    user=self.system_user,
                    timeout=timeout,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                return -1, f"{tool} gave no answer in {timeout:.0f} s"
            output.seek(0)
            return done.returncode, output.read()

    def _configure(self, shared_buffers: str) -> None:
        exists = self._psql(f"SELECT 1 FROM pg_database WHERE datname = '{EMBEDDED_DATABASE}'")
        if exists != "1":
            self._psql(f"CREATE DATABASE {EMBEDDED_DATABASE}")
        if self._psql("SHOW shared_buffers") != shared_buffers:
            self._psql(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}'")
            logger.info(
                "embedded PostgreSQL: shared_buffers %s from its next start", shared_buffers
            )

    def _psql(self, sql: str) -> str:
        done = subprocess.run(
            [str(_binaries() / "psql"), "-X", "-q", "-t", "-A",
             "-d", f"postgresql://postgres@/postgres?host={self.socket_dir}", "-c", sql],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise NotReady(f"the embedded PostgreSQL refused {sql!r}: {done.stderr.strip()}")
        return done.stdout.strip()
