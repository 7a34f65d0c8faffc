#!/usr/bin/env python3
"""Per-family figures from a graded blind sheet of the judged chat set (standard library only).

    python evals/judged_chat/tally.py --requests evals/judged_chat/requests.jsonl \
        --sheet /tmp/judged-sheet [--json]

Reads the sheet's `key.json` (code -> version, id) and `grades.tsv` (code, grade, note), made by
`../shared/tools/panel_sheet.py make` and filled by a grader with `RUBRIC.md`. The note holds the
grades of the places shown in the graded turn, in order, then after `|` the violations:
`2 2 1 0 2 | V4 wrong city`, `2 1 | L2 peanuts not warned`, `- | asks which city` (no place
shown), `Q ok`. `V<n>` is a hard violation at rank n, `L<n>` a leak (an allergen place shown as
fine), which is also a hard violation.

Per version, family and half (A, B, both): precision@5 (the grade column: places graded >= 1 of
five, or the whole-answer score of a question-request), graded precision@5 (sum of the place
grades / 10; a question-request's whole-answer score), hard-violation rate (violating places /
places shown, pooled) and leaks. A note whose place grades disagree with the grade column is
reported, so a slip is caught.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

TOP = 5


@dataclass
class Graded:
    version: str
    family: str
    half: str
    precision: float
    graded: float
    shown: int
    violations: int
    leaks: int


def parse_note(note: str) -> tuple[list[int], set[int], set[int]]:
    """(place grades, ranks with a violation, ranks with a leak)."""
    head, _, tail = note.partition("|")
    grades = [int(g) for g in re.findall(r"(?<![A-Za-z\d])[012](?![\d])", head)][:TOP]
    violations = {int(n) for n in re.findall(r"\b[VL](\d)\b", tail)}
    leaks = {int(n) for n in re.findall(r"\bL(\d)\b", tail)}
    return grades, violations, leaks


def read(requests_path: str, sheet: pathlib.Path) -> tuple[list[Graded], list[str]]:
    with open(requests_path, encoding="utf-8") as f:
        requests = {r["id"]: r for r in (json.loads(line) for line in f if line.strip())}
    key = json.loads((sheet / "key.json").read_text(encoding="utf-8"))
    rows, problems = [], []
    for line in (sheet / "grades.tsv").read_text(encoding="utf-8").splitlines():
        code, grade, note = ([*line.split("\t"), "", ""])[:3]
        if not code.strip():
            continue
        if not grade.strip():
            problems.append(f"{code}: ungraded")
            continue
        entry = key[code.strip()]
        req = requests[entry["id"]]
        precision = float(grade)
        places, violations, leaks = parse_note(note)
        question = req.get("expects") == "question"
        graded = precision if question else sum(places) / (2 * TOP)
        if not question and abs(sum(g >= 1 for g in places) / TOP - precision) > 1e-9:
            problems.append(f"{code} ({entry['id']}): grade {grade} but places {places}")
        rows.append(
            Graded(
                version=entry["version"],
                family=req["family"],
                half=req["half"],
                precision=precision,
                graded=graded,
                shown=max(len(places), max(violations, default=0)),
                violations=len(violations),
                leaks=len(leaks),
            )
        )
    return rows, problems


def summarise(rows: list[Graded]) -> dict[str, Any]:
    shown = sum(r.shown for r in rows)
    return {
        "requests": len(rows),
        "precision@5": round(sum(r.precision for r in rows) / len(rows), 3),
        "graded_precision@5": round(sum(r.graded for r in rows) / len(rows), 3),
        "violation_rate": round(sum(r.violations for r in rows) / shown, 3) if shown else 0.0,
        "leaks": sum(r.leaks for r in rows),
    }


def table(rows: list[Graded]) -> dict[str, dict[str, dict[str, Any]]]:
    groups: dict[str, dict[str, list[Graded]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        for family in (r.family, "overall"):
            for half in (r.half, "both"):
                groups[r.version][f"{family} {half}"].append(r)
    return {v: {k: summarise(g) for k, g in sorted(by.items())} for v, by in groups.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--requests", default="evals/judged_chat/requests.jsonl")
    ap.add_argument("--sheet", required=True, help="the folder panel_sheet.py make wrote")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows, problems = read(args.requests, pathlib.Path(args.sheet))
    result = table(rows)
    if args.json:
        print(json.dumps({"figures": result, "problems": problems}, indent=1))
    else:
        for version, by in sorted(result.items()):
            print(f"## {version}")
            print("| family half | n | precision@5 | graded P@5 | violation rate | leaks |")
            print("| --- | --- | --- | --- | --- | --- |")
            for name, s in by.items():
                print(
                    f"| {name} | {s['requests']} | {s['precision@5']:.3f} | "
                    f"{s['graded_precision@5']:.3f} | {s['violation_rate']:.3f} | {s['leaks']} |"
                )
        for p in problems:
            print("problem:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
