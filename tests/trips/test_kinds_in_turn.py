"""Issue 35, third round (panel t29, half A): "museums and monuments" placed six museums and no
monument, because the text arms score every museum above every memorial. With several kinds
named, the best place of each named kind comes in turn; a minor place of one kind still does not
pass a landmark of another."""

from __future__ import annotations

import asyncio

from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

CENTRE = (38.8951, -77.0364)


def _row(i: int, name: str, category: str, votes: int, bm25: float) -> Row:
    kind = "museum" if category == "museum" else "attraction"
    raw = {"category": category, "category_raw": ["Monuments & Statues"]
           if category == "landmark" else ["History Museums"]}  # fmt: skip
    return Row(id=i, name=name, kind=kind, city="Capital", lat=CENTRE[0] + i / 500,
               lng=CENTRE[1], attributes={"poi": {"tripadvisor_attractions": raw}},
               votes=votes, bm25=bm25)  # fmt: skip


ROWS = [
    *(_row(i, f"National Museum {i}", "museum", 20_000 - i * 1000, 0.9) for i in range(1, 7)),
    _row(11, "Great Memorial", "landmark", 30_000, 0.0),
    _row(12, "Tall Monument", "landmark", 9_000, 0.0),
]


def _museums_match(label: str) -> tuple[float, float]:
    """The museums' label is the one the words match."""
    return (1.0, 0.0) if label == "museum" else (0.2, 0.98)


def _names(tags: list[str]) -> list[str]:
    retrieval = OfflineRetrieval(ROWS, _museums_match)
    retrieved = asyncio.run(
        retrieval.retrieve(city="Capital", centre=CENTRE, radius_km=30.0,
                           interests="museums and monuments", tags=tags, room=6)
    )  # fmt: skip
    return [c.name for c in retrieved.candidates]


def test_two_named_kinds_come_in_turn() -> None:
    names = _names(["museum", "landmark"])
    assert {"Great Memorial", "Tall Monument"} <= set(names[:4]), names
    assert names[0] == "National Museum 1" and names[1] == "Great Memorial", names


def test_one_named_kind_keeps_the_order_of_its_scores() -> None:
    names = _names(["museum"])
    assert names[:6] == [f"National Museum {i}" for i in range(1, 7)], names
