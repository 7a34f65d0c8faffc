"""The venue identity rule: its cases, and properties over generated venues (hypothesis)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from kairos.core.venue_identity import (
    Venue,
    dedupe,
    distance_m,
    postcode_of,
    same_venue,
    street_key,
)

BOSTON = (42.3601, -71.0589)
names = st.text(alphabet="abcdefghij klm'&-", min_size=1, max_size=24).filter(
    lambda n: any(c.isalpha() for c in n)
)
lats = st.floats(min_value=-60, max_value=60, allow_nan=False)
lngs = st.floats(min_value=-179, max_value=179, allow_nan=False)


def _north(lat: float, lng: float, metres: float) -> tuple[float, float]:
    return lat + metres / 111_195.0, lng


def _at(name: str, metres_north: float = 0.0, vid: str = "x") -> Venue:
    lat, lng = _north(*BOSTON, metres_north)
    return Venue(id=vid, name=name, lat=lat, lng=lng)


def test_same_name_nearby_and_spellings_are_one_venue() -> None:
    assert same_venue(_at("The Friendly Toast"), _at("friendly toast", 200))
    assert same_venue(_at("Legal Seafood"), _at("Legal Sea Foods", 2))
    assert same_venue(_at("Cosi"), _at("Cosi Sandwich Bar", 60))
    assert same_venue(_at("UFood Grill"), _at("U Food Grill", 45))


def test_two_shops_in_one_building_stay_apart() -> None:
    assert not same_venue(_at("The Bar at Taj Boston"), _at("The Cafe at Taj Boston", 25))
    assert not same_venue(_at("Forest Hills Pizza"), _at("Forest Hills Diner", 10))
    assert not same_venue(_at("Pho Pasteur"), _at("Pho Hoa", 5))


def test_similar_names_need_to_be_close() -> None:
    assert not same_venue(_at("Cosi"), _at("Cosi Sandwich Bar", 150))
    assert not same_venue(_at("Starbucks"), _at("Starbucks", 300))


def test_a_name_of_filler_words_is_still_a_name() -> None:
    assert same_venue(_at("The And"), _at("the and", 10))


def test_without_coordinates_only_the_name_decides() -> None:
    assert same_venue(Venue("a", "Central Park"), Venue("b", "central park"))
    assert not same_venue(Venue("a", "Central Park"), _at("Central Park Zoo"))


def test_dedupe_keeps_the_first_and_collects_every_price_signal() -> None:
    first = Venue("gp_1", "Example Cafe", *BOSTON, price_signals={"google": 2})
    second = Venue("yelp_1", "Example Café", *_north(*BOSTON, 40), price_signals={"yelp": 3})
    other = Venue("yelp_2", "Elsewhere Bar", *_north(*BOSTON, 20), price_signals={"yelp": 1})
    kept = dedupe([first, other, second])
    assert [v.id for v in kept] == ["gp_1", "yelp_2"]
    assert kept[0].price_signals == {"google": 2, "yelp": 3}
    assert kept[0].merged_ids == ("yelp_1",)


@given(names, names, lats, lngs, st.floats(min_value=0, max_value=400))
def test_same_venue_is_symmetric(a: str, b: str, lat: float, lng: float, metres: float) -> None:
    one = Venue("a", a, lat, lng)
    two = Venue("b", b, *_north(lat, lng, metres))
    assert same_venue(one, two) == same_venue(two, one)


@given(names, lats, lngs, st.floats(min_value=0, max_value=2 * math.pi))
def test_same_name_5_km_apart_is_not_the_same_venue(
    name: str, lat: float, lng: float, bearing: float
) -> None:
    dlat = 5_000 * math.cos(bearing) / 111_195.0
    dlng = 5_000 * math.sin(bearing) / (111_195.0 * math.cos(math.radians(lat + dlat)))
    far = Venue("b", name, lat + dlat, lng + dlng)
    assert distance_m(lat, lng, far.lat or 0, far.lng or 0) > 4_900
    assert not same_venue(Venue("a", name, lat, lng), far)


@given(names, lats, lngs)
def test_a_listing_is_its_own_venue(name: str, lat: float, lng: float) -> None:
    assert same_venue(Venue("a", name, lat, lng), Venue("b", name.upper(), lat, lng))


def _listed(
    name: str,
    metres_north: float,
    *,
    address: str | None = None,
    postcode: str | None = None,
    listings: int | None = 2,
) -> Venue:
    lat, lng = _north(*BOSTON, metres_north)
    return Venue("x", name, lat, lng, address=address, postcode=postcode, name_listings=listings)


def test_street_addresses_are_read_alike() -> None:
    assert street_key("75 Federal Street, Financial District, Boston, MA 02110") == (
        street_key("75 Federal St Financial District Boston, MA 02110")
    )
    assert street_key("800 Boylston St Ste 155 Back Bay") == "800 boylston st"
    assert street_key("Logan Airport East Boston") is None
    assert postcode_of("175 North St North End Boston, MA 02113") == "02113"
    assert postcode_of("Downtown Boston, MA") is None


def test_same_name_and_street_address_is_one_venue_at_any_distance() -> None:
    here = _listed("Piccolo Nido", 0, address="257 North St, North End, Boston, MA 02113")
    off = _listed("Piccolo Nido", 3_000, address="257 North Street Boston, MA 02113")
    assert same_venue(here, off)


def test_same_name_at_two_street_addresses_is_two_venues() -> None:
    one = _listed("Starbucks", 0, address="165 Newbury St, Boston, MA 02116", listings=57)
    two = _listed("Starbucks", 60, address="755 Boylston St, Boston, MA 02116", listings=57)
    assert not same_venue(one, two)
    assert same_venue(_at("Starbucks"), _at("Starbucks", 60))  # without addresses: distance


def test_same_name_and_postcode_is_one_venue_at_any_distance() -> None:
    here = _listed("Piccolo Nido", 0, address="257 North St, Boston, MA 02113")
    off = _listed("Piccolo Nido", 4_000, postcode="02113")
    assert same_venue(here, off)
    assert not same_venue(_at("Piccolo Nido"), _at("Piccolo Nido", 4_000))


def test_same_name_with_different_postcodes_far_apart_is_two_venues() -> None:
    jamaica_plain = _listed("Ten Tables", 0, address="597 Centre St, Boston, MA 02130")
    cambridge = _listed("Ten Tables", 3_000, postcode="02138")
    assert not same_venue(jamaica_plain, cambridge)


def test_a_chains_name_in_one_postcode_needs_to_be_close() -> None:
    one = _listed("Au Bon Pain", 0, address="75 Federal St, Boston, MA 02110", listings=37)
    far = _listed("Au Bon Pain", 800, postcode="02110", listings=37)
    assert not same_venue(one, far)
    assert not same_venue(one, _listed("Au Bon Pain", 800, postcode="02110", listings=None))
    assert same_venue(one, _listed("Au Bon Pain", 80, postcode="02110", listings=37))


def test_a_similar_name_in_the_same_postcode_may_be_further() -> None:
    a = _listed("Eastern Standard Kitchen", 0, postcode="02215")
    b = _listed("Eastern Standard Kitchen & Drinks", 200, postcode="02215")
    assert same_venue(a, b)
    assert not same_venue(a, _listed("Eastern Standard Kitchen & Drinks", 200, postcode="02115"))
