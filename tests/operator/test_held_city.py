"""A restaurant named with no city of its own, beside one already placed, is looked for in that
one's city (issue 36: "the city held to the one the message or the session names"). On the
shared data's resolution set, two places named in one message put the second, whose name the
catalog spells otherwise, at another city's places of a similar name while the first was found
in Boston. Rows as the shared catalogue holds them: Boston's with addresses, other cities'
branches with none."""

from __future__ import annotations

from datetime import date

from kairos.core.geo import haversine_km
from kairos.operator.locating import Located, Locator
from kairos.operator.reading import read_message
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState
from tests.operator.catalog_locator import catalog_locator

THURSDAY = date(2026, 12, 3)
BOSTON = (42.3601, -71.0589)
ROWS = [
    ("Habibi's Lounge", "1 Commonwealth Ave, Back Bay, Boston, MA 02116", "Boston", 42.3521,
     -71.0732),
    ("Golden Dragon", None, "Atlanta", 33.781577, -84.380839),
    ("Golden Dragon Restaurant", None, "Atlanta", 33.7601, -84.3901),
    ("Dragon Palace", "88 Harrison Ave, Chinatown, Boston, MA 02111", "Boston", 42.3494,
     -71.0614),
    ("Golden Dragon", None, "Portland", 45.52, -122.67),
]  # fmt: skip


async def _locate(locator: Locator, message: str, state: SessionState | None = None) -> Located:
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    return await locator.locate(message, reading.locations, spotted, state or SessionState(),
                                False)  # fmt: skip


def _km(loc: ResolvedLocation) -> float:
    assert loc.lat is not None and loc.lng is not None
    return haversine_km(loc.lat, loc.lng, *BOSTON)


async def test_a_second_place_said_without_a_city_is_held_to_the_first_ones() -> None:
    located = await _locate(catalog_locator(ROWS), "We have two places, Habibi's Lounge on "
                            "Commonwealth Avenue and Golden Dragon Restaurant on Washington St: "
                            "should I add a server this weekend?")  # fmt: skip
    assert located.locations[0].place_id == 1
    for loc in located.locations[1:]:
        assert loc.lat is None or _km(loc) < 30, loc


async def test_a_place_named_later_in_a_session_is_held_to_its_city() -> None:
    here = ResolvedLocation(label=ROWS[0][0] + ", " + str(ROWS[0][1]), kind="place",
                            lat=ROWS[0][3], lng=ROWS[0][4], place_id=1, resolved=True)  # fmt: skip
    located = await _locate(catalog_locator(ROWS), "and our other spot, Golden Dragon on "
                            "Washington St?", SessionState(locations=[here]))  # fmt: skip
    for loc in located.locations:
        assert loc.lat is None or _km(loc) < 30, loc


async def test_a_city_the_operator_says_is_theirs_to_say() -> None:
    located = await _locate(catalog_locator(ROWS), "Habibi's Lounge on Commonwealth Avenue and "
                            "Golden Dragon in Atlanta")  # fmt: skip
    assert located.locations[0].place_id == 1
    assert any(loc.lat is not None and _km(loc) > 1000 for loc in located.locations[1:])


SIGHTS = [
    ("National Geographic Museum", "1145 17th St NW, Washington DC, DC 20036-4707",
     "Washington, D.C.", 38.9053, -77.0379),
    ("Washington Square Park", "5 Ave, Waverly Pl., New York City, NY 10011", "New York City",
     40.7308, -73.9973),
    ("Dragon Palace", "88 Harrison Ave, Chinatown, Boston, MA 02111", "Boston", 42.3494,
     -71.0614),
    ("Chinatown Cafe", "1140 Washington St, Boston, MA 02118", "Boston", 42.3440, -71.0650),
]  # fmt: skip


async def test_a_sight_at_a_like_address_is_never_the_restaurant() -> None:
    """ "Myers and Chang, 1145 Washington St": a restaurant the catalog lacks, on a Boston street.
    Once TripAdvisor's sights carry coordinates (their postal codes, d2999b6), the museum at
    "1145 17th St NW, Washington DC" matched the number and "Washington" and every turn stayed
    in Washington, D.C.; a park named "Washington Square" was the next guess. Sights are no
    operator's restaurant: the street stands in, in Boston (it had stood unresolved: every turn
    asked for the location again)."""
    locator = catalog_locator(
        SIGHTS, kinds={"National Geographic Museum": "museum", "Washington Square Park": "park"}
    )
    found = await _locate(
        locator, "Myers and Chang, 1145 Washington St. staffing for this weekend, we do 230 friday"
    )
    assert found.locations, found
    for loc in found.locations:
        assert "National Geographic" not in loc.label and "Washington Square" not in loc.label
        if loc.lat is not None:
            assert _km(loc) < 30, loc
    street = found.locations[0]
    assert street.kind == "street" and street.label.startswith("Washington St, Boston"), street


TWO = [
    ("Banq", "1375 Washington St, South End, Boston, MA 02118", "Boston", 42.3414, -71.0696),
    ("Upper Crust Pizzeria", "683 Tremont St, South End, Boston, MA 02118", "Boston", 42.3414,
     -71.0765),
    ("Washington Square Park", "5 Ave, Waverly Pl., New York City, NY 10011", "New York City",
     40.7308, -73.9973),
]  # fmt: skip


async def test_a_sight_spelled_by_a_street_is_no_third_restaurant() -> None:
    """ "Banq on Washington St and Upper Crust on Tremont": 'Washington St' spelled Washington
    Square Park (a park placed by its postal code since d2999b6), read as a third restaurant's
    name: the street stood in as a location of its own and Upper Crust Pizzeria was lost. A
    sight's name is not spotted as the operator's restaurant."""
    locator = catalog_locator(
        TWO,
        kinds={"Washington Square Park": "park"},
        categories={"Washington Square Park": ["park", "parks"], "Upper Crust Pizzeria": ["pizza"]},
    )
    await locator.load_names()
    message = "Banq on Washington St and Upper Crust on Tremont, South End. weekend?"
    assert [s.text for s in locator.spot(message)] == ["Banq", "Washington St", "Upper Crust"]
    spotted = locator.spot_restaurants(message)
    assert [s.text for s in spotted] == ["Banq", "Upper Crust"]
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    located = await locator.locate(message, reading.locations, spotted, SessionState(), False)
    assert [loc.place_id for loc in located.locations] == [1, 2]
