"""A real `kairos serve` for the speed suite: a subprocess on 127.0.0.1, and its memory.

The server runs exactly as a user runs it (uvicorn, one process), on a scratch data folder that
was built beforehand, so start-up does no ingestion. It is stopped by its own pid only.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

READY_TIMEOUT_SECONDS = 900.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _status_kb(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _children(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"postgres" not in cmdline:
            found.append(int(proc.name))
    return found


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def postgres_pss_mb(pgdata: Path) -> float:
    """Proportional memory of the embedded PostgreSQL serving `pgdata` (postmaster + backends);
    PSS splits shared buffers between processes instead of counting them once per backend."""
    target = str(pgdata.resolve())
    postmasters = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if cmdline and cmdline[0].endswith(b"postgres") and target.encode() in cmdline:
            postmasters.append(int(proc.name))
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        pid = int(proc.name)
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if pid in postmasters or ppid in postmasters:
            total += _pss_kb(pid)
    return round(total / 1024, 1)


@dataclass
class Memory:
    server_rss_mb: float
    server_peak_rss_mb: float
    postgres_pss_mb: float


class ServerProcess:
    """`kairos serve` on a free loopback port over the data folder given."""

    def __init__(self, data_dir: Path, token: str, log_path: Path, workers: int = 1) -> None:
        self.data_dir = data_dir
        self.workers = workers
        self.token = token
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: asyncio.subprocess.Process | None = None
        self.started_seconds = 0.0

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("KAIROS_")}
        env.update(
            KAIROS_DATA_DIR=str(self.data_dir.resolve()),
            KAIROS_AUTO_INGEST_SAMPLE="false",
            KAIROS_SERVICE_TOKEN=self.token,
            KAIROS_ENV="development",
            KAIROS_LOG_LEVEL="WARNING",
            # the load comes from one address and a few users: a rate limit would measure itself
            KAIROS_CHAT_LIMIT_PER_USER="0",
            KAIROS_CHAT_LIMIT_PER_ADDRESS="0",
            KAIROS_AUTH_FAILURE_LIMIT_PER_ADDRESS="0",  # every credential here is valid
        )
        return env

    async def start(self) -> None:
        command = [sys.executable, "-c", "from kairos.cli import main; main()", "serve"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--workers", str(self.workers)]
        started = time.perf_counter()
        with self.log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *command, env=self.env(), stdout=log, stderr=asyncio.subprocess.STDOUT
            )
        async with httpx.AsyncClient(base_url=self.base_url, timeout=5.0) as client:
            while time.perf_counter() - started < READY_TIMEOUT_SECONDS:
                if self.process.returncode is not None:
                    raise RuntimeError(
                        f"kairos serve exited with {self.process.returncode}; see {self.log_path}"
                    )
                try:
                    if (await client.get("/ready")).status_code == 200:
                        self.started_seconds = round(time.perf_counter() - started, 1)
                        return
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.5)
        await self.stop()
        raise TimeoutError(f"kairos serve not ready after {READY_TIMEOUT_SECONDS:.0f} s")

    def memory(self) -> Memory:
        pid = self.process.pid if self.process else 0
        pids = [pid, *_children(pid)]  # with --workers, uvicorn's workers are its children
        return Memory(
            server_rss_mb=round(sum(_status_kb(p, "VmRSS") for p in pids) / 1024, 1),
            server_peak_rss_mb=round(sum(_status_kb(p, "VmHWM") for p in pids) / 1024, 1),
            postgres_pss_mb=postgres_pss_mb(self.data_dir / "pg"),
        )

    async def stop(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), timeout=20)
        except TimeoutError:
            process.kill()
            await process.wait()
