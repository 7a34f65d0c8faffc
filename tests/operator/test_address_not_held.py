"""A street address with no catalogue place at its number is said as such, the street standing
in, and the address is not asked for again (issue 36; left from the last operator round: a
numbered Boylston St address read as the street, the answer asking for an address)."""

from __future__ import annotations

from datetime import date

from kairos.operator.reading import read_message
from kairos.operator.state import SessionState
from kairos.operator.steps import apply_locations
from kairos.operator.turn import Turn
from tests.operator.catalog_locator import catalog_locator
from tests.operator.test_locating import ROWS

THURSDAY = date(2026, 12, 3)


async def _assumed(message: str) -> tuple[SessionState, list[str]]:
    locator = catalog_locator(ROWS)
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    state, turn = SessionState(), Turn(trace_id="t")
    await apply_locations(locator, message, reading, spotted, state, turn, False)
    return state, turn.assumptions


async def test_a_number_no_place_holds_is_said_and_not_asked_for() -> None:
    state, said = await _assumed("hi, we're at 990 Boylston Street, Boston. staffing friday?")
    assert state.locations[0].kind == "street" and state.locations[0].place_id is None
    text = " ".join(said)
    assert "no place I know is at 990 Boylston Street" in text, said
    assert "an address" not in text  # the address was given
    assert "other places' check-ins, not your own" in text


async def test_a_street_said_without_a_number_keeps_its_own_words() -> None:
    _, said = await _assumed("we're on Boylston St, Boston. staffing friday?")
    assert not any("no place I know is at" in s for s in said), said
