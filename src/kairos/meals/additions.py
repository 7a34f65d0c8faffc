"""A dish asked with a food ("a greek salad with chicken"): when the chosen recipe does not hold
the food, it is added as a marked addition — an ingredient line scaled to the servings and a
step saying how to cook and add it, with a warning that the source does not have it — or, when
the food would break an allergy, a diet or a dislike of anyone the meal is for, it is not added
and the answer says why. The final list is checked again after the addition (`gate`).

Amounts per serving (`ADDED_FOODS`) are kitchen portions for a main-dish serving, as bought:
meat, poultry and fish about 120 g raw (the NHS Eatwell Guide's "palm-sized" portion and USDA
MyPlate's 3–4 oz cooked), peeled prawns and firm tofu 100 g, cooked pulses and vegetables 80 g
(the NHS "5 A Day" portion), one egg, half an avocado. They are the usual sizes a cook adds, not
nutrition figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kairos.meals.context import Context
from kairos.meals.dish_search import Candidate
from kairos.meals.gate import final_check
from kairos.meals.schemas import Suggestion
from kairos.pipeline.safety import AllergyCheck
from kairos.recipes import AdaptedRecipe, CookConstraints, remaining_hazards
from kairos.recipes.foods import canonical_food, food_table
from kairos.recipes.models import AdaptedIngredient, AdaptedStep
from kairos.recipes.pantry import pantry_forms
from kairos.recipes.reasons import hazard_reason

__all__ = [
    "ADDED_FOODS",
    "AddedFood",
    "added_to",
    "addition_note",
    "asked_additions",
    "holding_first",
    "with_additions",
]


@dataclass(frozen=True)
class AddedFood:
    item: str
    """The line's item, as a cook buys it."""
    per_serving: float
    unit: str | None
    """"g", or None for a count (eggs)."""
    cook: str
    """How to get it ready, the step's first half (the dish's own finish follows)."""


ADDED_FOODS: Final = {
    "chicken": AddedFood("boneless chicken breast", 120, "g", "season the chicken breast with salt "
                         "and pepper and pan-fry it in a little oil over medium-high heat, 6–7 "
                         "minutes a side, until cooked through (74 °C inside); rest it 5 minutes "
                         "and slice it"),
    "salmon": AddedFood("salmon fillet", 120, "g", "season the salmon and pan-fry it skin side "
                        "down in a little oil, 4 minutes, then 2–3 minutes on the other side, "
                        "until it flakes; break it into large flakes"),
    "shrimp": AddedFood("peeled raw prawns", 100, "g", "cook the prawns in a little oil over high "
                        "heat, 1–2 minutes a side, until pink and opaque"),
    "tuna": AddedFood("canned tuna, drained", 80, "g", "drain the tuna and break it into flakes"),
    "steak": AddedFood("beef steak (sirloin or rump)", 120, "g", "season the steak and sear it in "
                       "a hot pan, 3–4 minutes a side for medium; rest it 5 minutes and slice "
                       "it thinly"),
    "tofu": AddedFood("firm tofu, pressed and cubed", 100, "g", "fry the tofu cubes in a little "
                      "oil over medium-high heat, 8–10 minutes, turning, until golden"),
    "chickpea": AddedFood("cooked chickpeas, drained", 80, "g", "rinse and drain the chickpeas"),
    "egg": AddedFood("egg", 1, None, "boil the eggs 9–10 minutes, cool them in cold water, peel "
                     "and quarter them"),
    "bacon": AddedFood("bacon", 30, "g", "fry the bacon until crisp, drain it on paper and "
                       "crumble it"),
    "avocado": AddedFood("avocado", 0.5, None, "halve, stone, peel and slice the avocado"),
    "spinach": AddedFood("baby spinach", 30, "g", "wash and dry the spinach"),
    "broccoli": AddedFood("broccoli florets", 80, "g", "boil or steam the broccoli 3–4 minutes, "
                          "until just tender, and drain it"),
    "mushroom": AddedFood("mushrooms, sliced", 60, "g", "fry the mushrooms in a little oil over "
                          "high heat, 5–6 minutes, until browned"),
}  # fmt: skip
_SAME_FOOD: Final = {"prawn": "shrimp", "chicken breast": "chicken", "chicken thigh": "chicken",
                     "beef steak": "steak", "sirloin": "steak", "egg white": "egg",
                     "boiled egg": "egg", "baby spinach": "spinach"}  # fmt: skip
_WITH = re.compile(r"\bwith\b(?P<rest>.+)$", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,|\band\b|&|\bplus\b)\s*", re.IGNORECASE)
_NOT_WANTED = re.compile(r"^\s*(?:no|not|nothing|less|little|hold\s+the)\b", re.IGNORECASE)


def asked_additions(meal_name: str | None, meal_head: str | None = None) -> list[str]:
    """The foods asked with the dish: after "with", or after the dish's head
    (`MealInput.meal_head`: "greek salad" of "greek salad chicken and avocado"), in order. A
    food of `ADDED_FOODS` by its key ("prawns": "shrimp"); any other known food in the cook's
    words ("quinoa", "olives"), which is not added but said to be missing. Words naming no
    food ("an overnight marinade", "the kids") and foods not wanted ("no mushrooms") are not
    read."""
    name = meal_name or ""
    found = _WITH.search(name)
    if found is not None:
        rest = found["rest"]
    elif meal_head and name.lower().startswith(meal_head.lower()):
        rest = name[len(meal_head) :]
    else:
        return []
    foods = [_asked_food(piece) for piece in _SPLIT.split(rest) if not _NOT_WANTED.match(piece)]
    return list(dict.fromkeys(f for f in foods if f))


def _asked_food(piece: str) -> str | None:
    """The food a piece of the request names: its `ADDED_FOODS` key, or the known food's
    words as the cook wrote them, or None when it names no known food."""
    if not piece.strip():
        return None
    key = _key(piece)
    if key in ADDED_FOODS:
        return key
    named = [m.group() for m in food_table().pattern.finditer(piece.lower())]
    return max(named, key=len) if named else None


def _key(text: str) -> str:
    food = canonical_food(text)
    return _SAME_FOOD.get(food, food)


_ONLY_FLAVOURED: Final = r"(?:s)?[\s-]+(?:stock|broth|bouillon|flavou?red|seasoning|base|extract)\b"


def _holds(lines: Sequence[str], food: str) -> bool:
    """Whether a line of the recipe is the food or made of it ("peanut butter" holds the
    peanut of "with peanut sauce"); a stock or a flavouring named after it is not the food
    ("chicken broth" is no chicken, "chicken-flavored ramen" neither)."""
    forms = pantry_forms(food) | {food}
    if any(canonical_food(line) in forms or _key(line) == food for line in lines):
        return True
    named = re.compile(rf"\b{re.escape(food)}(?:s|es)?\b(?!{_ONLY_FLAVOURED})", re.IGNORECASE)
    return any(named.search(line) for line in lines)


def holding_first(candidates: Sequence[Candidate], foods: Sequence[str]) -> list[Candidate]:
    """The dish's recipes that already hold every asked food, when any does ("greek salad
    with chicken": a greek salad with its own chicken), in place of those that would need it
    added; the recipes not named after the dish are kept."""
    candidates = list(candidates)
    if not foods:
        return candidates
    holding = [
        c for c in candidates
        if c[2] and all(_holds([line.original or line.item for line in c[0].ingredients], f)
                        for f in foods)
    ]  # fmt: skip
    if not holding:
        return candidates
    return [c for c in candidates if not c[2] or c in holding]


def _refusal(food: str, constraints: CookConstraints) -> str | None:
    """Why `food` may not be added for these constraints, or None."""
    items = [ADDED_FOODS[food].item, food] if food in ADDED_FOODS else [food]
    found = remaining_hazards(items, constraints)
    if not found:
        return None
    reasons = sorted(
        {hazard_reason(h, dict(constraints.allergens), constraints.owners) for h in found}
    )
    return f"{food} {_was(food)} not added: it goes against {', '.join(reasons)}"


def _not_added(food: str) -> str:
    """What the recipe says of a food asked with the dish that Kairos has no addition for."""
    return (
        f"{food.capitalize()}, asked with the dish, {_is(food)} not in this recipe and "
        f"{_was(food)} not added."
    )


def _plural(food: str) -> bool:
    """ "olives", "peanuts": said with "are"; "quinoa", "couscous", "hummus" with "is"."""
    return food.endswith("s") and not food.endswith(("ss", "us"))


def _is(food: str) -> str:
    return "are" if _plural(food) else "is"


def _was(food: str) -> str:
    return "were" if _plural(food) else "was"


def _amount(added: AddedFood, servings: float | None, units: str) -> tuple[float, str]:
    """The line's quantity and its text, for `servings` (one serving when unknown)."""
    total = added.per_serving * (servings or 1)
    if added.unit is None:
        count = max(0.5, round(total * 2) / 2)
        return count, f"{count:g} {added.item}" + ("s" if count > 1 and added.item == "egg" else "")
    if units == "metric":
        grams = max(10, round(total / 10) * 10)
        return grams, f"{grams:g} g {added.item}"
    ounces = max(0.5, round(total / 28.35 * 2) / 2)
    return ounces, f"{ounces:g} oz {added.item}"


def with_additions(
    adapted: AdaptedRecipe, foods: Sequence[str], constraints: CookConstraints, dish: str
) -> tuple[AdaptedRecipe, list[str]]:
    """`adapted` with each asked food it lacks added as a marked line and step, and what was
    said: added (and how much) or not added and why."""
    lines = [line.display for line in adapted.ingredients if not line.omitted]
    said: list[str] = []
    ingredients, steps, warnings = list(adapted.ingredients), list(adapted.steps), []
    finish = "arrange it over the salad just before serving" if "salad" in dish.lower() else (
        "add it to the dish just before serving")  # fmt: skip
    for food in foods:
        if _holds(lines, food):
            continue
        refused = _refusal(food, constraints)
        if refused is not None:
            said.append(refused[0].upper() + refused[1:] + ".")
            warnings.append(refused[0].upper() + refused[1:] + ".")
            continue
        if food not in ADDED_FOODS:  # no kitchen portion nor way to cook it: said, not added
            said.append(_not_added(food))
            warnings.append(_not_added(food))
            continue
        added = ADDED_FOODS[food]
        quantity, amount = _amount(added, adapted.servings, adapted.units)
        each = "" if adapted.servings else " (one serving: the source states no servings)"
        display = f"{amount}{each} — added: not in the source recipe"
        ingredients.append(AdaptedIngredient(
            position=max((i.position for i in ingredients), default=0) + 1, original="",
            display=display, quantity=quantity, unit=added.unit, item=added.item,
        ))  # fmt: skip
        step = f"Added (not in the source): {added.cook}; {finish}."
        steps.append(AdaptedStep(number=len(steps) + 1, text=step[0].upper() + step[1:],
                                 original="", changed=True))  # fmt: skip
        note = (f"{food.capitalize()} is an addition not in the source recipe: {amount}"
                f"{each}, cooked and added as the last step says.")  # fmt: skip
        warnings.append(note)
        said.append(note)
    if not said:
        return adapted, []
    update: dict[str, object] = {"ingredients": tuple(ingredients), "steps": tuple(steps),
              "warnings": (*warnings, *adapted.warnings)}  # fmt: skip
    if len(ingredients) != len(adapted.ingredients):
        update["nutrition"] = None  # the source's figures no longer describe the dish
    return adapted.model_copy(update=update), said


def added_to(
    adapted: AdaptedRecipe, allergy: AllergyCheck, context: Context
) -> tuple[AdaptedRecipe, AllergyCheck, str]:
    """The chosen recipe with the foods asked with the dish added (`with_additions`), its
    final list checked again for everyone it is cooked for, and what to tell the cook. An
    addition the check refuses is not made, and the cook is told."""
    foods = context.request.added
    if not foods:
        return adapted, allergy, ""
    added, said = with_additions(
        adapted, foods, context.constraints, context.request.meal_name or ""
    )
    if added is adapted:
        return adapted, allergy, ""
    check = final_check(added, context.constraints, context.people)
    if isinstance(check, str):
        note = f"{', '.join(foods).capitalize()} not added: {check}"
        return adapted.model_copy(update={"warnings": (note, *adapted.warnings)}), allergy, note
    return added, check, " ".join(said)


def addition_note(
    suggestions: Sequence[Suggestion], candidates: Sequence[Candidate], context: Context
) -> tuple[list[Suggestion], str]:
    """Each suggestion lacking a food asked with the dish says it will be added when chosen
    (or why it will not be); and the sentence the answer's message ends with."""
    foods, constraints = context.request.added, context.constraints
    recipes = [candidate[0] for candidate in candidates]
    by_id = {recipe.id: recipe for recipe in recipes}
    noted, said = [], []
    for suggestion in suggestions:
        recipe = by_id.get(suggestion.source_recipe_ids[0])
        if recipe is None:
            noted.append(suggestion)
            continue
        lines = [line.original or line.item for line in recipe.ingredients]
        notes = []
        for food in foods:
            if _holds(lines, food):
                continue
            refused = _refusal(food, constraints)
            if refused:
                notes.append(refused[0].upper() + refused[1:] + ".")
                said.append(notes[-1])
            elif food not in ADDED_FOODS:
                them = "them" if _plural(food) else "it"
                notes.append(f"No {food} in this recipe, and Kairos does not add {them}.")
                said.append(
                    f"{food.capitalize()} {_is(food)} not added to a recipe without {them}."
                )
            else:
                portion = _amount(ADDED_FOODS[food], 1, "metric")[1]
                notes.append(
                    f"No {food} in this recipe: it is added when you choose it, "
                    f"marked as an addition (about {portion} a serving)."
                )
                said.append(f"{food.capitalize()} is added to the recipe you choose if it has "
                            "none, marked as an addition not in the source.")  # fmt: skip
        if notes:
            suggestion = suggestion.model_copy(
                update={"rationale": f"{suggestion.rationale} {' '.join(notes)}".strip()}
            )
        noted.append(suggestion)
    return noted, "".join(f" {s}" for s in dict.fromkeys(said))
