"""The one recipes repository (work in progress: see the branch history)."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.meals.recipes.constraints import CookConstraints
from kairos.meals.recipes.models import Matches, PantryMatches, Recipe
from kairos.store.database import Database
from kairos.text.embeddings import EmbeddingProvider

__all__ = ["RecipeRepository"]


class RecipeRepository:
    def __init__(self, db: Database, embedder: EmbeddingProvider) -> None:
        self.db = db
        self.embedder = embedder

    async def get(self, recipe_id: int) -> Recipe:
        raise NotImplementedError

    async def similar_dishes(
        self, dish_name: str, *, k: int = 3, constraints: CookConstraints
    ) -> Matches:
        raise NotImplementedError

    async def from_pantry(
        self, ingredients: Sequence[str], *, k: int = 5, constraints: CookConstraints
    ) -> PantryMatches:
        raise NotImplementedError
