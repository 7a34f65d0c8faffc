"""Reciprocal rank fusion and the pure helpers of hybrid search (no database)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kairos.search.fusion import RRF_K, reciprocal_rank_fusion
from kairos.search.hybrid import COMMON_REVIEW_SHARE, review_words, tsquery_for


def test_single_list_scores_one_over_k_plus_rank() -> None:
    scores = reciprocal_rank_fusion({"text": ["a", "b"]})
    assert scores == {"a": 1 / (RRF_K + 1), "b": 1 / (RRF_K + 2)}
    assert RRF_K == 60


def test_an_item_in_several_lists_sums_its_scores() -> None:
    scores = reciprocal_rank_fusion({"text": ["a", "b"], "vector": ["b", "c"]})
    assert scores == {
        "a": 1 / 61,
        "b": 1 / 62 + 1 / 61,
        "c": 1 / 62,
    }
    assert max(scores, key=scores.__getitem__) == "b", "agreement beats one arm's top hit"


def test_weights_scale_an_arm_and_default_to_one() -> None:
    rankings = {"text": ["a"], "vector": ["b"]}
    assert reciprocal_rank_fusion(rankings, {"text": 2.0}) == {"a": 2 / 61, "b": 1 / 61}
    assert reciprocal_rank_fusion(rankings, {}) == reciprocal_rank_fusion(rankings)
    assert reciprocal_rank_fusion(rankings, {"vector": 0.0})["b"] == 0.0


def test_nothing_to_fuse() -> None:
    assert reciprocal_rank_fusion({}) == {}
    assert reciprocal_rank_fusion({"text": [], "vector": []}) == {}


@given(
    st.dictionaries(
        st.sampled_from(["text", "vector", "rating"]),
        st.lists(st.integers(0, 30), unique=True, max_size=20),
    )
)
def test_fused_scores_are_bounded_by_the_number_of_lists(rankings: dict[str, list[int]]) -> None:
    scores = reciprocal_rank_fusion(rankings)
    assert set(scores) == {item for items in rankings.values() for item in items}
    for item, score in scores.items():
        lists = sum(item in items for items in rankings.values())
        assert 0 < score <= lists / (RRF_K + 1)


def test_tsquery_is_any_word_lowercased_sorted_and_quoted() -> None:
    assert tsquery_for("Quiet ROMANTIC quiet dinner!") == "'dinner' | 'quiet' | 'romantic'"
    assert tsquery_for("") == ""
    assert tsquery_for("it's 5 o'clock") == "'5' | 'clock' | 'it' | 'o' | 's'", (
        "quotes never reach the query"
    )


@pytest.mark.xfail(
    strict=True,
    reason="search/text_query.py splits words on ASCII letters: 'buñuelos' -> bu, uelos",
)
def test_tsquery_keeps_accented_words_whole() -> None:
    assert tsquery_for("buñuelos café") == "'buñuelos' | 'café'"


def test_a_word_at_exactly_the_common_share_is_kept() -> None:
    shares = {"cozi": COMMON_REVIEW_SHARE, "brunch": 0.01, "food": 0.5}
    lexemes = {"cozy": "cozi", "brunch": "brunch", "food": "food"}
    assert review_words(lexemes, shares) == ["brunch", "cozy"]
