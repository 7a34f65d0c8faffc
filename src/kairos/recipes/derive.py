"""One source recipe (a row of `recipes.jsonl.gz`) → a `Recipe` with everything derived.

Pure: no database, no embeddings (the ingestion writer adds those). Every ingredient line is
kept (a line the parser cannot read becomes its own item) and read by the allergen core, so
nothing the source lists escapes the safety checks.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, Final

from kairos.recipes.health import health_score, parse_nutrition
from kairos.recipes.models import IngredientLine, Recipe
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.reading import read_line
from kairos.recipes.source_text import clean_ingredient_text, clean_step_text
from kairos.recipes.tags import (
    derive_diets,
    derive_difficulty,
    derive_equipment,
    derive_methods,
    estimate_minutes,
    guess_cuisine,
)

__all__ = ["content_hash", "derive_recipe", "embedding_text", "normalise_title", "parse_servings"]

_SERVINGS: Final = re.compile(r"(\d+(?:[.,]\d+)?)")
_LETTER: Final = re.compile(r"[^\W\d_]")


def parse_servings(yields: Any) -> float | None:
    """ "8 servings", "4", "Makes 12 cookies" → the first number; None when there is none."""
    if isinstance(yields, int | float):
        return float(yields) if yields > 0 else None
    if not isinstance(yields, str):
        return None
    match = _SERVINGS.search(yields)
    if not match:
        return None
    value = float(match.group(1).replace(",", "."))
    return value if 0 < value <= 200 else None


def normalise_title(title: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", title.lower()))


def _minutes(value: Any) -> int | None:
    if isinstance(value, int | float) and value > 0:
        return round(value)
    return None


def _steps(raw: Any) -> tuple[str, ...]:
    if isinstance(raw, str):
        raw = raw.split("\n")
    cleaned = (clean_step_text(" ".join(str(s).split())) for s in raw or ())
    return tuple(step for step in cleaned if step)


def _text(value: Any) -> str | None:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or None
    return str(value) if value else None


DERIVATION: Final = "rice-paper-tb-12"
"""Bumped when the derivation's rules change, so the next ingest writes every recipe again."""


@cache
def rules_version() -> str:
    """`DERIVATION` and the engine's food knowledge (`kairos/core/data`: the allergen words a
    line's `contains` / `may_contain` and diets are read with), so a stored recipe is derived
    again when that knowledge changes, not only when someone remembers to bump `DERIVATION`."""
    digest = hashlib.sha256(DERIVATION.encode())
    data = resources.files("kairos.core").joinpath("data")
    for item in sorted(data.iterdir(), key=lambda i: i.name):
        if item.is_file():
            digest.update(item.name.encode())
            digest.update(item.read_bytes())
    return digest.hexdigest()[:16]


def content_hash(row: Mapping[str, Any]) -> str:
    """What the derivation reads, and its rules' version, hashed: a re-ingest of an unchanged
    recipe under unchanged rules is a no-op."""
    keys = ("title", "ingredients", "instructions", "yields", "nutrients", "cuisine",
            "category", "total_time_min", "prep_time_min", "cook_time_min", "url",
            "license")  # fmt: skip
    values = {k: row.get(k) for k in keys} | {"derivation": rules_version()}
    payload = json.dumps(values, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


def derive_recipe(row: Mapping[str, Any], recipe_id: int = 0) -> Recipe:
    """Parse, read and tag one source recipe."""
    lines: list[IngredientLine] = []
    for raw in row.get("ingredients") or ():
        text = clean_ingredient_text(" ".join(str(raw).split()))
        if text and _LETTER.search(text):
            lines.append(read_line(parse_ingredient(text), len(lines)))
    steps = _steps(row.get("instructions"))
    methods = derive_methods(steps, lines)
    total = _minutes(row.get("total_time_min"))
    if total is None:
        parts = [_minutes(row.get("prep_time_min")), _minutes(row.get("cook_time_min"))]
        total = sum(p for p in parts if p) or None
    estimated = total is None
    if total is None:
        total = estimate_minutes(steps)
    nutrition = parse_nutrition(row.get("nutrients"))
    contains = {a: None for line in lines for a in line.contains}
    may = {a: None for line in lines for a in line.may_contain if a not in contains}
    return Recipe(
        id=recipe_id,
        source=str(row.get("source_dataset") or "recipes"),
        source_id=str(row["recipe_id"]),
        title=" ".join(html.unescape(str(row.get("title") or "Untitled recipe")).split()),
        language=row.get("language"),
        cuisine=guess_cuisine(
            *(_text(row.get(k)) for k in ("cuisine", "category", "keywords", "title"))
        ),
        category=_text(row.get("category")),
        url=row.get("url"),
        licence=row.get("license") or None,
        host=row.get("site_name") or row.get("host"),
        author=row.get("author"),
        description=row.get("description"),
        servings=parse_servings(row.get("yields")),
        total_minutes=total,
        total_minutes_estimated=estimated and total is not None,
        steps=steps,
        ingredients=tuple(lines),
        nutrition=nutrition,
        health=health_score(nutrition, methods, lines),
        diets=derive_diets(lines),
        methods=methods,
        equipment=derive_equipment(steps),
        difficulty=derive_difficulty(steps, len(lines), total),
        contains_allergens=tuple(contains),
        may_contain_allergens=tuple(may),
        foods=tuple(dict.fromkeys(line.food for line in lines if line.food)),
        rating=row.get("rating"),
    )


def embedding_text(recipe: Recipe) -> str:
    """What a recipe's embedding encodes: the dish (title), its cuisine and main foods."""
    parts = [recipe.title]
    if recipe.cuisine:
        parts.append(recipe.cuisine)
    parts.append(", ".join(recipe.foods[:8]))
    return ". ".join(p for p in parts if p)
