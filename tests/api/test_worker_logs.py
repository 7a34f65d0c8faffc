"""`kairos serve --workers 2` writes one log a reader can follow (issue 40): every line says when
and which process wrote it (`[main <pid>]` or `[worker <pid>]`), and each worker's start, drain
and stop are its own lines. Before, uvicorn's lines read "INFO:     Shutting down" twice with no
time or process, and the workers dropped Kairos' own lines (the drain's) for want of any logging
set-up."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import httpx
import pytest

from tests.serving import KairosServe

_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ \[(main|worker) (\d+)\] (.*)$")
_STARTED = re.compile(r"Started server process \[(\d+)\]")
_EACH_WORKER = (
    "Started server process",
    "Application startup complete.",
    "stopping: 0 stream(s) open, 2 s to finish; new requests get 503",
    "Application shutdown complete.",
    "Finished server process",
)


@pytest.mark.slow
def test_each_worker_writes_its_own_start_drain_and_stop_lines(tmp_path: Path) -> None:
    serve = KairosServe.start(
        tmp_path,
        name="workers",
        timeout=180,
        args=("--workers", "2"),
        extra_env={
            "KAIROS_SHUTDOWN_GRACE_SECONDS": "2",
            "KAIROS_CHAT_LIMIT_PER_USER": "0",
            "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
            "KAIROS_AUTH_FAILURE_LIMIT_PER_ADDRESS": "0",
        },
    )
    try:
        for _ in range(6):
            assert httpx.get(f"{serve.base}/health", timeout=10).status_code == 200
        assert serve.stop() == 0
    finally:
        serve.kill()
    log = serve.log()
    assert not re.search(r"^(INFO|WARNING|ERROR):", log, re.M), log[-3000:]
    records = [m.groups() for m in map(_RECORD.match, log.splitlines()) if m]
    stamped = [line for line in log.splitlines() if re.match(r"^\d{4}-\d\d-\d\d ", line)]
    assert len(records) == len(stamped) > 20, log[-3000:]
    workers = {int(m.group(1)) for _, _, text in records if (m := _STARTED.search(text))}
    assert len(workers) == 2 and serve.pid not in workers, log[-3000:]
    for role, pid, text in records:
        started = _STARTED.search(text)
        assert started is None or (role, int(pid)) == ("worker", int(started.group(1))), text
        expected = "main" if int(pid) == serve.pid else "worker"
        assert role == expected and (role == "main" or int(pid) in workers), text
    for worker in workers:
        said = Counter(
            line for _, pid, text in records if int(pid) == worker
            for line in _EACH_WORKER if text.startswith(line)
        )  # fmt: skip
        assert said == Counter(_EACH_WORKER), (worker, said)
    access = [(role, int(pid)) for role, pid, text in records if '"GET /health' in text]
    assert len(access) == 6 and all(role == "worker" and pid in workers for role, pid in access)
    parent = [text for role, _, text in records if role == "main"]
    assert sum("port closed to new connections, 2 worker(s) draining" in t for t in parent) == 1
