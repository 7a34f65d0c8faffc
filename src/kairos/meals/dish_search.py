"""What the coach needs from the recipes layer beyond `RecipeRepository` (h7a's), kept apart
so that layer stays as written:

- `CachedRecipeRepository`: the same repository with recipes kept in process by (id, content
  hash). A request touches 60-120 candidates; building them from rows was most of a
  suggestion's time. Each load still asks the store for the candidates' current hashes (one
  light query), so a re-ingested recipe is read again, in any process.
- `dish_candidates`: the ranked candidates of `similar_dishes` without adapting them, so the
  coach can order them by health first and adapt only until it has enough safe ones (adapting
  is ~3 ms a recipe); the others are the baseline the offered ones are compared with.
- `from_pantry`: the same ranking and answer as the repository's, counted in PostgreSQL (only
  the first candidates come back) and loaded only as far as adaptation needs them;
- query embeddings cached by text (dish names repeat across people).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

import numpy as np
from sqlalchemy import text

from kairos.meals.recipes import CookConstraints, Recipe, RecipeRepository, Refusal, adapt_recipe
from kairos.meals.recipes.foods import canonical_food, food_groups, food_table
from kairos.meals.recipes.models import PantryMatch, PantryMatches
from kairos.meals.recipes.repository import CANDIDATES, TITLE_BONUS, _filters, still_to_buy

__all__ = ["CachedRecipeRepository", "Candidate"]

RECIPES_KEPT: Final = 20_000
QUERIES_KEPT: Final = 2_000
_PANTRY_BATCH: Final = 12
_HASHES = text("SELECT id, content_hash FROM recipes WHERE id = ANY(:ids)")

Candidate = tuple[Recipe, float, bool]
"""A recipe of the dish, its similarity score (cosine + title bonus), and whether its title
names the dish."""


class CachedRecipeRepository(RecipeRepository):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._recipes: OrderedDict[int, tuple[str, Recipe]] = OrderedDict()
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()

    async def load(self, ids: Iterable[int]) -> dict[int, Recipe]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        async with self.db.reading() as session:
            rows = (await session.execute(_HASHES, {"ids": ids})).all()
        return await self._load_known({int(r.id): str(r.content_hash) for r in rows}, ids)

    async def _load_known(self, hashes: dict[int, str], ids: list[int]) -> dict[int, Recipe]:
        """`ids` whose current content hashes the caller has just read."""
        found: dict[int, Recipe] = {}
        missing = []
        for recipe_id in ids:
            kept = self._recipes.get(recipe_id)
            if kept is not None and kept[0] == hashes.get(recipe_id):
                self._recipes.move_to_end(recipe_id)
                found[recipe_id] = kept[1]
            elif recipe_id in hashes:
                missing.append(recipe_id)
        if missing:
            loaded = await super().load(missing)
            for recipe_id, recipe in loaded.items():
                self._recipes[recipe_id] = (hashes[recipe_id], recipe)
                found[recipe_id] = recipe
            while len(self._recipes) > RECIPES_KEPT:
                self._recipes.popitem(last=False)
        return {i: found[i] for i in ids if i in found}

    async def warm(self, *, batch: int = 500) -> int:
        """Load every recipe once (at start-up, in the background)."""
        async with self.db.reading() as session:
            ids = [r[0] for r in await session.execute(text("SELECT id FROM recipes ORDER BY id"))]
        for start in range(0, min(len(ids), RECIPES_KEPT), batch):
            await self.load(ids[start : start + batch])
        return len(ids)

    async def embed_query(self, query: str) -> np.ndarray:
        key = " ".join(query.lower().split())
        kept = self._queries.get(key)
        if kept is not None:
            self._queries.move_to_end(key)
            return kept
        vector = await asyncio.to_thread(self.embedder.embed_one, key)
        self._queries[key] = vector
        while len(self._queries) > QUERIES_KEPT:
            self._queries.popitem(last=False)
        return vector

    async def dish_candidates(
        self, dish_name: str, *, constraints: CookConstraints
    ) -> list[Candidate]:
        """`similar_dishes`' candidates and ranking (cosine + title bonus, ties by id), not
        adapted."""
        vector = await self.embed_query(dish_name)
        where, params = _filters(constraints)
        sql = text(f"""
            WITH near AS (
                SELECT r.id, 1 - (r.embedding <=> CAST(:qv AS vector)) AS similarity
                FROM recipes r WHERE r.embedding IS NOT NULL AND {where}
                ORDER BY r.embedding <=> CAST(:qv AS vector) LIMIT :depth
            ), titled AS (
                SELECT r.id, 1 - (r.embedding <=> CAST(:qv AS vector)) AS similarity
                FROM recipes r
                WHERE r.title_tsv @@ plainto_tsquery('english', :dish) AND {where}
                LIMIT :depth
            )
            SELECT c.id, max(c.similarity) AS similarity, min(r.content_hash) AS content_hash,
                   bool_or(r.title_tsv @@ plainto_tsquery('english', :dish)) AS titled
            FROM (SELECT * FROM near UNION ALL SELECT * FROM titled) c
            JOIN recipes r ON r.id = c.id
            GROUP BY c.id
        """)
        params |= {"qv": str(vector.tolist()), "dish": dish_name, "depth": CANDIDATES}
        async with self.db.reading() as session:
            rows = (await session.execute(sql, params)).all()
        ranked = sorted(
            ((float(r.similarity or 0) + (TITLE_BONUS if r.titled else 0.0), bool(r.titled), r.id)
             for r in rows),
            key=lambda t: (-t[0], t[2]),
        )  # fmt: skip
        hashes = {int(r.id): str(r.content_hash) for r in rows}
        recipes = await self._load_known(hashes, [r[2] for r in ranked])
        return [(recipes[i], score, titled) for score, titled, i in ranked if i in recipes]

    async def from_pantry(
        self,
        ingredients: Sequence[str],
        *,
        k: int = 5,
        constraints: CookConstraints,
        servings: float | None = None,
    ) -> PantryMatches:
        """`RecipeRepository.from_pantry`'s ranking and answer, faster: staple checks cached,
        candidates loaded only as far as adaptation needs them."""
        pantry = list(dict.fromkeys(canonical_food(i) for i in ingredients if i.strip()))
        where, params = _filters(constraints)
        # the repository's order (items used, fewest missing non-staples, health, id), counted
        # in PostgreSQL so only the first CANDIDATES rows come back
        sql = text(f"""
            SELECT r.id, r.foods, r.content_hash,
                   (SELECT count(*) FROM unnest(r.foods) f
                    WHERE f = ANY(CAST(:pantry AS text[]))) AS used_n,
                   (SELECT count(*) FROM unnest(r.foods) f
                    WHERE f <> ALL(CAST(:pantry AS text[]))
                      AND f <> ALL(CAST(:staples AS text[]))) AS missing_n
            FROM recipes r
            WHERE r.foods && CAST(:pantry AS text[]) AND {where}
            ORDER BY used_n DESC, missing_n, coalesce(r.health_score, 0) DESC, r.id
            LIMIT :depth
        """)
        async with self.db.reading() as session:
            rows = (await session.execute(sql, params | {
                "pantry": pantry, "staples": _staples(), "depth": CANDIDATES,
            })).all()  # fmt: skip
        wanted = set(pantry)
        scored = []
        for row in rows:
            foods = list(row.foods)
            used = [p for p in pantry if p in foods]
            missing = [f for f in foods if f not in wanted and not _staple(f)]
            scored.append((-len(used), len(missing), 0, row.id, used, missing))
        hashes = {int(r.id): str(r.content_hash) for r in rows}
        matches: list[PantryMatch] = []
        refused: list[Refusal] = []
        for start in range(0, len(scored), _PANTRY_BATCH):
            batch = scored[start : start + _PANTRY_BATCH]
            recipes = await self._load_known(hashes, [t[3] for t in batch])
            for neg_used, _, _, recipe_id, used, missing in batch:
                if len(matches) >= k or recipe_id not in recipes:
                    continue
                recipe = recipes[recipe_id]
                adapted = adapt_recipe(recipe, constraints, servings=servings)
                if isinstance(adapted, Refusal):
                    refused.append(adapted)
                    continue
                matches.append(
                    PantryMatch(recipe=recipe, adapted=adapted,
                                score=round(-neg_used / max(1, len(pantry)), 4),
                                had_allergens=bool(adapted.substitutions), used=tuple(used),
                                missing=still_to_buy(recipe, adapted, missing))
                )  # fmt: skip
            if len(matches) >= k:
                break
        return PantryMatches(matches=tuple(matches), refused=tuple(refused), considered=len(scored))


@lru_cache(maxsize=8192)
def _staple(food: str) -> bool:
    return "staples" in food_groups(food)


@lru_cache(maxsize=1)
def _staples() -> list[str]:
    return sorted(food for food, groups in food_table().groups.items() if "staples" in groups)
