"""How `kairos eval all` records each suite: run (with its time and note) or not run (and why)."""

from __future__ import annotations

import time
from pathlib import Path

from kairos.evals.gate import Figure
from kairos.evals.suite_runs import SuiteRun, ran, skipped, timed


def test_a_suite_that_ran_is_recorded_with_its_seconds_and_note() -> None:
    runs: list[SuiteRun] = []
    ran("chat", Path("data/sample"), runs, time.perf_counter() - 2.0, "12 requests")
    (run,) = runs
    assert (run.suite, run.input, run.ran, run.note) == ("chat", "data/sample", True, "12 requests")
    assert 2.0 <= run.seconds < 3.0


def test_timed_returns_the_figures_and_records_the_run() -> None:
    runs: list[SuiteRun] = []
    figure = Figure(key="x.recall", suite="x", value=1.0)
    assert timed("x", "input", runs, lambda: [figure]) == [figure]
    assert [(r.suite, r.ran, r.note) for r in runs] == [("x", True, "")]


def test_a_suite_whose_input_is_absent_is_not_run() -> None:
    runs: list[SuiteRun] = []
    skipped("dedup", Path("../shared/data/yelp"), runs, "../shared absent")
    assert [(r.ran, r.seconds, r.note) for r in runs] == [(False, 0.0, "../shared absent")]
