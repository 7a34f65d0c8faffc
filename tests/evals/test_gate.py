"""The gate's rules on small inputs: baselines, tolerance in points, floors, raise-only updates;
and the figures `kairos eval all` builds from a suite's report."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from kairos.evals import gate
from kairos.evals.allergens import evaluate_allergens
from kairos.evals.contract import CheckFigure, ContractReport
from kairos.evals.gate import Baseline, Baselines, Figure
from kairos.evals.suite_figures import allergen_figures, contract_figures, file_tag


def fig(key: str, value: float | None, **kw: object) -> Figure:
    return Figure.model_validate({"key": key, "suite": key.split(".")[0], "value": value, **kw})


def recorded(**values: float | Baseline) -> Baselines:
    figures = {k: v if isinstance(v, Baseline) else Baseline(value=v) for k, v in values.items()}
    return Baselines(figures=figures)


def status(figure: Figure, baselines: Baselines) -> str:
    return gate.judge_one(figure, baselines).status


def test_a_point_is_a_percentage_point_on_either_scale() -> None:
    assert gate.worse_by_points(0.80, 0.82, "unit", True) == pytest.approx(2.0)
    assert gate.worse_by_points(80.0, 82.0, "percent", True) == pytest.approx(2.0)
    assert gate.worse_by_points(-0.30, -0.35, "unit", False) == pytest.approx(5.0)
    assert gate.worse_by_points(0.90, 0.85, "unit", True) == pytest.approx(-5.0)


def test_figures_within_two_points_pass_and_beyond_fail() -> None:
    base = recorded(**{"a.f1": 0.80})
    assert status(fig("a.f1", 0.80), base) == "ok"
    assert status(fig("a.f1", 0.785), base) == "ok"  # 1.5 points worse
    assert status(fig("a.f1", 0.78), base) == "ok"  # exactly 2 points: still within
    assert status(fig("a.f1", 0.779), base) == "regressed"
    assert status(fig("a.f1", 0.81), base) == "improved"
    verdict = gate.judge_one(fig("a.f1", 0.75), base)
    assert verdict.delta_points == pytest.approx(-5.0)
    assert "5.00 points worse" in verdict.message


def test_direction_and_scale_come_from_the_baseline() -> None:
    rho = Baseline(value=-0.40, higher_is_better=False)
    percent = Baseline(value=90.0, scale="percent")
    base = recorded(**{"aspects.value.rho": rho, "x.percent": percent})
    assert status(fig("aspects.value.rho", -0.45, higher_is_better=False), base) == "improved"
    assert status(fig("aspects.value.rho", -0.37, higher_is_better=False), base) == "regressed"
    assert status(fig("x.percent", 88.5, scale="percent"), base) == "ok"
    assert status(fig("x.percent", 87.5, scale="percent"), base) == "regressed"


def test_floors_fail_whatever_the_baseline_says() -> None:
    recall = fig("allergens.off.recall", 0.985, floor=0.99)
    assert status(recall, recorded(**{"allergens.off.recall": 0.985})) == "below floor"
    assert status(recall, Baselines()) == "below floor"
    assert status(fig("allergens.off.recall", 0.995, floor=0.99), Baselines()) == "new"
    lower = fig("latency", 120.0, floor=100.0, higher_is_better=False)
    assert status(lower, Baselines()) == "below floor"


def test_a_ratchet_is_held_at_its_baseline_below_the_floor_and_may_never_drop() -> None:
    key = "allergens.off.recall"
    recall = fig(key, 0.985, floor=0.99, ratchet=True)
    held = gate.judge_one(recall, recorded(**{key: 0.985}))
    assert held.status == "short of floor" and "held at its baseline 0.985" in held.message
    assert gate.passed([held])
    assert status(fig(key, 0.988, floor=0.99, ratchet=True), recorded(**{key: 0.985})) == (
        "short of floor"
    )  # better, still short: shown as short, and raising the baseline moves the ratchet up
    dropped = gate.judge_one(fig(key, 0.9849, floor=0.99, ratchet=True), recorded(**{key: 0.985}))
    assert dropped.status == "below floor" and "drops below its baseline" in dropped.message
    assert status(recall, Baselines()) == "below floor"  # a file with no baseline gets no slack
    # Above the floor, a ratchet has zero tolerance where other figures have two points.
    above = recorded(**{key: 0.995})
    assert status(fig(key, 0.9949, floor=0.99, ratchet=True), above) == "regressed"
    assert status(fig(key, 0.9949, floor=0.99), above) == "ok"
    assert status(fig("allergens.off.eggs.recall", 0.97, ratchet=True), recorded(
        **{"allergens.off.eggs.recall": 0.9767})) == "regressed"  # fmt: skip


def test_missing_figures_and_report_only_figures_never_fail() -> None:
    base = recorded(**{"a.x": 0.9, "a.t": 0.9})
    assert status(fig("a.x", None), base) == "not run"
    assert status(fig("a.t", 0.1, gated=False), base) == "report only"
    assert status(fig("a.new", 0.1, gated=False), Baselines()) == "report only"


def test_passed_is_false_on_any_regression_or_floor_miss() -> None:
    base = recorded(**{"a.x": 0.9})
    assert gate.passed(gate.judge([fig("a.x", 0.9), fig("a.y", 0.5)], base))
    assert not gate.passed(gate.judge([fig("a.x", 0.8)], base))
    assert not gate.passed(gate.judge([fig("a.z", 0.5, floor=1.0)], base))


def test_baselines_are_raised_or_added_never_lowered() -> None:
    base = recorded(**{"a.up": 0.80, "a.down": 0.80, "a.same": 0.80})
    figures = [
        fig("a.up", 0.85),
        fig("a.down", 0.70),
        fig("a.same", 0.80),
        fig("a.new", 0.50),
        fig("a.timing", 12.0, gated=False),
        fig("a.absent", None),
    ]
    updated, changed = gate.raise_baselines(base, figures, today="2026-01-01")
    assert sorted(changed) == ["a.new", "a.up"]
    assert updated.figures["a.up"].value == 0.85
    assert updated.figures["a.up"].recorded == "2026-01-01"
    assert updated.figures["a.down"].value == 0.80
    assert updated.figures["a.new"].value == 0.50
    assert "a.timing" not in updated.figures and "a.absent" not in updated.figures
    assert base.figures["a.up"].value == 0.80  # the input is not modified


def test_baselines_round_trip_through_the_file(tmp_path: Path) -> None:
    path = tmp_path / "baselines.json"
    assert gate.load_baselines(path) == Baselines()
    base = Baselines(
        figures={
            "b.x": Baseline(value=0.5, reason="set lower: the check became stricter"),
            "a.y": Baseline(value=-0.2, higher_is_better=False),
        }
    )
    gate.save_baselines(path, base)
    data = json.loads(path.read_text())
    assert list(data["figures"]) == ["a.y", "b.x"]  # sorted, so diffs stay small
    assert data["figures"]["b.x"]["reason"] == "set lower: the check became stricter"
    assert "reason" not in data["figures"]["a.y"]  # no empty reasons in the file
    assert "percentage points" in data["points"] and data["tolerance_points"] == 2.0
    assert gate.load_baselines(path) == base


def test_the_committed_baselines_file_is_valid() -> None:
    path = Path(__file__).resolve().parents[2] / "bench" / "baselines.json"
    baselines = gate.load_baselines(path)
    assert baselines.tolerance_points == gate.TOLERANCE_POINTS
    assert all(b.scale in gate.POINT for b in baselines.figures.values())
    lowered = [k for k, b in baselines.figures.items() if b.reason is not None]
    assert all(len(baselines.figures[k].reason or "") > 40 for k in lowered)


def test_allergen_figures_carry_the_recall_floor(tmp_path: Path) -> None:
    rows = [
        {"code": "1", "ingredients_text_en": "wheat flour, milk", "allergens_tags": ["en:gluten"]},
        {"code": "2", "ingredients_text_en": "sugar, salt", "allergens_tags": ["en:milk"]},
        {"code": "3", "ingredients_text_en": "water", "allergens_tags": []},
    ]
    path = tmp_path / "off_cut.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in rows)
    assert file_tag(path) == "off_cut"
    figures = {f.key: f for f in allergen_figures(evaluate_allergens(path), file_tag(path))}
    recall = figures["allergens.off_cut.recall"]
    assert recall.floor == 0.99 and recall.value == 0.5  # dairy tagged, not in the text
    assert recall.ratchet and not figures["allergens.off_cut.precision"].ratchet
    assert not gate.passed(gate.judge(figures.values(), Baselines()))
    label = allergen_figures(evaluate_allergens(path, "label"), file_tag(path))
    assert {f.key for f in label} >= {"allergens.off_cut.label.recall"}
    held_out = {f.key: f for f in allergen_figures(evaluate_allergens(path, "label", "B"), "x")}
    assert set(held_out) == {f"allergens.x.label.half_b.{m}" for m in ("recall", "precision")}
    assert held_out["allergens.x.label.half_b.recall"].ratchet


def test_contract_figures_gate_every_check_at_full_pass() -> None:
    report = ContractReport(
        turns=4, messages=2, profiles=2,
        checks={"stream": CheckFigure(passed=4, failed=0),
                "allergen_safety": CheckFigure(passed=3, failed=1)},
        all_passed=False, turn_ms_p50=1.0, turn_ms_p95=2.0,
        logged_latency_ms_p50=1.0, logged_latency_ms_p95=2.0, clarification_turns=0,
        failures=[], failures_total=1, seconds=0.1,
    )  # fmt: skip
    verdicts = {v.key: v for v in gate.judge(contract_figures(report), Baselines())}
    assert verdicts["contract.stream.pass_rate"].status == "new"
    assert verdicts["contract.allergen_safety.pass_rate"].status == "below floor"
    assert verdicts["contract.turn_ms_p95"].status == "report only"
