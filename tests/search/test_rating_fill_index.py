"""The rating fill reads along `ix_places_weighted_rating` (migration 0019): a broad filter's
fill sorted every active place (39 ms at full size) before it. The index is built on the text
of `WEIGHTED_RATING_SQL`; a prior changed in one place and not the other leaves an index the
planner can no longer use, which this test sees."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import text

from kairos.search.filters import SearchFilters
from kairos.search.hybrid import ordered_rows_sql
from kairos.search.sql_filters import compile_filters
from kairos.store.places import WEIGHTED_RATING_SQL


async def test_the_rating_order_can_be_read_along_its_index(runtime: Any) -> None:
    sql = (
        f"EXPLAIN SELECT p.id FROM places p WHERE p.is_active AND p.kind = 'restaurant' "
        f"ORDER BY {WEIGHTED_RATING_SQL} DESC, p.id LIMIT 15"
    )
    async with runtime.db.session() as session, session.begin():
        # small sample tables are cheaper to sort than to walk: ask for the index's plan only
        await session.execute(text("SET LOCAL enable_sort = off"))
        await session.execute(text("SET LOCAL enable_seqscan = off"))
        plan = "\n".join(r[0] for r in await session.execute(text(sql)))
    assert "Index Scan using ix_places_weighted_rating" in plan, plan
    assert "Sort" not in plan, plan


@pytest.mark.parametrize(
    "filters",
    [
        SearchFilters(kinds=["restaurant"]),
        SearchFilters(city="boston", categories=["pizza"]),
        SearchFilters(categories=["sushi"], exclude_allergens=["fish"]),
        SearchFilters(city="cambridge", traits=["vegan"]),
    ],
)
async def test_narrow_and_broad_fills_return_the_same_rows(
    runtime: Any, filters: SearchFilters
) -> None:
    """A narrow filter reads its places and sorts them; a broad one walks the index: the same
    rows either way, fused places first."""
    compiled = compile_filters(filters, await runtime.catalog.current())
    fused = (await runtime.search.search("dinner", filters, limit=5)).hits[:2]
    params = {
        **compiled.params,
        "ids": [h.place.id for h in fused],
        "scores": [1.0 - i / 10 for i in range(len(fused))],
        "limit": 12,
    }
    narrow = replace(compiled, at_most=1)
    broad = replace(compiled, at_most=None)
    assert "MATERIALIZED" in ordered_rows_sql(narrow)
    assert "MATERIALIZED" not in ordered_rows_sql(broad)
    rows = [
        [(r["id"], r["version"]) for r in await runtime.db.fetch(sql, params)]
        for sql in (ordered_rows_sql(narrow), ordered_rows_sql(broad))
    ]
    assert rows[0] == rows[1]
    assert [pid for pid, _ in rows[0][: len(fused)]] == [h.place.id for h in fused]
    assert len(rows[0]) == len(set(rows[0]))
