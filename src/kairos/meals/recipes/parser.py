"""Ingredient-line parser (work in progress: see the branch history)."""

from __future__ import annotations

from kairos.meals.recipes.models import ParsedIngredient

__all__ = ["parse_ingredient"]


def parse_ingredient(line: str) -> ParsedIngredient:
    return ParsedIngredient(original=line, item=line.strip())
