"""What-ifs are hypothetical (issue 36, item 3): laid over the session's own days, the card and
window untouched, and the trigger agrees with what the scenario advised."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.state import SessionState
from kairos.operator.steps import session_window
from kairos.operator.turn import Turn
from kairos.operator.what_if import apply_scenario, scenario_lead
from tests.meals.helpers import as_user, create_user

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


def test_rain_all_weekend_in_a_friday_plan_is_each_day_of_the_weekend_for_this_answer() -> None:
    """Panel half A, o03/o43: 'tonight?' then 'what if it pours all weekend?' put the rain on
    Friday only. A weather what-if over a span is on each of its days; the days beyond the
    session's are planned for this answer only, and the lead says the plan keeps its own."""
    reading = read_message("what if it pours all weekend?", FRIDAY)
    assert reading.what_if is not None and reading.what_if.kind == "rain"
    pack, scenario = apply_scenario(_pack([FRIDAY]), reading)  # the session asked about Friday
    assert scenario.days == tuple(WEEKEND) and set(pack.weather) == set(WEEKEND)
    assert scenario.outside == (WEEKEND[1], WEEKEND[2])
    lead = scenario_lead(reading, scenario)
    assert lead is not None and "Sat 05 – Sun 06 Dec is outside the days this plan is for" in lead


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
    assert decision.trigger.startswith("If snow is forecast for")
    assert "make the cut" in decision.trigger


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
    assert f"Staff the busiest {part}, " in decision.recommendation
    later = read_message("and next friday?", FRIDAY)  # a new day without a part: the whole day
    session_window(later, state, turn, FRIDAY)
    assert state.daypart is None


SUNDAY_BEFORE = FRIDAY - timedelta(days=5)
"""Sunday 29 Nov: a session planning next weekend (Fri 04 – Sun 06 Dec) is asked on it."""


def test_supposed_snow_all_weekend_triggers_on_the_days_it_cuts() -> None:
    """The trigger names the days of the cuts it tells the operator to make, never only the
    first day of the window (a cut on Saturday under "if it is forecast for Friday")."""
    pack, _ = apply_scenario(_pack(), read_message("what if it snows?", FRIDAY))
    decision = decide(pack, "staffing")
    cut_days = sorted({a.day for a in decision.actions if a.staff_delta < 0 and a.day})
    assert len(cut_days) > 1
    span = f"{cut_days[0]:%a %d} – {cut_days[-1]:%a %d %b}"
    assert decision.trigger.startswith(f"If snow is forecast for {span}: make the cuts above")


def test_pouring_all_weekend_is_the_plans_weekend_asked_on_a_sunday() -> None:
    """On Sunday "all weekend" is today to the reader; in a session planning next weekend the
    what-if means that weekend, and says nothing is outside it."""
    reading = read_message("what if it pours all weekend?", SUNDAY_BEFORE, hour=12)
    pack, scenario = apply_scenario(_pack(), reading)
    assert scenario.days == tuple(WEEKEND) and scenario.outside is None
    assert set(pack.weather) == set(WEEKEND)
    lead = scenario_lead(reading, scenario)
    assert lead is not None and "outside" not in lead


def test_a_what_if_for_a_day_outside_the_window_says_so() -> None:
    reading = read_message("what if it rains tomorrow?", SUNDAY_BEFORE, hour=12)
    pack, scenario = apply_scenario(_pack(), reading)
    assert scenario.outside == (SUNDAY_BEFORE + timedelta(days=1),) * 2
    assert set(pack.weather) == {SUNDAY_BEFORE + timedelta(days=1)}  # the day named, this once
    lead = scenario_lead(reading, scenario)
    assert lead is not None and "Mon 30 Nov is outside the days this plan is for" in lead
    assert "planned for it here, and your plan stays on its own days" in lead


def test_supposed_covers_are_staffed_against_the_usual_and_the_trigger_agrees() -> None:
    """ "What if we get 300 covers?" with a usual of 220 on Fridays: servers added for the
    difference, the usual kept as the usual, and the trigger quotes the same two figures."""
    reading = read_message("what if we get 300 covers?", FRIDAY)
    pack, scenario = apply_scenario(_pack(), reading)
    assert scenario.usual == 220 and pack.baseline_covers == 220
    decision = decide(pack, "staffing")
    top = decision.actions[0]
    assert top.staff_delta > 0 and top.expected_covers and top.usual_covers
    assert abs(top.expected_covers / top.usual_covers - 300 / 220) < 0.02
    assert f"≈{top.expected_covers} covers" in decision.trigger
    assert f"your usual ≈{top.usual_covers}" in decision.trigger
    fewer = decide(apply_scenario(_pack(), read_message("what if we only get 150?", FRIDAY))[0],
                   "staffing")  # fmt: skip
    assert fewer.actions and all(a.staff_delta < 0 for a in fewer.actions)


def test_a_supposed_game_on_the_risk_card_is_no_risk_and_drops_nothing() -> None:
    pack, _ = apply_scenario(_pack(), read_message("what if there's a game?", FRIDAY))
    decision = decide(pack, "risk")
    assert decision.recommendation.startswith("The event you suppose brings guests")
    assert "drop" not in decision.trigger
    assert not any(a.staff_delta for a in decision.actions)


async def test_what_ifs_over_http_keep_the_card_and_window_and_agree_with_their_trigger(
    client: httpx.AsyncClient,
) -> None:
    """From outside, on the suite's Wednesday: four what-ifs in a staffing session for this
    weekend; none moves the card, the window or the plan, and each trigger speaks only of what
    its recommendation did (a cut to make, a server to drop)."""
    uid = await create_user(client)
    headers = {**as_user(uid), "Accept": "application/json"}

    async def turn(message: str, sid: str | None = None) -> dict[str, Any]:
        body = {"message": message, **({"session_id": sid} if sid else {})}
        response = await client.post("/operator/chat", json=body, headers=headers)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    first = await turn("we're on Atlantic Ave in Brooklyn, 220 covers on Fridays. Staffing for "
                       "this weekend?")  # fmt: skip
    sid, window = first["session_id"], (first["window_start"], first["window_end"])
    for said in ("what if it snows?", "what if it pours all weekend?", "what if there's a game?",
                 "what if we get 300 covers?"):  # fmt: skip
        answer = await turn(said, sid)
        assert answer["kind"] == "what_if", said
        assert (answer["card"], (answer["window_start"], answer["window_end"])) == (
            first["card"], window), said  # fmt: skip
        trigger = next(line for line in answer["text"].splitlines() if line.startswith("Trigger:"))
        action = answer["action_line"]["action"]
        if "drop the extra server" in trigger:
            assert action.startswith("Add"), (said, action, trigger)
        if "make the cut" in trigger:
            assert action.startswith("Cut"), (said, action, trigger)
        assert "outside the days this plan is for" not in answer["text"], said
    again = await turn("ok so what's the plan", sid)
    assert again["action_line"]["action"] == first["action_line"]["action"]


@pytest.mark.parametrize(
    ("said", "kind"),
    [("and if it rains?", "rain"), ("if it snows what then?", "snow"),
     ("what about if it snows", "snow"), ("how about if there's a game", "event"),
     ("and if it pours all weekend?", "rain"), ("in case it snows?", "snow"),
     ("what if the weather is bad", "rain")],
)  # fmt: skip
def test_a_supposition_without_what_if_is_still_a_what_if(said: str, kind: str) -> None:
    """Read as a what-if, so it moves neither the card ("snows" is a risk word) nor the window
    ("all weekend")."""
    reading = read_message(said, FRIDAY)
    assert reading.what_if is not None and reading.what_if.kind == kind
    state = SessionState(window=(FRIDAY, FRIDAY), window_text="friday")
    assert session_window(reading, state, Turn(trace_id="t"), FRIDAY)[0] == (FRIDAY, FRIDAY)


@pytest.mark.parametrize(
    "said",
    ["if you can, staffing for friday?", "we are worried about snow this weekend",
     "if we do 150 covers on fridays, what about this weekend?"],
)  # fmt: skip
def test_an_if_that_supposes_nothing_is_no_what_if(said: str) -> None:
    assert read_message(said, FRIDAY).what_if is None


def test_a_game_on_a_weekday_said_alone_is_the_plans_own_such_day() -> None:
    """Asked on a Sunday about next weekend, "what if there's a game sunday?" read today's
    Sunday, outside the plan: a weekday said alone is the plan's own such day when it has one."""
    reading = read_message("what if there's a Patriots game sunday?", SUNDAY_BEFORE, hour=12)
    assert reading.window == (SUNDAY_BEFORE, SUNDAY_BEFORE)  # the reader alone: today
    pack, scenario = apply_scenario(_pack(), reading)
    assert scenario.days == (date(2026, 12, 6),) and scenario.outside is None
    assert [e.day for e in pack.events or []] == [date(2026, 12, 6)]
    named = read_message("what if it rains tomorrow?", SUNDAY_BEFORE, hour=12)
    assert apply_scenario(_pack(), named)[1].outside is not None  # not a weekday: unchanged
