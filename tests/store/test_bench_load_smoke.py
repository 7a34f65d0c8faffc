"""`bench/bench_load.py --quick` runs as a user runs it and passes: every phase (chat streams,
feed reads, concurrent profile writes, the embedded PostgreSQL killed under load) on small counts.

An empty data folder (no sample ingest) keeps it near 12 s; the figures are the bench's business
(docs/BENCHMARKS.md), this only checks that it runs, checks what it should, and cleans up.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kairos.store.postmaster import running_postmaster
from tests.conftest import REPO


@pytest.mark.slow
def test_the_load_bench_runs_every_phase_in_quick_mode(serve_dir: Path) -> None:
    out = serve_dir / "load.json"
    command = [sys.executable, "bench/bench_load.py", "--quick", "--data-dir", str(serve_dir)]
    finished = subprocess.run(
        [*command, "--out", str(out)], cwd=REPO, capture_output=True, text=True, timeout=240
    )
    assert finished.returncode == 0, finished.stdout[-4000:] + finished.stderr[-4000:]

    report = json.loads(out.read_text())
    phases = {p["phase"]: p for p in report["phases"]}
    assert list(phases) == ["chat streams", "feed reads", "profile writes", "database kill"]
    assert all(p["passed"] and p["errors"] == 0 for p in phases.values())
    assert phases["chat streams"]["ok"] == 6
    writes, kill = phases["profile writes"]["extra"], phases["database kill"]["extra"]
    assert writes["acknowledged"] == writes["found"] == 24
    assert kill["lost"] == 0 and kill["acknowledged"] > 0
    assert kill["statuses_while_down"].get("503 problem", 0) > 0
    assert kill["postmaster_after"] != kill["postmaster_before"]
    assert not kill["service_restarted"]
    assert running_postmaster(serve_dir / "pg") is None, "the bench left PostgreSQL running"
