"""`kairos eval trips-intent`: the trips intent classifier against a labelled set.

Each row of the JSONL file is one utterance with its `intent` and the entities it names
(`city`, `days`, `day_index`, `change`, `target`, `petal`; a key present with null means "none
expected"), `trip: true` when it is said on an active trip, and `split` ("train" rows were
looked at while the cue tables were written, "test" rows were not). Every utterance is read
as the product reads it: `normalise` on the evaluation's fixed day, then `classify` with the
embedder; a row on a trip gets the trip `TRIP_START` (that day) of `TRIP_DAYS` days.

Per class: precision, recall and F1; their macro averages; entity accuracy over the rows
that state the entity; latency p50 / p95 of normalise + classify, after a warm-up.
Targets (issue 16): precision and recall ≥ 0.95 per class; classification well under 25 ms.
"""

from __future__ import annotations

import json
import statistics
import time
from datetime import date
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.evals.gate import Figure
from kairos.text.embedding_provider import EmbeddingProvider
from kairos.trips.intent import INTENTS, Intent, TripWindow, classify, normalise

__all__ = [
    "DEFAULT_DATA",
    "ClassFigures",
    "IntentReport",
    "SplitFigures",
    "evaluate_intents",
    "render_intent_report",
]

DEFAULT_DATA: Final = Path(__file__).parent / "data" / "trip_intents.jsonl"
TODAY: Final = date(2025, 6, 11)
TRIP_START: Final = TODAY
TRIP_DAYS: Final = 5
TARGET: Final = 0.95
LATENCY_TARGET_MS: Final = 25.0
_ENTITIES: Final = ("city", "days", "day_index", "change", "target", "petal")


class ClassFigures(BaseModel):
    support: int
    precision: float
    recall: float
    f1: float


class SplitFigures(BaseModel):
    rows: int
    accuracy: float
    classes: dict[str, ClassFigures]
    macro_precision: float
    macro_recall: float
    macro_f1: float
    entity_accuracy: dict[str, float]
    entity_rows: dict[str, int]
    p50_ms: float
    p95_ms: float
    by_method: dict[str, int]
    p95_ms_by_method: dict[str, float]
    """The rules' path and the embedding path timed apart (the blend is rarely needed)."""
    errors: list[dict[str, Any]]
    passed: bool


class IntentReport(BaseModel):
    data: str
    embedder: str | None
    splits: dict[str, SplitFigures]
    passed: bool


def _key(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.lower().replace("'", "").replace("’", "").split())
    return value


def _predicted(intent: Intent, city: str | None, days: int | None) -> dict[str, Any]:
    change = intent.change
    return {
        "city": city,
        "days": days,
        "day_index": intent.day_index,
        "change": change.kind if change else None,
        "target": change.target if change else None,
        "petal": intent.petal,
    }


def _split(rows: list[dict[str, Any]], embedder: EmbeddingProvider | None) -> SplitFigures:
    truth: list[str] = []
    guess: list[str] = []
    latencies: list[float] = []
    hits = dict.fromkeys(_ENTITIES, 0)
    counted = dict.fromkeys(_ENTITIES, 0)
    methods: dict[str, int] = {}
    timed: dict[str, list[float]] = {}
    errors: list[dict[str, Any]] = []
    trip = TripWindow(TRIP_START, TRIP_DAYS)
    for row in rows:
        began = time.perf_counter()
        request = normalise(
            row["text"],
            profile_id="eval",
            trip_id="eval-trip" if row.get("trip") else None,
            today=TODAY,
        )
        intent = classify(request, embedder=embedder, trip=trip if row.get("trip") else None)
        latencies.append((time.perf_counter() - began) * 1000)
        truth.append(row["intent"])
        guess.append(intent.intent_type)
        methods[intent.method] = methods.get(intent.method, 0) + 1
        timed.setdefault(intent.method, []).append(latencies[-1])
        got = _predicted(intent, request.filters.city, request.filters.days)
        wrong = {}
        for name in _ENTITIES:
            if name in row and (name != "city" or row["intent"] == "discovery"):
                counted[name] += 1
                if _key(got[name]) == _key(row[name]) and intent.intent_type == row["intent"]:
                    hits[name] += 1
                else:
                    wrong[name] = {"expected": row[name], "got": got[name]}
        if wrong or intent.intent_type != row["intent"]:
            errors.append(
                {
                    "text": row["text"],
                    "expected": row["intent"],
                    "got": intent.intent_type,
                    "method": intent.method,
                    "entities": wrong,
                }
            )
    classes = {}
    for name in INTENTS:
        tp = sum(t == g == name for t, g in zip(truth, guess, strict=True))
        predicted = guess.count(name)
        support = truth.count(name)
        precision = tp / predicted if predicted else 0.0
        recall = tp / support if support else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        classes[name] = ClassFigures(
            support=support, precision=round(precision, 3), recall=round(recall, 3), f1=round(f1, 3)
        )
    p95 = _p95(latencies)
    passed = all(c.precision >= TARGET and c.recall >= TARGET for c in classes.values())
    return SplitFigures(
        rows=len(rows),
        accuracy=round(sum(t == g for t, g in zip(truth, guess, strict=True)) / len(rows), 3)
        if rows
        else 0.0,
        classes=classes,
        macro_precision=round(statistics.fmean(c.precision for c in classes.values()), 3),
        macro_recall=round(statistics.fmean(c.recall for c in classes.values()), 3),
        macro_f1=round(statistics.fmean(c.f1 for c in classes.values()), 3),
        entity_accuracy={k: round(hits[k] / counted[k], 3) for k in _ENTITIES if counted[k]},
        entity_rows={k: counted[k] for k in _ENTITIES if counted[k]},
        p50_ms=round(statistics.median(latencies), 3) if latencies else 0.0,
        p95_ms=round(p95, 3),
        by_method=methods,
        p95_ms_by_method={k: round(_p95(v), 3) for k, v in sorted(timed.items())},
        errors=errors,
        passed=passed and p95 < LATENCY_TARGET_MS,
    )


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else 0.0


def load_rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def evaluate_intents(path: Path, embedder: EmbeddingProvider | None) -> IntentReport:
    """Figures per split ("train", "test") and over all rows."""
    rows = load_rows(path)
    if embedder is not None:
        classify(normalise("warm up", profile_id="eval", today=TODAY), embedder=embedder)
    for row in rows[:20]:
        classify(normalise(row["text"], profile_id="eval", today=TODAY))
    splits: dict[str, SplitFigures] = {}
    for name in sorted({r.get("split", "train") for r in rows}):
        splits[name] = _split([r for r in rows if r.get("split", "train") == name], embedder)
    splits["all"] = _split(rows, embedder)
    return IntentReport(
        data=str(path),
        embedder=embedder.name if embedder else None,
        splits=splits,
        passed=splits["all"].passed,
    )


def render_intent_report(report: IntentReport, console: Console) -> None:
    table = Table(title=f"trips intent — {report.data} (embedder: {report.embedder or 'none'})")
    for column in ("split", "rows", "class", "P", "R", "F1", "p50 ms", "p95 ms"):
        table.add_column(column, justify="left" if column in ("split", "class") else "right")
    for split, figures in report.splits.items():
        for name, c in figures.classes.items():
            table.add_row(split, str(c.support), name, f"{c.precision:.3f}", f"{c.recall:.3f}",
                          f"{c.f1:.3f}", "", "")  # fmt: skip
        table.add_row(split, str(figures.rows), "macro", f"{figures.macro_precision:.3f}",
                      f"{figures.macro_recall:.3f}", f"{figures.macro_f1:.3f}",
                      f"{figures.p50_ms:.2f}", f"{figures.p95_ms:.2f}")  # fmt: skip
    console.print(table)
    for split, figures in report.splits.items():
        entities = ", ".join(
            f"{k} {v:.3f} (n={figures.entity_rows[k]})" for k, v in figures.entity_accuracy.items()
        )
        console.print(
            f"{split}: entities {entities}; methods {figures.by_method}, "
            f"p95 ms by method {figures.p95_ms_by_method}"
        )
    console.print(
        "passed" if report.passed else "NOT passed: precision and recall ≥ 0.95 per class"
    )


def intent_figures(report: IntentReport) -> list[Figure]:
    """Per class precision and recall on the held-out split, against their 0.95 target."""
    test = report.splits.get("test") or next(iter(report.splits.values()))
    figures: list[Figure] = []
    for name, figures_of in sorted(test.classes.items()):
        figures.append(
            Figure(
                key=f"trips.intent.{name}.precision",
                suite="trips",
                value=round(figures_of.precision, 4),
                target=TARGET,
            )
        )
        figures.append(
            Figure(
                key=f"trips.intent.{name}.recall",
                suite="trips",
                value=round(figures_of.recall, 4),
                target=TARGET,
            )
        )
    return figures  # fmt: skip
