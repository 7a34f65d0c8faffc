"""A sightseeing day starts from the sights a traveller came for: a World Heritage site or a
place on a curated sight list comes before a minor statue or a mural, even when the minor place's
category reads closer to the traveller's words ("monuments" and a listing filed under
"Monuments & Statues")."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

DELHI = (28.6139, 77.2090)


def _row(i: int, name: str, source: str, raw: dict[str, Any], votes: int = 0,
         bm25: float = 0.0) -> Row:  # fmt: skip
    return Row(id=i, name=name, kind="attraction", city="Delhi", lat=DELHI[0] + i / 500,
               lng=DELHI[1], attributes={"poi": {source: raw}}, votes=votes,
               bm25=bm25)  # fmt: skip


ROWS = [
    _row(1, "General Rochambeau Statue", "tripadvisor_attractions",
         {"category": "landmark", "category_raw": ["Monuments & Statues"]}, votes=9, bm25=0.4),
    _row(2, "Mera Rang Mein", "osm_delhi",
         {"category": "landmark", "osm_tags": {"tourism": "artwork"}}, bm25=0.2),
    _row(3, "Tomb of a Mughal Emperor", "unesco_whc_2021",
         {"category": "historic_site", "notability_basis": "UNESCO World Heritage Site"}),
]  # fmt: skip


def _landmarks_match(label: str) -> tuple[float, float]:
    """The minor places' label ("landmark") is the one closest to the words."""
    return (1.0, 0.0) if label == "landmark" else (0.0, 1.0)


def test_a_world_heritage_site_comes_before_a_minor_statue_and_a_mural() -> None:
    retrieved = asyncio.run(
        OfflineRetrieval(ROWS, _landmarks_match).retrieve(
            city="Delhi",
            centre=DELHI,
            radius_km=30.0,
            interests="history and old monuments",
            room=9,
        )
    )
    names = [c.name for c in retrieved.candidates]
    assert names[0] == "Tomb of a Mughal Emperor", names
