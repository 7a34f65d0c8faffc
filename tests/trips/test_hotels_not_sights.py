"""A hotel is where a traveller sleeps, not a sight (issue 35; panel trips half A, t37: a tourism
board's list of modern architecture filed "PARKROYAL on Pickering" as a landmark, and it was
planned as a stop among the temples). A hotel is known by its name's words or a chain's brand,
OSM `tourism=hotel` or a listing's hotel labels (`core/data/not_sights.toml` [lodging]); one the
data marks heritage (OSM historic/heritage tags, a World Heritage listing, a description that
says so) stays a sight."""

from __future__ import annotations

from typing import Any

from kairos.core.notability import not_a_sight


def _listed(description: str, labels: list[str], tags: dict[str, str] | None = None) -> Any:
    raw: dict[str, Any] = {"category": "landmark", "category_raw": labels,
                           "description": description}  # fmt: skip
    if tags is not None:
        raw["osm_tags"] = tags
    return {"poi": {"tourism_board": raw}}


def test_a_chain_hotel_listed_as_architecture_is_no_sight() -> None:
    attributes = _listed("A luxurious garden oasis downtown.", ["architecture", "modern"])
    assert not_a_sight("PARKROYAL on Pickering", "attraction", attributes) is not None
    assert not_a_sight("Lyra Marriott Marquis", "attraction", attributes) is not None
    tagged = _listed("", [], {"name": "The Lantern", "tourism": "hotel"})
    assert not_a_sight("The Lantern", "attraction", tagged) is not None


def test_a_heritage_hotel_and_a_resort_of_rides_stay_sights() -> None:
    heritage = _listed("", [], {"name": "Grand Fairmont", "historic": "building"})
    assert not_a_sight("Grand Fairmont", "attraction", heritage) is None
    said = _listed("A national monument, built in 1887.", ["architecture"])
    assert not_a_sight("The Lyra Fairmont", "attraction", said) is None
    rides = _listed("Theme parks and shows.", ["resorts", "recreation-leisure"])
    assert not_a_sight("Resorts World Lyra", "attraction", rides) is None
