"""A name held to the region the message points to, and short names that are no names (issue
36, item 1). The operator panel played on the full shared catalogue (29,000 places, many cities)
at 200e4be: "Fish Pier on East Broadway, Southie" went to The Pier, Clermont FL (o51); "Upper
Crust on Tremont" to The Upper Crust on Summer St and "the South End" to The Square Deli,
Everett (o39); "the one on Boylston" was read as a restaurant's name (o29)."""

from __future__ import annotations

from datetime import date

from kairos.core.geo import haversine_km
from kairos.operator.locating import Located, Locator
from kairos.operator.reading import read_message
from kairos.operator.state import SessionState
from tests.operator.catalog_locator import catalog_locator

THURSDAY = date(2026, 12, 3)
SOUTH_BOSTON = (42.3355, -71.0370)
PIER = [  # as the shared catalogue holds them: other cities' rows with no address
    ("The Pier", None, "Clermont", 28.5494, -81.7729),
    ("Fish Pier Restaurant & Market", "667 E Broadway, South Boston, Boston, MA 02127", "Boston",
     42.3357, -71.0377),
    ("Local 149", "149 P St, South Boston, Boston, MA 02127", "Boston", 42.3349, -71.0357),
    ("Broadway Cafe", None, "Atlanta", 33.7490, -84.3880),
    ("Lincoln Tavern", "425 W Broadway, South Boston, Boston, MA 02127", "Boston", 42.3365,
     -71.0493),
]  # fmt: skip


async def _locate(locator: Locator, message: str) -> Located:
    await locator.load_names()
    spotted = locator.spot_restaurants(message)
    reading = read_message(message, THURSDAY, names=[(s.start, s.end) for s in spotted])
    return await locator.locate(message, reading.locations, spotted, SessionState(), False)


async def test_a_name_far_from_the_street_said_is_not_the_operators() -> None:
    located = await _locate(
        catalog_locator(PIER, categories={"Fish Pier Restaurant & Market": ["Seafood"]}),
        "Fish Pier on East Broadway, Southie. what's the week look like?",
    )
    assert located.locations, located
    for loc in located.locations:
        assert loc.lat is None or haversine_km(loc.lat, loc.lng or 0.0, *SOUTH_BOSTON) < 30, loc
    assert located.locations[0].place_id == 2, located.locations
    assert located.question is None


CRUST = [
    ("The Upper Crust", "245 Summer St, Waterfront, Boston, MA 02210", "Boston", 42.3508,
     -71.0517),
    ("Upper Crust Pizzeria", "683 Tremont St, South End, Boston, MA 02118", "Boston", 42.3414,
     -71.0765),
    ("The Square Deli", None, "Everett", 42.4084, -71.0537),
    ("Banq", "1375 Washington St, South End, Boston, MA 02118", "Boston", 42.3414, -71.0696),
]  # fmt: skip


async def test_a_name_both_spotters_find_is_told_apart_by_its_street() -> None:
    locator = catalog_locator(
        CRUST,
        categories={
            "Upper Crust Pizzeria": ["Pizza"],
            "The Square Deli": ["Delis"],
            "The Upper Crust": ["Bakeries"],
        },
    )
    located = await _locate(
        locator, "Banq on Washington St in the South End and Upper Crust on Tremont. weekend?"
    )
    assert [loc.place_id for loc in located.locations] == [4, 2], located.locations
    assert located.question is None, located.question  # one row, found two ways, is one place


async def test_a_short_name_of_question_words_or_another_spelling_is_no_name() -> None:
    rows = [*CRUST, ("The One Sushi +", None, "Brookhaven", 33.86, -84.34)]
    locator = catalog_locator(
        rows, categories={"The Square Deli": ["Delis"], "The One Sushi +": ["Sushi Bars"]}
    )
    await locator.load_names()
    assert locator.spot_restaurants("the one on Boylston") == []
    assert [s.text for s in locator.spot_restaurants("Banq in the South End")] == ["Banq"]


CHAIN = [  # a chain's branches as the shared catalogue holds most of them: name, city, point
    ("Qdoba", None, "Cambridge", 42.3887, -71.1188),
    ("Qdoba", None, "Saugus", 42.4640, -71.0110),
    ("QDOBA Mexican Eats", None, "Boston", 42.3398, -71.0913),
    ("QDOBA Mexican Eats", None, "Boston", 42.3648, -71.0618),
    ("Pizzeria Uno", "321 Huntington Ave, Boston, MA 02115", "Boston", 42.3405, -71.0905),
    ("Qdoba", "961 Commonwealth Ave, Allston/Brighton, Boston, MA 02215", "Boston", 42.3518,
     -71.1191),
]  # fmt: skip


async def test_a_chains_branch_is_chosen_by_the_street_said() -> None:
    """o03 on the full catalogue: "Qdoba on Huntington Ave" went to Qdoba, Cambridge (the first
    of its rows with no address); the branch standing on Huntington Ave is spelled "QDOBA
    Mexican Eats" and has no address either."""
    located = await _locate(
        catalog_locator(CHAIN), "We have two spots: Qdoba on Huntington Ave and Qdoba on Comm "
        "Ave, Boston. What do we need tonight?"
    )  # fmt: skip
    assert [loc.place_id for loc in located.locations] == [3, 6], located.locations


async def test_a_name_far_from_the_neighbourhood_said_is_not_the_operators() -> None:
    """ "Southie" is South Boston (a local name, read through the catalogue's own
    neighbourhoods): the one "Pier" another city holds is not the operator's Fish Pier."""
    locator = catalog_locator(PIER, categories={"Fish Pier Restaurant & Market": ["Seafood"]})
    assert locator.catalog is not None
    area = locator.catalog.area_of("Fish Pier in Southie")
    assert area is not None and area.name == "South Boston", area
    located = await _locate(locator, "Fish Pier in Southie. what's the week look like?")
    assert [loc.place_id for loc in located.locations] == [2], located.locations


HILL = [
    ("75 Chestnut", "75 Chestnut St, Beacon Hill, Boston, MA 02108", "Boston", 42.3569, -71.0707),
    ("Beacon Hill Pub", "149 Charles St, Beacon Hill, Boston, MA 02108", "Boston", 42.3590,
     -71.0706),
    ("Beacon Hill Hotel & Bistro", "25 Charles St, Beacon Hill, Boston, MA 02114", "Boston",
     42.3566, -71.0703),
    ("The Beacon", None, "Atlanta", 33.7490, -84.3880),
]  # fmt: skip


async def test_a_neighbourhoods_second_word_is_no_street_to_widen_a_name_by() -> None:
    """o25 turn 2 (branch, before this rule): "75 Chestnut St, Beacon Hill": "Beacon" is a
    name in the catalogue and "Hill" was read as its street, so the rows opening with "Beacon"
    on a "... Hill" address were asked about. A name's other spellings are looked for on a
    street introduced as one ("on Tremont") only."""
    located = await _locate(
        catalog_locator(HILL), "Now I'm asking for 75 Chestnut St, Beacon Hill. Friday?"
    )
    assert located.question is None, located.question
    assert all("Beacon Hill" not in loc.label.split(",")[0] for loc in located.locations)


async def test_lower_case_words_only_like_a_name_are_no_name() -> None:
    """o31 turn 4 on the full catalogue: "how many on the line for saturday lunch vs dinner?"
    spelled V's Diner (Orlando) and the session's restaurant gave way to the city of Boston."""
    rows = [*CRUST, ("V's Diner", None, "Orlando", 28.5383, -81.3792)]
    locator = catalog_locator(rows)
    await locator.load_names()
    assert locator.spot_restaurants("how many on the line for saturday lunch vs dinner?") == []
    assert [s.text for s in locator.spot_restaurants("V's Diner here. friday?")] == ["V's Diner"]
