"""Reading JSON-lines files (plain or gzipped) one row at a time, counting the bad ones."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from kairos.ingest.records import BadRow


def open_text(path: Path) -> IO[str]:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def iter_jsonl(path: Path, bad_rows: list[BadRow]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object); a line that is not a JSON object is recorded, not raised."""
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                bad_rows.append(BadRow(number, f"not valid JSON ({exc.msg})"))
                continue
            if not isinstance(row, dict):
                bad_rows.append(BadRow(number, "not a JSON object"))
                continue
            yield number, row


def count_lines(path: Path) -> int:
    with open_text(path) as handle:
        return sum(1 for line in handle if line.strip())


def find_file(folder: Path, *names: str) -> Path:
    for name in names:
        for candidate in (folder / name, folder / f"{name}.gz"):
            if candidate.exists():
                return candidate
    raise FileNotFoundError(f"none of {', '.join(names)} (or .gz) found in {folder}")
