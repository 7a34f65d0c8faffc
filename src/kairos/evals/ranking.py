"""Ranking metrics with incomplete judgments: binary nDCG@k and recall@k on condensed lists.

Ground truth in the retrieval suite comes from labels that exist for some places only (a Yelp
NoiseLevel, a cuisine list). A place without the label is unjudged, not irrelevant, so every
ranking is first *condensed*: unjudged places are dropped and the rest keep their order (Sakai,
"Alternatives to Bpref", SIGIR 2007). Gains are binary; the ideal DCG puts min(|R|, k) relevant
places on top. Ties cannot occur: the search breaks them deterministically.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def condense(ranking: Sequence[int], judged: Collection[int]) -> list[int]:
    """The ranking with unjudged items removed, order kept, first occurrence only."""
    seen: set[int] = set()
    out = []
    for item in ranking:
        if item in judged and item not in seen:
            seen.add(item)
            out.append(item)
    return out


def ndcg_at(ranking: Sequence[int], relevant: Collection[int], k: int) -> float:
    """Binary-gain nDCG@k; 0.0 when nothing is relevant (such queries are not built)."""
    if not relevant:
        return 0.0
    dcg = sum(1.0 / math.log2(i + 2) for i, item in enumerate(ranking[:k]) if item in relevant)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(relevant), k)))
    return dcg / ideal


def recall_at(ranking: Sequence[int], relevant: Collection[int], k: int) -> float:
    if not relevant:
        return 0.0
    return len(set(ranking[:k]) & set(relevant)) / len(relevant)


def recall_ceiling(relevant: Collection[int], k: int) -> float:
    """The best recall@k any ranking can reach: below 1 when more than k places are relevant."""
    return min(1.0, k / len(relevant)) if relevant else 0.0
