"""Adapting a real recipe to a cook (work in progress: see the branch history)."""

from __future__ import annotations

from collections.abc import Iterable

from kairos.meals.recipes.constraints import CookConstraints
from kairos.meals.recipes.models import AdaptedRecipe, Recipe, Refusal, Skill, Units

__all__ = ["adapt_recipe", "remaining_hazards"]


def remaining_hazards(lines: Iterable[str], constraints: CookConstraints) -> list[str]:
    raise NotImplementedError


def adapt_recipe(
    recipe: Recipe,
    constraints: CookConstraints,
    *,
    servings: float | None = None,
    units: Units = "metric",
    skill: Skill | None = None,
) -> AdaptedRecipe | Refusal:
    raise NotImplementedError
