"""Place records are built once per row version and never outlive a change of the row."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from kairos.restaurants.place_data import RecordCache, feed_candidates, load_places


def test_a_cached_record_is_only_returned_for_its_own_version() -> None:
    cache = RecordCache(maxsize=2)
    first, second, third = object(), object(), object()
    cache.put("db", 1, "100", first)  # type: ignore[arg-type]
    assert cache.get("db", 1, "100") is first
    assert cache.get("db", 1, "101") is None  # the row changed since
    assert cache.get("other-db", 1, "100") is None  # same id, another database
    cache.put("db", 2, "7", second)  # type: ignore[arg-type]
    cache.get("db", 1, "100")  # used: now the most recent
    cache.put("db", 3, "9", third)  # type: ignore[arg-type]
    assert len(cache) == 2
    assert cache.get("db", 2, "7") is None and cache.get("db", 1, "100") is first


async def test_a_changed_row_is_read_again(runtime: Any) -> None:
    async with runtime.db.session() as session:
        (place_id,) = (
            await session.execute(
                text("SELECT min(id) FROM places WHERE review_count > 0 AND known_allergens = '{}'")
            )
        ).one()
        first = (await load_places(session, [place_id]))[place_id]
        again = (await load_places(session, [place_id]))[place_id]
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
        async with runtime.db.session() as session:
            changed = (await load_places(session, [place_id]))[place_id]
            ranked = await feed_candidates(session, exclude_allergens=[], cuisines=[], limit=2000)
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
