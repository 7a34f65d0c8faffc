"""A busiest window moved by the covers given is said, with why (panel half A, o37)."""

from __future__ import annotations

from datetime import date

from kairos.operator.reading import read_message
from kairos.operator.schemas import Daypart
from kairos.operator.state import BaselineState, SessionState
from kairos.operator.steps import moved_window
from kairos.operator.turn import Turn

WEDNESDAY = date(2026, 11, 25)
WEEK = (WEDNESDAY, date(2026, 11, 29))
SAT_LUNCH: tuple[date, Daypart] = (date(2026, 11, 28), "lunch")
FRI_DINNER: tuple[date, Daypart] = (date(2026, 11, 27), "dinner")


def test_covers_that_move_the_busiest_window_say_it_moved_and_why() -> None:
    """o37: turn 1 (no covers) planned Saturday lunch from the week's shape; 'we're usually 110
    covers on a friday' planned Friday dinner with no word of the change. The answer says the
    window moved, from which to which, and that the Friday covers set it."""
    state = SessionState()
    first = Turn(trace_id="t1")
    moved_window(read_message("how's this week looking?", WEDNESDAY), state, WEEK, SAT_LUNCH,
                 first)  # fmt: skip
    assert first.leads == []
    said = read_message("we're usually 110 covers on a friday", WEDNESDAY)
    state.baseline = BaselineState(covers=110, weekday=4)
    second = Turn(trace_id="t2")
    moved_window(said, state, WEEK, FRI_DINNER, second)
    assert len(second.leads) == 1, second.leads
    lead = second.leads[0]
    assert "moved from Sat 28 Nov, lunch 11:00–15:00 to Fri 27 Nov, dinner 17:00–22:00" in lead
    assert "your covers are for a Friday" in lead
    again = Turn(trace_id="t3")  # the same window again: nothing to say
    moved_window(read_message("actually 120 covers on a friday", WEDNESDAY), state, WEEK,
                 FRI_DINNER, again)  # fmt: skip
    assert again.leads == []
    snow = Turn(trace_id="t4")  # a what-if moves nothing of the session's
    moved_window(read_message("what if it snows?", WEDNESDAY), state, WEEK, SAT_LUNCH, snow)
    assert snow.leads == [] and state.planned == (WEEK[0], *FRI_DINNER)


def test_an_offer_card_says_no_busiest_window_moved() -> None:
    """o53: an opportunity card, which never showed a busiest window, said one moved when the
    Friday covers came."""
    state = SessionState(card="opportunity")
    moved_window(read_message("opportunities this week?", WEDNESDAY), state, WEEK, SAT_LUNCH,
                 Turn(trace_id="t1"))  # fmt: skip
    state.baseline = BaselineState(covers=60, weekday=4)
    second = Turn(trace_id="t2")
    moved_window(read_message("we do 60 covers on a friday", WEDNESDAY), state, WEEK,
                 FRI_DINNER, second)  # fmt: skip
    assert second.leads == []
