"""The trips-for-allergic-travellers evaluation, run small on the sample catalog: every slot
carries its check, no meal at a place with a known risk leaves it unnamed, no meal is at a place
the safety step leaves out, and every meal agrees with the restaurant product's card."""

from __future__ import annotations

from typing import Any

from kairos.evals.trips_allergy import random_travellers, run_trips_allergy


def test_travellers_draw_every_severity_over_the_fourteen() -> None:
    drawn = random_travellers(40, seed=7)
    assert drawn == random_travellers(40, seed=7)
    severities = {s for t in drawn for s in t["severity"].values()}
    assert severities == {"anaphylactic", "severe", "moderate", "intolerance"}
    assert all(1 <= len(t["confirmed"]) <= 4 for t in drawn)


async def test_a_small_run_names_every_known_risk(runtime: Any, app: Any) -> None:
    report = await run_trips_allergy(runtime, travellers=6, seed=11, app=app)
    assert {"Boston", "Delhi", "Singapore"} <= set(report.cities)
    assert report.trips >= 6 * 3 and report.meal_slots > 0 and report.stops > 0
    assert report.stops_not_food == report.stops
    assert report.slots_without_check == 0 and report.meal_allergy_check_failed == 0
    assert report.unnamed_risky_meals == 0, report.examples
    assert report.meals_at_left_out_places == 0, report.examples
    assert report.disagree == 0 and report.agree == report.meal_slots, report.examples
    assert report.passed
