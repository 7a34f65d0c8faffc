"""Interests as travellers say them (issue 35; panel trips half A, t01: "history and old
monuments" in Delhi planned a day of modern samadhis, historic=memorial, before the old tombs and
forts): an era or a style the request names ("old monuments", "Mughal", "colonial", "Art Deco")
is read through `trips/data/interest_words.toml` against what a place's data carries (OSM tags,
its name, source categories and description, the year its description dates it), the places that
answer it come first, and an interest no place of the city answers is said."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.trips.interest_words import (
    answers,
    asked_words,
    interest_words,
    said_gaps,
    unlike,
)
from kairos.trips.models import Candidate
from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

LYRA = (28.6, 77.2)


def _row(i: int, name: str, tags: dict[str, str], description: str = "") -> Row:
    raw: dict[str, Any] = {"category": "landmark", "osm_tags": {"name": name, **tags},
                           "description": description}  # fmt: skip
    return Row(id=i, name=name, kind="attraction", city="Lyra", lat=LYRA[0] + i / 500,
               lng=LYRA[1], attributes={"poi": {"osm_lyra": raw}}, votes=0)  # fmt: skip


def _entry(key: str) -> Any:
    return next(e for e in interest_words() if e.key == key)


def test_the_table_reads_eras_and_styles_travellers_say() -> None:
    keys = [e.key for e in asked_words("3 days, history and old monuments, Mughal and Art Deco")]
    assert keys == ["old", "mughal", "art_deco"]
    # an "old" dad, kids "aged 6": no era asked
    assert asked_words("New York with my 80 year old dad, he loves art") == []


def test_a_place_answers_by_its_tags_its_words_or_the_year_it_was_built() -> None:
    old, mughal = _entry("old"), _entry("mughal")
    ruin = _row(1, "Lal Kot", {"historic": "archaeological_site"})
    assert answers(old, ruin.name, ruin.attributes)
    memorial = _row(2, "Kisan Ghat", {"historic": "memorial", "wikipedia": "en:Kisan Ghat"})
    assert not answers(old, memorial.name, memorial.attributes)
    dated = _row(3, "A Garden Tomb", {}, "This tomb, built in 1570, is the first garden-tomb.")
    assert answers(old, dated.name, dated.attributes)
    modern = _row(4, "A Memorial", {}, "Built in 1964 for the statesman.")
    assert not answers(old, modern.name, modern.attributes)
    said = _row(5, "A Garden Tomb", {}, "The first garden-tomb of the Mughal emperors.")
    assert answers(mughal, said.name, said.attributes)
    assert not answers(mughal, ruin.name, ruin.attributes)
    # a modern memorial is the opposite of an era asked for; a ruin that says no era is neither
    assert unlike(old, memorial.name, memorial.attributes)
    assert unlike(mughal, memorial.name, memorial.attributes)
    assert not unlike(mughal, ruin.name, ruin.attributes)
    hall = _row(6, "Diwan-e-Aam", {"wikipedia": "en:Diwan-i-Am (Red Fort)"})
    assert answers(old, hall.name, hall.attributes)  # the article's title says a fort


def test_old_monuments_come_before_modern_memorials_of_like_note() -> None:
    rows = [
        _row(1, "Veer Sthal", {"historic": "memorial", "wikidata": "Q1"}),
        _row(2, "Kisan Sthal", {"historic": "memorial", "wikidata": "Q2"}),
        _row(3, "Lal Kot", {"historic": "archaeological_site", "wikidata": "Q3"}),
        _row(4, "Anangtal", {"historic": "ruins", "wikidata": "Q4"}),
        _row(5, "Stone Pillar", {"historic": "monument", "wikidata": "Q5"}),
    ]
    retrieved = asyncio.run(OfflineRetrieval(rows).retrieve(
        city="Lyra", centre=LYRA, radius_km=30.0, interests="history and old monuments", room=4,
    ))  # fmt: skip
    names = [c.name for c in retrieved.candidates]
    assert set(names[:2]) == {"Lal Kot", "Anangtal"}, names
    assert names[2] == "Stone Pillar", names  # says no age either way; memorials follow
    assert retrieved.candidates[0].interests == ("old",)


def _cand(i: int, name: str, interests: tuple[str, ...] = ()) -> Candidate:
    return Candidate(id=f"p{i}", name=name, kind="attraction", lat=0.0, lng=0.0, city="Lyra",
                     duration=60, interests=interests)  # fmt: skip


def test_an_interest_the_city_does_not_answer_is_said_and_a_thin_one_named() -> None:
    places = [_cand(1, "Raj Sthal"), _cand(2, "Garden Tomb", ("mughal",))]
    assert said_gaps("colonial buildings and Mughal architecture", "Lyra", places) == [
        "Kairos knows only one Mughal sight in Lyra: Garden Tomb.",
        "Kairos knows no colonial building in Lyra.",
    ]
    assert said_gaps("museums and parks", "Lyra", places) == []


def test_a_place_answering_an_era_is_kept_whatever_the_kinds_read() -> None:
    """The words "Mughal architecture" read as landmarks (a tag), and the World Heritage tomb
    its source files as a historic site was left out; the trip said no Mughal sight was known."""
    tomb = Row(id=9, name="Tomb of Nuruddin", kind="attraction", city="Lyra", lat=LYRA[0],
               lng=LYRA[1],
               attributes={"poi": {"whc": {"category": "historic_site",
                           "notability_basis": "UNESCO World Heritage Site", "description":
                           "The first garden-tomb of the Mughal emperors, built in 1570."}}},
               votes=0)  # fmt: skip
    rows = [_row(i, f"Landmark {i}", {"historic": "memorial", "wikidata": f"Q{i}"})
            for i in range(1, 5)]  # fmt: skip
    retrieved = asyncio.run(OfflineRetrieval([*rows, tomb]).retrieve(
        city="Lyra", centre=LYRA, radius_km=30.0, interests="2 days, Mughal architecture",
        tags=["landmark"], room=3,
    ))  # fmt: skip
    assert retrieved.candidates[0].name == "Tomb of Nuruddin", [
        c.name for c in retrieved.candidates
    ]
