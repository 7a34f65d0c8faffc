"""Allergen reading measured on hand-labelled recipe and menu lines (`evals/allergen_lines/`).

Each line carries the EU-14 allergens a reader who saw no Kairos code labelled it with:
`contains` (the food holds it as normally bought or made) and `likely` (most versions hold it).
The core reads each line once (`detect_allergens`) and is scored:

- recall of `contains` labels: found with any status (a "may contain" still warns the person);
- recall of `likely` labels, the same way; and of both together ("all");
- precision: allergens reported (any status) that the line is labelled with (either list);
- per allergen, the same, so a rare allergen's misses are not hidden by the common ones.

Lines belong to half A (rules are chosen by reading its misses; the drawn half A plus an
extension set of further lines) or half B (only judged). `kairos eval allergen-lines --half B`.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Final

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.core.allergen_detection import detect_allergens
from kairos.core.lexicon import CANONICAL_ALLERGENS

__all__ = ["DEFAULT_LINES", "LineScore", "LinesReport", "evaluate_lines", "render_lines_report"]

DEFAULT_LINES: Final = Path("evals/allergen_lines/lines.jsonl")
MIN_SUPPORT: Final = 10
"""Per-allergen figures are gated only with at least this many labels."""


class LineScore(BaseModel):
    contains_recall: float | None
    likely_recall: float | None
    recall: float | None
    precision: float | None
    contains_support: int
    likely_support: int


class LineMiss(BaseModel):
    line: str
    allergen: str
    label: str


class LinesReport(BaseModel):
    data: str
    half: str | None
    lines: int
    overall: LineScore
    per_allergen: dict[str, LineScore]
    misses: list[LineMiss]
    false_positives: list[LineMiss]


def _ratio(hit: int, total: int) -> float | None:
    return round(hit / total, 4) if total else None


def _score(c_hit: int, c_all: int, l_hit: int, l_all: int, reported: int, right: int) -> LineScore:
    return LineScore(
        contains_recall=_ratio(c_hit, c_all),
        likely_recall=_ratio(l_hit, l_all),
        recall=_ratio(c_hit + l_hit, c_all + l_all),
        precision=_ratio(right, reported),
        contains_support=c_all,
        likely_support=l_all,
    )


def evaluate_lines(path: Path = DEFAULT_LINES, half: str | None = None) -> LinesReport:
    rows = [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw]
    if half is not None:
        rows = [r for r in rows if r["half"] == half]
    counts: dict[str, Counter[str]] = {a: Counter() for a in CANONICAL_ALLERGENS}
    misses: list[LineMiss] = []
    wrong: list[LineMiss] = []
    for row in rows:
        found = {m.allergen for m in detect_allergens(row["text"])}
        labelled = set(row["contains"]) | set(row["likely"])
        for label in ("contains", "likely"):
            for allergen in row[label]:
                tally = counts[allergen]
                tally[f"{label}_all"] += 1
                if allergen in found:
                    tally[f"{label}_hit"] += 1
                else:
                    misses.append(LineMiss(line=row["text"], allergen=allergen, label=label))
        for allergen in found & set(CANONICAL_ALLERGENS):
            counts[allergen]["reported"] += 1
            if allergen in labelled:
                counts[allergen]["right"] += 1
            else:
                wrong.append(LineMiss(line=row["text"], allergen=allergen, label="none"))
    keys = ("contains_hit", "contains_all", "likely_hit", "likely_all", "reported", "right")
    total = Counter[str]()
    for tally in counts.values():
        total.update(tally)
    return LinesReport(
        data=str(path),
        half=half,
        lines=len(rows),
        overall=_score(*(total[k] for k in keys)),
        per_allergen={
            a: _score(*(t[k] for k in keys))
            for a, t in counts.items()
            if t["contains_all"] or t["likely_all"] or t["reported"]
        },
        misses=misses,
        false_positives=wrong,
    )


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def render_lines_report(report: LinesReport, console: Console) -> None:
    table = Table(title=f"Allergen lines: {report.data} (half {report.half or 'A+B'})")
    for column in ("allergen", "contains", "likely", "all", "precision", "labels"):
        table.add_column(column)
    for name, score in [("overall", report.overall), *sorted(report.per_allergen.items())]:
        table.add_row(
            name, _pct(score.contains_recall), _pct(score.likely_recall), _pct(score.recall),
            _pct(score.precision), f"{score.contains_support}+{score.likely_support}",
        )  # fmt: skip
    console.print(table)
    console.print(
        f"{report.lines} lines; {len(report.misses)} labels missed; "
        f"{len(report.false_positives)} allergens reported that no label names"
    )
    if report.half == "B":
        console.print("(half B is for judging: its misses and false positives are not listed, so "
                      "rules are not chosen by reading them; --json has them)")  # fmt: skip
        return
    for miss in report.misses[:40]:
        console.print(f"  {miss.allergen:10} ({miss.label}) {miss.line}")
    # Precision is a target too: what the reader wrongly flags is listed like what it misses.
    if report.false_positives:
        console.print("Reported but not labelled (false positives):")
    for wrong in report.false_positives[:40]:
        console.print(f"  {wrong.allergen:10} (none) {wrong.line}")
