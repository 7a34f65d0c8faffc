"""What the coach adds over `RecipeRepository` (which owns the ranking of dishes and pantries):

- `CachedRecipeRepository`: the same repository with recipes kept in process by (id, content
  hash). A request touches 60-120 candidates; building them from rows was most of a
  suggestion's time. Each load still asks the store for the candidates' current hashes (one
  light query), so a re-ingested recipe is read again, in any process.
- `dish_candidates`: the ranked candidates of `similar_dishes` without adapting them, so the
  coach can order them by health first and adapt only until it has enough safe ones (adapting
  is ~3 ms a recipe); the others are the baseline the offered ones are compared with.
- query embeddings cached by text (dish names repeat across people).
- `read_dish`: the dish name with its typos read against the titles' words (`dish_words`),
  the request's words taken off again once read ("helthy" is "healthy", not the dish); the
  title match accepts the titles' other spellings ("lasagne" finds "Lasagna").
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Iterable
from typing import Final

import numpy as np
from sqlalchemy import text

from kairos.meals.asked_ways import QUICK_MINUTES
from kairos.meals.dish_words import (
    TitleWords,
    corrected_dish,
    spelling_variants,
    title_names,
    title_words,
)
from kairos.meals.understanding import dish_words
from kairos.recipes import CookConstraints, Recipe, RecipeRepository
from kairos.recipes.completeness import prime_completeness
from kairos.recipes.reading import prime_readings
from kairos.recipes.repository import TITLE_BONUS
from kairos.recipes.units import warm_units

__all__ = ["CachedRecipeRepository", "Candidate"]

RECIPES_KEPT: Final = 20_000


def _texts_read(recipe: Recipe) -> list[str]:
    """What adapting a recipe reads for allergens: its lines as written, and its steps."""
    return [line.original for line in recipe.ingredients] + list(recipe.steps)


QUERIES_KEPT: Final = 2_000
_HASHES = text("SELECT id, content_hash FROM recipes WHERE id = ANY(:ids)")
_TITLES = text("SELECT count(*) AS n, max(id) AS last, array_agg(title) AS titles FROM recipes")
_STATE = text("SELECT count(*) AS n, max(id) AS last FROM recipes")
_TS_WORD = re.compile(r"[a-z]+")

Candidate = tuple[Recipe, float, bool]
"""A recipe of the dish, its similarity score (cosine + title bonus), and whether its title
names the dish."""


class CachedRecipeRepository(RecipeRepository):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._recipes: OrderedDict[int, tuple[str, Recipe]] = OrderedDict()
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._vocabulary: tuple[tuple[int, int], TitleWords] | None = None

    async def title_vocabulary(self) -> TitleWords:
        """Words of the recipe titles with how many titles use each, read again when the
        recipes' count or last id moves."""
        async with self.db.reading() as session:
            state = (await session.execute(_STATE)).one()
            key = (int(state.n), int(state.last or 0))
            if self._vocabulary is None or self._vocabulary[0] != key:
                row = (await session.execute(_TITLES)).one()
                self._vocabulary = (key, title_words(list(row.titles or [])))
        return self._vocabulary[1]

    async def read_dish(self, name: str) -> tuple[str, list[str]]:
        """The dish as the titles spell it, and how its words were read."""
        corrected, notes = corrected_dish(name, await self.title_vocabulary())
        return (dish_words(corrected) or corrected), notes

    async def title_query(self, dish: str) -> str | None:
        """A `to_tsquery` text accepting the titles' other spellings of the dish's words, or
        None when no word has one (the plain match is used)."""
        vocabulary = await self.title_vocabulary()
        words = _TS_WORD.findall(dish.lower())
        groups = [spelling_variants(w, vocabulary) for w in words]
        if not words or all(len(g) == 1 for g in groups) or "'" in dish:
            return None
        return " & ".join("(" + " | ".join(g) + ")" for g in groups)

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
            loaded = await self.load(ids[start : start + batch])
            # their lines' and steps' allergen readings too, off the event loop: a request
            # then reads each recipe it adapts from memory (the first read is 0.1-0.3 ms a line)
            texts = [t for r in loaded.values() for t in _texts_read(r)]
            await asyncio.to_thread(prime_readings, texts)
            await asyncio.to_thread(prime_completeness, list(loaded.values()))  # lines unused
        await asyncio.to_thread(warm_units)
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
        self, dish_name: str, *, constraints: CookConstraints, quick: bool = False
    ) -> list[Candidate]:
        """`similar_dishes`' candidates and ranking (cosine + title bonus, ties by id), not
        adapted; for a quick ask, the quick titled recipes read first."""
        ranked, hashes = await self.dish_ranking(
            dish_name,
            constraints=constraints,
            title_query=await self.title_query(dish_name),
            quick_minutes=QUICK_MINUTES if quick else None,
        )
        recipes = await self._load_known(hashes, [r[2] for r in ranked])
        return [
            (recipes[i], score - TITLE_BONUS * (titled and not named), named)
            for score, titled, i in ranked
            if i in recipes
            for named in (titled and title_names(recipes[i].title, dish_name),)
        ]
