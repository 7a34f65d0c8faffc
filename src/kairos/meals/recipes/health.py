"""Nutrition per serving as the source states it, and a documented health score.

Two methods, named in `HealthScore.method`:

- `nutrients-v1` (the source gives calories and at least two of saturated fat, sugar, sodium):
  modelled on the UK FSA / Ofcom nutrient profiling model, applied per serving because the
  sources give no serving weight. Start at 70; subtract points for energy above 500 kcal (up to
  20 at 1,000), saturated fat above 5 g (up to 20 at 15 g), sugar above 10 g (up to 20 at 40 g)
  and sodium above 600 mg (up to 20 at 2,000 mg); add points for fibre above 3 g (up to 15 at
  8 g) and protein above 10 g (up to 15 at 30 g). Clipped to 0-100.
- `estimate-v1` (otherwise, `estimated=True`): start at 60; deep-frying -20, frying -8,
  air-frying +5, steaming / grilling / raw +8; +3 per vegetable, fruit or legume line (up to
  +18), +4 per whole grain (up to +8); -8 per processed meat line, -4 per refined sugar or cream
  / butter line (up to -16). Clipped to 0-100.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from kairos.meals.recipes.foods import food_groups
from kairos.meals.recipes.models import HealthScore, IngredientLine, Nutrition

__all__ = ["health_score", "parse_nutrition"]

_FIELDS: Final = {
    "calories": "calories_kcal", "proteinContent": "protein_g", "fatContent": "fat_g",
    "saturatedFatContent": "saturated_fat_g", "carbohydrateContent": "carbohydrate_g",
    "sugarContent": "sugar_g", "fiberContent": "fiber_g", "sodiumContent": "sodium_mg",
}  # fmt: skip
_NUMBER: Final = re.compile(r"(\d+(?:[.,]\d+)?)\s*(kcal|cal|kj|mg|g|µg|mcg)?", re.IGNORECASE)


def _amount(raw: Any, field: str) -> float | None:
    if isinstance(raw, int | float):
        return float(raw)
    if not isinstance(raw, str):
        return None
    match = _NUMBER.search(raw)
    if not match:
        return None
    value = float(match.group(1).replace(",", "."))
    unit = (match.group(2) or "").lower()
    if field == "calories_kcal" and unit == "kj":
        return value / 4.184
    if field == "sodium_mg" and unit == "g":
        return value * 1000
    if field != "sodium_mg" and unit == "mg":
        return value / 1000
    return value


def parse_nutrition(raw: Mapping[str, Any] | None) -> Nutrition | None:
    """Per-serving nutrition from schema.org-style strings ("143 kcal", "12 g")."""
    if not raw:
        return None
    values = {field: _amount(raw.get(key), field) for key, field in _FIELDS.items()}
    if all(v is None for v in values.values()):
        return None
    return Nutrition(**values)


def _ramp(value: float | None, start: float, end: float, points: float) -> float:
    if value is None or value <= start:
        return 0.0
    return points * min(1.0, (value - start) / (end - start))


def _from_nutrients(n: Nutrition) -> float:
    score = 70.0
    score -= _ramp(n.calories_kcal, 500, 1000, 20)
    score -= _ramp(n.saturated_fat_g, 5, 15, 20)
    score -= _ramp(n.sugar_g, 10, 40, 20)
    score -= _ramp(n.sodium_mg, 600, 2000, 20)
    score += _ramp(n.fiber_g, 3, 8, 15)
    score += _ramp(n.protein_g, 10, 30, 15)
    return score


def _estimate(methods: Sequence[str], lines: Sequence[IngredientLine]) -> float:
    score = 60.0
    if "deep-fry" in methods:
        score -= 20
    elif "fry" in methods:
        score -= 8
    if "air-fry" in methods:
        score += 5
    if {"steam", "grill", "raw"} & set(methods):
        score += 8
    produce = whole = bad = 0
    for line in lines:
        groups = food_groups(line.food or "")
        produce += bool(groups & {"vegetables", "fruit", "legumes"})
        whole += "whole_grains" in groups
        if "processed_meat" in groups:
            bad += 2
        elif "refined" in groups:
            bad += 1
    score += min(18, 3 * produce) + min(8, 4 * whole) - min(16, 4 * bad)
    return score


def health_score(
    nutrition: Nutrition | None, methods: Sequence[str], lines: Sequence[IngredientLine]
) -> HealthScore:
    if nutrition is not None and nutrition.calories_kcal is not None:
        known = sum(
            v is not None
            for v in (nutrition.saturated_fat_g, nutrition.sugar_g, nutrition.sodium_mg)
        )
        if known >= 2:
            score = max(0.0, min(100.0, _from_nutrients(nutrition)))
            return HealthScore(score=round(score, 1), method="nutrients-v1", estimated=False)
    score = max(0.0, min(100.0, _estimate(methods, lines)))
    return HealthScore(score=round(score, 1), method="estimate-v1", estimated=True)
