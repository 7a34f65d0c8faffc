#!/usr/bin/env python3
"""A PostgreSQL server of its own, as a team would run one beside Kairos: a separate cluster
started with initdb / pg_ctl, listening on a loopback TCP port, owned by no Python process, with
a login role that is not a superuser and a database where an administrator created pgvector.

    python scripts/external_postgres.py start DIR [--port 55432]   # prints the database URL
    python scripts/external_postgres.py stop DIR

It uses the PostgreSQL 16 + pgvector binaries that the embedded package (pgserver) ships, since
Debian's own PostgreSQL has no pgvector package here. Running as root, the server runs as the
`pgserver` system user (PostgreSQL refuses root), as the embedded server does. `make
test-external` starts one, runs the database-facing suites against it, and stops it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROLE, PASSWORD, DATABASE = "kairos", "kairos-external-test", "kairos"
SYSTEM_USER = "pgserver"


def binaries() -> Path:
    from pgserver._commands import POSTGRES_BIN_PATH

    path: Path = POSTGRES_BIN_PATH
    return path


def run_as_server_user(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    user = SYSTEM_USER if os.geteuid() == 0 else None
    return subprocess.run(args, user=user, text=True, capture_output=True, check=False, **kwargs)  # type: ignore[call-overload]


def prepare_access(folder: Path) -> None:
    """Root runs the server as `pgserver`, which must own its folder and read the binaries."""
    if os.geteuid() != 0:
        return
    import pwd
    import stat

    from pgserver.utils import (
        ensure_folder_permissions,
        ensure_prefix_permissions,
        ensure_user_exists,
    )

    ensure_user_exists(SYSTEM_USER)
    ensure_prefix_permissions(folder)
    ensure_prefix_permissions(binaries())
    readable = stat.S_IRGRP | stat.S_IROTH
    ensure_folder_permissions(binaries(), readable | stat.S_IXGRP | stat.S_IXOTH)
    ensure_folder_permissions(binaries().parent / "lib", readable)
    entry = pwd.getpwnam(SYSTEM_USER)
    os.chown(folder, entry.pw_uid, entry.pw_gid)


def psql(folder: Path, port: int, sql: str, database: str = "postgres") -> str:
    done = run_as_server_user(
        [str(binaries() / "psql"), "-h", str(folder), "-p", str(port), "-U", "postgres",
         "-d", database, "-v", "ON_ERROR_STOP=1", "-tAc", sql]
    )  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"psql failed: {sql}\n{done.stderr}")
    return done.stdout.strip()


def start(folder: Path, port: int) -> str:
    folder = folder.resolve()
    pgdata = folder / "pgdata"
    folder.mkdir(parents=True, exist_ok=True)
    prepare_access(folder)
    if not (pgdata / "PG_VERSION").exists():
        pgdata.mkdir(exist_ok=True)
        prepare_access(pgdata)
        done = run_as_server_user(
            [str(binaries() / "initdb"), "-D", str(pgdata), "-U", "postgres", "--encoding=utf8",
             "--auth-local=trust", "--auth-host=scram-sha-256"]
        )  # fmt: skip
        if done.returncode != 0:
            sys.exit(f"initdb failed:\n{done.stdout}\n{done.stderr}")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}"
    done = run_as_server_user(
        [str(binaries() / "pg_ctl"), "-D", str(pgdata), "-w", "-t", "60", "-o", options,
         "-l", str(folder / "server.log"), "start"],
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if done.returncode != 0 and "another server might be running" not in done.stderr:
        log = (folder / "server.log").read_text(errors="replace")[-2000:]
        sys.exit(f"pg_ctl start failed:\n{done.stdout}\n{done.stderr}\n{log}")
    deadline = time.monotonic() + 30
    while run_as_server_user(
        [str(binaries() / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)]
    ).returncode:
        if time.monotonic() > deadline:
            sys.exit("the server did not accept connections within 30 s")
        time.sleep(0.3)
    if psql(folder, port, f"SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}'") != "1":
        psql(folder, port, f"CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'")
    if psql(folder, port, f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'") != "1":
        psql(folder, port, f"CREATE DATABASE {DATABASE} OWNER {ROLE}")
    psql(folder, port, "CREATE EXTENSION IF NOT EXISTS vector", database=DATABASE)
    return f"postgresql://{ROLE}:{PASSWORD}@127.0.0.1:{port}/{DATABASE}"


def stop(folder: Path) -> None:
    pgdata = folder.resolve() / "pgdata"
    if not (pgdata / "postmaster.pid").exists():
        return
    done = run_as_server_user(
        [str(binaries() / "pg_ctl"), "-D", str(pgdata), "-w", "-m", "fast", "stop"]
    )
    if done.returncode != 0:
        sys.exit(f"pg_ctl stop failed:\n{done.stdout}\n{done.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("start", "stop"))
    parser.add_argument("folder", type=Path, help="the cluster's folder (data, socket, log)")
    parser.add_argument("--port", type=int, default=55432, help="loopback TCP port")
    args = parser.parse_args()
    if args.action == "start":
        print(start(args.folder, args.port))
    else:
        stop(args.folder)


if __name__ == "__main__":
    main()
