"""The README's examples are a script (issue 42, item 2): its shell blocks after "Try it with
curl", then docs/API.md's `sh` blocks, run in order as one bash session against a served
sample, each `curl` failing on an HTTP error. Variables come from the commands before them and
the files they need ship with the repository, so the README cannot drift from the service
again."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.serving import kairos_serve

README = REPO / "README.md"
API = REPO / "docs" / "API.md"
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
PRELUDE = """set -euo pipefail
curl() { command curl --fail-with-body --max-time 60 "$@"; }
"""


def readme_script(base: str) -> str:
    """The README's blocks after "Try it with curl", then docs/API.md's runnable ones."""
    text = README.read_text()
    examples = text[text.index("## Try it with curl") :]
    blocks = BLOCK.findall(examples)
    assert len(blocks) >= 5, "the README's example blocks"
    api_blocks = BLOCK.findall(API.read_text())
    assert api_blocks, "docs/API.md's runnable example blocks"
    return PRELUDE + "\n".join(blocks + api_blocks).replace("http://localhost:8000", base).replace(
        "localhost:8000", base.removeprefix("http://")
    )


@pytest.mark.slow
def test_every_readme_example_runs_as_written(runtime: Any, tmp_path: Path) -> None:
    """On the suite's database, which holds the sample `make run` ingests."""
    env = {
        "KAIROS_ENV": "development",
        "KAIROS_DATABASE_URL": runtime.db.url,
        "KAIROS_DATA_DIR": str(tmp_path / "data"),
        "KAIROS_AUTO_INGEST_SAMPLE": "false",
        "KAIROS_SERVICE_TOKEN": "KairosTest",
        "KAIROS_LOG_LEVEL": "WARNING",
        "KAIROS_CHAT_LIMIT_PER_USER": "0",
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
    }
    with kairos_serve(env, ready_within=120) as base:
        script = tmp_path / "readme.sh"
        script.write_text(readme_script(base))
        run = subprocess.run(
            ["bash", str(script)],
            cwd=REPO,
            env={**os.environ, "TMPDIR": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert run.returncode == 0, f"{run.stderr[-3000:]}\n--- stdout ---\n{run.stdout[-3000:]}"
    assert "Traceback" not in run.stderr
    before = set(subprocess.run(["git", "status", "--porcelain"], cwd=REPO, capture_output=True,
                                text=True).stdout.splitlines())  # fmt: skip
    assert not any(line.endswith((".wav", ".ics", ".jpg")) for line in before), before
