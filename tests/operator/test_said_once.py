"""The same plan is said in full once, and an offer speaks in the operator's own covers once
they are given (panel half A, o53/o27: the same set-lunch line repeated over five turns,
'we do 60 covers on a friday' leaving it with no number)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from kairos.operator.compose import compose
from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.rules import SignalPack, decide
from kairos.operator.schemas import Confidence

TUESDAY = date(2026, 12, 1)
WEEK = [TUESDAY + timedelta(days=i) for i in range(6)]
LOW = Confidence(level="low", uncapped="low")


def _pack(covers: int | None = None) -> SignalPack:
    return SignalPack(location="here", days=WEEK, baseline_covers=covers,
                      baseline_weekday=4 if covers else None,
                      demand=DemandShape(DEFAULT_SHAPE, "default", 0, 0))  # fmt: skip


def test_an_offer_says_its_window_in_the_operators_covers_once_given() -> None:
    before = decide(_pack(), "opportunity").recommendation
    after = decide(_pack(60), "opportunity").recommendation
    assert "From your" not in before
    assert "From your 60 covers, that window usually holds ≈" in after
    # compared with the busiest window of the week, named, never its own day's busiest (half A,
    # o11: a Sunday dinner "≈75, against ≈75 in the day's busiest one"; o53: the days asked
    # moved it from Fri dinner to Sat dinner between turns)
    assert "in the day's busiest one" not in after
    said = re.search(
        r"holds ≈(\d+), against ≈(\d+) on (\w{3}) (\w+), the busiest window of your week", after
    )
    assert said is not None, after
    assert int(said.group(1)) < int(said.group(2))


def test_the_same_plan_again_is_one_line_not_a_repeat() -> None:
    decision = decide(_pack(60), "opportunity")

    def said(before: str | None) -> str:
        told = (None, before)  # the last answer a what-if's, the plan before it this one
        return compose(decisions=[decision], confidence=LOW, sources=[], window="Tue – Sun",
                       assumptions=[], question=None, snapshot=None, verbose=False,
                       lead="What to run: a set lunch.", said_before=told).text  # fmt: skip

    first, again = said(None), said(decision.recommendation)
    assert decision.recommendation in first
    assert decision.recommendation not in again
    assert "Your plan is unchanged, as said above: Run " in again
    assert again.startswith("What to run: a set lunch.")
    assert said("another plan").count(decision.recommendation) == 1
