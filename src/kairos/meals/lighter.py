"""A "healthier X" that is not shown lighter says so, and says how to make it lighter.

When the cook asks for a healthier or lighter version and a suggestion is not shown healthier
than the usual version of the dish (`healthier.compare_with_usual`, the project's own rule),
the suggestion says it is not, and offers the lighter cooking method the rules know for how it
is cooked: a recipe whose steps deep-fry can be oven-fried (or air-fried, in the cook's air
fryer) with its coating as written, a tablespoon or two of oil instead of a pan of it. Without
such a swap it names the suggestion that is shown lighter, when one is offered beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.meals.context import Context
from kairos.meals.recipes.foods import food_groups
from kairos.meals.recipes.models import AdaptedRecipe, Recipe, Units
from kairos.meals.schemas import HealthierBy

__all__ = ["lighter_method", "lighter_note", "not_lighter", "with_lighter_method"]

_OVEN: Final = {"metric": "220 °C", "imperial": "425 °F"}
_AIR_FRYER: Final = {"metric": "200 °C", "imperial": "400 °F"}
_SAID_UNKNOWN: Final = frozenset({"unknown", "only_version"})
"""Verdicts whose claim already says the recipe was not compared."""
_POULTRY_DONE: Final = {"metric": "74 °C", "imperial": "165 °F"}


def _done(recipe: Recipe, units: Units) -> str:
    groups = {g for line in recipe.ingredients if line.food for g in food_groups(line.food)}
    if "poultry" in groups:
        return f"until golden and {_POULTRY_DONE[units]} inside"
    if groups & {"fish_names", "shellfish_names"}:
        return "until golden and the fish flakes"
    return "until golden and cooked through"


def lighter_method(recipe: Recipe, units: Units, equipment: Sequence[str] | None) -> str | None:
    """How to cook `recipe` lighter, in a sentence, when its steps deep-fry and the cook has an
    oven or an air fryer (equipment None: not stated, an oven assumed); else None."""
    if "deep-fry" not in recipe.methods:
        return None
    done = _done(recipe, units)
    if equipment is not None and "air fryer" in equipment:
        return (
            "air-fry instead of deep-frying: coat the pieces as written, spray them lightly "
            f"with oil and air-fry at {_AIR_FRYER[units]} for 12–20 min, turning once, {done}"
        )
    if equipment is None or "oven" in equipment:
        return (
            "oven-fry instead of deep-frying: coat the pieces as written, set them on a rack "
            "over a baking tray, brush or spray them with 1–2 tbsp oil and bake at "
            f"{_OVEN[units]} for 20–25 min, turning once, {done}; no pan of frying oil"
        )
    return None


def lighter_note(
    recipe: Recipe,
    dish: str,
    units: Units,
    equipment: Sequence[str] | None,
    lighter_titles: Sequence[str],
) -> str:
    """What a suggestion not shown healthier says to a cook who asked for a healthier one."""
    said = f"Not shown lighter than the usual {dish} on any measure Kairos can check"
    method = lighter_method(recipe, units, equipment)
    if method:
        return f"{said}; to make it lighter, {method}."
    if lighter_titles:
        return f"{said}; the lighter one offered here: {lighter_titles[0]}."
    return f"{said}."


def with_lighter_method(
    recipe: Recipe, adapted: AdaptedRecipe, equipment: Sequence[str] | None
) -> AdaptedRecipe:
    """The recipe with the lighter method said first among its warnings, when there is one."""
    method = lighter_method(recipe, adapted.units, equipment)
    if method is None:
        return adapted
    tip = f"Lighter: {method[0].upper()}{method[1:]}."
    return adapted.model_copy(update={"warnings": (tip, *adapted.warnings)})


def not_lighter(
    recipe: Recipe,
    adapted: AdaptedRecipe,
    healthier: HealthierBy | None,
    context: Context,
    dish: str,
    lighter: Sequence[str],
) -> str:
    """For a cook who asked for a healthier version, a suggestion's words when it is not shown
    lighter (with a space before them), else nothing."""
    if not context.request.lighter or context.request.open_meal:
        return ""  # a vague ask names no dish to be lighter than
    if healthier and healthier.verdict == "healthier":
        return ""
    equipment = context.constraints.equipment
    unsaid = healthier is None or healthier.verdict not in _SAID_UNKNOWN
    if not (unsaid or lighter or lighter_method(recipe, adapted.units, equipment)):
        return ""  # "not compared" is said already, and there is nothing lighter to offer
    return " " + lighter_note(recipe, dish, adapted.units, equipment, lighter)
