"""Shared fixtures: one real embedded PostgreSQL per test session, the real embedding model, the
real ASGI app. Outbound network connections are refused."""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from kairos.settings import Settings

REPO = Path(__file__).resolve().parents[1]
SAMPLE_DIR = REPO / "data" / "sample"
SHARED_DATA = REPO.parent / "shared" / "data"
TODAY = date(2026, 11, 25)
"""The day the suite's service reads as today: a Wednesday, so "this weekend" is still ahead. No
test reads the real clock (tests/text/test_dates_every_weekday.py sweeps the seven weekdays)."""
EXTERNAL_DATABASE_URL = os.environ.get("KAIROS_TEST_DATABASE_URL") or None
"""`make test-external` runs the database-facing suites against a PostgreSQL server of its own
(scripts/external_postgres.py) through this; unset, the suite starts its embedded server."""
external_only = pytest.mark.skipif(
    EXTERNAL_DATABASE_URL is None, reason="needs an external server (make test-external)"
)
embedded_only = pytest.mark.skipif(
    EXTERNAL_DATABASE_URL is not None, reason="tests the embedded server itself"
)

# `make mutation` runs with this profile: the same examples on every run, so a mutant's verdict
# does not depend on which random examples were drawn, and no deadline on a loaded machine.
hypothesis_settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
# Every other run: no per-example deadline and no "too slow" health check, which fail on a loaded
# machine rather than on a defect (make test-external under load 12 failed a fusion property test
# on "input generation is slow"); the properties themselves are checked as before.
hypothesis_settings.register_profile(
    "kairos", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("kairos")

_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: Any) -> Any:
    if self.family == socket.AF_UNIX:
        return _real_connect(self, address)
    host = address[0] if isinstance(address, tuple) else str(address)
    if host in ("127.0.0.1", "::1", "localhost") or str(host).startswith("127."):
        return _real_connect(self, address)
    raise RuntimeError(f"tests may not reach the network (tried {address!r})")


@pytest.fixture(autouse=True)
def _cold_caches_under_mutmut() -> None:
    """Under `make mutation` only: each test starts with the core's caches empty.

    mutmut runs a mutant against the tests that called the mutated function while it collected
    its statistics. A function behind an lru_cache is called by the first test that needs a
    value only, so without this the later tests would never be run against its mutants.
    """
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    for name, module in list(sys.modules.items()):
        if name.startswith(("kairos.core.", "kairos.search.")):
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


@pytest.fixture(autouse=True, scope="session")
def _no_network() -> Iterator[None]:
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    yield
    socket.socket.connect = _real_connect  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """Outside pytest's tmp tree, which concurrent pytest runs prune; removed at exit, after the
    embedded server (registered later, so stopped earlier) has shut down."""
    # Under `make mutation` each mutant's run is a forked process that never reaches atexit:
    # its folder goes inside mutants/ (REPO there), which the make target removes afterwards.
    scratch = REPO / ".mutation-tmp" if os.environ.get("MUTANT_UNDER_TEST") else None
    if scratch is not None:
        scratch.mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="kairos-test-", dir=scratch))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


@pytest.fixture(scope="session")
def settings(data_dir: Path) -> Settings:
    return Settings(
        env="test",
        data_dir=data_dir,
        database_url=EXTERNAL_DATABASE_URL,
        sample_dir=SAMPLE_DIR,
        auto_ingest_sample=True,
        today=TODAY,
        service_token="test-token",  # type: ignore[arg-type]
        # Every in-process test calls from 127.0.0.1: one address. Rate limits are tested on
        # apps of their own (tests/api/test_rate_limits.py).
        chat_limit_per_user=0,
        chat_limit_per_address=0,
        auth_failure_limit_per_address=0,
        _env_file=None,  # type: ignore[call-arg]
    )


@pytest.fixture(scope="session")
async def runtime(settings: Settings) -> AsyncIterator[Any]:
    from kairos.registry import start_runtime

    started = await start_runtime(settings)
    yield started
    await started.close()


@pytest.fixture(scope="session")
async def app(settings: Settings, runtime: Any) -> Any:
    from kairos.api.app import create_app

    return create_app(settings, runtime=runtime)


@pytest.fixture
async def client(app: Any) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as c:
        yield c


def shared_file(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not present (the full data sets live in ../shared/data)")
    return path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: sync Playwright keeps an event loop running in the main thread, which
    the async tests cannot share."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(REDIS_SERVER).exists():
        pytest.skip("redis-server is not installed (apt-get install redis-server); CI has it")
    port = _free_port()
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
