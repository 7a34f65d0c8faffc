"""A "healthier X" that is not shown lighter says so, and says how to make it lighter.

When the cook asks for a healthier or lighter version and a suggestion is not shown healthier
than the usual version of the dish (`healthier.compare_with_usual`, the project's own rule),
the suggestion says it is not, and offers the lighter cooking method the rules know for how it
is cooked: a recipe whose steps deep-fry can be oven-fried (or air-fried, in the cook's air
fryer) with its coating as written, a tablespoon or two of oil instead of a pan of it. Without
such a swap it names the suggestion that is shown lighter, when one is offered beside it.

A deep-fried recipe chosen for such a request is rewritten to the lighter method, not only
told it (`with_lighter_method`): its deep-frying sentences give way to one oven- or air-frying
sentence where the frying ended (`method_swap`), every other sentence stays, the pan of frying
oil in the list (said so, or the cup or more of plain oil) is the 1-2 tbsp the new way uses, and
the warning says the steps were rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.meals.context import Context
from kairos.meals.method_swap import swap_frying
from kairos.meals.schemas import HealthierBy
from kairos.recipes.foods import food_groups
from kairos.recipes.models import AdaptedIngredient, AdaptedRecipe, AdaptedStep, Recipe, Units

__all__ = [
    "lighter_method",
    "lighter_note",
    "lighter_steps",
    "not_lighter",
    "with_lighter_method",
]

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


def lighter_steps(steps: Sequence[AdaptedStep], method: str) -> tuple[AdaptedStep, ...] | None:
    """`steps` cooked by `method` (`method_swap.swap_frying`): only the deep-frying sentences
    give way to it; the coating, the sauce and the garnish stay. None when none deep-fries."""
    fried = "air-fried" if method.startswith("air-fry") else "oven-fried"
    return swap_frying(steps, method, fried)


_FRYING_OIL: Final = re.compile(
    r"\bfrying oil\b|\boil\b,?[^,;]{0,20}\b(?:for|to) (?:deep[\s-]?)?fry(?:ing)?\b"
    r"|\b(?:used|reserved) (?:frying )?oil\b",
    re.IGNORECASE,
)
"""A line or step word for the pan of oil a deep-frying uses (or keeps for a gravy)."""
_OR_BUTTER: Final = re.compile(r"\bor (?:melted )?butter\b", re.IGNORECASE)
_KEPT_OIL: Final = re.compile(
    r"\b(?:the )?(?:used|reserved) (?:frying )?oil,? or (?:melted )?butter\b", re.IGNORECASE
)


_PLAIN_OIL: Final = re.compile(
    r"^(?!.*\b(?:sesame|chil[ei]|chilli|truffle|walnut|flavou?red|infused)\b).*\boil\b",
    re.IGNORECASE,
)
_ML: Final = {"milliliter": 1.0, "liter": 1000.0, "cup": 240.0, "fluid_ounce": 30.0,
              "pint": 473.0, "quart": 946.0, "tablespoon": 15.0}  # fmt: skip
"""Millilitres in a canonical unit (`recipes.units`)."""
_PAN_OF_OIL_ML: Final = 120.0
"""Half a cup of plain oil or more in a deep-fried recipe is its frying oil, not a dressing."""
_OIL_WORD: Final = re.compile(r"\boil\b", re.IGNORECASE)


def _pan_of_oil(line: AdaptedIngredient) -> bool:
    if _FRYING_OIL.search(line.original):
        return True
    if not _PLAIN_OIL.search(line.item) or line.quantity is None or line.unit is None:
        return False
    return line.quantity * _ML.get(line.unit, 0.0) >= _PAN_OF_OIL_ML


def _oven_lines(
    lines: Sequence[AdaptedIngredient], steps: Sequence[AdaptedStep], method: str
) -> tuple[AdaptedIngredient, ...]:
    """The ingredient lines once the frying is baked: the pan of frying oil is the 1-2 tbsp
    brushed on (and a spoonful more when a kept step still uses oil, a stir-fry in the wok);
    oil kept from the frying for a gravy is the butter the line offers instead."""
    other = any(_OIL_WORD.search(s.text.replace(method, "")) for s in steps)
    brushed = "1–2 tbsp oil, to brush or spray" + (
        ", and 1–2 tbsp for the steps that use oil" if other else ""
    )
    kept = []
    for line in lines:
        if not _pan_of_oil(line) or line.omitted:
            kept.append(line)
            continue
        used = re.search(r"\b(?:used|reserved)\b", line.original, re.IGNORECASE)
        if used and _OR_BUTTER.search(line.display):
            display = _KEPT_OIL.sub("butter", line.display)
            kept.append(line.model_copy(update={"display": display, "item": "butter"}))
        elif not used:
            kept.append(
                line.model_copy(
                    update={
                        "display": brushed,
                        "item": "oil",
                        "quantity": None,
                        "unit": None,
                    }
                )
            )
        else:
            kept.append(line)
    return tuple(kept)


def _oven_step(step: AdaptedStep) -> AdaptedStep:
    """A later step using the oil kept from the frying (a gravy) uses the butter instead."""
    if not re.search(r"\b(?:used|reserved) (?:frying )?oil\b", step.text, re.IGNORECASE):
        return step
    text = re.sub(
        r"\b(?:the )?(?:used|reserved) (?:frying )?oil\b",
        "the butter",
        step.text,
        flags=re.IGNORECASE,
    )
    text = re.sub(r"\s*If using butter,[^.]*\.", "", text)  # the butter it now is
    return step.model_copy(update={"text": text, "changed": True})


def with_lighter_method(
    recipe: Recipe, adapted: AdaptedRecipe, equipment: Sequence[str] | None
) -> AdaptedRecipe:
    """The recipe cooked the lighter way, when there is one: the deep-frying steps rewritten
    to it and the method said first among its warnings."""
    method = lighter_method(recipe, adapted.units, equipment)
    if method is None:
        return adapted
    tip = f"Lighter: {method[0].upper()}{method[1:]}."
    steps = lighter_steps(adapted.steps, method)
    if steps is None:
        return adapted.model_copy(update={"warnings": (tip, *adapted.warnings)})
    way = "air-fry" if method.startswith("air-fry") else "bake"
    methods = tuple(dict.fromkeys(way if m == "deep-fry" else m for m in adapted.methods))
    baked = tuple(_oven_step(s) for s in steps)
    tip += " The steps below are rewritten to cook it this way instead of deep-frying."
    return adapted.model_copy(
        update={"warnings": (tip, *adapted.warnings), "methods": methods,
                "steps": baked, "ingredients": _oven_lines(adapted.ingredients, baked, method[1:])}
    )  # fmt: skip


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
        # "not compared" is said already; that nothing lighter is known is said too, so a
        # recipe as written is never handed over as the healthier version asked for
        return " Kairos found no change to make it lighter than it is."
    return " " + lighter_note(recipe, dish, adapted.units, equipment, lighter)
