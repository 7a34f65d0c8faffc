"""The chosen suggestion as the full recipe (seed 001, recipe agent; deterministic).

The recipe is the real source adapted by `adapt_recipe` to this request: servings, the cook's
units, skill, and every substitution applied in the ingredients and the steps. It is adapted
again at selection time (not read back from the session) so a profile changed in between —
an allergy added for a household member — is respected; if it can no longer be made safe it
is not offered, and the answer says why. The recipe carries the allergy check of its final
ingredient list for the cook and every household member it is cooked for.
"""

from __future__ import annotations

import uuid

from kairos.errors import Conflict
from kairos.meals.context import Context
from kairos.meals.equipment import equipment_notes
from kairos.meals.gate import final_check
from kairos.meals.healthier import nutrition_text
from kairos.meals.schemas import MealRecipe
from kairos.meals.suggest import tags_of
from kairos.pipeline.safety import AllergyCheck
from kairos.recipes import AdaptedRecipe, Recipe, Refusal, adapt_recipe
from kairos.recipes.timing import split_time, time_text

__all__ = ["adapted_for", "meal_recipe"]


def adapted_for(recipe: Recipe, context: Context) -> tuple[AdaptedRecipe, AllergyCheck]:
    adapted = adapt_recipe(
        recipe,
        context.constraints,
        servings=context.servings,
        units=context.units,
        skill=context.constraints.skill,
    )
    if isinstance(adapted, Refusal):
        raise Conflict(
            f"{adapted.reason} The profile changed since this suggestion was made; ask the "
            "coach again (POST /meals/coach) for suggestions that fit it."
        )
    notes = equipment_notes(recipe, context.request.equipment_with)
    if notes:  # "in my slow cooker" answered with a stovetop stew: said, and how
        adapted = adapted.model_copy(update={"warnings": (*notes, *adapted.warnings)})
    check = final_check(adapted, context.constraints, context.people)
    if isinstance(check, str):
        raise Conflict(check + " Ask the coach again for other suggestions.")
    return adapted, check


def meal_recipe(
    recipe: Recipe,
    adapted: AdaptedRecipe,
    allergy: AllergyCheck,
    *,
    meal_id: uuid.UUID,
    suggestion_id: str,
) -> MealRecipe:
    split = split_time(adapted.total_minutes, recipe.steps)
    return MealRecipe(
        meal_id=meal_id,
        suggestion_id=suggestion_id,
        recipe_id=recipe.id,
        title=adapted.title,
        servings=adapted.servings,
        source_servings=adapted.source_servings,
        units=adapted.units,
        ingredients=list(adapted.ingredients),
        steps=list(adapted.steps),
        substitutions=list(adapted.substitutions),
        equipment=list(adapted.equipment),
        warnings=list(adapted.warnings),
        nutrition=adapted.nutrition,
        nutrition_text=nutrition_text(recipe, adapted),
        health=adapted.health,
        total_minutes=split.total if split else None,
        active_minutes=split.active if split else None,
        waiting_minutes=split.waiting if split else None,
        waiting_for=split.waiting_for if split else None,
        time_estimated=recipe.total_minutes_estimated and split is not None,
        time_text=time_text(adapted.total_minutes, recipe.total_minutes_estimated, recipe.steps),
        difficulty=adapted.difficulty,
        tags=tags_of(recipe, adapted),
        source=adapted.source,
        url=adapted.url,
        licence=adapted.licence,
        allergy=allergy,
    )
