"""A place to eat whose OSM name holds two places ("Dhobhi Mart;Rico's", a dinner place in the
panel's trips) is no one place a traveller could find: it is not offered for a meal."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from kairos.trips.place_rows import MEAL_KINDS, PlaceRows
from kairos.trips.retrieval_rules import Row


class _Rows(PlaceRows):
    def __init__(self, rows: list[Row]) -> None:
        self._given = rows
        self._food = {}
        self._diets = {}

    async def _rows(
        self, centre: tuple[float, float], radius_km: float, interests: str, kinds: Sequence[str]
    ) -> list[Row]:
        return [r for r in self._given if r.kind in kinds]


def _row(id_: int, name: str) -> Row:
    attributes: dict[str, Any] = {"poi": {"osm_delhi": {"osm_tags": {"amenity": "restaurant"}}}}
    return Row(id_, name, "restaurant", "Delhi", 28.6, 77.2, attributes, 5)


def test_a_name_holding_two_places_is_no_meal() -> None:
    rows = _Rows([_row(1, "Dhobhi Mart;Rico's"), _row(2, "Karim's")])
    meals = asyncio.run(rows.meals((28.6, 77.2), 3.0, "Delhi"))
    assert "restaurant" in MEAL_KINDS
    assert [c.name for _id, c in meals] == ["Karim's"]
