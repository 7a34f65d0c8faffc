"""A show's name ("The Van Gogh Exhibit", "Immersive …", "… Experience") is capped low in
notability: a temporary or ticketed attraction is no landmark, and follows the city's landmarks
however many reviews it has."""

from __future__ import annotations

import asyncio

from kairos.core.notability import NOTABLE
from kairos.trips.retrieval_rules import Row, judged
from kairos.trips.shows import capped_for_show, is_show
from tests.trips.offline_retrieval import OfflineRetrieval

TORONTO = (43.6532, -79.3832)


LISTED = {"poi": {"tripadvisor_attractions": {"category": "attraction"}}}


def _row(i: int, name: str, votes: int) -> Row:
    return Row(id=i, name=name, kind="attraction", city="Toronto", lat=TORONTO[0] + i / 500,
               lng=TORONTO[1], votes=votes, attributes=LISTED)  # fmt: skip


def test_a_show_name_is_capped_below_notable() -> None:
    assert (
        is_show("The Van Gogh Exhibit")
        and is_show("Immersive Frida")
        and is_show("Toronto Ghost Experience")
    )
    assert not is_show("Royal Ontario Museum") and not is_show("Exhibition Place")
    assert capped_for_show("The Van Gogh Exhibit", 0.9) < NOTABLE
    note = judged(_row(1, "The Van Gogh Exhibit", votes=20_000))
    assert note is not None and note < NOTABLE


def test_a_reviewed_show_follows_a_landmark() -> None:
    rows = [_row(1, "Immersive Van Gogh", votes=20_000), _row(2, "Casa Loma", votes=3_000)]
    retrieval = OfflineRetrieval(rows)
    found = retrieval.retrieve(city="Toronto", centre=TORONTO, radius_km=30.0, interests="art",
                               room=4)  # fmt: skip
    assert next(c.name for c in asyncio.run(found).candidates) == "Casa Loma"
