"""Reciprocal rank fusion as a pure function."""

from __future__ import annotations

from kairos.search.fusion import RRF_K, reciprocal_rank_fusion


def test_single_list_scores_one_over_k_plus_rank() -> None:
    scores = reciprocal_rank_fusion({"text": ["a", "b"]})
    assert scores == {"a": 1 / (RRF_K + 1), "b": 1 / (RRF_K + 2)}
