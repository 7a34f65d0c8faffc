"""Stations, landmarks and neighbourhoods operators use to say where they are (issue 36, item
1: "we're near Back Bay station", "by Fenway Park", "off Harvard Square"), in a first message or
a follow-up: they narrow a name's several places, place a restaurant the catalog lacks around
them, answer the one question, and the answer says the area it understood."""

from __future__ import annotations

from datetime import date

from kairos.operator.landmarks import landmark_said
from kairos.operator.reading import read_message
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState
from kairos.operator.steps import apply_locations
from kairos.operator.turn import Turn
from tests.operator.catalog_locator import catalog_locator
from tests.operator.test_locating import ROWS

THURSDAY = date(2026, 12, 3)
FENWAY_BRANCH = ("Au Bon Pain", "1 Lansdowne St, Boston, MA 02215", "Boston", 42.3469,
                 -71.0950)  # fmt: skip
"""A third branch of the chain, a street from Fenway Park (the other two are downtown)."""
LOCATOR_ROWS = [*ROWS, FENWAY_BRANCH]


async def _turn(message: str, state: SessionState | None = None) -> tuple[SessionState, Turn]:
    locator = catalog_locator(LOCATOR_ROWS)
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    state, turn = state or SessionState(), Turn(trace_id="t")
    await apply_locations(locator, message, reading, spotted, state, turn, False)
    return state, turn


def test_landmarks_are_read_as_operators_type_them() -> None:
    assert (mark := landmark_said("we're near back bay stn")) and mark.name == "Back Bay Station"
    assert (mark := landmark_said("just off Harvard Sq.")) and mark.name == "Harvard Square"
    assert (mark := landmark_said("right by the Garden")) and mark.name == "TD Garden"
    assert (mark := landmark_said("a block from Haymarket")) and mark.name == "Haymarket"
    assert (mark := landmark_said("close to the Pru")) and mark.name == "Prudential Center"
    assert landmark_said("we have a garden patio and the garden is full") is None
    brooklyn = ResolvedLocation(label="Brooklyn", kind="city", lat=40.678, lng=-73.944,
                                resolved=False)  # fmt: skip
    assert landmark_said("near South Station", brooklyn) is None  # another city's namesake


async def test_a_chains_branch_is_the_one_by_the_landmark_said() -> None:
    state, turn = await _turn("I manage the Au Bon Pain by Fenway Park. staffing friday?")
    assert state.locations[0].label.startswith("Au Bon Pain, 1 Lansdowne St"), state.locations
    assert turn.question is None and not state.choices


async def test_an_unknown_restaurant_by_a_landmark_is_placed_around_it_and_said() -> None:
    state, turn = await _turn("I run Lucky Lantern by Fenway Park. friday?")
    found = state.locations[0]
    assert found.label == "Fenway Park, Boston" and found.lat is not None, found
    assert not found.resolved
    assert turn.leads[0].startswith("I don't have Lucky Lantern in my data; I used the places "
                                    "near Fenway Park, Boston"), turn.leads  # fmt: skip


async def test_a_follow_up_naming_a_station_places_the_unknown_restaurant() -> None:
    state, _ = await _turn("I run Lucky Lantern. staffing friday?")
    assert state.locations[0].kind == "unresolved"
    state, turn = await _turn("we're near back bay station", state)
    assert state.locations[0].label == "Back Bay Station, Boston", state.locations
    assert any(lead.startswith("I placed Lucky Lantern around Back Bay Station, Boston")
               for lead in turn.leads), turn.leads  # fmt: skip
    assert any(name == "assumption_corrected" for name, _ in turn.events), turn.events


async def test_a_first_message_naming_only_a_station_is_placed_there() -> None:
    state, turn = await _turn("we're right by south station, staffing friday?")
    assert state.locations[0].label == "South Station, Boston", state.locations
    assert any(lead.startswith("I placed your restaurant around South Station") for lead in
               turn.leads), turn.leads  # fmt: skip


async def test_a_follow_up_naming_a_neighbourhood_places_the_unknown_restaurant() -> None:
    state, _ = await _turn("I run Lucky Lantern. staffing friday?")
    state, turn = await _turn("we're in the South End", state)
    assert state.locations[0].label.startswith("South End, Boston"), state.locations
    assert any("around South End, Boston" in lead for lead in turn.leads), turn.leads


async def test_the_one_question_is_answered_by_the_landmark_near_one_branch() -> None:
    state, first = await _turn("Au Bon Pain here. staffing friday?")
    assert first.question and len(state.choices) > 1
    state, _ = await _turn("the one near Fenway Park", state)
    assert state.locations[0].label.startswith("Au Bon Pain, 1 Lansdowne St"), state.locations
    assert not state.choices


async def test_a_restaurant_placed_exactly_is_not_moved_and_a_what_if_moves_nothing() -> None:
    state, _ = await _turn("I run Kells on Brighton Ave in Allston. friday?")
    state, _ = await _turn("we're near back bay station", state)
    assert state.locations[0].label.startswith("Kells Restaurant"), state.locations
    state, _ = await _turn("I run Lucky Lantern. staffing friday?")
    state, _ = await _turn("what if there's a game by Fenway Park?", state)
    assert state.locations[0].kind == "unresolved", state.locations
