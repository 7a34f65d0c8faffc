"""The filters in process: the same ids as the SQL filter on hundreds of random filters (NULLs,
inactive and verified-allergen places included), the same hits as the statement path, and never
an answer from columns the catalog has moved past."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kairos.search.catalog import Catalog
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.search.hybrid import HybridSearch
from kairos.search.place_columns import COLUMNS_SQL, PlaceColumns
from kairos.search.sql_filters import compile_filters
from kairos.store.places import WEIGHTED_RATING_SQL
from tests.catalog_rows import add_place, count_fetches, write

ALLERGENS = ["peanuts", "tree_nuts", "shellfish", "fish", "dairy", "gluten", "eggs", "sesame"]


def _random_filters(rng: random.Random, catalog: Catalog, centres: list[GeoPoint]) -> SearchFilters:
    """Any combination of every clause, from the catalog's own values (and a few unknown ones)."""

    def some(values: list[str], most: int) -> list[str]:
        return rng.sample(values, rng.randint(1, min(most, len(values))))

    cities = [*catalog.cities, "nowhere-ville"]
    categories = [*catalog.categories, "zzz-unknown"]
    fields: dict[str, Any] = {}
    if rng.random() < 0.5:
        fields["city"] = rng.choice(cities)
    if rng.random() < 0.3:
        fields["categories"] = some(categories, 3)
    if rng.random() < 0.2:
        fields["exclude_categories"] = some(categories, 2)
    if rng.random() < 0.3:
        fields["price_tiers"] = some(["$", "$$", "$$$", "$$$$"], 2)
    if rng.random() < 0.2:
        fields["min_rating"] = rng.choice([3.0, 3.5, 4.0, 4.5])
    if rng.random() < 0.4:
        fields["exclude_allergens"] = some(ALLERGENS, 3)
    if rng.random() < 0.3:
        fields["kinds"] = some([*catalog.kinds], 2)
    if rng.random() < 0.2 and catalog.traits:
        fields["traits"] = some([*catalog.traits], 2)
    if rng.random() < 0.2:
        fields["near"] = rng.choice(centres)
        fields["radius_km"] = rng.choice([0.5, 2.0, 10.0])
    return SearchFilters(**fields)


async def _sql_ids(runtime: Any, where: str, params: dict[str, Any]) -> set[int]:
    rows = await runtime.db.fetch(f"SELECT p.id FROM places p WHERE {where}", params)
    return {r["id"] for r in rows}


async def _sql_best_rated(
    runtime: Any, where: str, params: dict[str, Any], left_out: list[int]
) -> list[int]:
    rows = await runtime.db.fetch(
        f"SELECT p.id FROM places p WHERE {where} AND NOT (p.id = ANY(CAST(:left_out AS bigint[])))"
        f" ORDER BY {WEIGHTED_RATING_SQL} DESC, p.id LIMIT 12",
        {**params, "left_out": left_out},
    )
    return [r["id"] for r in rows]


async def _columns(runtime: Any) -> PlaceColumns:
    rows = [dict(r) for r in await runtime.db.fetch(COLUMNS_SQL)]
    return PlaceColumns(0, rows)


async def test_random_filters_pass_the_same_places_as_sql(runtime: Any) -> None:
    probes = [await add_place(runtime, f"Column Probe {i}", "plain food") for i in range(4)]
    ids = [place for place, _ in probes]
    await write(runtime, "UPDATE places SET is_active = false WHERE id = :id", {"id": ids[0]})
    await write(
        runtime,
        "UPDATE places SET allergen_confidence = 'high', known_allergens = '{peanuts,soy}', "
        "contains_allergens = '{peanuts}', categories = '{thai}', price_tier = '$', rating = 4.5 "
        "WHERE id = :id",
        {"id": ids[1]},
    )
    await write(runtime, "UPDATE places SET city = NULL, area = 'Somewhere' WHERE id = :id",
                {"id": ids[2]})  # fmt: skip
    await write(
        runtime,
        "UPDATE places SET lat = 42.3736, lng = -71.1097, contains_allergens = '{fish}', "
        "traits = '{vegan,outdoor}' WHERE id = :id",
        {"id": ids[3]},
    )
    try:
        columns = await _columns(runtime)
        catalog = await runtime.search.catalog()
        located = await runtime.db.fetch(
            "SELECT lat, lng FROM places WHERE lat IS NOT NULL ORDER BY id LIMIT 40"
        )
        centres = [GeoPoint(lat=r["lat"], lng=r["lng"]) for r in located]
        rng = random.Random(20261125)
        compared = passing = 0
        for _ in range(400):
            compiled = compile_filters(_random_filters(rng, catalog, centres), catalog)
            keep = columns.mask(compiled.params)
            if keep is None:
                continue
            expected = await _sql_ids(runtime, compiled.where, compiled.params)
            assert set(columns.ids[keep].tolist()) == expected, compiled.where
            left_out = rng.sample(sorted(expected), min(len(expected), rng.randint(0, 6)))
            best = await _sql_best_rated(runtime, compiled.where, compiled.params, left_out)
            assert columns.best_rated(keep, left_out, 12) == best, compiled.where
            compared += 1
            passing += bool(expected)
        assert compared >= 380 and passing >= 100, (compared, passing)
        for allergen in ("peanuts", "fish"):
            compiled = compile_filters(SearchFilters(exclude_allergens=[allergen]), catalog)
            keep = columns.mask(compiled.params)
            assert keep is not None and not columns.allowed(keep, ids[1:4]).all()
    finally:
        for place in ids:
            await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_a_substring_area_is_left_to_postgresql(runtime: Any) -> None:
    columns = await _columns(runtime)
    compiled = compile_filters(
        SearchFilters(area="zzz no such area"), await runtime.search.catalog()
    )
    assert "area_like" in compiled.params
    assert columns.mask(compiled.params) is None


CASES = [
    ("quiet romantic italian dinner", SearchFilters()),
    ("spicy noodles", SearchFilters(city="cambridge")),
    ("cheap eats", SearchFilters(price_tiers=["$"], min_rating=3.5)),
    ("pad thai peanut sauce", SearchFilters(exclude_allergens=["peanuts", "shellfish"])),
    ("brunch with friends", SearchFilters(categories=["breakfast"], kinds=["restaurant"])),
    ("pizza", SearchFilters(near=GeoPoint(lat=42.3601, lng=-71.0589), radius_km=3)),
    ("sushi", SearchFilters(city="boston", min_rating=4.0, exclude_allergens=["fish"])),
    ("", SearchFilters(city="boston")),
]


def _answer(result: Any) -> list[tuple[int, int | None, tuple[str, ...], float]]:
    return [
        (h.place.id, h.why.best_review_id, tuple(h.why.arms), h.score, tuple(h.why.matched_terms))
        for h in result.hits
    ]


@pytest.mark.parametrize(("query", "filters"), CASES)
async def test_the_search_in_process_answers_as_the_statement_path(
    runtime: Any, monkeypatch: pytest.MonkeyPatch, query: str, filters: SearchFilters
) -> None:
    search: HybridSearch = runtime.search
    await search.texts.load()
    await search.vectors.load()
    statements = count_fetches(monkeypatch, runtime.db)
    fast = await search.search(query, filters, limit=10, snippets=False)
    assert not [s for s in statements if "ARRAY(SELECT p.id FROM places p" in s], (
        "no filter statement: the filter ran in process"
    )
    monkeypatch.setattr(search, "_search_in_process", _never)
    slow = await search.search(query, filters, limit=10, snippets=False)
    assert fast.hits and _answer(fast) == _answer(slow)
    assert fast.strategy == slow.strategy


async def _never(*_: Any) -> None:
    return None


async def test_columns_the_catalog_moved_past_never_answer(runtime: Any) -> None:
    """A place whose allergens change after the load: the next search sees the change both
    ways (gaining the allergen leaves it out; losing it lets it back in)."""
    search: HybridSearch = runtime.search
    place, _ = await add_place(runtime, "Quokkaberry Canteen", "quokkaberry curry every day")
    filters = SearchFilters(city="cambridge", exclude_allergens=["peanuts"])

    async def found() -> bool:
        result = await search.search("quokkaberry", filters, limit=5, snippets=False)
        return place in [h.place.id for h in result.hits if "text" in h.why.arms]

    try:
        await search.texts.load()
        assert await found()
        await write(
            runtime,
            "UPDATE places SET contains_allergens = '{peanuts}' WHERE id = :id",
            {"id": place},
        )
        assert not await found(), "the stale columns still pass it: they must not answer"
        await search.texts.load()
        assert not await found()
        await write(
            runtime, "UPDATE places SET contains_allergens = '{}' WHERE id = :id", {"id": place}
        )
        assert await found(), "the stale columns still exclude it: they must not answer"
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})
        await search.texts.load()


async def test_an_empty_answer_in_process_holds_only_at_the_columns_version(
    runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing passes the filter: the search and `nothing_matches` answer empty after one
    version check, and a place that starts passing after the load is found at once."""
    search: HybridSearch = runtime.search
    filters = SearchFilters(city="cambridge", categories=["quokka-probe-food"])
    await search.texts.load()
    await search.vectors.load()
    statements = count_fetches(monkeypatch, runtime.db)
    assert (await search.search("dinner", filters, limit=5)).hits == []
    assert await search.nothing_matches(filters) is not None
    assert len(statements) == 2 and all("text_index_version" in s for s in statements)
    place, _ = await add_place(runtime, "Quokka Probe Kitchen", "dinner")
    try:
        await write(
            runtime,
            "UPDATE places SET categories = '{quokka-probe-food}' WHERE id = :id",
            {"id": place},
        )
        assert await search.nothing_matches(filters) is None
        hits = (await search.search("dinner", filters, limit=5)).hits
        assert [h.place.id for h in hits] == [place], "the columns are stale: not used"
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})
        await search.texts.load()


async def test_london_means_the_one_in_england(runtime: Any) -> None:
    """A cut of the shared files holds London, Ohio's Waffle House and Arby's beside London's
    places, and their group attributes put them first for "dinner for a big group in london".
    A city name two countries share means the one the world means by it, in SQL and in
    process alike; with no such place the filter is the city alone."""
    probe, _ = await add_place(runtime, "Column Probe Ohio Diner", "plain food")
    await write(runtime, "UPDATE places SET city = 'London', country = 'US' WHERE id = :id",
                {"id": probe})  # fmt: skip
    runtime.search.catalogs.invalidate()
    try:
        catalog = await runtime.search.catalog()
        assert catalog.city_country(["london"]) == "GB"
        compiled = compile_filters(SearchFilters(city="london"), catalog)
        assert compiled.params["city_country"] == "GB"
        expected = await _sql_ids(runtime, compiled.where, compiled.params)
        assert expected and probe not in expected
        keep = (await _columns(runtime)).mask(compiled.params)
        assert keep is not None and not (await _columns(runtime)).allowed(keep, [probe]).any()
        assert "city_country" not in compile_filters(SearchFilters(city="boston"), catalog).params
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": probe})
        runtime.search.catalogs.invalidate()


def test_the_country_a_shared_city_name_means() -> None:
    catalog = Catalog(
        city_countries={
            "london": {"GB": 5, "US": 3},
            "springfield": {"US": 40, "GB": 2},
            "halfway": {"US": 5, "GB": 5},
        }
    )
    assert catalog.city_country(["london"]) == "GB", "the world's London, even when outnumbered"
    assert catalog.city_country(["springfield"]) == "US", "else the country holding most"
    assert catalog.city_country(["halfway"]) is None
    assert catalog.city_country(["boston"]) is None, "one country's name: no clause"


def test_a_neighbourhood_one_source_gives_as_the_city_is_read_as_the_area() -> None:
    """ "vegan friendly lunch for 8 near back bay" found one place: Yelp 2015 gives one place
    the city "Back Bay" and 183 places are filed under the area Back Bay of Boston."""
    from kairos.text.query.index import ProductWords
    from kairos.text.query.understanding import QueryReader

    catalog = Catalog(
        categories={"vegan": 10},
        cities={"boston": 2831, "back bay": 1, "dorchester": 148},
        areas={"back bay": 183, "dorchester": 74},
        area_cities={"back bay": "boston", "dorchester": "boston"},
    )
    vocabulary = catalog.vocabulary()
    assert "back bay" not in vocabulary.cities and "dorchester" in vocabulary.cities
    reading = QueryReader(vocabulary, ProductWords()).read("vegan lunch near back bay")
    assert (reading.area, reading.area_city, reading.cities) == ("back bay", "boston", [])
    assert QueryReader(vocabulary, ProductWords()).read("lunch in dorchester").cities == [
        "dorchester"
    ], "filed more often as a town of its own: the town"
