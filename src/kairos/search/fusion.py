"""Reciprocal rank fusion: merge ranked lists without calibrating their scores to each other."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

# Cormack, Clarke & Büttcher (2009): k = 60 damps the head of each list so that one arm's top
# hit cannot outvote consistent agreement between arms.
RRF_K = 60


def reciprocal_rank_fusion(
    rankings: Mapping[str, Sequence[K]], weights: Mapping[str, float] | None = None
) -> dict[K, float]:
    """Score each item by Σ weight / (RRF_K + rank) over the lists it appears in (rank from 1)."""
    scores: dict[K, float] = {}
    for arm, items in rankings.items():
        weight = 1.0 if weights is None else weights.get(arm, 1.0)
        for rank, item in enumerate(items, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (RRF_K + rank)
    return scores
