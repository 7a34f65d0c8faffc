"""Where an operator's restaurant is placed when the catalog does not hold it or its street
(issue 36, operator round 2): a neighbourhood said beside an unknown street stands in rather than
the whole city or nothing, the street is said to be unknown, and a name the catalog knows only
at another address is never said to be "only elsewhere" beside the card of that very place."""

from __future__ import annotations

from datetime import date

from kairos.operator.reading import read_message
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState
from kairos.operator.steps import apply_locations
from kairos.operator.turn import Turn
from tests.operator.catalog_locator import catalog_locator
from tests.operator.test_locating import ROWS

THURSDAY = date(2026, 12, 3)
PUB = ("Harbor Lights Pub", "934 Dorchester Ave, Dorchester, Boston, MA 02125", "Boston", 42.3225,
       -71.0573)  # fmt: skip
"""A name the catalog holds at one address, said with the street's nickname ("Dot Ave")."""


async def _turn(message: str) -> tuple[list[ResolvedLocation], list[str]]:
    locator = catalog_locator([*ROWS, PUB])
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    state, turn = SessionState(), Turn(trace_id="t")
    await apply_locations(locator, message, reading, spotted, state, turn, False)
    return state.locations, turn.leads


async def test_an_unknown_name_on_an_unknown_street_in_a_neighbourhood_is_placed_there() -> None:
    found, leads = await _turn("I run Lucky Lantern on Columbus Ave in the South End. friday?")
    assert found[0].label.startswith("South End, Boston"), found  # not unresolved, not Boston
    assert found[0].lat is not None
    assert leads[0].startswith("I don't have Lucky Lantern in my data"), leads
    assert "I know no place on Columbus Ave, so I used South End, Boston around it." in leads


async def test_an_unknown_street_with_a_zip_is_said_to_be_placed_by_the_zip() -> None:
    found, leads = await _turn("We just opened Lucky Lantern at 350 Columbus Ave, Boston 02116.")
    assert found[0].kind == "postcode", found
    assert "I know no place on Columbus Ave, so I used ZIP 02116 around it." in leads, leads


async def test_a_known_street_is_not_said_to_be_unknown() -> None:
    _, leads = await _turn("I run Lucky Lantern on Tremont St in the South End. friday?")
    assert not any(lead.startswith("I know no place on") for lead in leads), leads


async def test_the_note_on_a_name_agrees_with_the_place_it_resolved_to() -> None:
    found, leads = await _turn("I run Harbor Lights Pub on Dot Ave. staffing friday?")
    assert found[0].kind == "place" and found[0].label.startswith("Harbor Lights Pub, 934"), found
    assert not any("only elsewhere" in lead for lead in leads), leads
    # "Dot Ave" is read as Dorchester Ave (street_short.py): the street agrees, so no hedge
    assert not any("tell me if yours is another" in lead for lead in leads), leads
    assert not any(lead.startswith("I know no place on") for lead in leads), leads
