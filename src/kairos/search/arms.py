"""What the arms of hybrid search hand to fusion, and their fusion."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kairos.search.fusion import reciprocal_rank_fusion
from kairos.search.text_index import TextRanking

ARM_DEPTH = 200  # places each arm hands to fusion


def text_arm_rows(ranking: TextRanking, allowed: np.ndarray) -> list[tuple[int, int | None, float]]:
    """The text arm's rows (place, best review or None, score): the first `ARM_DEPTH` allowed
    candidates."""
    return [
        (int(ranking.places[i]), int(ranking.reviews[i]) if ranking.reviews[i] >= 0 else None,
         float(ranking.scores[i]))
        for i in np.flatnonzero(allowed)[:ARM_DEPTH]
    ]  # fmt: skip


@dataclass(frozen=True)
class Arms:
    """The arms' rankings fused, with each place's best review and vector similarity."""

    rankings: dict[str, list[int]]
    best_review: dict[int, int]
    similarity: dict[int, float]
    fused: dict[int, float]

    @staticmethod
    def of(
        text_rows: Sequence[Any] | None, vector_rows: Sequence[tuple[int, int, float]] | None
    ) -> Arms:
        """From the text arm's (place, review or None, score) and the vector arm's (place,
        review, distance) rows; None for an arm that did not run."""
        rankings: dict[str, list[int]] = {}
        best_review: dict[int, int] = {}
        similarity: dict[int, float] = {}
        if text_rows is not None:
            rankings["text"] = [r[0] for r in text_rows]
            best_review.update({r[0]: r[1] for r in text_rows if r[1] is not None})
        if vector_rows is not None:
            rankings["vector"] = [r[0] for r in vector_rows]
            for place_id, review_id, distance in vector_rows:
                best_review[place_id] = review_id
                similarity[place_id] = 1.0 - float(distance)
        return Arms(rankings, best_review, similarity, reciprocal_rank_fusion(rankings))


# The vector arm's version and allowed ids, when the text arm's statement read them.
SharedFilter = asyncio.Future[tuple[int, list[int]] | None]
