"""The trips retrieval's own ranking over fixed rows, with no database and no model: every
query embeds as [1, 0], and a place kind's label as the test says."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from kairos.trips.retrieval import TripRetrieval
from kairos.trips.retrieval_rules import Row


def _same_as_the_query(label: str) -> tuple[float, float]:
    return (1.0, 0.0)


class OfflineRetrieval(TripRetrieval):
    """`rows` are every place the retrieval reads; `label_vector` embeds a kind's label (by
    default as the query, so no label is closer to the words than another)."""

    def __init__(
        self,
        rows: Sequence[Row],
        label_vector: Callable[[str], Sequence[float]] = _same_as_the_query,
    ) -> None:
        self._judged = {}
        self._traits = {}
        self._food = {}
        self._diets = {}
        self._labels = {}
        self.retrievals = 0
        self.diversified = 0
        self._fixed_rows = list(rows)
        self._label_of = label_vector

    async def _rows(
        self, centre: Any, radius_km: float, interests: str, kinds: Sequence[str], city: str = ""
    ) -> list[Row]:
        return list(self._fixed_rows)

    async def _with_unpositioned(self, rows: list[Row], *args: Any) -> list[Row]:
        return rows

    def _query_vector(self, interests: str) -> np.ndarray:
        return np.array([1.0, 0.0], dtype=np.float32)

    def _label_vector(self, label: str) -> np.ndarray:
        return np.array(self._label_of(label), dtype=np.float32)
