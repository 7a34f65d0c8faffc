"""What a curated or reviewed list holds that is no sight for a day's interests (panel half A
at e08ebe2: t33 planned Glasgow Caledonian University, the Royal Scottish Academy of Music and
Drama, the Royal Concert Hall and the Clyde Auditorium; t51 the Festival Theatre as a 90-minute
museum; t53 an auction house, an art-event bar and a commercial gallery for an art lover and no
Met; t55 a city farm shown as a museum). Rows are made up, not catalogue rows."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

TOWN = (51.0, 0.0)
LISTED = "POI list of a curated itinerary study"


def _row(i: int, name: str, kind: str, raw: dict[str, Any], votes: int = 0) -> Row:
    return Row(id=i, name=name, kind=kind, city="Town", lat=TOWN[0] + i / 500, lng=TOWN[1],
               attributes={"poi": {"source": raw}}, votes=votes)  # fmt: skip


def _listed(i: int, name: str, kind: str, label: str) -> Row:
    return _row(i, name, kind, {"category": kind, "category_raw": [label],
                                "notability_basis": LISTED})  # fmt: skip


def _reviewed(i: int, name: str, kind: str, labels: list[str], said: str, votes: int) -> Row:
    raw = {"category": kind, "category_raw": labels, "description": said}
    return _row(i, name, kind, raw, votes)


def _names(rows: list[Row], interests: str) -> list[str]:
    retrieved = asyncio.run(OfflineRetrieval(rows).retrieve(
        city="Town", centre=TOWN, radius_km=30.0, interests=interests, room=9))  # fmt: skip
    return [c.name for c in retrieved.candidates]


CURATED = [
    _listed(1, "Town Caledonian University", "landmark", "Education"),
    _listed(2, "Royal Academy of Music and Drama", "landmark", "Education"),
    _listed(3, "Town Royal Concert Hall", "landmark", "Structure"),
    _listed(4, "Riverside Auditorium", "landmark", "Structure"),
    _listed(5, "Festival Theatre", "museum", "Cultural"),
    _listed(6, "Kelvin Art Gallery and Museum", "museum", "Museum"),
    _listed(7, "Town Cathedral", "religious_site", "Religious"),
]


def test_schools_and_stages_are_no_stops_of_a_museum_day() -> None:
    names = _names(CURATED, "museums and architecture")
    assert set(names) == {"Kelvin Art Gallery and Museum", "Town Cathedral"}, names


def test_a_stage_is_a_stop_when_a_show_is_asked_for() -> None:
    names = _names(CURATED, "theatre and concerts")
    assert "Festival Theatre" in names and "Town Royal Concert Hall" in names, names
    assert "Town Caledonian University" not in names


GALLERIES = [
    _reviewed(1, "Lower Art Factory", "gallery", ["Art Galleries"], "Guests enjoy an art event "
              "with a live painter, an open bar and art that can be purchased.", 5),
    _reviewed(2, "Hammer and Sons", "gallery", ["Art Galleries"], "Six floors of gallery space; "
              "exhibitions change with the upcoming auctions. Free to visit.", 34),
    _reviewed(3, "Mural of a Boy", "gallery", ["Art Galleries"], "", 32),
    _reviewed(4, "Metro Museum of Art", "museum", ["Art Museums"], "Five thousand years of "
              "art from around the world.", 2000),
    _reviewed(5, "Upper Collection", "museum", ["Art Museums"], "Old masters in a mansion.", 900),
    _reviewed(6, "Old Farm", "museum", ["Cultural"], "", 40),
]  # fmt: skip


def test_the_collections_come_before_galleries_that_sell_and_auction_houses() -> None:
    names = _names(GALLERIES, "art")
    assert names[:2] == ["Metro Museum of Art", "Upper Collection"], names


def test_a_farm_a_list_files_as_a_museum_is_shown_as_an_attraction() -> None:
    retrieved = asyncio.run(OfflineRetrieval(GALLERIES).retrieve(
        city="Town", centre=TOWN, radius_km=30.0, interests="a day out", room=9))  # fmt: skip
    kinds = {c.name: c.kind for c in retrieved.candidates}
    assert kinds["Old Farm"] == "attraction" and kinds["Metro Museum of Art"] == "museum"


def test_art_asked_as_galleries_brings_the_art_museums() -> None:
    """ "he loves art" is read as the gallery kind: an art museum is one (t53 had no Met)."""
    retrieved = asyncio.run(OfflineRetrieval(GALLERIES).retrieve(
        city="Town", centre=TOWN, radius_km=30.0, interests="art", tags=["gallery"],
        room=2))  # fmt: skip
    names = [c.name for c in retrieved.candidates]
    assert names[:2] == ["Metro Museum of Art", "Upper Collection"], names


def test_with_no_collection_in_town_galleries_keep_their_rank() -> None:
    """The galleries follow the collections; where there is none, they are what art there is."""
    only = [r for r in GALLERIES if r.kind == "gallery"]
    bridge = _row(9, "Town Bridge", "attraction", {"category": "attraction", "category_raw":
                  ["Bridges"], "description": "An iron bridge of 1890."}, 60)  # fmt: skip
    assert _names([*only, bridge], "art")[0] == "Lower Art Factory"
