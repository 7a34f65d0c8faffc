"""Hybrid search on the real sample: filters, relevance, the allergen hard filter, k rows, why.

The rating fill tops a result up to k rows with the best-rated places that pass the filters, so
a count of hits proves nothing about the arms: tests say which arm produced each hit.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from kairos.errors import InvalidInput
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.models import SearchHit
from tests.catalog_rows import count_fetches


def _search(runtime: Any) -> HybridSearch:
    search: HybridSearch = runtime.search
    return search


def _found_by_an_arm(hit: SearchHit) -> bool:
    return bool(set(hit.why.arms) & {"text", "vector"}) and "rating" not in hit.why.arms


async def _review_id(runtime: Any, place: str, text_like: str) -> int:
    async with runtime.db.session() as session:
        found: int = (
            await session.execute(
                text(
                    "SELECT r.id FROM reviews r JOIN places p ON p.id = r.place_id "
                    "WHERE p.name = :place AND r.text LIKE :text"
                ),
                {"place": place, "text": text_like},
            )
        ).scalar_one()
    return found


async def test_relevance_puts_the_named_cuisine_first(runtime: Any) -> None:
    result = await _search(runtime).search("thai curry", limit=5)
    assert len(result.hits) == 5
    assert all(_found_by_an_arm(h) for h in result.hits), [h.why.arms for h in result.hits]
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
    assert _found_by_an_arm(result.hits[0])
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
    assert any(
        "peanuts" in h.place.contains_allergens and _found_by_an_arm(h) for h in unfiltered.hits
    )
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
    assert all(h.why.arms == ["vector"] for h in result.hits), "k rows from the vector arm itself"
    assert all((h.place.city or "").lower() == "london" for h in result.hits)


async def test_no_text_ranks_by_rating_then_votes(runtime: Any) -> None:
    result = await _search(runtime).search("", SearchFilters(city="boston"), limit=15)
    keys = [(-(h.place.rating or 0), -h.place.votes, h.place.id) for h in result.hits]
    assert keys == sorted(keys)
    assert result.strategy == "none"
    assert all(h.why.arms == ["rating"] and h.score == 0 for h in result.hits)


async def test_results_are_deterministic(runtime: Any) -> None:
    first = await _search(runtime).search("cozy brunch", limit=15)
    second = await _search(runtime).search("cozy brunch", limit=15)
    assert [h.place.id for h in first.hits] == [h.place.id for h in second.hits]
    assert [h.why.arms for h in first.hits] == [h.why.arms for h in second.hits]


@pytest.mark.parametrize("mode", ["text", "vector", "rating"])
async def test_single_arms_work_alone(runtime: Any, mode: str) -> None:
    result = await _search(runtime).search("sushi", limit=5, mode=mode)  # type: ignore[arg-type]
    assert len(result.hits) == 5
    assert all(h.why.arms == [mode] for h in result.hits), [h.why.arms for h in result.hits]
    if mode == "text":
        assert any("sushi" in c for c in result.hits[0].place.categories)


async def test_limit_is_validated(runtime: Any) -> None:
    with pytest.raises(InvalidInput, match="limit"):
        await _search(runtime).search("x", limit=0)


async def test_words_of_a_review_find_its_place_through_the_text_arm(runtime: Any) -> None:
    """The word "almojabanas" (Colombian cheese bread) is in one review and in no place's name."""
    review = await _review_id(runtime, "La Sultana Bakery", "%almojabanas%")
    for mode in ("text", "hybrid"):
        search = _search(runtime).search
        result = await search("almojabanas", limit=5, mode=mode)  # type: ignore[arg-type]
        top = result.hits[0]
        assert top.place.name == "La Sultana Bakery", mode
        assert "text" in top.why.arms
        assert top.why.matched_terms == ["almojabanas"]
        assert top.why.best_review_id == review
        assert "almojabanas" in (top.why.snippet or "")


async def test_a_paraphrase_finds_its_place_through_the_vector_arm(runtime: Any) -> None:
    """No word of the query is in the review, the place's name or its categories: only the
    meaning (live bands, a cover charge) connects them."""
    query = "concerts with a singer and guitarist every evening"
    review = await _review_id(runtime, "Cantab Lounge", "%go-to bars in Cambridge for live%")
    vector = await _search(runtime).search(query, limit=5, mode="vector")
    top = vector.hits[0]
    assert top.place.name == "Cantab Lounge"
    assert top.why.arms == ["vector"]
    assert top.why.best_review_id == review
    assert top.why.matched_terms == [], "the match is semantic, not lexical"
    runner_up = vector.hits[1].why.similarity
    assert top.why.similarity is not None and runner_up is not None
    assert top.why.similarity > runner_up
    hybrid = await _search(runtime).search(query, limit=10)
    assert hybrid.hits[0].place.name == "Cantab Lounge"
    assert "vector" in hybrid.hits[0].why.arms
    only_vector = [h for h in hybrid.hits if h.why.arms == ["vector"]]
    assert only_vector, "places no query word reaches still come back, through the vector arm"


async def test_the_rating_fill_only_fills(runtime: Any) -> None:
    """One place matches "almojabanas": it comes first, and the best-rated places that pass the
    filters only fill the rows after it, never outranking a match."""
    result = await _search(runtime).search("almojabanas", limit=6, mode="text")
    assert len(result.hits) == 6
    first, *filled = result.hits
    assert first.why.arms == ["text"] and first.score > 0
    assert all(h.why.arms == ["rating"] and h.score == 0 for h in filled)
    assert all(h.why.best_review_id is None and not h.why.matched_terms for h in filled)
    keys = [(-(h.place.rating or 0), -h.place.votes, h.place.id) for h in filled]
    assert keys == sorted(keys), "the fill is ordered by rating, then votes, then id"
    assert first.place.id not in {h.place.id for h in filled}
    plenty = await _search(runtime).search("pizza", limit=10)
    assert all(_found_by_an_arm(h) for h in plenty.hits), "no fill when the arms find k places"


async def test_a_query_is_embedded_once_however_often_it_is_searched(runtime: Any) -> None:
    """A chat turn searches one query up to four times (trait stages, relaxation)."""
    search = HybridSearch(runtime.db, runtime.search.embedder, runtime.search.catalogs)
    embedded: list[str] = []
    real = search.embedder.embed_one

    def counting(query: str) -> Any:
        embedded.append(query)
        return real(query)

    search.embedder = type("Counting", (), {"embed_one": staticmethod(counting)})()
    first = await search.search("cozy ramen for a rainy night", SearchFilters(city="boston"))
    again = await search.search("cozy ramen for a rainy night", SearchFilters(city="cambridge"))
    assert embedded == ["cozy ramen for a rainy night"]
    assert any("vector" in h.why.arms for h in first.hits + again.hits)
    with pytest.raises(ValueError):
        (await search._embed("cozy ramen for a rainy night"))[0] = 0.0  # shared: read-only


@pytest.mark.parametrize(
    "filters",
    [
        SearchFilters(city="cambridge", categories=["thai"]),
        SearchFilters(city="cambridge", categories=["thai"], traits=["vegan"]),
        SearchFilters(city="cambridge", price_tiers=["$$$$"], categories=["pizza"]),
        SearchFilters(city="atlantis"),
        SearchFilters(exclude_allergens=["peanuts"], categories=["thai"], city="boston"),
    ],
)
async def test_nothing_matches_exactly_when_the_search_finds_nothing(
    runtime: Any, filters: SearchFilters
) -> None:
    """The chat skips a turn's searches when this probe says none could find a place: it holds
    only while a search tops up to k with any place that passes (the rating fill)."""
    search = _search(runtime)
    found = await search.search("dinner", filters, limit=15)
    empty = await search.nothing_matches(filters)
    assert (empty is not None) == (not found.hits), (filters, len(found.hits))
    if empty is not None:
        assert empty.hits == [] and empty.resolved == found.resolved


async def test_a_started_runtime_has_searched_once(runtime: Any) -> None:
    """Start-up runs one search, so the first person's search is not the process's first (at
    full size that one took 190 ms, the next ones 13–16 ms)."""
    search = _search(runtime)
    assert "dinner with friends" in search._vectors, "the warm-up query's vector is kept"
    assert search.texts.snapshot is not None and search.vectors.snapshot is not None


@pytest.mark.parametrize(
    ("query", "filters"),
    [
        ("quiet romantic italian dinner", SearchFilters()),
        ("spicy noodles with peanut sauce", SearchFilters(exclude_allergens=["peanuts"])),
        ("cheap tacos and beer", SearchFilters(city="boston")),
        ("the best of the best", SearchFilters()),  # stop words: no lexeme to match
        ("brunch pancakes", SearchFilters(price_tiers=["$", "$$"])),
    ],
)
async def test_without_snippets_a_search_matches_the_same_words(
    runtime: Any, query: str, filters: SearchFilters, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A caller that shows a few hits asks for their snippets afterwards: the matched words then
    come from the in-process index, and must be PostgreSQL's own, hit by hit; the snippets
    asked for afterwards are the ones the full search makes."""
    search = _search(runtime)
    assert await search.texts.load() is not None  # at the catalog's version, whatever ran before
    full = await search.search(query, filters, limit=15)
    statements = count_fetches(monkeypatch, runtime.db)
    lean = await search.search(query, filters, limit=15, snippets=False)
    assert not [s for s in statements if "ts_headline" in s], "the words were matched in process"
    assert [h.place.id for h in lean.hits] == [h.place.id for h in full.hits]
    assert [h.why.matched_terms for h in lean.hits] == [h.why.matched_terms for h in full.hits]
    assert all(h.why.snippet is None for h in lean.hits)
    pairs = [(h.place.id, h.why.best_review_id) for h in lean.hits]
    made = await search.snippets(pairs, query)
    assert {h.place.id: h.why.snippet for h in full.hits if h.why.snippet} == made
    if "noodles" in query:
        assert any(h.why.matched_terms for h in lean.hits), "the index did the matching"
