"""A quiet window read from the places that stand in, with no evidence of the place's own, is
said to be an estimate from which places, to check against the operator's own quiet hours
(panel half A, o53: a quiet Saturday lunch named from similar places only, against the rubric:
"the opportunity names a window only if its evidence shows one")."""

from __future__ import annotations

from datetime import date, timedelta

from kairos.operator.demand import DemandShape
from kairos.operator.place_kind import kind_week
from kairos.operator.rules import SignalPack, decide

FRIDAY = date(2026, 12, 4)
BASIS = "check-ins of 40 restaurants within 1.2 km (12 of them Italian); none of this place's own"


def _decide(own: int) -> str:
    shape = DemandShape(kind_week("restaurant"), BASIS, own, 40)
    days = [FRIDAY + timedelta(days=n) for n in range(3)]
    decision = decide(SignalPack(location="here", days=days, demand=shape), "opportunity")
    return decision.recommendation + " | " + decision.actions[0].text


def test_a_window_from_stand_ins_only_is_said_to_be_an_estimate_from_them() -> None:
    said = _decide(0)
    assert (
        "An estimate, not your own evidence: it is the period's quietest open window by the "
        "check-ins of 40 restaurants within 1.2 km (12 of them Italian), none of them your own"
    ) in said, said
    assert said.endswith("if it is quiet for you too (an estimate from similar places)"), said


def test_a_window_with_check_ins_of_its_own_is_not_called_an_estimate() -> None:
    said = _decide(25)
    assert "estimate" not in said, said
