"""A listing's web-page title is no place's name (issue 35 panel: "Marina Bay: Things to do",
"…: Attractions & Things to Do" were planned as stops under those titles)."""

from __future__ import annotations

import pytest

from kairos.trips.retrieval_rules import plain_name


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Marina Bay Singapore: Attractions & Things to do", "Marina Bay Singapore"),
        ("Jurong Bird Park, Singapore: Attractions & Things to Do", "Jurong Bird Park, Singapore"),
        ("Sentosa Island, Singapore: Leisure & Attractions", "Sentosa Island, Singapore"),
        ("Singapore River: History & Culture Tours", "Singapore River"),
        ("Museum of History", "Museum of History"),
        ("Star Wars - Tours", "Star Wars - Tours"),
        ("Heritage", "Heritage"),
    ],
)
def test_a_listing_title_reads_as_the_place_name(title: str, name: str) -> None:
    assert plain_name(title) == name
