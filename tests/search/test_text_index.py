"""The in-process text index: the same ids, best reviews and order as the SQL text arm, only ids
the SQL filter allowed, and never a stale answer after a review or a place changes."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from kairos.search.catalog import Catalog
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.sql_filters import CompiledFilters, compile_filters
from kairos.search.text_index import TextIndex, TextSnapshot, _review_terms
from tests.catalog_rows import add_place, write

D = 0.10000000149011612  # float4 0.1, as ts_rank weighs D


def _snapshot() -> TextSnapshot:
    places = [
        (1, ["thai", "kitchen"], [1.0, 1.0]),  # name words, weight A
        (2, ["pizza", "thai"], [0.4, 0.4]),  # facets, weight B
        (3, ["noodl"], [0.8]),  # two B positions
    ]
    reviews = [
        (12, 2, ["thai", "great"], [1, 1]),
        (11, 2, ["thai"], [1]),  # same rank as 12: the lower id is the best review
        (30, 4, ["thai", "noodl"], [3, 1]),  # place 4: reviews only
        (31, 4, ["noodl"], [1]),
    ]
    return TextSnapshot(5, places, reviews)


def test_place_ranks_are_summed_weights_and_review_ranks_follow_ts_rank() -> None:
    ranking = _snapshot().rank(["thai"], ["thai"])
    assert ranking.places.tolist() == [1, 2, 4]
    assert ranking.scores[0] == 2.0, "place 1: twice its name's weight, no review"
    # place 2: 2 * 0.4 + ts_rank of one D position (0.1 / (π²/6), as float4) + 0.05 ln(1 + 2)
    one = float(_review_terms(1)[1])
    assert one == pytest.approx(D / 1.64493406685, rel=1e-7)
    assert ranking.scores[1] == pytest.approx(0.8 + one + 0.05 * 1.0986122886681098, rel=1e-6)
    assert ranking.reviews.tolist() == [-1, 11, 30], "ties go to the lower review id"


def test_more_positions_rank_higher_and_every_query_lexeme_divides() -> None:
    terms = _review_terms(3)
    assert terms[1] < terms[2] < terms[3]
    snapshot = _snapshot()
    alone = snapshot.rank([], ["thai"])
    both = snapshot.rank([], ["thai", "noodl"])
    # review 30 holds both lexemes; with two query lexemes each review's sum is halved
    assert alone.places.tolist() == [4, 2] and both.places.tolist() == [4, 2]
    assert both.scores[0] < alone.scores[0] + 0.05, "the sum is divided by the query's size"


def test_unknown_words_and_no_words_find_nothing() -> None:
    snapshot = _snapshot()
    assert len(snapshot.rank(["zzz"], ["zzz"])) == 0
    assert len(snapshot.rank([], [])) == 0


def test_text_with_other_weights_is_refused() -> None:
    with pytest.raises(ValueError):
        TextSnapshot(1, [], [(1, 1, ["thai"], [-1])])


CASES = [
    ("quiet romantic italian dinner", SearchFilters()),
    ("spicy noodles", SearchFilters(city="cambridge")),
    ("cheap eats", SearchFilters(price_tiers=["$"], min_rating=3.5)),
    ("pad thai peanut sauce", SearchFilters(exclude_allergens=["peanuts", "shellfish"])),
    ("brunch with friends", SearchFilters(categories=["breakfast"])),
    ("pizza", SearchFilters(near=GeoPoint(lat=42.3601, lng=-71.0589), radius_km=3)),
    ("coffee and pastries to work from", SearchFilters()),
    ("kid friendly family dinner", SearchFilters(kinds=["restaurant"])),
    ("the best burger in town", SearchFilters(city="boston")),
    ("sushi", SearchFilters(city="boston", min_rating=4.0)),
    ("dine dining dined", SearchFilters()),
    ("late night food", SearchFilters()),
]


async def _arms(
    search: HybridSearch, query: str, compiled: CompiledFilters, catalog: Catalog
) -> tuple[list[tuple[int, int | None, float]] | None, list[Any]]:
    found = await search._text_in_memory(query, compiled, catalog)
    async with search.db.reading() as session:
        sql = list(await search._text_arm(session, query, compiled, catalog))
    return found, sql


@pytest.mark.parametrize(("query", "filters"), CASES)
async def test_the_index_ranks_as_the_sql_text_arm(
    runtime: Any, query: str, filters: SearchFilters
) -> None:
    search: HybridSearch = runtime.search
    await search.texts.load()
    catalog = await search.catalog()
    compiled = compile_filters(filters, catalog)
    found, sql = await _arms(search, query, compiled, catalog)
    assert found is not None, "the index is at the catalog's version, so it answers"
    assert sql, "the sample has places for every case"
    assert [(p, r) for p, r, _ in found] == [(row.id, row.review) for row in sql]
    for (_, _, score), row in zip(found, sql, strict=True):
        assert score == pytest.approx(float(row.s), rel=1e-9)


@pytest.mark.parametrize("at_most", [None, 0])
async def test_both_filter_statements_give_the_sql_arms_answer(
    runtime: Any, at_most: int | None
) -> None:
    """The filter is asked about the candidates in tiers (no bound known) or for its own ids
    (a narrow filter): the same rows either way."""
    search: HybridSearch = runtime.search
    await search.texts.load()
    catalog = await search.catalog()
    compiled = compile_filters(SearchFilters(min_rating=4.0), catalog)
    compiled.at_most = at_most
    found, sql = await _arms(search, "great food friendly staff", compiled, catalog)
    assert found is not None and len(found) > 1
    assert [(p, r) for p, r, _ in found] == [(row.id, row.review) for row in sql]


async def test_a_hard_filter_is_never_bypassed(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    await search.texts.load()
    catalog = await search.catalog()
    filters = SearchFilters(exclude_allergens=["peanuts"])
    compiled = compile_filters(filters, catalog)
    unfiltered = await search._text_in_memory("pad thai peanut satay", compile_filters(
        SearchFilters(), catalog), catalog)  # fmt: skip
    found = await search._text_in_memory("pad thai peanut satay", compiled, catalog)
    assert found and unfiltered
    async with runtime.db.reading() as session:
        unsafe = {
            r.id
            for r in await session.execute(
                text(f"SELECT id FROM places p WHERE NOT ({compiled.where})"), compiled.params
            )
        }
    assert {p for p, _, _ in unfiltered} & unsafe, "the query finds places the filter removes"
    assert not {p for p, _, _ in found} & unsafe


async def _text_hits(search: HybridSearch, query: str) -> list[tuple[int, int | None]]:
    result = await search.search(query, SearchFilters(city="cambridge"), limit=5, mode="text")
    return [(h.place.id, h.why.best_review_id) for h in result.hits if "text" in h.why.arms]


async def test_a_new_edited_or_deleted_review_is_seen_at_once(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    catalog = await search.catalog()
    compiled = compile_filters(SearchFilters(city="cambridge"), catalog)
    before = await search.texts.load()
    place, review = await add_place(runtime, "Probe Place", "zanzibarine quokkaberry tart")
    try:
        assert await search._text_in_memory("quokkaberry", compiled, catalog) is None, (
            "a snapshot from before the write must not answer"
        )
        assert await _text_hits(search, "quokkaberry") == [(place, review)], "SQL meanwhile"
        after = await search.texts.load()
        assert after is not None and before is not None and after.version > before.version
        found = await search._text_in_memory("quokkaberry", compiled, catalog)
        assert found is not None and [(p, r) for p, r, _ in found] == [(place, review)]

        await write(
            runtime,
            "UPDATE reviews SET text = 'a plain review of wombleton pie' WHERE id = :id",
            {"id": review},
        )
        assert await search._text_in_memory("quokkaberry", compiled, catalog) is None
        assert await _text_hits(search, "quokkaberry") == []
        await search.texts.load()
        assert await search._text_in_memory("quokkaberry", compiled, catalog) == []
        found = await search._text_in_memory("wombleton", compiled, catalog)
        assert found is not None and [(p, r) for p, r, _ in found] == [(place, review)]

        await write(runtime, "DELETE FROM reviews WHERE id = :id", {"id": review})
        assert await search._text_in_memory("wombleton", compiled, catalog) is None
        await search.texts.load()
        assert await search._text_in_memory("wombleton", compiled, catalog) == []
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_a_renamed_or_deleted_place_is_seen_at_once(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    catalog = await search.catalog()
    compiled = compile_filters(SearchFilters(city="cambridge"), catalog)
    place, _ = await add_place(runtime, "Xylofonics Diner", "fine")
    try:
        await search.texts.load()
        found = await search._text_in_memory("xylofonics", compiled, catalog)
        assert found is not None and [p for p, _, _ in found] == [place]
        await write(
            runtime, "UPDATE places SET name = 'Quillfeather Diner' WHERE id = :id", {"id": place}
        )
        assert await search._text_in_memory("xylofonics", compiled, catalog) is None
        assert await _text_hits(search, "quillfeather") == [(place, None)]
        await search.texts.load()
        found = await search._text_in_memory("quillfeather", compiled, catalog)
        assert found is not None and [p for p, _, _ in found] == [place]
        assert await search._text_in_memory("xylofonics", compiled, catalog) == []
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})
    assert await search._text_in_memory("quillfeather", compiled, catalog) is None
    await search.texts.load()
    assert await search._text_in_memory("quillfeather", compiled, catalog) == []


async def test_a_deactivated_place_moves_the_index_on(runtime: Any) -> None:
    """is_active is one of the filter columns the index's load also reads (migration 0020):
    the index stops answering until it is reloaded, and then the filter removes the place."""
    search: HybridSearch = runtime.search
    catalog = await search.catalog()
    compiled = compile_filters(SearchFilters(city="cambridge"), catalog)
    place, _ = await add_place(runtime, "Grumbleweed Cafe", "grumbleweed scones")
    try:
        await search.texts.load()
        await write(runtime, "UPDATE places SET is_active = false WHERE id = :id", {"id": place})
        assert await search._text_in_memory("grumbleweed", compiled, catalog) is None
        assert await _text_hits(search, "grumbleweed") == []
        await search.texts.load()
        assert await search._text_in_memory("grumbleweed", compiled, catalog) == []
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_a_word_postgresql_reads_as_a_phrase_is_ranked_by_postgresql(runtime: Any) -> None:
    search: HybridSearch = runtime.search
    await search.texts.load()
    catalog = await search.catalog()
    compiled = compile_filters(SearchFilters(), catalog)
    await search._stems(["pizza"])
    search._compound.add("pizza")  # as if to_tsquery split it into two lexemes
    try:
        assert await search._text_in_memory("pizza", compiled, catalog) is None
    finally:
        search._compound.discard("pizza")
    assert await search._text_in_memory("pizza", compiled, catalog)


async def test_a_catalog_too_large_for_memory_is_ranked_in_postgresql(runtime: Any) -> None:
    search = HybridSearch(runtime.db, runtime.embedder, runtime.catalog)
    search.texts = TextIndex(runtime.db, runtime.spawn, max_rows=10)
    assert await search.texts.load() is None
    result = await search.search("quiet romantic italian dinner", limit=5, mode="text")
    assert result.hits and all("text" in h.why.arms for h in result.hits)
    search.texts.missing()
    assert not search.texts._loading, "a catalog found too large is not reloaded every search"
