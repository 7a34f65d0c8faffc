"""The evaluation gate: safety floors, and no figure more than 2 points below its baseline.

A *point* is a percentage point: 0.01 on a figure in [0, 1] (recall, F1, AUC, nDCG, Spearman's
rho) and 1.0 on a figure on a 0–100 scale. A figure regresses when it is more than
`TOLERANCE_POINTS` points worse than its recorded baseline, in its own direction (for a figure
where lower is better, such as the value-for-money rank correlation that should be negative,
"worse" is higher). Floors are absolute: a contract pass rate of 1.0 per check, allergen recall
≥ 0.99 per file.

Allergen recall is a *ratchet*: it may not drop at all (zero tolerance), and where the labels of
a file do not allow 0.99 yet (text truncated to a filling, tags the text contradicts) the figure
is held at its recorded baseline instead: "short of floor" is shown, never hidden, and does not
fail; any drop below that baseline, or a file without a baseline that misses 0.99, fails. A gate
that fails on every run protects nothing, while a ratchet blocks each regression from today's
best upward.

Baselines live in `bench/baselines.json`. `raise_baselines` only ever moves a baseline in the
better direction or adds a new figure: a change that makes a figure worse cannot lower its own
bar. Timings are reported beside the gate, never gated (they depend on the machine's load).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

Scale = Literal["unit", "percent"]
Status = Literal[
    "ok", "improved", "new", "regressed", "below floor", "short of floor", "not run", "report only"
]
POINT: dict[Scale, float] = {"unit": 0.01, "percent": 1.0}
TOLERANCE_POINTS = 2.0
FAILING: frozenset[Status] = frozenset({"regressed", "below floor"})


class Figure(BaseModel):
    key: str = Field(description="suite.subject.metric, stable across runs")
    suite: str
    value: float | None
    scale: Scale = "unit"
    higher_is_better: bool = True
    floor: float | None = Field(default=None, description="safety floor: a miss fails the gate")
    target: float | None = Field(default=None, description="a goal, reported, never gated")
    gated: bool = Field(default=True, description="compared with its baseline")
    ratchet: bool = Field(
        default=False,
        description="safety figure: zero tolerance to its baseline, which holds it when it is "
        "short of its floor",
    )


class Baseline(BaseModel):
    value: float
    scale: Scale = "unit"
    higher_is_better: bool = True
    recorded: str = ""
    reason: str | None = Field(
        default=None, description="why a baseline was set lower than it was, when it was"
    )


class Baselines(BaseModel):
    points: str = (
        "percentage points: 0.01 on figures in [0, 1], 1.0 on figures on a 0-100 scale; "
        "a gated figure fails when it is more than tolerance_points worse than its baseline"
    )
    tolerance_points: float = TOLERANCE_POINTS
    figures: dict[str, Baseline] = Field(default_factory=dict)


class Verdict(BaseModel):
    key: str
    suite: str
    value: float | None
    baseline: float | None
    floor: float | None
    target: float | None
    status: Status
    delta_points: float | None
    message: str = ""


def worse_by_points(value: float, baseline: float, scale: Scale, higher_is_better: bool) -> float:
    """How many points `value` is worse than `baseline` (negative when it is better)."""
    gap = (baseline - value) if higher_is_better else (value - baseline)
    return gap / POINT[scale]


def below_floor(figure: Figure) -> bool:
    if figure.floor is None or figure.value is None:
        return False
    return figure.value < figure.floor if figure.higher_is_better else figure.value > figure.floor


def judge_one(figure: Figure, baselines: Baselines) -> Verdict:
    base = baselines.figures.get(figure.key)
    verdict = Verdict(
        key=figure.key, suite=figure.suite, value=figure.value,
        baseline=base.value if base else None, floor=figure.floor, target=figure.target,
        status="ok", delta_points=None,
    )  # fmt: skip
    if figure.value is None:
        verdict.status = "not run"
        return verdict
    if base is None:
        if below_floor(figure):
            verdict.status = "below floor"
            verdict.message = f"{figure.value:g} misses the safety floor {figure.floor:g}"
        else:
            verdict.status = "new" if figure.gated else "report only"
        return verdict
    worse = worse_by_points(figure.value, base.value, base.scale, base.higher_is_better)
    verdict.delta_points = round(-worse, 2) + 0.0  # never "-0"
    held = figure.ratchet and worse <= 1e-9
    if below_floor(figure):
        if held:
            verdict.status = "short of floor"
            verdict.message = (
                f"{figure.value:g} is short of the floor {figure.floor:g}; held at its "
                f"baseline {base.value:g} until the data allows more"
            )
            return verdict
        verdict.status = "below floor"
        verdict.message = f"{figure.value:g} misses the safety floor {figure.floor:g}"
        if figure.ratchet:
            verdict.message += f" and drops below its baseline {base.value:g}"
        return verdict
    tolerance = 0.0 if figure.ratchet else baselines.tolerance_points
    if not figure.gated:
        verdict.status = "report only"
    elif worse > tolerance + 1e-9:
        verdict.status = "regressed"
        verdict.message = (
            f"{worse:.2f} points worse than the baseline {base.value:g} (tolerance {tolerance:g})"
        )
    elif worse < -1e-9:
        verdict.status = "improved"
    return verdict


def judge(figures: Iterable[Figure], baselines: Baselines) -> list[Verdict]:
    return [judge_one(f, baselines) for f in figures]


def passed(verdicts: Iterable[Verdict]) -> bool:
    return not any(v.status in FAILING for v in verdicts)


def raise_baselines(
    baselines: Baselines, figures: Iterable[Figure], *, today: str | None = None
) -> tuple[Baselines, list[str]]:
    """Baselines with every gated figure that improved raised and every new one added; a figure
    that got worse keeps its old baseline. Returns the keys that changed."""
    stamp = today or date.today().isoformat()
    updated = baselines.model_copy(deep=True)
    changed = []
    for figure in figures:
        if not figure.gated or figure.value is None:
            continue
        base = updated.figures.get(figure.key)
        better = base is None or (
            worse_by_points(figure.value, base.value, base.scale, base.higher_is_better) < -1e-9
        )
        if better:
            updated.figures[figure.key] = Baseline(
                value=figure.value, scale=figure.scale,
                higher_is_better=figure.higher_is_better, recorded=stamp,
            )  # fmt: skip
            changed.append(figure.key)
    return updated, changed


def load_baselines(path: Path) -> Baselines:
    if not path.exists():
        return Baselines()
    return Baselines.model_validate_json(path.read_text(encoding="utf-8"))


def save_baselines(path: Path, baselines: Baselines) -> None:
    data = baselines.model_dump(mode="json", exclude_none=True)
    data["figures"] = dict(sorted(data["figures"].items()))
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
