"""Geocoding: one contract over every registered geocoder (the catalog's places and city centres
offline, a Nominatim server in process that knows the same places), then what each does alone.
ADR-021: text under 3 characters is refused before any lookup, unless a ZIP or address-like."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from kairos.core.geo import haversine_km
from kairos.errors import InvalidInput
from kairos.signals.geocoding.catalog import CatalogGeocoder, zip_cities
from kairos.signals.geocoding.cities import find_city
from kairos.signals.geocoding.models import GeocodeQuery, check_location_text
from kairos.signals.registry import available_sources
from tests.conftest import SAMPLE_DIR
from tests.signals.conftest import BARCLAYS, CATALOG
from tests.signals.fake_services import FakeState


@pytest.fixture(params=available_sources("geocoding"))
def geocoder(request: pytest.FixtureRequest, client_for: Any, fake: FakeState) -> Any:
    return client_for("geocoding", request.param)


# --- the contract --------------------------------------------------------------------------------


async def test_a_place_name_is_found_where_it_is(geocoder: Any) -> None:
    answer = await geocoder.get(GeocodeQuery(text="Barclays Center", limit=3))
    assert (answer.status, answer.source) == ("ok", geocoder.name)
    matches = answer.data.matches
    assert 1 <= len(matches) <= 3
    assert haversine_km(matches[0].lat, matches[0].lng, *BARCLAYS) < 1.0
    assert [m.score for m in matches] == sorted((m.score for m in matches), reverse=True)
    assert all(0 <= m.score <= 1 for m in matches)


async def test_nothing_matching_is_ok_and_empty(geocoder: Any) -> None:
    answer = await geocoder.get(GeocodeQuery(text="Qwxzv Plaza Nowhere"))
    assert (answer.status, answer.data.matches) == ("ok", [])
    assert answer.data.note


@pytest.mark.parametrize("text", ["a", "  N ", "..", "", "x!"])
async def test_short_text_is_refused_before_any_lookup(
    geocoder: Any, fake: FakeState, text: str
) -> None:
    with pytest.raises(InvalidInput, match="ZIP code such as 11217"):
        await geocoder.get(GeocodeQuery(text=text))
    assert fake.calls("nominatim") == []


@pytest.mark.parametrize("text", ["11217", "11217-1234", "5 A", "1A Main", "Soho"])
def test_zips_and_address_like_text_pass_the_check(text: str) -> None:
    assert check_location_text(text) == " ".join(text.split())


def test_overlong_text_is_refused() -> None:
    with pytest.raises(InvalidInput, match="at most 200"):
        check_location_text("Atlantic Ave " * 30)


# --- the catalog geocoder ------------------------------------------------------------------------


def _lookup(text: str, limit: int = 5) -> Any:
    return CatalogGeocoder(CATALOG).lookup(GeocodeQuery(text=text, limit=limit))


def test_typos_and_apostrophes_still_find_the_place() -> None:
    first = _lookup("rebeccas cafe").matches[0]
    assert (first.kind, first.city) == ("place", "Boston")
    assert first.label.startswith("Rebecca's Cafe")


def test_an_address_a_street_and_a_zip() -> None:
    address = _lookup("75 Federal Street").matches
    assert {m.kind for m in address[:2]} == {"address"} and len(address) >= 2
    street = _lookup("Federal St, Boston").matches
    assert street[0].kind == "street" and "(2 places)" in street[0].label
    assert haversine_km(street[0].lat, street[0].lng, 42.3554, -71.0567) < 0.1
    postcode = _lookup("02110").matches
    assert postcode[0].kind == "postcode" and "2 catalog places" in postcode[0].label


def test_a_city_alone_or_as_the_fallback() -> None:
    brooklyn = _lookup("brooklyn").matches
    assert (brooklyn[0].kind, brooklyn[0].score) == ("city", 1.0)
    unknown_street = _lookup("Bergen St in Brooklyn")
    assert unknown_street.matches[0].kind == "city" and unknown_street.matches[0].score == 0.5
    assert unknown_street.note and "Brooklyn" in unknown_street.note
    typo = _lookup("Hyderbad").matches
    assert typo[0].kind == "city" and typo[0].city == "Hyderabad"


def test_a_named_city_narrows_the_places() -> None:
    near = _lookup("Atlantic Ave in Brooklyn").matches
    assert near[0].kind == "street" and haversine_km(near[0].lat, near[0].lng, *BARCLAYS) < 0.1
    elsewhere = _lookup("Atlantic Ave in Boston")
    assert [m.kind for m in elsewhere.matches] == ["city"]


def test_rows_without_coordinates_are_left_out() -> None:
    assert all(m.label != "No Coordinates Diner" for m in _lookup("No Coordinates Diner").matches)


def test_the_sample_catalog_is_geocoded() -> None:
    rows = []
    path = SAMPLE_DIR / "restaurant_reviews" / "restaurants.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            r = json.loads(line)
            rows.append((r["name"], r.get("address"), r.get("city"), r.get("lat"), r.get("lng")))
    located = next(r for r in rows if r[3] is not None and r[1])
    geocoder = CatalogGeocoder(rows)
    first = geocoder.lookup(GeocodeQuery(text=located[0])).matches[0]
    assert (first.lat, first.lng) == (located[3], located[4])


def test_a_city_name_before_a_street_word_is_the_street() -> None:
    """ "Washington St, Boston" is in Boston, "Columbus Ave" is not Columbus, Ohio (issue 36)."""
    rows = [*CATALOG, ("Toro", "1704 Washington St, South End, Boston, MA 02118", "Boston",
                       42.337077, -71.076032)]  # fmt: skip
    geocoder = CatalogGeocoder(rows)
    street = geocoder.lookup(GeocodeQuery(text="Washington St, Boston")).matches[0]
    assert street.city == "Boston" and street.lat > 42
    columbus = geocoder.lookup(GeocodeQuery(text="Columbus Ave, Boston")).matches
    assert columbus and all(m.city == "Boston" for m in columbus)
    assert geocoder.lookup(GeocodeQuery(text="Washington DC")).matches[0].city == "Washington"


def test_a_house_number_must_be_the_places_own() -> None:
    near = _lookup("76 Federal St, Boston").matches  # Rebecca's and Au Bon Pain are at 75
    assert near and near[0].kind == "street" and "(2 places)" in near[0].label
    cafe = ("Corner Cafe", "502 Massachusetts Avenue, South End, Boston, MA 02118", "Boston",
            42.3408, -71.0806)  # fmt: skip
    geocoder = CatalogGeocoder([*CATALOG, cafe])
    own = geocoder.lookup(GeocodeQuery(text="502 Mass Ave, Boston")).matches[0]
    assert (own.kind, own.label.split(",")[0]) == ("address", "Corner Cafe")
    other = geocoder.lookup(GeocodeQuery(text="503 Mass Ave, Boston")).matches[0]
    assert other.kind == "street"  # two doors down is not Corner Cafe


def test_a_zip_no_address_carries_is_its_citys_centre() -> None:
    cambridge = _lookup("02139").matches[0]
    assert (cambridge.kind, cambridge.city) == ("city", "Cambridge")  # its centre, not the ZIP's
    assert "02139" in cambridge.label and "no catalog address" in cambridge.label
    assert _lookup("99999").matches == []


def test_the_zip_table_names_only_catalog_cities() -> None:
    """Its rows are the USPS list's (scripts/make_zip_cities.py): spot checks of public fact."""
    table = zip_cities()
    assert all(find_city(city) is not None for city in set(table.values()))
    assert (table["02118"], table["02139"], table["02445"], table["02134"]) == (
        "Boston", "Cambridge", "Brookline", "Allston")  # fmt: skip
    assert table["02124"] == "Boston"  # USPS: Dorchester Center, a Boston neighbourhood
    assert "01002" not in table  # Amherst, MA: no catalog city


def test_a_neighbourhood_the_addresses_name_narrows_like_a_city() -> None:
    south_end = ("Coppa", "253 Shawmut Ave, South End, Boston, MA 02118", "Boston", 42.3436,
                 -71.0686)  # fmt: skip
    branch = ("Coppa", "1 Main St, Somerville, MA 02145", "Somerville", 42.3876, -71.0995)
    rows = [south_end, branch]  # the second branch is made up: two places of one name
    found = CatalogGeocoder(rows).lookup(GeocodeQuery(text="Coppa in the South End")).matches
    assert found[0].label.startswith("Coppa, 253 Shawmut Ave")


# --- Nominatim -----------------------------------------------------------------------------------


async def test_nominatim_request_and_reading(client_for: Any, fake: FakeState) -> None:
    answer = await client_for("geocoding", "nominatim").get(GeocodeQuery(text="Chama Mama"))
    first = answer.data.matches[0]
    assert (first.kind, first.score, first.city) == ("place", 0.4, "New York")
    assert (round(first.lat, 4), round(first.lng, 4)) == (40.7381, -73.9987)
    sent = fake.calls("nominatim")[0]
    assert (sent["format"], sent["limit"], sent["addressdetails"]) == ("jsonv2", "5", "1")
    assert "key" not in sent


async def test_nominatim_rate_limit_is_an_answer(client_for: Any, fake: FakeState) -> None:
    fake.status["nominatim"] = 429
    answer = await client_for("geocoding", "nominatim").get(GeocodeQuery(text="Chama Mama"))
    assert (answer.status, answer.error_code) == ("error", "rate_limited")
