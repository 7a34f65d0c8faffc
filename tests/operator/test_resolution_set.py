"""The operator resolution set's committed cut (issue 36, item 1): 120 openers written as
operators type them (`evals/operator_openers/build.py`, seed fixed, forms written before any
answer was seen) over the sample's Yelp Boston places, played through the operator's own
reading and locating over the sample store. At least 95 % resolve to the right place (or ask
which, with it among those that fit), in each half, and none to a place in another city.
The full set (240 openers over the shared data) is `evals/operator_openers/run.py`."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from kairos.evals.operator_resolution import load_openers, misses, resolve_openers

CUT = Path(__file__).resolve().parents[2] / "evals" / "operator_openers" / "sample_openers.jsonl"


async def test_the_sample_cut_resolves_and_never_to_another_city(runtime: Any) -> None:
    openers = load_openers(CUT)
    assert len(openers) >= 100
    report = await resolve_openers(runtime, openers, date(2026, 12, 2))
    assert not report.missing and len(report.results) == len(openers)
    shown = [(r.opener.id, r.opener.message, r.outcome, r.labels) for r in misses(report)]
    for half in ("A", "B"):
        rates = report.rates(half=half)
        assert rates["resolved"] >= 0.95, (half, rates, shown)
        assert rates["other_city"] == 0.0, (half, shown)
