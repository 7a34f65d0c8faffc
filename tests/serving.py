"""A real `kairos serve` subprocess on loopback with its own embedded database, for the tests
that stop, kill and restart things (`KairosServe`) or need the service as run (`kairos_serve`)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.conftest import REPO

SERVICE_TOKEN = "test-token"
AUTH = {"X-Service-Token": SERVICE_TOKEN}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class KairosServe:
    process: subprocess.Popen[bytes]
    base: str
    log_path: Path

    @classmethod
    def start(
        cls,
        data_dir: Path,
        *,
        name: str,
        timeout: float = 60,
        sample: bool = False,
        extra_env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
    ) -> KairosServe:
        """Started and answering /ready; its log goes to a file (a pipe would fill and block)."""
        port = free_port()
        env = {
            **os.environ,
            "KAIROS_ENV": "test",
            # the external server under `make test-external`, else each data_dir's embedded one
            "KAIROS_DATABASE_URL": os.environ.get("KAIROS_TEST_DATABASE_URL", ""),
            "KAIROS_DATA_DIR": str(data_dir),
            "KAIROS_AUTO_INGEST_SAMPLE": "true" if sample else "false",
            "KAIROS_SERVICE_TOKEN": SERVICE_TOKEN,
            "KAIROS_LOG_LEVEL": "INFO",
            **(extra_env or {}),
        }
        kairos = shutil.which("kairos", path=str(Path(sys.executable).parent)) or "kairos"
        log_path = data_dir / f"{name}.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [kairos, "serve", "--port", str(port), *args],
                env=env,
                cwd=REPO,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, which `kill` ends whole
            )
        serve = cls(process, f"http://127.0.0.1:{port}", log_path)
        try:
            serve.wait_ready(timeout)
        except BaseException:
            serve.kill()  # a server that never became ready is nobody's to stop otherwise
            raise
        return serve

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def ready(self) -> bool:
        try:
            return httpx.get(f"{self.base}/ready", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def wait_ready(self, timeout: float) -> float:
        """Seconds until /ready answered 200."""
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            if self.ready():
                return time.monotonic() - began
            if self.process.poll() is not None:
                raise RuntimeError(f"kairos serve exited:\n{self.log()[-3000:]}")
            time.sleep(0.1)
        raise RuntimeError(f"kairos serve not ready in {timeout:.0f} s:\n{self.log()[-3000:]}")

    def stop(self, sig: signal.Signals = signal.SIGTERM, timeout: float = 30) -> int:
        self.process.send_signal(sig)
        return self.process.wait(timeout)

    def kill(self) -> None:
        """SIGKILL to the server's whole process group: with `--workers` a SIGKILL to the parent
        alone left its uvicorn workers running, with parent 1, after the test."""
        kill_group(self.process)


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL to every process of the group `process` leads (started with
    `start_new_session=True`), then reap `process`. The group may outlive its leader."""
    with suppress(ProcessLookupError):  # nobody is left in the group
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


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
            start_new_session=True,  # its own process group, which `kill_group` ends whole
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
            kill_group(process)
            raise RuntimeError(f"kairos serve did not become ready in {ready_within:g} s")
        try:
            yield base
        finally:
            process.terminate()
            with suppress(subprocess.TimeoutExpired):
                process.wait(10)
            kill_group(process)  # and any worker the parent left
