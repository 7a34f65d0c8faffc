"""The review part of the text arm leaves out words most reviews contain."""

from __future__ import annotations

from typing import Any

from kairos.search.hybrid import COMMON_REVIEW_SHARE, review_words


def test_common_words_are_left_out_and_the_rarest_is_always_kept() -> None:
    shares = {"food": 0.5, "dinner": 0.12, "kid": 0.02, "famili": 0.04, "late": 0.06}
    lexemes = {"kid": "kid", "friendly": "friend", "family": "famili", "dinner": "dinner"}
    assert review_words(lexemes, shares) == ["family", "friendly", "kid"]  # unknown = rare
    assert review_words({"late": "late", "food": "food"}, shares) == ["late"]  # all common
    assert review_words({"the": None, "and": None}, shares) == []  # stop words only
    assert review_words({"good": "good", "food": "food"}, {"good": 0.3, "food": 0.5}) == ["good"]
    assert 0 < COMMON_REVIEW_SHARE < 0.5


async def test_a_query_of_common_words_still_ranks_reviews(runtime: Any) -> None:
    search = runtime.search
    shares = (await search.catalog()).review_shares
    assert shares, "ingest analyses the tables, so the shares are known"
    common = max(shares, key=shares.get)
    assert shares[common] > COMMON_REVIEW_SHARE
    result = await search.search("good food", mode="text", limit=10)
    assert result.hits and all("text" in hit.why.arms for hit in result.hits)
