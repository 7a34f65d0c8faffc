"""When a request names no kind of place ("4 days in Delhi with my family", no interests), the
kind arm (the likeness of a place's category to the words) weighs little and notability ranks:
a curated landmark comes before a reviewed museum whose category merely reads closer to words
that say nothing of places. A request naming a kind keeps the kind arm's weight. The words that
name a kind are one list with the unmet-words note's."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.trips import unmet_words
from kairos.trips.kind_words import kind_phrases, names_a_kind
from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

DELHI = (28.6139, 77.2090)


def _row(i: int, name: str, kind: str, source: str, raw: dict[str, Any], votes: int) -> Row:
    return Row(id=i, name=name, kind=kind, city="Delhi", lat=DELHI[0] + i / 500, lng=DELHI[1],
               attributes={"poi": {source: {"category": kind, **raw}}}, votes=votes)  # fmt: skip


ROWS = [
    _row(1, "A Reviewed Museum", "museum", "tripadvisor_attractions", {}, votes=100),
    _row(2, "A Listed Landmark", "landmark", "rectour2023_extended_poi",
         {"notability_basis": "curated sight list"}, votes=0),
]  # fmt: skip


def _museum_matches(label: str) -> tuple[float, float]:
    return (1.0, 0.0) if label == "museum" else (0.0, 1.0)


def _first(interests: str) -> str:
    retrieved = asyncio.run(
        OfflineRetrieval(ROWS, _museum_matches).retrieve(
            city="Delhi", centre=DELHI, radius_km=30.0, interests=interests, room=6
        )
    )
    return retrieved.candidates[0].name


def test_notability_ranks_when_the_words_name_no_kind() -> None:
    assert _first("4 days in Delhi with my family, two kids aged 6 and 9") == "A Listed Landmark"
    assert _first("") == "A Listed Landmark"


def test_the_kind_arm_keeps_its_weight_when_a_kind_is_named() -> None:
    assert _first("4 days in Delhi, museums") == "A Reviewed Museum"


def test_which_words_name_a_kind() -> None:
    assert names_a_kind("a weekend in Kathmandu, temples")
    assert names_a_kind("he loves art")
    assert names_a_kind("musuem")  # a typo the intent reads
    assert names_a_kind("harry potter places and the castle")
    assert not names_a_kind("Kathmandu 3 days with my parents in their 70s")
    assert not names_a_kind("New York with my 80 year old dad, 2 days")  # "old" alone: no kind
    assert not names_a_kind("3 days, lots of food")


def test_unmet_words_read_the_same_list_of_kinds() -> None:
    words = {w for phrase in kind_phrases() for w in phrase.split()}
    assert unmet_words._kind_words() <= words | {"forest", "market", "district", "street", "show"}
    assert {"museum", "temple", "zoo", "castle", "forest"} <= unmet_words._kind_words()
