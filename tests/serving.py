"""A real `kairos serve` on a free loopback port, for tests that need the service as run."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def kairos_serve(env: dict[str, str], ready_within: float = 60.0) -> Iterator[str]:
    """Yields the base URL once `/ready` answers 200; stops the server afterwards. The server's
    log goes to a file (a pipe nobody reads fills up and stalls a server that logs a lot)."""
    port = free_port()
    kairos = shutil.which("kairos", path=str(Path(sys.executable).parent)) or "kairos"
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [kairos, "serve", "--port", str(port)],
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + ready_within
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/ready", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"kairos serve exited: {log.read().decode()[-2000:]}")
            time.sleep(0.3)
        else:
            process.kill()
            raise RuntimeError(f"kairos serve did not become ready in {ready_within:g} s")
        try:
            yield base
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
