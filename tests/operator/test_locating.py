"""Which restaurant the operator means (issue 36, item 1): names spotted in what operators type,
narrowed by the street, ZIP or city said with them; one question when two branches fit, its
answer picked next turn; a newly named restaurant replaces the remembered one.

The catalog is real Boston rows of the sample's Yelp places (name, address, coordinates)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from kairos.operator.locating import Locator
from kairos.operator.memory import remember
from kairos.operator.reading import read_message
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import BaselineState, SessionState, preferences_of
from kairos.operator.steps import apply_locations, apply_scope
from kairos.operator.turn import Turn
from tests.operator.catalog_locator import catalog_locator

THURSDAY = date(2026, 12, 3)
ROWS = [
    ("Kells Restaurant", "161 Brighton Ave, Allston/Brighton, Allston, MA 02134", "Allston",
     42.353106, -71.13243),
    ("The Dugout", "722 Commonwealth Ave, Boston, MA 02215", "Boston", 42.349762, -71.106125),
    ("Panda Express", "800 Boylston St, Back Bay, Boston, MA 02199", "Boston", 42.348999,
     -71.081802),
    ("Corner Tavern", "421 Marlborough St, Back Bay, Boston, MA 02115", "Boston", 42.350027,
     -71.089277),
    ("Upper Crust Pizzeria", "683 Tremont St, South End, Boston, MA 02118", "Boston", 42.341439,
     -71.076451),
    ("Au Bon Pain", "426 Washington St, Downtown, Boston, MA 02108", "Boston", 42.357212,
     -71.058412),
    ("Au Bon Pain", "75 Federal St, Boston, MA 02110", "Boston", 42.355509, -71.056415),
    ("Troquet", "140 Boylston St, Boston, MA 02116", "Boston", 42.352276, -71.066207),
    ("Ironside Grill", "25 Park St, Charlestown, Charlestown, MA 02129", "Charlestown", 42.372799,
     -71.061302),
    ("Founding Farmers", "1924 Pennsylvania Ave NW, Washington, DC 20006", "Washington", 38.9003,
     -77.0446),
]  # fmt: skip
"""Founding Farmers stands for the city of Washington, D.C. in the catalog."""


@pytest.fixture
def locator() -> Locator:
    return catalog_locator(ROWS)


async def _locate(
    locator: Locator, message: str, state: SessionState | None = None
) -> tuple[list[ResolvedLocation], Any]:
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    located = await locator.locate(message, reading.locations, spotted, state or SessionState(),
                                   refresh=False)  # fmt: skip
    return located.locations, located


async def test_a_name_typed_without_we_are_called_is_the_place(locator: Locator) -> None:
    found, _ = await _locate(locator, "hey, I run Kells on Brighton Ave in Allston. weekend?")
    assert [(f.label.split(",")[0], f.kind, f.place_id) for f in found] == [
        ("Kells Restaurant", "place", 1)
    ]
    found, _ = await _locate(locator, "corner tavern here, how's friday looking")
    assert found[0].label.startswith("Corner Tavern, 421 Marlborough St")  # typed in lower case
    assert locator.spot("kells is busy, park st is closed and troquet was slammed") == []
    found, _ = await _locate(locator, "The Dugout on Comm Ave. staffing for the game?")
    assert found[0].label.startswith("The Dugout, 722 Commonwealth Ave")


async def test_a_street_named_like_a_city_stays_in_the_city_said(locator: Locator) -> None:
    """'Washington St, Boston' is a street in Boston, never Washington, D.C."""
    found, _ = await _locate(locator, "Washington St, Boston - small cafe, 90 covers on Fridays")
    assert found and found[0].lat is not None and found[0].lat > 42
    assert "Washington, DC" not in found[0].label
    found, _ = await _locate(locator, "Au Bon Pain on Washington St in Boston, staffing friday?")
    assert [f.label for f in found] == [
        "Au Bon Pain, 426 Washington St, Downtown, Boston, MA 02108"
    ]


async def test_two_branches_ask_once_and_the_answer_picks_one(locator: Locator) -> None:
    found, located = await _locate(locator, "Au Bon Pain, Boston. how many people tomorrow am?")
    assert located.question is not None and located.question.count("?") == 1
    assert len(located.choices) == 2 and found[0] == located.choices[0]
    federal = locator.pick("the one on Federal", located.choices)
    assert federal is not None and "75 Federal St" in federal.label
    assert locator.pick("yes", located.choices) is None  # names neither


async def test_a_house_number_that_is_not_the_places_is_the_street(locator: Locator) -> None:
    found, _ = await _locate(locator, "We're at 500 Boylston St Boston, 200 covers Fridays")
    assert found[0].kind == "street" and found[0].place_id is None
    found, _ = await _locate(locator, "we're at 140 Boylston St, Boston")
    assert (found[0].kind, found[0].place_id) == ("place", 8)  # Troquet's own address


async def test_a_zip_the_catalog_lacks_is_its_city_not_not_found(locator: Locator) -> None:
    found, _ = await _locate(locator, "02139 - how should we staff Saturday?")
    assert found[0].kind == "city" and "Cambridge" in found[0].label


def test_a_newly_named_restaurant_replaces_the_remembered_one() -> None:
    before = SessionState(
        locations=[ResolvedLocation(label="Troquet, 140 Boylston St", kind="place", lat=42.35,
                                    lng=-71.07, place_id=8, resolved=True)],
        location_origin="explicit",
        baseline=BaselineState(covers=180, weekday=4),
    )  # fmt: skip
    prefs = preferences_of(before)
    now = SessionState(
        locations=[ResolvedLocation(label="Ironside Grill, 25 Park St", kind="place", lat=42.37,
                                    lng=-71.06, place_id=9, resolved=True)]
    )  # fmt: skip
    notes = remember(now, prefs, named=True, baseline_said=False)
    assert ("replaced", "Troquet, 140 Boylston St") in notes
    assert ("baseline_dropped", "180") in notes and now.baseline is None
    back = SessionState()
    notes = remember(back, prefs, named=False, baseline_said=False)
    assert back.locations[0].place_id == 8 and back.baseline is not None
    assert back.baseline.origin == "memory" and [k for k, _ in notes] == ["location", "baseline"]


def test_asking_which_branch_is_the_one_question_so_the_scope_is_assumed() -> None:
    """ADR-004/005: "which Au Bon Pain?" and "all or the first?" are never both asked, on this
    turn or the next; the scope assumed is said instead."""
    here = [ResolvedLocation(label=name, kind="place", lat=42.35, lng=-71.06, resolved=True)
            for name in ("Au Bon Pain, 426 Washington St", "Troquet, 140 Boylston St")]  # fmt: skip
    state = SessionState(locations=here, baseline=BaselineState(covers=300, weekday=4))
    turn = Turn(trace_id="t", question="Which Au Bon Pain is yours: …?")
    apply_scope(read_message("two spots, 300 covers on fridays", THURSDAY), state, turn)
    assert turn.question == "Which Au Bon Pain is yours: …?"
    assert any("is for Au Bon Pain, 426 Washington St" in a for a in turn.assumptions)
    later = Turn(trace_id="t2", known=turn.known)
    apply_scope(read_message("thanks", THURSDAY), state, later)
    assert later.question is None and state.scope == "first"
    alone = SessionState(locations=here, baseline=BaselineState(covers=300, weekday=4))
    asked = Turn(trace_id="t3")
    apply_scope(read_message("300 covers on fridays", THURSDAY), alone, asked)
    assert asked.question is not None and "all locations" in asked.question


async def test_a_restaurant_the_catalog_lacks_is_said_plainly(locator: Locator) -> None:
    found, located = await _locate(
        locator, "We just opened Salt & Ember at 350 Columbus Ave, Boston 02116. Friday?"
    )
    assert found[0].kind != "place" and found[0].lat is not None and found[0].lat > 42
    assert any(
        lead.startswith("I don't have Salt & Ember in my data; I used ") for lead in located.leads
    )
    _, known = await _locate(locator, "We're Troquet, 140 Boylston St. Friday?")
    assert not any("in my data" in lead for lead in known.leads)


async def test_naming_one_of_several_restaurants_makes_it_the_one(locator: Locator) -> None:
    """ "Just the Federal one" answers the scope question: that one, first, explicitly."""
    state = SessionState(baseline=BaselineState(covers=300, weekday=4))
    message = "We have Troquet on Boylston St and Au Bon Pain on Federal St. 300 covers on fridays"
    state.locations, _ = await _locate(locator, message)
    state.scope_asked = True
    turn = Turn(trace_id="t")
    reply = "just the Federal one"
    await apply_locations(locator, reply, read_message(reply, THURSDAY), [], state, turn, False)
    assert state.locations[0].label.startswith("Au Bon Pain, 75 Federal St")
    assert (state.scope, state.scope_origin) == ("first", "explicit")
    again = Turn(trace_id="t2")
    other = "what if it rains on boylston"  # a what-if, not an answer
    await apply_locations(locator, other, read_message(other, THURSDAY), [], state, again, False)
    assert state.locations[0].label.startswith("Au Bon Pain") and not again.leads


async def test_a_name_said_shorter_on_the_street_said_with_the_is_the_place() -> None:
    """Operators panel o41 and o57 (half A): 'Ghazal, Centre St JP' (the catalogue's name is
    Ghazal Indian Cuisine) answered "couldn't find 'Centre St'", and 'Al Wadi on the VFW
    Parkway' read "I know Al Wadi only elsewhere, not at the VFW Parkway"."""
    rows = [
        ("Al Wadi", "1249 VFW Pkwy, West Roxbury, Boston, MA 02132", "Boston", 42.2836,
         -71.1620),
        ("Ghazal Indian Cuisine", "711 Centre St, Jamaica Plain, Boston, MA 02130", "Boston",
         42.3106, -71.1140),
        ("Bon Savor", "605 Centre St, Jamaica Plain, Boston, MA 02130", "Boston", 42.3135,
         -71.1152),
    ]  # fmt: skip
    here = catalog_locator(rows)
    found, located = await _locate(here, "We run Al Wadi on the VFW Parkway. tonight?")
    assert [(f.label.split(",")[0], f.kind) for f in found] == [("Al Wadi", "place")]
    assert not any("only elsewhere" in lead for lead in located.leads)
    found, _ = await _locate(here, "Ghazal, Centre St JP. sunday lunch buffet, how many servers?")
    assert found[0].label.startswith("Ghazal Indian Cuisine, 711 Centre St")
