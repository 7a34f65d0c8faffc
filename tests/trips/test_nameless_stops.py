"""A stop has a name a traveller can find (issue 35, panel trips half A: a Delhi trip planned
"Tombs", "Unidentified Tomb" and "Dalans", historic nodes whose names only say what they are,
even with a heritage tag and words of the interests that match them)."""

from __future__ import annotations

import pytest

from kairos.core.notability import nameless
from kairos.trips.retrieval_rules import Row, sights

HISTORIC = {"poi": {"osm_tags": {"historic": "archaeological_site", "heritage": "2"}}}


@pytest.mark.parametrize(
    "name", ["Tombs", "Unidentified Tomb", "Dalans", "Dalan", "Mosque", "Untitled", "Old Temple"]
)
def test_a_name_that_only_says_what_a_place_is_is_no_name(name: str) -> None:
    assert nameless(name)


@pytest.mark.parametrize(
    "name",
    ["Humayun's Tomb", "Nila Gumbad", "Main Street Park", "Jama Masjid", "東京タワー",
     "Aryaghat", "Museum of Modern Art", "Isa Khan's Tomb"],
)  # fmt: skip
def test_a_place_named_for_itself_keeps_its_name(name: str) -> None:
    assert not nameless(name)


def test_a_nameless_historic_node_is_no_stop_even_when_the_interests_name_it() -> None:
    rows = [
        Row(1, "Tombs", "landmark", "Delhi", 28.52, 77.18, HISTORIC, 0, bm25=3.0),
        Row(2, "Unidentified Tomb", "historic_site", "Delhi", 28.55, 77.19, HISTORIC, 0, 2.0),
        Row(3, "Humayun's Tomb", "historic_site", "Delhi", 28.593, 77.25, HISTORIC, 0, 2.0),
    ]
    kept, _, _ = sights(rows)
    assert [r.name for r in kept] == ["Humayun's Tomb"]
