"""Start (or reuse) the embedded PostgreSQL + pgvector server from the `pgserver` package."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

EMBEDDED_DATABASE = "kairos"


def _quiet_platformdirs() -> None:
    # pgserver asks platformdirs for a runtime dir; without XDG_RUNTIME_DIR it warns on every start.
    os.environ.setdefault("XDG_RUNTIME_DIR", f"/tmp/runtime-{os.getuid()}")
    runtime = Path(os.environ["XDG_RUNTIME_DIR"])
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    if runtime.stat().st_uid == os.getuid():
        runtime.chmod(0o700)


def start_embedded_server(data_dir: Path, shared_buffers: str = "256MB") -> str:
    """Start the server whose data lives in `data_dir/pg`; return an asyncpg URL to Kairos' db.

    The server is shared by every process that asks for the same folder and stops with the last one.
    `shared_buffers` (e.g. "256MB", validated by `Settings`) is written with ALTER SYSTEM when the
    running server has another value; PostgreSQL applies it at the server's next start.
    """
    _quiet_platformdirs()
    import pgserver

    pgdata = (data_dir / "pg").resolve()
    pgdata.mkdir(parents=True, exist_ok=True)
    server: Any = pgserver.get_server(pgdata, cleanup_mode="stop")
    existing = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{EMBEDDED_DATABASE}';")
    if "(1 row)" not in existing:
        server.psql(f"CREATE DATABASE {EMBEDDED_DATABASE};")
    server.psql("SELECT 1;")
    if f" {shared_buffers}\n" not in server.psql("SHOW shared_buffers;"):
        server.psql(f"ALTER SYSTEM SET shared_buffers = '{shared_buffers}';")
        logger.info("embedded PostgreSQL: shared_buffers %s from its next start", shared_buffers)
    socket_dir = server.get_postmaster_info().socket_dir
    logger.info("embedded PostgreSQL running in %s (socket %s)", pgdata, socket_dir)
    return f"postgresql+asyncpg://postgres@/{EMBEDDED_DATABASE}?host={socket_dir}"
