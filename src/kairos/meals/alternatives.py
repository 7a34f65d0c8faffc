"""A dish the cook cannot have, answered with dishes they can: when every real recipe of the
dish is refused for an allergy ("shrimp scampi" with an anaphylactic shellfish allergy), the
coach offers the nearest safe dishes of the same family ("scampi" without the shrimp, the pasta
it is) or of the same main ingredient, each said to be another dish, never a refusal alone.
Also the pool and message helpers the dish answer shares."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence

from kairos.core.allergens import asked_allergens
from kairos.core.allergy_warnings import display_name
from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.meals.context import Context
from kairos.meals.dish_knowledge import dish_family, family_words, known_dish
from kairos.meals.dish_search import Candidate
from kairos.meals.schemas import Suggestion
from kairos.meals.stand_ins import said_as_stand_ins, stand_in_key, stand_in_queries
from kairos.meals.suggest import NEAREST_DISH, meal_suggestions
from kairos.recipes import Recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.pantry import main_item

__all__ = ["family_query", "left_out_note", "made_of", "merged", "safe_alternatives"]

Search = Callable[[str, Context], Awaitable[list[Candidate]]]


_FILLER = re.compile(r"^(?:and|with|or|of|in|the|a)\s+|\s+(?:and|with|or|of|in|the|a)$")


def family_query(text: str, constraints: CookConstraints) -> str | None:
    """A dish's name without the words that name a kept-out allergen: "garlic pasta" of
    "Garlic Shrimp Scampi Pasta", "noodles" of "peanut noodles"; None when nothing is left or
    nothing was taken off."""
    lowered = " ".join(text.lower().split())
    rest = lowered
    for word in asked_allergens(lowered, constraints.allergens):
        rest = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", rest)
    rest = " ".join(rest.split())
    while (trimmed := _FILLER.sub("", rest)) != rest:
        rest = trimmed
    rest = re.sub(r"\b(?:and|with|or)\s+(?=(?:and|with|or)\b)", "", rest)
    return rest if len(rest) >= 3 and rest != lowered else None


def made_of(recipe: Recipe, constraints: CookConstraints) -> list[str]:
    """What a refused recipe is made of, without what is kept out: pork, onion and cheese of a
    quiche Lorraine for an egg allergy (its shell and batter are the egg's), up to 4."""
    foods = [
        food
        for food in dict.fromkeys(recipe.foods)
        if main_item(food) and not asked_allergens(food, constraints.allergens)
    ]
    return foods[:4]


def _named_after(recipe: Recipe, constraints: CookConstraints) -> bool:
    """The title names a kept-out allergen the recipe holds (or may hold, or a custom one the
    recipe's reading does not name): "Shrimp Pasta", not an egg-free "Chickpea Omelette"."""
    named = asked_allergens(recipe.title.lower(), constraints.allergens)
    held = {*recipe.contains_allergens, *recipe.may_contain_allergens}
    allergens = {a for found in named.values() for a in found}
    return bool(named) and bool(held & allergens or allergens - set(CANONICAL_ALLERGENS))


async def safe_alternatives(
    dish: str, candidates: Sequence[Candidate], context: Context, search: Search
) -> list[Suggestion]:
    """Up to 3 safe dishes nearest to `dish`, none a recipe of it (they were all refused): the
    recipes of the refused recipes' family (their names without the allergen's words, "garlic
    pasta" for "Garlic Shrimp Scampi Pasta"), nearest first, then of what the dish is made of
    (`dish_knowledge`), then of what the refused recipes are made of without the allergen
    (`made_of`: a quiche Lorraine's pork and onion), the nearest to those foods and to the dish
    in meaning together first, then whatever is nearest the dish in meaning; a dish of the same
    family (`dish_family`: an omelette for a quiche, a rice dish for a jollof) before any other,
    searched by its family's words too; when the dish's main food is the allergen (shrimp of
    a scampi), stand-ins first (`stand_ins`: the same family with another protein and the dish's
    other flavours, searched for and said to be stand-ins); each is adapted and checked as any
    suggestion is, and said to be another dish. Never nothing while a safe meal is near
    enough."""
    refused = [c[0] for c in candidates if c[2]]
    family = [family_query(r.title, context.constraints) for r in refused[:3]]
    family.append(family_query(dish, context.constraints))
    known = known_dish(dish)
    if known is not None:
        family.append(known.query)
    kinds = dish_family(dish) or frozenset(k for r in refused[:1] for k in dish_family(r.title))
    family += [word for kind in sorted(kinds) for word in family_words(kind)]
    made = [made_of(r, context.constraints) for r in refused[:2]]
    like_dish = await search(dish, context)
    near = {recipe.id: score for recipe, score, _ in like_dish}
    refused_ids = {r.id for r in refused}
    pool: list[Candidate] = []
    seen: set[int] = set()

    def add(found: Sequence[Candidate], key: Callable[[Candidate], float]) -> None:
        for recipe, score, _ in sorted(found, key=key):
            if recipe.id in refused_ids or recipe.id in seen or score < NEAREST_DISH:
                continue
            if _named_after(recipe, context.constraints):
                continue  # named after the allergen it holds: refused as the dish was
            seen.add(recipe.id)
            pool.append((recipe, score, False))

    stand_ins = stand_in_queries(dish, context.constraints)  # the dish's main is kept out
    for query in dict.fromkeys(q for q in (*stand_ins, *family) if q):
        add(await search(query, context), lambda c: -c[1])
    found_by_foods: list[Candidate] = []
    for query in dict.fromkeys(" ".join(m) for m in made if m):
        found_by_foods += await search(query, context)
    add(found_by_foods, lambda c: -(c[1] + near.get(c[0].id, 0.0)))  # and near the dish
    add(like_dish, lambda c: -c[1])
    pool.sort(key=lambda c: not kinds & dish_family(c[0].title))  # the same family first
    if stand_ins:  # in it, a protein the cook may eat with the dish's other flavours first
        pool.sort(key=lambda c: (not kinds & dish_family(c[0].title),
                                 *stand_in_key(c[0], dish, context.constraints)))  # fmt: skip
    suggestions, _ = meal_suggestions(pool, context, dish, nearest=True, ranked=True)
    return said_as_stand_ins(suggestions, [c[0] for c in pool], dish, context.constraints)


def left_out_note(meal_name: str | None, constraints: CookConstraints) -> str:
    """ " Without shrimp: shellfish is kept out for you." when the dish asked for is named by a
    kept-out allergen (`core/allergens.asked_allergens`, as the chat and the planner read it):
    every suggestion leaves it out, and the person is told why."""
    asked = asked_allergens((meal_name or "").lower(), constraints.allergens)
    if not asked:
        return ""
    allergens = list(dict.fromkeys(display_name(a) for named in asked.values() for a in named))
    verb = "is" if len(allergens) == 1 else "are"
    return f" Without {' or '.join(asked)}: {' and '.join(allergens)} {verb} kept out for you."


def merged(found: list[Candidate], more: list[Candidate]) -> list[Candidate]:
    """`found` and `more` as one pool, each recipe at its nearer score; `more` names no recipe
    of the dish."""
    scores = {recipe.id: score for recipe, score, _ in more}
    pool = [(r, max(score, scores.pop(r.id, score)), titled) for r, score, titled in found]
    return pool + [(r, score, False) for r, score, _ in more if r.id in scores]
