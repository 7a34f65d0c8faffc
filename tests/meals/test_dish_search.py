"""The coach's additions to the recipes layer answer as the repository does, and a recipe kept
in memory is read again when its stored content changes."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from kairos.meals.dish_search import CachedRecipeRepository
from kairos.recipes import CookConstraints, RecipeRepository

PEANUTS = CookConstraints(allergens={"peanuts": "anaphylactic", "dairy": "severe"})


async def test_pantry_answer_matches_the_repository(runtime: Any) -> None:
    plain = RecipeRepository(runtime.db, runtime.embedder)
    cached = CachedRecipeRepository(runtime.db, runtime.embedder)
    for pantry in (["eggs", "spinach", "onion"], ["chicken", "rice", "broccoli", "garlic"]):
        want = await plain.from_pantry(pantry, k=5, constraints=PEANUTS)
        got = await cached.from_pantry(pantry, k=5, constraints=PEANUTS)
        assert [m.recipe.id for m in got.matches] == [m.recipe.id for m in want.matches]
        assert [(m.used, m.missing) for m in got.matches] == [
            (m.used, m.missing) for m in want.matches
        ]
        assert got.matches and all(m.adapted == w.adapted for m, w in zip(got.matches,
                                   want.matches, strict=True))  # fmt: skip


async def test_candidates_rank_as_similar_dishes(runtime: Any) -> None:
    plain = RecipeRepository(runtime.db, runtime.embedder)
    cached = CachedRecipeRepository(runtime.db, runtime.embedder)
    open_ = CookConstraints()
    want = await plain.similar_dishes("chicken curry", k=5, constraints=open_)
    got = await cached.dish_candidates("chicken curry", constraints=open_)
    assert [r.id for r, _, _ in got[:5]] == [m.recipe.id for m in want.matches]


async def test_a_changed_recipe_is_read_again(runtime: Any) -> None:
    cached = CachedRecipeRepository(runtime.db, runtime.embedder)
    async with runtime.db.session() as session:
        recipe_id, title, digest = (
            await session.execute(text("SELECT id, title, content_hash FROM recipes LIMIT 1"))
        ).one()
    assert (await cached.get(recipe_id)).title == title
    try:
        async with runtime.db.session() as session, session.begin():
            await session.execute(
                text("UPDATE recipes SET title = 'Changed', content_hash = 'x' WHERE id = :id"),
                {"id": recipe_id},
            )
        assert (await cached.get(recipe_id)).title == "Changed"
    finally:
        async with runtime.db.session() as session, session.begin():
            await session.execute(
                text("UPDATE recipes SET title = :t, content_hash = :h WHERE id = :id"),
                {"id": recipe_id, "t": title, "h": digest},
            )
    assert (await cached.get(recipe_id)).title == title


async def test_a_quick_ask_reads_the_quick_titled_recipes_first(
    runtime: Any, monkeypatch: Any
) -> None:
    """m55: of more titled recipes than are read, a quick ask reads those ready in 30 min first
    (else a quick one may never be read, and slower ones are offered as the quickest)."""
    async with runtime.db.session() as session:
        rows = (
            await session.execute(
                text("SELECT id, title, total_minutes FROM recipes WHERE title ILIKE '%chicken%'")
            )
        ).all()
    quick = {r.id for r in rows if r.total_minutes is not None and r.total_minutes <= 30}
    assert quick and len(rows) > len(quick), "the test data needs quick and slower chicken"
    monkeypatch.setattr("kairos.recipes.repository.CANDIDATES", len(quick))
    cached = CachedRecipeRepository(runtime.db, runtime.embedder)
    found = await cached.dish_candidates("chicken", constraints=CookConstraints(), quick=True)
    assert quick <= {r.id for r, _, titled in found if titled}
