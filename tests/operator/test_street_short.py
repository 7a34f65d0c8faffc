"""Street names operators shorten are read against the streets of the city held, and a name
known only in other cities said with a street of the held one is never resolved there (issue
36, item 1: "Comm Ave", "Dot Ave"; "0 resolved to a place in another city"). Rows as the
shared catalogue holds them: Boston's with addresses, other cities' branches with none."""

from __future__ import annotations

from datetime import date

from kairos.core.geo import haversine_km
from kairos.operator.locating import Located, Locator
from kairos.operator.reading import read_message
from kairos.operator.state import SessionState
from kairos.operator.street_short import expand_short
from kairos.signals.geocoding.areas import KnownPlace
from tests.operator.catalog_locator import catalog_locator

THURSDAY = date(2026, 12, 3)
BOSTON = (42.3601, -71.0589)
ROWS = [
    ("Harp Pub", "1236 Dorchester Ave, Dorchester, MA 02125", "Dorchester", 42.3084, -71.0582),
    ("Corner Deli", "1100 Dorchester Ave, Dorchester, MA 02125", "Dorchester", 42.3101, -71.0577),
    ("Doyle Grill", "12 Dover St, Boston, MA 02118", "Boston", 42.3430, -71.0660),
    ("Newbury Books Cafe", "200 Newbury St, Boston, MA 02116", "Boston", 42.3503, -71.0790),
    ("Tex Burger", None, "Austin", 30.2672, -97.7431),
    ("Tex Burger", None, "Atlanta", 33.7490, -84.3880),
]  # fmt: skip


async def _locate(locator: Locator, message: str) -> Located:
    spotted = locator.spot(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    return await locator.locate(message, reading.locations, spotted, SessionState(), False)


def _place(address: str) -> KnownPlace:
    return KnownPlace("x", address, "Boston", 42.3, -71.0, "x", address, None)


def test_a_short_street_is_the_held_city_street_holding_its_letters_in_order() -> None:
    places = [_place("1236 dorchester ave"), _place("1100 dorchester ave"), _place("12 dover st")]
    assert expand_short("dot ave", places) == "dorchester ave"
    assert expand_short("dov ave", places) is None  # "dover" is a street, not an avenue
    assert expand_short("dorchester ave", places) is None  # already the street
    two = [*places, _place("3 dalton ave"), _place("4 dalton ave")]
    assert expand_short("dt ave", two) is None  # as many places on two streets: unread


async def test_dot_ave_is_read_as_dorchester_ave() -> None:
    located = await _locate(catalog_locator(ROWS), "we're at 1236 Dot Ave, Boston. weekend?")
    assert located.locations[0].label.startswith("Harp Pub, 1236 Dorchester Ave")


async def test_a_name_known_only_elsewhere_on_a_held_street_asks_and_stays_in_the_city() -> None:
    located = await _locate(catalog_locator(ROWS), "Tex Burger on Newbury St, Boston. weekend?")
    loc = located.locations[0]
    assert loc.kind != "place" or loc.label.startswith("Newbury Books")  # never Austin's
    assert loc.lat is None or haversine_km(loc.lat, loc.lng or 0.0, *BOSTON) < 30
    assert located.question is not None
    assert located.question.startswith("I know no Tex Burger on Newbury St in Boston, only in ")
    # a name said with a city of its own is still that city's
    austin = await _locate(catalog_locator(ROWS), "Tex Burger, Austin. weekend?")
    assert austin.locations[0].label == "Tex Burger, Austin"
