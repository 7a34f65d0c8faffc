"""London neighbourhoods placed by postcode (plans round 17): the catalogue's London places carry
an address and a postcode, no coordinates, so "Shoreditch" or "Camden" was a place the planner
"cannot place on a map". Every neighbourhood of the gazetteer is read as an area of London, the
search finds places whose address holds one of its postcode districts, and the plan says so."""

from __future__ import annotations

import re

from kairos.core.london_areas import LONDON_AREAS, district_pattern, districts_of
from kairos.search.catalog import Catalog
from kairos.search.filters import SearchFilters
from kairos.search.sql_filters import compile_filters
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader
from kairos.venues.scout_query import widened_note

CATALOG = Catalog(cities={"london": 160, "boston": 2800}, categories={"pubs": 5})


def _read(text: str):  # type: ignore[no-untyped-def]
    return QueryReader(CATALOG.vocabulary(), ProductWords()).read(text)


def test_the_gazetteer_covers_london_beyond_the_few_a_panel_names() -> None:
    assert len(LONDON_AREAS) >= 150
    for area in ("shoreditch", "camden", "covent garden", "bermondsey", "stoke newington"):
        assert districts_of(area), area
    assert districts_of("King's  Cross") == districts_of("kings cross")
    assert districts_of("back bay") == ()


def test_a_london_neighbourhood_is_read_as_an_area_of_london() -> None:
    reading = _read("pub night in bermondsey for 8")
    assert (reading.area, reading.area_city) == ("bermondsey", "london")
    assert _read("dinner near angel for 4").area == "angel"
    assert _read("an angel of a waiter for 4").area is None, "an ordinary word: after 'in' only"


def test_a_postcode_of_the_district_is_found_and_no_other() -> None:
    pattern = district_pattern(districts_of("shoreditch"))
    assert pattern is not None
    assert re.search(pattern, "1 Rivington St, London EC2A 3DT England")
    assert re.search(pattern, "Whitechapel Rd, London E1 6AN")
    assert not re.search(pattern, "Canary Wharf, London E14 5AB"), "E14 is not E1"
    assert not re.search(pattern, "Wapping High St, London E1W 2NP"), "E1W is not E1"
    assert district_pattern(()) is None


def test_the_search_finds_an_address_in_the_neighbourhoods_districts() -> None:
    compiled = compile_filters(SearchFilters(area="shoreditch"), CATALOG)
    assert "p.address ~ :area_postcodes" in compiled.where
    assert compiled.params["area_postcodes"] == district_pattern(districts_of("shoreditch"))
    plain = compile_filters(SearchFilters(area="kendall square"), CATALOG)
    assert "area_postcodes" not in plain.params


def test_a_widened_london_plan_says_it_read_the_postcodes() -> None:
    said = widened_note("Shoreditch", "london", 1, placed=False)
    assert said.startswith("Only 1 venue(s) in Shoreditch (by postcode: EC2A, E1, E2, N1) fit")
    assert "cannot place" not in said
    assert "cannot place" in widened_note("Kendall Square", "cambridge", 0, placed=False)
