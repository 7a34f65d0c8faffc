"""The in-process vector index: the same ranking as PostgreSQL's exact scan, only ids the SQL
filter allowed, and never a stale answer after the catalog's reviews change."""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np
import pytest
from sqlalchemy import text

from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.sql_filters import compile_filters
from kairos.search.vector_index import ReviewVectorIndex, VectorSnapshot
from tests.catalog_rows import add_place, count_fetches, write


def _snapshot() -> VectorSnapshot:
    # rows deliberately out of order; place 7 has two equally near reviews (ids 30 and 31)
    reviews = np.array([31, 10, 30, 20, 21, 40], dtype=np.int64)
    places = np.array([7, 5, 7, 6, 6, 8], dtype=np.int64)
    vectors = np.array(
        [[1, 1, 0], [1, 0, 0], [2, 2, 0], [0, 1, 0], [0, 3, 1], [0, 0, 0]], dtype=np.float32
    )
    return VectorSnapshot(3, reviews, places, vectors)


def test_each_place_keeps_its_nearest_review_and_ties_go_to_the_lower_id() -> None:
    snapshot = _snapshot()
    assert len(snapshot) == 5, "the zero vector (place 8) has no direction and is left out"
    best = snapshot.best("q", np.array([1.0, 0.0, 0.0], dtype=np.float32))
    assert best.places.tolist() == [5, 6, 7]
    assert best.review.tolist() == [10, 20, 30]
    found = VectorSnapshot.nearest(best, np.array([5, 6, 7, 8]), depth=10)
    assert [(p, r) for p, r, _ in found] == [(5, 10), (7, 30), (6, 20)]
    assert found[0][2] == pytest.approx(0.0, abs=1e-6)
    assert found[1][2] == pytest.approx(1 - 2**-0.5, abs=1e-6)


def test_only_allowed_places_and_depth() -> None:
    snapshot = _snapshot()
    best = snapshot.best("q", np.array([1.0, 0.0, 0.0], dtype=np.float32))
    assert [p for p, _, _ in VectorSnapshot.nearest(best, np.array([6, 7]), depth=10)] == [7, 6]
    assert [p for p, _, _ in VectorSnapshot.nearest(best, np.array([5, 6, 7]), depth=1)] == [5]
    assert VectorSnapshot.nearest(best, np.array([], dtype=np.int64), depth=10) == []


def test_equal_distances_order_by_place_id() -> None:
    vectors = np.array([[0, 1], [0, 1], [1, 0]], dtype=np.float32)
    snapshot = VectorSnapshot(1, np.array([3, 2, 1]), np.array([9, 4, 6]), vectors)
    best = snapshot.best("q", np.array([0.0, 1.0], dtype=np.float32))
    assert [p for p, _, _ in VectorSnapshot.nearest(best, best.places, depth=3)] == [4, 9, 6]


def test_an_empty_catalog_finds_nothing() -> None:
    empty = np.zeros(0, dtype=np.int64)
    snapshot = VectorSnapshot(1, empty, empty, np.zeros((0, 3), dtype=np.float32))
    best = snapshot.best("q", np.ones(3, dtype=np.float32))
    assert VectorSnapshot.nearest(best, np.array([1, 2]), depth=5) == []


CASES = [
    ("quiet romantic italian dinner", SearchFilters()),
    ("spicy noodles", SearchFilters(city="cambridge")),
    ("cheap eats", SearchFilters(price_tiers=["$"], min_rating=3.5)),
    ("pad thai peanut sauce", SearchFilters(exclude_allergens=["peanuts", "shellfish"])),
    ("brunch with friends", SearchFilters(categories=["breakfast"])),
]


@pytest.mark.parametrize(("query", "filters"), CASES)
async def test_the_index_ranks_as_the_exact_sql_scan(
    runtime: Any, query: str, filters: SearchFilters
) -> None:
    search: HybridSearch = runtime.search
    await search.vectors.load()
    compiled = compile_filters(filters, await search.catalog())
    vector, found = await search._vector_in_memory(query, compiled)
    assert found is not None, "the index is at the catalog's version, so it answers"
    async with runtime.db.reading() as session:
        exact = await search._exact_scan(session, vector, compiled)
    assert exact, "the sample has places for every case"
    assert [(p, r) for p, r, _ in found] == [(r.place_id, r.id) for r in exact]
    for (_, _, distance), row in zip(found, exact, strict=True):
        assert distance == pytest.approx(float(row.d), abs=1e-5)


async def test_a_hard_filter_is_never_bypassed(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    await search.vectors.load()
    filters = SearchFilters(exclude_allergens=["peanuts"])
    compiled = compile_filters(filters, await search.catalog())
    _, found = await search._vector_in_memory("pad thai peanut sauce", compiled)
    assert found
    async with runtime.db.reading() as session:
        unsafe = {
            r.id
            for r in await session.execute(
                text(
                    "SELECT id FROM places p WHERE p.review_count > 0 AND NOT "
                    f"({compile_filters(filters, await search.catalog()).where})"
                ),
                compiled.params,
            )
        }
    assert unsafe, "the sample has places the peanut filter removes"
    assert not {p for p, _, _ in found} & unsafe


async def _add_place(runtime: Any, vector: np.ndarray) -> tuple[int, int]:
    return await add_place(runtime, "Index Probe", "probe", [float(x) for x in vector])


async def _drop_place(runtime: Any, place: int) -> None:
    await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_a_new_review_is_found_at_once_and_a_deleted_one_never(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    query = "an entirely unusual probe query about index freshness"
    vector = await search._embed(query)
    before = await search.vectors.load()
    place, review = await _add_place(runtime, vector)
    try:
        compiled = compile_filters(SearchFilters(city="cambridge"), await search.catalog())
        _, stale = await search._vector_in_memory(query, compiled)
        assert stale is None, "a snapshot from before the write must not answer"
        result = await search.search(query, SearchFilters(city="cambridge"), limit=5)
        assert result.hits[0].place.id == place, "PostgreSQL answers meanwhile"
        assert result.hits[0].why.best_review_id == review
        after = await search.vectors.load()
        assert after is not None and before is not None
        assert after.version > before.version
        _, found = await search._vector_in_memory(query, compiled)
        assert found is not None and found[0][:2] == (place, review)
        result = await search.search(query, SearchFilters(city="cambridge"), limit=5)
        assert result.strategy == "memory"
        assert result.hits[0].place.id == place
    finally:
        await _drop_place(runtime, place)
    _, gone = await search._vector_in_memory(query, compiled)
    assert gone is None, "the delete moved the version"
    await search.vectors.load()
    _, found = await search._vector_in_memory(query, compiled)
    assert found is not None and place not in {p for p, _, _ in found}


async def test_a_moved_vector_moves_the_version(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    vector = await search._embed("another probe")
    place, review = await _add_place(runtime, vector)
    try:
        before = await search.vectors.load()
        assert before is not None
        async with runtime.db.session() as session, session.begin():
            await session.execute(
                text("UPDATE reviews SET embedding = CAST(:v AS vector) WHERE id = :id"),
                {"id": review, "v": str((-vector).tolist())},
            )
        compiled = compile_filters(SearchFilters(), await search.catalog())
        _, stale = await search._vector_in_memory("another probe", compiled)
        assert stale is None
        after = await search.vectors.load()
        assert after is not None and after.version > before.version
    finally:
        await _drop_place(runtime, place)


async def test_a_catalog_too_large_for_memory_is_searched_in_postgresql(runtime: Any) -> None:
    search = HybridSearch(runtime.db, runtime.embedder, runtime.catalog)
    search.vectors = ReviewVectorIndex(runtime.db, runtime.spawn, max_reviews=10)
    assert await search.vectors.load() is None
    result = await search.search("quiet romantic italian dinner", limit=5)
    assert result.strategy in ("exact", "hnsw")
    assert any("vector" in h.why.arms for h in result.hits)
    assert not search.vectors._loading, "a catalog found too large is not reloaded every search"


@pytest.mark.parametrize(("query", "filters"), CASES)
async def test_the_text_arms_statement_gives_the_vector_arm_the_same_filter(
    runtime: Any, query: str, filters: SearchFilters, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With both arms in process, one statement reads both arms' filters (the cases take its
    narrow and its tiered form), and the vector arm ranks exactly as with its own statement."""
    search: HybridSearch = runtime.search
    await search.vectors.load()
    await search.texts.load()
    compiled = compile_filters(filters, await search.catalog())
    _, own = await search._vector_in_memory(query, compiled)
    assert own is not None

    statements = count_fetches(monkeypatch, search.db)
    share: Any = asyncio.get_running_loop().create_future()
    text_rows, (_, shared) = await asyncio.gather(
        search._text_in_memory(query, compiled, await search.catalog(), share),
        search._vector_in_memory(query, compiled, share),
    )
    assert text_rows is not None
    assert shared == own, "the same places, reviews and distances"
    filter_statements = [s for s in statements if "_version WHERE id = 1" in s]
    assert len(filter_statements) == 1, "one statement for both arms' filters"
    assert "review_vectors_version" in filter_statements[0]
    assert "text_index_version" in filter_statements[0]


def test_a_large_product_in_two_halves_equals_the_whole() -> None:
    from kairos.search.vector_index import SPLIT_ROWS, similarities

    rng = np.random.default_rng(7)
    matrix = rng.standard_normal((2 * SPLIT_ROWS + 3, 16)).astype(np.float32)
    query = rng.standard_normal(16).astype(np.float32)
    split = similarities(matrix, query)
    assert split.shape == (len(matrix),) and split.dtype == np.float32
    np.testing.assert_allclose(split, matrix @ query, rtol=1e-6, atol=1e-6)  # BLAS blocking
    assert split.tolist() == similarities(matrix, query).tolist(), "the same every time"
    np.testing.assert_array_equal(similarities(matrix[:100], query), matrix[:100] @ query)
