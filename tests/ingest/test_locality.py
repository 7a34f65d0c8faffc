"""A place's locality comes from its own address: London means Greater London."""

from __future__ import annotations

import pytest

from kairos.ingest.adapters.restaurant_reviews import place_from_row
from kairos.ingest.locality import london_locality


@pytest.mark.parametrize(
    ("address", "town", "expected"),
    [
        ("6 High Street, Windsor SL4 1LD England", "Windsor", ("Windsor", None)),
        ("The Street, Egham TW20 0AB England", None, ("Egham", None)),
        ("High St, Rickmansworth WD3 1AB England", "Rickmansworth", ("Rickmansworth", None)),
        ("Russell Hill Road, Purley CR8 2LA England", "Purley", ("Purley", None)),
        ("5 Hill Rise, Richmond TW10 6UQ England", "Richmond", ("Richmond", None)),
        ("1 Old Compton St, London W1D 5JA England", None, ("London", None)),
        ("12 King St, London W6 0QA England", "London", ("London", None)),
        ("109 Sheen Lane, Richmond SW14 8AE England", "Richmond", ("Richmond", None)),
        ("10 Charcot Road, Colindale NW9 5HR England", None, ("London", "Colindale")),
        ("no postcode at all", None, ("London", None)),
    ],
)
def test_london_locality(address: str, town: str | None, expected: tuple[str, str | None]) -> None:
    assert london_locality(address, town) == expected


def test_the_adapter_files_a_windsor_place_under_windsor() -> None:
    row = {
        "restaurant_id": "ta_1", "source": "tripadvisor_london", "name": "A la Russe",
        "city": "London (Greater London area)", "address": "6 High Street, Windsor SL4 1LD England",
        "attributes": {"ranking": "#11 of 131 Restaurants in Windsor"},
    }  # fmt: skip
    place = place_from_row(row)
    assert (place.city, place.area) == ("Windsor", None)
    purley = {
        "address": "Russell Hill Road, Purley CR8 2LA England",
        "attributes": {"ranking": "#1 of 32 Restaurants in Purley"},
    }
    inside = place_from_row({**row, **purley})
    assert (inside.city, inside.area) == ("Purley", None)
