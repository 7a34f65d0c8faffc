"""Temples and shrines a list files under "attractions" are temples and shrines (issue 35,
panel trips half A, t25: "tokyo for 5 days, temples, shrines and food" placed one temple in five
days while Sensō-ji and Meiji-jingū, named by the curated list only as attractions, were left
out): the name says a place of worship, so the traveller's `religious_site` tag names it."""

from __future__ import annotations

import pytest

from kairos.trips.retrieval_rules import Row, tags_of


def _row(name: str) -> Row:
    raw = {"category_raw": ["attractions"], "notability_basis": "a curated list"}
    return Row(1, name, "attraction", "Tokyo", 35.7, 139.8, {"poi": {"rectour": raw}}, 0)


@pytest.mark.parametrize(
    "name", ["Sensō-ji", "Meiji-jingū", "Kiyomizu-dera", "Yasaka jinja", "Fushimi Inari Taisha",
             "St Giles' Cathedral", "Swayambhunath Stupa"],
)  # fmt: skip
def test_a_place_of_worship_by_its_name_is_a_religious_site(name: str) -> None:
    assert "religious_site" in tags_of(_row(name), "attraction")


@pytest.mark.parametrize(
    "name", ["Shibuya Crossing", "Golden Gai", "Tokyo National Museum", "Jinbocho", "Fiji Bar"]
)
def test_other_places_are_not(name: str) -> None:
    assert "religious_site" not in tags_of(_row(name), "attraction")
