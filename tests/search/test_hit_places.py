"""A hit's place is kept by row version: repeated searches reuse it, and a changed row (an
allergen learnt, a rename) is read again at once — a kept place is never a stale one."""

from __future__ import annotations

from typing import Any

from kairos.search.filters import SearchFilters
from kairos.search.hybrid import HybridSearch
from tests.catalog_rows import add_place, write


async def _hit(search: HybridSearch, query: str, place: int) -> Any:
    result = await search.search(query, SearchFilters(city="cambridge"), limit=5, mode="text")
    (hit,) = [h for h in result.hits if h.place.id == place]
    return hit


async def test_a_changed_place_row_is_read_again_and_an_unchanged_one_is_reused(
    runtime: Any,
) -> None:
    search: HybridSearch = runtime.search
    place, _ = await add_place(runtime, "Marzipanic Bistro", "marzipanic tart, lovely")
    try:
        first = await _hit(search, "marzipanic", place)
        again = await _hit(search, "marzipanic", place)
        assert again.place is first.place and again.version == first.version, "reused"
        assert first.place.contains_allergens == []

        await write(
            runtime,
            "UPDATE places SET contains_allergens = ARRAY['tree_nuts'], "
            "known_allergens = ARRAY['tree_nuts'], allergen_confidence = 'high' WHERE id = :id",
            {"id": place},
        )
        changed = await _hit(search, "marzipanic", place)
        assert changed.version != first.version
        assert changed.place.contains_allergens == ["tree_nuts"], "the new row, not the kept one"
        assert changed.place.allergen_confidence == "high"
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})
