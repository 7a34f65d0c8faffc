"""A real redis-server on a free loopback port for the Redis rate limiter's contract run."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving import free_port

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(REDIS_SERVER).exists():
        pytest.skip("redis-server is not installed (apt-get install redis-server); CI has it")
    port = free_port()
    workdir = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(workdir)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    break
        except OSError:
            time.sleep(0.05)
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited: {process.stderr.read().decode()[-500:]}")  # type: ignore[union-attr]
    else:
        process.kill()
        raise RuntimeError("redis-server did not answer PING within 10 s")
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(10)
