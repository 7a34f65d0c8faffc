"""What-ifs are hypothetical (issue 36, item 3): laid over the session's own days, the card and
window untouched, and the trigger agrees with what the scenario advised."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.state import SessionState
from kairos.operator.steps import session_window
from kairos.operator.turn import Turn
from kairos.operator.what_if import apply_scenario, scenario_lead

FRIDAY = date(2026, 12, 4)
WEEKEND = [FRIDAY + timedelta(days=i) for i in range(3)]


def _pack(days: list[date] = WEEKEND) -> SignalPack:
    return SignalPack(location="here", days=days,
                      demand=DemandShape(DEFAULT_SHAPE, "default", 0, 0),
                      baseline_covers=220, baseline_weekday=4)  # fmt: skip


def test_snow_on_a_named_day_stays_on_that_day_of_the_window() -> None:
    reading = read_message("what if it snows sunday?", FRIDAY)
    pack, scenario = apply_scenario(_pack(), reading)
    assert scenario.days == (date(2026, 12, 6),)
    assert set(pack.weather) == {date(2026, 12, 6)}
    lead = scenario_lead(reading, scenario)
    assert lead is not None and "Sun 06 Dec" in lead and "window" in lead


def test_rain_all_weekend_covers_the_sessions_days_only() -> None:
    reading = read_message("what if it pours all weekend?", FRIDAY)
    assert reading.what_if is not None and reading.what_if.kind == "rain"
    pack, scenario = apply_scenario(_pack([FRIDAY]), reading)  # the session asked about Friday
    assert scenario.days == (FRIDAY,) and set(pack.weather) == {FRIDAY}


def test_a_game_goes_on_the_busiest_evening_and_the_trigger_agrees() -> None:
    reading = read_message("what if there's a Celtics game?", FRIDAY)
    assert reading.what_if is not None and reading.what_if.kind == "event"
    pack, scenario = apply_scenario(_pack(), reading)
    assert len(scenario.days) == 1 and pack.events and pack.events[0].day == scenario.days[0]
    decision = decide(pack, "staffing")
    added = [a for a in decision.actions if a.staff_delta > 0]
    assert added, decision.recommendation
    # the server the trigger drops is the one just added, on the evening of the game, never
    # "drop the extra server" with none added
    assert "drop the extra server" in decision.trigger
    assert f"{scenario.days[0]:%a %d %b} at 19:00" in decision.trigger
    quiet = decide(_pack(), "staffing")  # no game: nothing added, nothing to drop
    assert not any(a.staff_delta > 0 for a in quiet.actions)
    assert "drop the extra server" not in quiet.trigger


def test_a_supposed_snow_day_triggers_on_the_forecast_and_says_the_cut() -> None:
    reading = read_message("what if it snows?", FRIDAY)
    pack, _ = apply_scenario(_pack(), reading)
    decision = decide(pack, "staffing")
    assert any(a.staff_delta < 0 for a in decision.actions)
    assert decision.trigger.startswith("If it is forecast for")
    assert "make the cut above" in decision.trigger


def test_a_what_if_naming_a_day_leaves_the_sessions_window() -> None:
    state = SessionState(window=(FRIDAY, WEEKEND[-1]), window_text="this weekend")
    turn = Turn(trace_id="t")
    window, text = session_window(read_message("what if it snows sunday?", FRIDAY), state, turn,
                                  FRIDAY)  # fmt: skip
    assert window == (FRIDAY, WEEKEND[-1]) and text == "this weekend"
    asked = read_message("ok and sunday?", FRIDAY)
    assert session_window(asked, state, turn, FRIDAY)[0] == (WEEKEND[-1], WEEKEND[-1])


def test_a_game_on_the_opportunity_card_says_the_server_its_trigger_drops() -> None:
    reading = read_message("what if there's a game?", FRIDAY)
    pack, _ = apply_scenario(_pack(), reading)
    decision = decide(pack, "opportunity")
    assert decision.recommendation.startswith("Promote a pre-event menu")
    assert "drop the extra server" in decision.trigger
    assert "; add 1 server for " in decision.recommendation  # the server the trigger drops


@pytest.mark.parametrize(
    ("said", "part"),
    [("staff for tomorow nite?", "dinner"), ("how many baristas tomorrow morning?", "breakfast"),
     ("how's sunday brunch looking", "lunch"), ("late night on friday?", "late")],
)  # fmt: skip
def test_the_part_of_the_day_asked_is_the_window_weighed(said: str, part: str) -> None:
    reading = read_message(said, FRIDAY)
    assert reading.daypart == part
    state, turn = SessionState(), Turn(trace_id="t")
    session_window(reading, state, turn, FRIDAY)
    pack = _pack(WEEKEND)
    pack.daypart = state.daypart
    decision = decide(pack, "staffing")
    assert {p for _, p, _ in decision.busiest} == {part}
    assert f"The busiest {part} is" in decision.recommendation
    later = read_message("and next friday?", FRIDAY)  # a new day without a part: the whole day
    session_window(later, state, turn, FRIDAY)
    assert state.daypart is None
