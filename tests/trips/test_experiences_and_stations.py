"""A ticketed "experience" is no museum for a traveller who asked for art or history, and a
station is no sight (issue 35, panel trips half A: "Museum of Illusions / Color Factory as a
museum" for an art-focused trip; "Union Station as a stop" in Toronto)."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.core.notability import not_a_sight
from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

NEW_YORK = (40.7128, -74.0060)


def _row(i: int, name: str, description: str, votes: int) -> Row:
    raw: dict[str, Any] = {"category": "museum", "category_raw": ["Art Museums"],
                           "description": description, "review_count": votes}  # fmt: skip
    return Row(id=i, name=name, kind="museum", city="New York", lat=NEW_YORK[0] + i / 500,
               lng=NEW_YORK[1], attributes={"poi": {"tripadvisor_attractions": raw}},
               votes=votes)  # fmt: skip


ROWS = [
    _row(1, "Spectrum Factory", "Welcome to Spectrum Factory: a collaboratively-produced art "
         "experience. This multisensory exhibit guides visitors through 16 installations.", 9000),
    _row(2, "Hall of Mirrors Museum", "Immerse yourself in mind-bending optical illusions and "
         "take selfies in our rooms.", 8000),
    _row(3, "Riverside Museum of Art", "A collection of European paintings from the 14th to "
         "the 19th century, with drawings and prints.", 400),
]  # fmt: skip


def _retrieve(interests: str) -> list[str]:
    retrieved = asyncio.run(OfflineRetrieval(ROWS).retrieve(
        city="New York", centre=NEW_YORK, radius_km=30.0, interests=interests, room=9))  # fmt: skip
    return [c.name for c in retrieved.candidates]


def test_a_collection_comes_before_ticketed_experiences_for_art() -> None:
    assert _retrieve("museums and art")[0] == "Riverside Museum of Art"


def test_experiences_keep_their_rank_when_art_or_history_is_not_asked() -> None:
    assert _retrieve("fun things with the kids")[0] != "Riverside Museum of Art"


def test_wax_figures_are_no_museum() -> None:
    # panel t57 half A: "Madame Tussaud's and the Police Museum are padding", shown as a museum
    wax = Row(id=7, name="Madame Tussaud’s Museum", kind="museum", city="New York",
              lat=NEW_YORK[0], lng=NEW_YORK[1] + 0.01,
              attributes={"poi": {"osm_x": {"category": "museum",
                                            "osm_tags": {"tourism": "museum"}}}},
              votes=0)  # fmt: skip
    retrieval = OfflineRetrieval([wax, ROWS[2]])
    retrieved = asyncio.run(retrieval.retrieve(city="New York", centre=NEW_YORK, radius_km=30.0,
                                               interests="museums and art", room=9))  # fmt: skip
    kinds = {c.name: c.kind for c in retrieved.candidates}
    assert kinds["Madame Tussaud’s Museum"] == "attraction", kinds
    assert kinds["Riverside Museum of Art"] == "museum"
    assert retrieved.candidates[0].name == "Riverside Museum of Art"


def test_a_listing_that_says_it_is_a_rail_and_subway_hub_is_no_sight() -> None:
    said = ("One of the city's premier landmarks, this long hall is the main juncture of the "
            "city's rail and subway transit systems. It opened in 1927.")  # fmt: skip
    raw = {"category": "landmark", "category_raw": ["Architectural Buildings"], "description": said}
    why = not_a_sight("Harbour Union", "attraction", {"poi": {"tripadvisor_attractions": raw}})
    assert why is not None and "station" in why
