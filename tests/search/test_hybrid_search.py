"""Hybrid search on the real sample: filters, relevance, the allergen hard filter, k rows, why."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from kairos.errors import InvalidInput
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.hybrid import HybridSearch


def _search(runtime: Any) -> HybridSearch:
    search: HybridSearch = runtime.search
    return search


async def test_relevance_puts_the_named_cuisine_first(runtime: Any) -> None:
    result = await _search(runtime).search("thai curry", limit=5)
    assert len(result.hits) == 5
    assert "thai" in result.hits[0].place.categories
    assert [h.rank for h in result.hits] == [1, 2, 3, 4, 5]
    assert result.hits[0].score >= result.hits[-1].score


async def test_every_hit_explains_itself(runtime: Any) -> None:
    result = await _search(runtime).search("quiet romantic italian dinner", limit=10)
    top = result.hits[0]
    assert top.why.arms and set(top.why.arms) <= {"text", "vector"}
    assert top.why.best_review_id is not None
    assert top.why.snippet
    assert top.why.similarity is not None and 0 < top.why.similarity <= 1
    assert any(h.why.matched_terms for h in result.hits)


async def test_filters_are_respected(runtime: Any) -> None:
    filters = SearchFilters(
        price_tiers=[2], categories=["ITALIAN"], city="cambrige", min_rating=3.5
    )
    result = await _search(runtime).search("pasta", filters, limit=20)
    assert result.hits, "the sample has mid-priced Italian places in Cambridge"
    assert result.resolved["city"] == ["cambridge"]
    for hit in result.hits:
        assert hit.place.price_tier == "$$"
        assert any("italian" in c for c in hit.place.categories)
        assert (hit.place.city or "").lower() == "cambridge"
        assert hit.place.rating is not None and hit.place.rating >= 3.5


async def test_radius_filter_and_distance(runtime: Any) -> None:
    centre = GeoPoint(lat=42.3601, lng=-71.0589)  # Boston City Hall
    result = await _search(runtime).search("", SearchFilters(near=centre, radius_km=1.0), limit=25)
    assert result.hits
    assert all(h.why.distance_km is not None and h.why.distance_km <= 1.0 for h in result.hits)


async def test_allergen_hard_filter_removes_high_confidence_places(runtime: Any) -> None:
    unfiltered = await _search(runtime).search("pad thai peanut sauce", limit=30)
    assert any("peanuts" in h.place.contains_allergens for h in unfiltered.hits)
    filtered = await _search(runtime).search(
        "pad thai peanut sauce", SearchFilters(exclude_allergens=["peanuts"]), limit=30
    )
    assert filtered.hits
    assert all("peanuts" not in h.place.contains_allergens for h in filtered.hits)


async def test_selective_filter_still_returns_k_rows(runtime: Any) -> None:
    async with runtime.db.session() as session:
        available = (
            await session.execute(
                text(
                    "SELECT count(*) FROM places WHERE lower(city) = 'london' AND is_active "
                    "AND review_count > 0"
                )
            )
        ).scalar_one()
    assert available >= 10
    result = await _search(runtime).search(
        "sunday roast", SearchFilters(city="London"), limit=10, mode="vector"
    )
    assert len(result.hits) == 10
    assert all((h.place.city or "").lower() == "london" for h in result.hits)


async def test_no_text_ranks_by_rating_then_votes(runtime: Any) -> None:
    result = await _search(runtime).search("", SearchFilters(city="boston"), limit=15)
    keys = [(-(h.place.rating or 0), -h.place.votes, h.place.id) for h in result.hits]
    assert keys == sorted(keys)
    assert result.strategy == "none"


async def test_results_are_deterministic(runtime: Any) -> None:
    first = await _search(runtime).search("cozy brunch", limit=15)
    second = await _search(runtime).search("cozy brunch", limit=15)
    assert [h.place.id for h in first.hits] == [h.place.id for h in second.hits]


@pytest.mark.parametrize("mode", ["text", "vector", "rating"])
async def test_single_arms_work_alone(runtime: Any, mode: str) -> None:
    result = await _search(runtime).search("sushi", limit=5, mode=mode)  # type: ignore[arg-type]
    assert len(result.hits) == 5


async def test_limit_is_validated(runtime: Any) -> None:
    with pytest.raises(InvalidInput, match="limit"):
        await _search(runtime).search("x", limit=0)
