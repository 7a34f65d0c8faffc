"""The one recipes repository: load a recipe, find real recipes of a dish, or recipes a
pantry can make; every match comes back already adapted to the request's constraints.

Ranking (deterministic; ties broken by recipe id):
- `similar_dishes`: candidates are the nearest `CANDIDATES` by embedding cosine plus every
  title full-text match; score = cosine similarity + `TITLE_BONUS` when the title matches the
  dish words. Hard filters: English recipes, `max_minutes` (recipes with a known longer time
  are dropped, the waits their steps name counted: `timing.within_time`), equipment the cook
  lacks, and "hard" recipes for beginners.
- `from_pantry`: candidates share at least one canonical food (or a cut or form of one,
  `pantry.pantry_forms`) with the pantry; ranked (`pantry.pantry_order`) by how many of the
  cook's items they use as main ingredients (`pantry.main_uses`: named by the title, a tenth
  of the weighed food, or an unweighed protein, starch or vegetable), then by those items'
  weight, fewest other proteins and fewest non-staple foods to buy.
Candidates are adapted in rank order until `k` are safe; refusals are returned beside them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Final

import numpy as np
from sqlalchemy import select, text

from kairos.errors import NotFound
from kairos.recipes.adapt import adapt_recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.course import is_meal, wants_baking
from kairos.recipes.foods import canonical_food, food_groups, food_table
from kairos.recipes.health import health_score
from kairos.recipes.models import (
    AdaptedRecipe,
    IngredientLine,
    Matches,
    Nutrition,
    PantryMatch,
    PantryMatches,
    Recipe,
    RecipeMatch,
    Refusal,
)
from kairos.recipes.pantry import (
    main_item,
    main_uses,
    missing_mains,
    pantry_forms,
    pantry_order,
    pantry_weight,
    used_items,
)
from kairos.recipes.timing import within_time
from kairos.store.database import Database
from kairos.store.tables import Recipe as RecipeRow
from kairos.store.tables import RecipeIngredient
from kairos.text.embeddings import EmbeddingProvider

__all__ = ["CANDIDATES", "TITLE_BONUS", "RecipeRepository", "still_to_buy"]

CANDIDATES: Final = 60
TITLE_BONUS: Final = 0.25
_ENGLISH: Final = "(r.language IS NULL OR r.language ILIKE 'en%')"


def _recipe(row: RecipeRow, lines: Sequence[RecipeIngredient]) -> Recipe:
    """A stored recipe; its health score is computed again from the stored nutrition, methods
    and lines (cheap: 0.03 ms), so it carries the basis of every point. The methods are as the
    ingest derived them from the steps: a store written before the current rules
    (`derive.DERIVATION`) is written again by the next `kairos ingest recipes`."""
    ingredients = tuple(
        IngredientLine(
            original=line.original, quantity=line.quantity, quantity_max=line.quantity_max,
            unit=line.unit, size=line.size, item=line.item, preparation=line.preparation,
            optional=line.optional, position=line.position, food=line.food,
            metric_quantity=line.metric_quantity, metric_unit=line.metric_unit,
            contains=tuple(line.contains), may_contain=tuple(line.may_contain),
        )
        for line in sorted(lines, key=lambda line: line.position)
    )  # fmt: skip
    steps = tuple(row.steps or ())
    methods = tuple(row.methods)
    nutrition = Nutrition(**row.nutrients) if row.nutrients else None
    return Recipe(
        id=row.id, source=row.source, source_id=row.source_id, title=row.title,
        language=row.language, cuisine=row.cuisine, category=row.category, url=row.url,
        licence=row.licence,
        host=row.host, author=row.author, description=row.description, servings=row.servings,
        total_minutes=row.total_minutes, total_minutes_estimated=row.total_minutes_estimated,
        steps=steps, ingredients=ingredients,
        nutrition=nutrition, health=health_score(nutrition, methods, ingredients),
        diets=tuple(row.diets), methods=methods, equipment=tuple(row.equipment),
        difficulty=row.difficulty,
        contains_allergens=tuple(row.contains_allergens),
        may_contain_allergens=tuple(row.may_contain_allergens), foods=tuple(row.foods),
        rating=row.rating,
    )  # fmt: skip


def _filters(constraints: CookConstraints) -> tuple[str, dict[str, Any]]:
    clauses = [_ENGLISH]
    params: dict[str, Any] = {}
    if constraints.max_minutes:
        clauses.append("(r.total_minutes IS NULL OR r.total_minutes <= :max_minutes)")
        params["max_minutes"] = constraints.max_minutes
    if constraints.equipment is not None:
        clauses.append("r.equipment <@ CAST(:equipment AS text[])")
        params["equipment"] = list(constraints.equipment)
    if constraints.skill == "beginner":
        clauses.append("r.difficulty <> 'hard'")
    return " AND ".join(clauses), params


class RecipeRepository:
    def __init__(self, db: Database, embedder: EmbeddingProvider) -> None:
        self.db = db
        self.embedder = embedder

    async def load(self, ids: Iterable[int]) -> dict[int, Recipe]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        async with self.db.session() as session:
            rows = (await session.execute(select(RecipeRow).where(RecipeRow.id.in_(ids)))).scalars()
            recipes = {row.id: row for row in rows}
            lines = (
                await session.execute(
                    select(RecipeIngredient).where(RecipeIngredient.recipe_id.in_(ids))
                )
            ).scalars()
            by_recipe: dict[int, list[RecipeIngredient]] = {}
            for line in lines:
                by_recipe.setdefault(line.recipe_id, []).append(line)
        return {i: _recipe(recipes[i], by_recipe.get(i, [])) for i in ids if i in recipes}

    async def get(self, recipe_id: int) -> Recipe:
        found = await self.load([recipe_id])
        if recipe_id not in found:
            raise NotFound(f"no recipe {recipe_id}")
        return found[recipe_id]

    async def _load_known(self, hashes: dict[int, str], ids: list[int]) -> dict[int, Recipe]:
        """`ids` whose current content hashes the caller has just read (a caching subclass
        uses them; the store itself needs only the ids)."""
        return await self.load(ids)

    async def embed_query(self, query: str) -> np.ndarray:
        return await asyncio.to_thread(self.embedder.embed_one, query)

    async def dish_ranking(
        self,
        dish_name: str,
        *,
        constraints: CookConstraints,
        title_query: str | None = None,
        quick_minutes: int | None = None,
    ) -> tuple[list[tuple[float, bool, int]], dict[int, str]]:
        """Candidates of a dish as (cosine + title bonus, title names the dish, id), best
        first and ties by id, with each candidate's content hash. `title_query` (a
        `to_tsquery` text: "(lasagna | lasagne) & vegetable") replaces the dish's words in the
        title match when the title may spell a word otherwise. `quick_minutes` (a quick ask):
        of more titled recipes than are read, those ready in that long are read first."""
        vector = await self.embed_query(dish_name)
        match = (
            "to_tsquery('english', :title_query)"
            if title_query
            else "plainto_tsquery('english', :dish)"
        )
        where, params = _filters(constraints)
        quick_first = (
            "ORDER BY (r.total_minutes IS NULL OR r.total_minutes > :quick_minutes), r.id"
            if quick_minutes is not None
            else ""
        )
        sql = text(f"""
            WITH near AS (
                SELECT r.id, 1 - (r.embedding <=> CAST(:qv AS vector)) AS similarity
                FROM recipes r WHERE r.embedding IS NOT NULL AND {where}
                ORDER BY r.embedding <=> CAST(:qv AS vector) LIMIT :depth
            ), titled AS (
                SELECT r.id, 1 - (r.embedding <=> CAST(:qv AS vector)) AS similarity
                FROM recipes r
                WHERE r.title_tsv @@ {match} AND {where}
                {quick_first}
                LIMIT :depth
            )
            SELECT c.id, max(c.similarity) AS similarity, min(r.content_hash) AS content_hash,
                   bool_or(r.title_tsv @@ {match}) AS titled
            FROM (SELECT * FROM near UNION ALL SELECT * FROM titled) c
            JOIN recipes r ON r.id = c.id
            GROUP BY c.id
        """)
        params |= {"qv": str(vector.tolist()), "dish": dish_name, "depth": CANDIDATES,
                   "title_query": title_query, "quick_minutes": quick_minutes}  # fmt: skip
        async with self.db.reading() as session:
            rows = (await session.execute(sql, params)).all()
        ranked = sorted(
            ((float(r.similarity or 0) + (TITLE_BONUS if r.titled else 0.0), bool(r.titled), r.id)
             for r in rows),
            key=lambda t: (-t[0], t[2]),
        )  # fmt: skip
        return ranked, {int(r.id): str(r.content_hash) for r in rows}

    async def similar_dishes(
        self,
        dish_name: str,
        *,
        k: int = 3,
        constraints: CookConstraints,
        servings: float | None = None,
    ) -> Matches:
        ranked, hashes = await self.dish_ranking(dish_name, constraints=constraints)
        recipes = await self._load_known(hashes, [r[2] for r in ranked])
        matches: list[RecipeMatch] = []
        refused: list[Refusal] = []
        for score, titled, recipe_id in ranked:
            if len(matches) >= k:
                break
            recipe = recipes[recipe_id]
            if not within_time(recipe.total_minutes, recipe.steps, constraints.max_minutes):
                continue
            adapted = adapt_recipe(recipe, constraints, servings=servings)
            if isinstance(adapted, Refusal):
                refused.append(adapted)
                continue
            matches.append(
                RecipeMatch(recipe=recipe, adapted=adapted, score=round(score, 4),
                            title_match=titled, had_allergens=bool(adapted.substitutions))
            )  # fmt: skip
        return Matches(matches=tuple(matches), refused=tuple(refused), considered=len(ranked))

    async def from_pantry(
        self,
        ingredients: Sequence[str],
        *,
        k: int = 5,
        constraints: CookConstraints,
        servings: float | None = None,
    ) -> PantryMatches:
        pantry = list(dict.fromkeys(canonical_food(i) for i in ingredients if i.strip()))
        covered = sorted({form for item in pantry for form in pantry_forms(item)})
        where, params = _filters(constraints)
        mains = sorted({f for item in pantry if main_item(item) for f in pantry_forms(item)})
        # ranked in PostgreSQL (items used, main ones twice, fewest missing non-staples, health,
        # id) so only the first CANDIDATES rows come back, loaded only as adaptation needs them
        sql = text(f"""
            SELECT r.id, r.title, r.foods, r.content_hash,
                   (SELECT count(*) FROM unnest(r.foods) f
                    WHERE f = ANY(CAST(:pantry AS text[]))
                       OR f = ANY(CAST(:mains AS text[]))) AS used_n,
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
                "pantry": covered, "mains": mains, "staples": _staples(), "depth": CANDIDATES,
            })).all()  # fmt: skip
        wanted = set(covered)
        hashes = {int(r.id): str(r.content_hash) for r in rows}
        loaded = await self._load_known(hashes, [int(r.id) for r in rows])
        scored = []
        for row in rows:
            if int(row.id) not in loaded:
                continue
            recipe = loaded[int(row.id)]
            if not within_time(recipe.total_minutes, recipe.steps, constraints.max_minutes):
                continue  # its waits (an overnight marinade) pass the cook's time limit
            foods = list(row.foods)
            used = used_items(pantry, foods)
            missing = [f for f in foods if f not in wanted and not _staple(f)]
            key = pantry_order(
                main_uses(used, recipe), missing, pantry_weight(used, str(row.title)),
                missing_mains(missing, recipe),
            )  # fmt: skip
            scored.append((key, int(row.id), used, missing))
        # the most of the cook's items as main ingredients first (`pantry_order`)
        scored.sort(key=lambda t: t[0])
        matches: list[PantryMatch] = []
        # cakes, sauces and jams come after every meal, unless the cupboard is for baking
        sweets: list[PantryMatch] = []
        baking = wants_baking(pantry)
        refused: list[Refusal] = []
        tried = 0
        for tried, (_, recipe_id, used, missing) in enumerate(scored, start=1):
            if len(matches) >= k:
                tried -= 1
                break
            found = _pantry_match(loaded[recipe_id], constraints, servings, used, missing)
            if isinstance(found, Refusal):
                refused.append(found)
            elif found is not None:
                (matches if baking or is_meal(found.recipe) else sweets).append(found)
        matches.sort(key=_pantry_key)
        sweets.sort(key=_pantry_key)
        matches = (matches + sweets)[:k]
        if len(matches) == k:
            matches = _cover_items(matches, pantry, scored[tried:], loaded, constraints, servings)
        return PantryMatches(matches=tuple(matches), refused=tuple(refused), considered=len(scored))


def _pantry_match(
    recipe: Recipe, constraints: CookConstraints, servings: float | None,
    used: Sequence[str], missing: list[str],
) -> PantryMatch | Refusal | None:  # fmt: skip
    """The recipe adapted for the cook as a pantry answer, why it cannot be, or None when the
    adaptation swapped out every item it used ("chicken flavored ramen" for a vegetarian)."""
    adapted = adapt_recipe(recipe, constraints, servings=servings)
    if isinstance(adapted, Refusal):
        return adapted
    kept = {canonical_food(i.item) for i in adapted.ingredients if not i.omitted}
    used = used_items(used, kept)
    if not used:
        return None
    to_buy = still_to_buy(recipe, adapted, missing)
    return PantryMatch(
        recipe=recipe, adapted=adapted, score=pantry_weight(used, recipe.title),
        had_allergens=bool(adapted.substitutions), used=tuple(used),
        main=tuple(main_uses(used, recipe)), missing=to_buy,
        missing_main=tuple(missing_mains(to_buy, recipe)),
    )  # fmt: skip


_COVERED_AT_MOST: Final = 2
"""Items no answer uses that the last answers give way for, at most (one adaptation each)."""


def _cover_items(
    matches: list[PantryMatch], pantry: Sequence[str],
    rest: Sequence[tuple[Any, int, list[str], list[str]]], loaded: dict[int, Recipe],
    constraints: CookConstraints, servings: float | None,
) -> list[PantryMatch]:  # fmt: skip
    """An item of the cook's that none of the answers uses (the feta beside eggs and spinach):
    the best-ranked meal left that has it as a main ingredient takes the last place, when the
    answer it replaces is not the only one using some other item."""
    uncovered = [i for i in pantry if not any(i in m.used for m in matches)]
    place = len(matches) - 1
    for item in uncovered[:_COVERED_AT_MOST]:
        for _, recipe_id, used, missing in rest:
            recipe = loaded[recipe_id]
            if item not in used or item not in main_uses(used, recipe) or not is_meal(recipe):
                continue
            found = _pantry_match(recipe, constraints, servings, used, missing)
            if not isinstance(found, PantryMatch) or item not in found.used:
                continue
            if len(found.used) < len(matches[place].used):
                continue  # never fewer of the cook's items than the answer it replaces
            others = [m for n, m in enumerate(matches) if n != place]
            lost = [i for i in matches[place].used if i not in found.used]
            if any(all(i not in m.used for m in others) for i in lost):
                break  # the answer it would replace is the only one using one of the items
            matches = [*matches[:place], found, *matches[place + 1 :]]
            place -= 1
            break
    return matches


def _pantry_key(match: PantryMatch) -> tuple[float, float, int, int, int, float]:
    return pantry_order(match.main, match.missing, match.score, match.missing_main)


@lru_cache(maxsize=8192)
def _staple(food: str) -> bool:
    return "staples" in food_groups(food)


@lru_cache(maxsize=1)
def _staples() -> list[str]:
    return sorted(food for food, groups in food_table().groups.items() if "staples" in groups)


def still_to_buy(recipe: Recipe, adapted: AdaptedRecipe, missing: list[str]) -> tuple[str, ...]:
    """What the cook must buy for the recipe as adapted: a food swapped out (peanuts for an
    allergy) or left out is never on the list — its substitute is."""
    foods = {line.position: line.food for line in recipe.ingredients}
    gone: set[str] = set()
    added: list[str] = []
    for line in adapted.ingredients:
        food = foods.get(line.position)
        if line.omitted or line.substitution is not None:
            gone |= {food} if food else set()
        if line.substitution is not None and not line.omitted:
            added.append(canonical_food(line.substitution.new_item))
    kept = [f for f in missing if f not in gone]
    return tuple(dict.fromkeys([*kept, *added]))
