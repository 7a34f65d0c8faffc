"""Place records are built once per row version and never outlive a change of the row."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from kairos.store.places import WEIGHTED_RATING_SQL, PlacesRepository, RecordCache, weighted_rating
from tests.catalog_rows import add_place, count_fetches, write


def test_a_cached_record_is_only_returned_for_its_own_version() -> None:
    cache = RecordCache(maxsize=2)
    first, second, third = object(), object(), object()
    cache.put(1, "100", first)  # type: ignore[arg-type]
    assert cache.get(1, "100") is first
    assert cache.get(1, "101") is None  # the row changed since
    cache.put(2, "7", second)  # type: ignore[arg-type]
    cache.get(1, "100")  # used: now the most recent
    cache.put(3, "9", third)  # type: ignore[arg-type]
    assert len(cache) == 2
    assert cache.get(2, "7") is None and cache.get(1, "100") is first


def test_a_handful_of_perfect_votes_does_not_beat_thousands_of_good_ones() -> None:
    """Issue 12: "best bbq" put a 59-review place ahead of a 3,555-review one."""
    assert weighted_rating(5.0, 5) < weighted_rating(4.5, 3555)
    assert weighted_rating(4.5, 59) < weighted_rating(4.5, 3555)
    assert weighted_rating(4.8, 400) > weighted_rating(4.5, 400)


async def test_a_changed_row_is_read_again(runtime: Any) -> None:
    async with runtime.db.session() as session:
        (place_id,) = (
            await session.execute(
                text(
                    "SELECT min(id) FROM places WHERE review_count > 0 AND known_allergens = '{}'"
                    " AND kind = 'restaurant'"
                )
            )
        ).one()
    places = runtime.places
    first = (await places.records([place_id]))[place_id]
    again = (await places.records([place_id]))[place_id]
    assert again is first  # built once
    assert first.allergens.knowledge("sesame") is None
    async with runtime.db.session() as session, session.begin():
        await session.execute(
            text(
                "UPDATE places SET known_allergens = '{sesame}', contains_allergens = '{sesame}',"
                " allergen_confidence = 'high' WHERE id = :id"
            ),
            {"id": place_id},
        )
    try:
        changed = (await places.records([place_id]))[place_id]
        ranked = await places.top_rated(
            exclude_allergens=[], cuisines=[], kinds=["restaurant"], limit=2000
        )
        assert changed is not first
        knowledge = changed.allergens.knowledge("sesame")
        assert knowledge is not None and (knowledge.status, knowledge.confidence) == (
            "contains",
            "high",
        )
        assert next(r for r in ranked if r.place.id == place_id) is changed
    finally:
        async with runtime.db.session() as session, session.begin():
            await session.execute(
                text(
                    "UPDATE places SET known_allergens = '{}', contains_allergens = '{}',"
                    " allergen_confidence = :confidence WHERE id = :id"
                ),
                {"id": place_id, "confidence": first.place.allergen_confidence},
            )


async def test_kept_reviews_are_reused_only_while_no_review_changed(
    runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    repository = PlacesRepository(runtime.db)
    place, review = await add_place(runtime, "Review Probe", "first words")
    statements = count_fetches(monkeypatch, runtime.db)
    try:
        first = await repository.reviews([place])
        assert [(r.id, r.text) for r in first[place]] == [(str(review), "first words")]
        statements.clear()
        assert await repository.reviews([place]) == first
        assert len(statements) == 1, "only the version is read while nothing changed"

        await write(runtime, "UPDATE reviews SET rating = 2 WHERE id = :id", {"id": review})
        assert (await repository.reviews([place]))[place][0].rating == 2, "a new rating is seen"
        await write(
            runtime, "UPDATE reviews SET text = 'second words' WHERE id = :id", {"id": review}
        )
        assert (await repository.reviews([place]))[place][0].text == "second words"
        await write(runtime, "DELETE FROM reviews WHERE id = :id", {"id": review})
        assert await repository.reviews([place]) == {place: []}, "a deleted review is gone"
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_top_rated_also_holds_the_best_places_with_a_wanted_trait(runtime: Any) -> None:
    """A vegan's feed weighs vegan places: the top by rating alone may hold none of them."""
    rows = await runtime.db.fetch(
        f"SELECT p.id FROM places p WHERE p.is_active AND p.review_count > 0 "
        f"AND p.kind = 'restaurant' AND 'vegan' = ANY(p.traits) "
        f"ORDER BY {WEIGHTED_RATING_SQL} DESC, p.id LIMIT 2"
    )
    best_vegan = [r["id"] for r in rows]
    assert len(best_vegan) == 2
    plain = await runtime.places.top_rated(
        exclude_allergens=[], cuisines=[], kinds=["restaurant"], limit=4
    )
    wanting = await runtime.places.top_rated(
        exclude_allergens=[], cuisines=[], kinds=["restaurant"], traits=["vegan"], limit=4
    )
    assert not set(best_vegan) <= {r.place.id for r in plain}, "the sample's top 4 lacks them"
    assert set(best_vegan) <= {r.place.id for r in wanting}
    assert {r.place.id for r in plain} <= {r.place.id for r in wanting}
