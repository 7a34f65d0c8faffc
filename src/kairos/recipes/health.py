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

`HealthScore.basis` lists each rule that moved the score with the recipe's own value. The
estimate only orders a dish's recipes: it is not nutrition, the coach never prints it as a
number and never calls a recipe healthier by it (`meals/healthier.py` compares stated nutrients
and the steps' cooking methods only).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from kairos.recipes.foods import food_groups
from kairos.recipes.models import HealthScore, IngredientLine, Nutrition

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


_NUTRIENT_RULES: Final = (
    # field, label, unit, start, end, points (negative: taken away)
    ("calories_kcal", "energy", "kcal", 500, 1000, -20),
    ("saturated_fat_g", "saturated fat", "g", 5, 15, -20),
    ("sugar_g", "sugar", "g", 10, 40, -20),
    ("sodium_mg", "sodium", "mg", 600, 2000, -20),
    ("fiber_g", "fibre", "g", 3, 8, 15),
    ("protein_g", "protein", "g", 10, 30, 15),
)


def _from_nutrients(n: Nutrition) -> tuple[float, list[str]]:
    score, basis = 70.0, ["70 to start"]
    for field, label, unit, start, end, points in _NUTRIENT_RULES:
        value = getattr(n, field)
        change = _ramp(value, start, end, abs(points)) * (1 if points > 0 else -1)
        if change:
            basis.append(f"{label} {value:.0f} {unit} per serving ({change:+.0f})")
        score += change
    return score, basis


def _estimate(methods: Sequence[str], lines: Sequence[IngredientLine]) -> tuple[float, list[str]]:
    score, basis = 60.0, ["60 to start"]
    if "deep-fry" in methods:
        score -= 20
        basis.append("the steps deep-fry (-20)")
    elif "fry" in methods:
        score -= 8
        basis.append("the steps fry (-8)")
    if "air-fry" in methods:
        score += 5
        basis.append("the steps air-fry (+5)")
    light = [m for m in ("steam", "grill", "raw") if m in methods]
    if light:
        score += 8
        basis.append(f"the steps {_VERB[light[0]]} (+8)")
    produce = whole = processed = refined = 0
    for line in lines:
        groups = food_groups(line.food or "")
        produce += bool(groups & {"vegetables", "fruit", "legumes"})
        whole += "whole_grains" in groups
        if "processed_meat" in groups:
            processed += 1
        elif "refined" in groups:
            refined += 1
    if produce:
        score += min(18, 3 * produce)
        basis.append(f"{_lines(produce)} of vegetables, fruit or legumes (+{min(18, 3 * produce)})")
    if whole:
        score += min(8, 4 * whole)
        basis.append(f"{_lines(whole)} of whole grains (+{min(8, 4 * whole)})")
    if processed or refined:
        bad = min(16, 4 * (2 * processed + refined))
        score -= bad
        named = [f"{_lines(processed)} of processed meat"] if processed else []
        named += [f"{_lines(refined)} of refined sugar, cream or butter"] if refined else []
        basis.append(f"{' and '.join(named)} (-{bad})")
    return score, basis


def _lines(count: int) -> str:
    return f"{count} line{'s' if count != 1 else ''}"


_VERB: Final = {"steam": "steam", "grill": "grill", "raw": "heat nothing (raw)"}


def health_score(
    nutrition: Nutrition | None, methods: Sequence[str], lines: Sequence[IngredientLine]
) -> HealthScore:
    """The score and its basis: each rule that moved it, with the recipe's own value."""
    if nutrition is not None and nutrition.calories_kcal is not None:
        known = sum(
            v is not None
            for v in (nutrition.saturated_fat_g, nutrition.sugar_g, nutrition.sodium_mg)
        )
        if known >= 2:
            score, basis = _from_nutrients(nutrition)
            return HealthScore(
                score=round(max(0.0, min(100.0, score)), 1), method="nutrients-v1",
                estimated=False, basis=tuple(basis),
            )  # fmt: skip
    score, basis = _estimate(methods, lines)
    return HealthScore(
        score=round(max(0.0, min(100.0, score)), 1), method="estimate-v1", estimated=True,
        basis=tuple(basis),
    )  # fmt: skip
