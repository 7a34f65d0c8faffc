"""A vague ask ("something healthy for dinner", "dinner for the family tonight, something the
kids will like"): two or three balanced dinners from real recipes (a protein with vegetables,
a meal, not a dessert, a drink or a sauce), adapted to everyone it is cooked for like any
other suggestion, said as such, with at most one question; never a question alone.

Balanced is read from the ingredient lines: a protein family (meat, poultry, fish, shellfish,
legumes, eggs, tofu) and a vegetable that is more than an aromatic. Children, or anyone who
avoids spicy food, get no dish whose lines are hot (chillies, hot sauces: `adjust.is_hot`).
The dinners come from a few broad queries (one per protein), at most two of a protein, so the
three are not three chicken dishes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.meals.adjust import is_hot
from kairos.meals.context import Context
from kairos.meals.dish_search import Candidate
from kairos.meals.nearest import recipe_foods
from kairos.recipes import Recipe
from kairos.recipes.course import is_meal
from kairos.recipes.foods import canonical_food, food_groups

__all__ = ["OPEN_QUERIES", "balanced_dinners", "open_message"]

OPEN_QUERIES: Final = (
    "chicken with vegetables",
    "fish with vegetables",
    "beef with vegetables",
    "beans and vegetables",
    "pasta with vegetables",
)
"""Broad dinners, one per protein: the pool a vague ask is answered from."""
PER_PROTEIN: Final = 2
POOL: Final = 10
_AROMATICS: Final = frozenset(
    ("onion", "red onion", "green onion", "spring onion", "scallion", "shallot", "garlic",
     "leek", "celery", "pepper", "chile", "chili", "jalapeño", "jalapeno", "tomato paste",
     "tomato sauce", "olive")
)  # fmt: skip
_EGG_OR_TOFU: Final = re.compile(r"\b(?:eggs?|tofu|tempeh|paneer)\b", re.IGNORECASE)
_NO_HEAT: Final = re.compile(r"\b(?:spic(?:y|e)|hot|heat|chill?i(?:es|s)?)\b", re.IGNORECASE)


def _protein(recipe: Recipe) -> str | None:
    families = recipe_foods(recipe)
    for family in ("fish", "shellfish", "poultry", "meat", "legumes"):
        if family in families:
            return family
    if any(_EGG_OR_TOFU.search(line.item) for line in recipe.ingredients):
        return "eggs or tofu"
    return None


def _has_vegetable(recipe: Recipe) -> bool:
    for line in recipe.ingredients:
        food = line.food or canonical_food(line.item)
        if "vegetables" in food_groups(food) and food not in _AROMATICS:
            return True
    return False


def no_heat_for(context: Context) -> bool:
    """Children asked for, or someone it is cooked for avoids spicy food."""
    return context.request.for_children or any(
        _NO_HEAT.search(d) for d in context.constraints.dislikes
    )


def balanced_dinners(found: Sequence[Candidate], context: Context) -> list[Candidate]:
    """The pool of balanced dinners, best first, at most `PER_PROTEIN` of a protein; each
    marked as a recipe of what was asked (a dinner), so the suggestions rank them by health."""
    mild = no_heat_for(context)
    pool: list[Candidate] = []
    per: dict[str, int] = {}
    seen: set[int] = set()
    for recipe, score, _ in sorted(found, key=lambda c: (-c[1], c[0].id)):
        if recipe.id in seen or not is_meal(recipe) or not _has_vegetable(recipe):
            continue
        protein = _protein(recipe)
        if protein is None or per.get(protein, 0) >= PER_PROTEIN:
            continue
        if mild and any(is_hot(line.original) for line in recipe.ingredients):
            continue
        seen.add(recipe.id)
        per[protein] = per.get(protein, 0) + 1
        pool.append((recipe, score, True))
        if len(pool) == POOL:
            break
    return pool


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _needs(context: Context) -> list[str]:
    """ "Leo's eggs allergy (anaphylactic)", "Zoe avoids spicy food": who needs what."""
    c = context.constraints
    owners = dict(c.owners)
    needs = []
    for key in [*(f"allergen:{a}" for a in c.allergens), *(f"diet:{d}" for d in c.diets),
                *(f"dislike:{d}" for d in c.dislikes)]:  # fmt: skip
        kind, name = key.split(":", 1)
        names = list(owners.get(key, ("you",)))
        if kind == "dislike":
            verb = "avoid" if names == ["you"] or len(names) > 1 else "avoids"
            needs.append(f"{_names(names)} {verb} {name}")
            continue
        whose = _names(["your" if n == "you" else f"{n}'s" for n in names])
        level = c.allergens.get(name)
        grave = f" ({level})" if level == "anaphylactic" else ""
        what = (f"{name.replace('_', '-')} diet" if kind == "diet"
                else f"{name} intolerance" if level == "intolerance"
                else f"{name} allergy{grave}")  # fmt: skip
        needs.append(f"{whose} {what}")
    return needs


def open_message(titles: Sequence[str], context: Context, meal: str) -> str:
    """ "Three dinners that suit you, Leo and Zoe (…): A, B and C. …?" """
    count = {1: "One", 2: "Two", 3: "Three"}.get(len(titles), str(len(titles)))
    who = [name for name, _ in context.people]
    suit = _names(who) if len(who) > 1 else "you"
    needs = _needs(context)
    if context.request.for_children:
        needs.append("nothing hot for the children")
    kept = f" (kept: {'; '.join(needs)})" if needs else ""
    plural = "s" if len(titles) != 1 else ""
    return (
        f"{count} balanced {meal}{plural} (a protein with vegetables) that suit {suit}{kept}: "
        f"{_names(list(titles))}. Or tell me what you have in, or a dish you fancy, and I will "
        "find it."
    )
