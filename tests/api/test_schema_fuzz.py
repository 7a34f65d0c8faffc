"""Schema fuzzing (issue 10): schemathesis with every check, against a real `kairos serve`, at
least 2,000 generated cases from a fixed seed, credentials supplied so the cases get past auth.
Any failure (a 5xx, a response the schema does not describe, valid input refused, invalid input
accepted, a wrong 405) fails the test with schemathesis's own report and reproduction."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import REPO
from tests.serving import kairos_serve

pytestmark = pytest.mark.slow

SEED = 20261124
MAX_EXAMPLES = 120  # per operation and phase: about 4,300 cases over the 25 operations
MIN_CASES = 2_000
FUZZ_TOKEN = "fuzz-service-token-0123456789abcdef"
# Findings accepted on purpose, each with its reason (schemathesis's own baseline format).
BASELINE = Path(__file__).with_name("schemathesis_baseline.json")
CONFIG = Path(__file__).with_name("schemathesis.toml")


@pytest.fixture(scope="module")
def fuzz_server(runtime: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    env = {
        "KAIROS_ENV": "development",  # the demo routes are fuzzed too
        "KAIROS_DATABASE_URL": runtime.db.url,
        "KAIROS_AUTO_INGEST_SAMPLE": "false",
        "KAIROS_DATA_DIR": str(tmp_path_factory.mktemp("fuzz-data")),
        "KAIROS_LOG_LEVEL": "WARNING",
        "KAIROS_SERVICE_TOKEN": FUZZ_TOKEN,
        # one fuzzer, one address, thousands of turns: limits would only shorten the run
        "KAIROS_CHAT_LIMIT_PER_USER": "0",
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
        # negative cases send wrong credentials by design; counting them would block the rest
        "KAIROS_AUTH_FAILURE_LIMIT_PER_ADDRESS": "0",
    }
    with kairos_serve(env) as base:
        yield base


def _users(base: str) -> dict[str, str]:
    token = {"X-Service-Token": FUZZ_TOKEN}
    ids = {"KAIROS_FUZZ_CHAT_UID": str(uuid.uuid4()), "KAIROS_FUZZ_PROFILE_UID": str(uuid.uuid4())}
    with httpx.Client(base_url=base, timeout=30) as client:
        for uid in ids.values():
            body = {
                "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
            }
            assert client.post(f"/users/{uid}", json=body, headers=token).status_code == 201
        demo = client.post("/demo/session", json={})
        assert demo.status_code == 200, demo.text
        ids["KAIROS_FUZZ_DEMO_COOKIE"] = demo.cookies["kairos_demo"]
    return ids


def test_schemathesis_finds_no_failure(fuzz_server: str, tmp_path: Path) -> None:
    st = shutil.which("st", path=str(Path(sys.executable).parent)) or "st"
    report = tmp_path / "report.json"
    env = {
        **os.environ,
        **_users(fuzz_server),
        "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks",
        "PYTHONPATH": str(REPO),
    }
    command = [
        st, "--config-file", str(CONFIG), "run", f"{fuzz_server}/openapi.json",
        "--checks", "all",
        "--header", f"X-Service-Token: {FUZZ_TOKEN}",
        "--seed", str(SEED),
        "--max-examples", str(MAX_EXAMPLES),
        "--workers", "1",
        "--generation-database", "none",
        "--request-timeout", "30",
        "--no-color",
        "--baseline", str(BASELINE),
        "--report", "json", "--report-json-path", str(report),
    ]  # fmt: skip
    started = time.monotonic()
    run = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    elapsed = time.monotonic() - started
    assert report.exists(), run.stdout[-4000:] + run.stderr[-2000:]
    result = json.loads(report.read_text())
    cases = result["test_cases"]
    print(
        f"\nschemathesis {result['schemathesis_version']}: {cases['generated']} cases over "
        f"{result['operations']['tested']} operations in {elapsed:.0f} s; "
        f"failures {cases['with_failures']}, errors {cases['errored']}"
    )
    assert run.returncode == 0 and not result["failures"] and not result["errors"], run.stdout[
        -8000:
    ]
    assert cases["generated"] >= MIN_CASES
    assert result["operations"]["tested"] == result["operations"]["total"]
