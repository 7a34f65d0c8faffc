"""Suggestions grounded in real recipes (seed 001, suggestion agent; deterministic).

- A meal: the real recipes of the same dish (`dish_search.dish_candidates`, the ranking of
  `similar_dishes`), those shown healthier than the dish's other recipes first, then by the
  health score, adapted until 3 with distinct titles are safe; each is compared with the
  dish's other recipes (`healthier.compare_with_usual`: nutrients per serving where the sources
  state them, deep-frying read from the steps) and says "healthier" only when it is, naming the
  measure; otherwise what it is ("about as healthy", "less healthy", "mixed") or that its
  nutrition is unknown.
- Ingredients: recipes ranked by how many pantry items they use
  (`RecipeRepository.from_pantry`; the most main items first, then the fewest foods to buy,
  `pantry_rank`), up to 5, each saying
  "uses 2 of your 4 items (chicken, rice; not lime, broccoli); also needs: soy sauce".

Learned preferences move a recipe within its rank (never above one that uses more of the
pantry): `like:<tag>` facts add `PREFERENCE_POINTS` per strength unit, `avoid:<tag>` facts take
them away. Every suggestion passes `gate.final_check` before it is offered, and carries the
allergy check it returns (for the cook and each household member it is cooked for).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.meals.asked_ways import (
    QUICK_MINUTES,
    asked_key,
    method_conflict,
    quick_note,
    time_first,
    time_said,
)
from kairos.meals.close_dishes import close_to, near_in_kind, shared_text
from kairos.meals.context import Context
from kairos.meals.defining import dish_note
from kairos.meals.dish_identity import identity_rank, other_kind
from kairos.meals.dish_search import Candidate
from kairos.meals.equipment import equipment_fit, equipment_notes
from kairos.meals.gate import final_check
from kairos.meals.healthier import compare_with_usual, nutrition_text
from kairos.meals.lighter import not_lighter
from kairos.meals.nearest import dish_foods, nearest_key, nearest_reason
from kairos.meals.pantry_words import pantry_use
from kairos.meals.schemas import Suggestion
from kairos.pipeline.safety import AllergyCheck
from kairos.recipes import adapt_recipe
from kairos.recipes.amounts import amounts_first, without_amounts
from kairos.recipes.appliances import special_appliances
from kairos.recipes.completeness import incomplete
from kairos.recipes.course import is_meal
from kairos.recipes.models import (
    AdaptedRecipe,
    PantryMatch,
    PantryMatches,
    Recipe,
    Refusal,
)
from kairos.recipes.pantry import pantry_order
from kairos.recipes.step_amounts import scales_to
from kairos.recipes.timing import split_time, time_text, within_time

__all__ = [
    "MEAL_SUGGESTIONS",
    "PANTRY_SUGGESTIONS",
    "close_to",
    "meal_suggestions",
    "near_in_kind",
    "pantry_suggestions",
]

MEAL_SUGGESTIONS: Final = 3
POOL: Final = 10
"""The dish's recipes considered per request: the offered are the best of these."""
NEAREST_DISH: Final = 0.35
SIMILAR_DISH: Final = 0.55
"""A recipe whose title does not name the dish joins the pool only this close in meaning
(cosine): "Breakfast grilled cheese" (0.54) is not a version of mac and cheese."""
PANTRY_SUGGESTIONS: Final = 5
PREFERENCE_POINTS: Final = 3.0
TITLE_POINTS: Final = 20.0
"""A recipe named after the dish beats a merely similar one unless it is far less healthy."""
EQUIPMENT_POINTS: Final = 15.0
"""The equipment the message named ("air fryer") is used by the recipe."""
KNOWN_SERVINGS_POINTS: Final = 3.0
ASKED_SERVINGS_POINTS: Final = 15.0
"""A recipe whose source states how many it serves can be scaled to the cook's number; when
the cook asked for one ("for 4"), such a recipe comes before one whose amounts cannot be."""
HEALTHIER_POINTS: Final = 20.0
"""A recipe shown healthier than the dish's other recipes on a stated measure (its source's
nutrition or its steps, `healthier.compare_with_usual`) comes before one that is not; one shown
less healthy goes after."""
_EQUIPMENT_METHOD: Final = {"air fryer": "air-fry", "slow cooker": "slow-cook", "grill": "grill",
                            "steamer": "steam", "pressure cooker": "pressure-cook",
                            "microwave": "microwave", "oven": "bake"}  # fmt: skip


def tags_of(recipe: Recipe, adapted: AdaptedRecipe) -> list[str]:
    """The meal's pattern tags (what learning strengthens): cuisine, methods, diets, quick,
    high-protein, difficulty."""
    tags = [*adapted.methods, *adapted.diets]
    if adapted.cuisine:
        tags.append(adapted.cuisine.lower())
    if adapted.total_minutes and adapted.total_minutes <= QUICK_MINUTES:
        tags.append("quick")
    if recipe.nutrition and (recipe.nutrition.protein_g or 0) >= 25:
        tags.append("high-protein")
    tags.append(adapted.difficulty)
    return list(dict.fromkeys(t.replace("_", "-") for t in tags))


def preference_points(tags: Sequence[str], facts: Sequence[tuple[str, float]]) -> float:
    strengths = dict(facts)
    points = 0.0
    for tag in tags:
        points += PREFERENCE_POINTS * strengths.get(f"like:{tag}", 0.0)
        points -= PREFERENCE_POINTS * abs(strengths.get(f"avoid:{tag}", 0.0))
    return points


def _summary(adapted: AdaptedRecipe) -> str:
    parts = []
    if adapted.methods:
        parts.append(", ".join(m.replace("-", " ") for m in adapted.methods[:2]))
    if adapted.total_minutes:
        parts.append(time_text(adapted.total_minutes, False, [s.text for s in adapted.steps]) or "")
    parts.append(f"{adapted.difficulty}")
    if not adapted.servings:
        asked = [w.split("not scaled for ")[1] for w in adapted.warnings if "not scaled for" in w]
        unscaled = f", not scaled for {asked[0].rstrip('.')}" if asked else ""
        parts.append(f"servings not stated by the source{unscaled}")
    elif adapted.source_servings is None:  # read from the steps or the amounts
        parts.append(f"serves about {adapted.servings:g} (an estimate: the source states none)")
    else:
        parts.append(f"serves {adapted.servings:g}")
    needs = special_appliances(adapted.equipment, (adapted.title, *(s.text for s in adapted.steps)))
    parts += [f"needs {'an' if n[0] in 'aeiou' else 'a'} {n}" for n in needs]
    text = f"{adapted.title} — " + ", ".join(parts)
    if adapted.substitutions:
        text += "; adapted: " + "; ".join(
            f"{s.new_item} instead of {s.original_item}" for s in adapted.substitutions[:2]
        )
    return text + "."


def credit(recipe: Recipe) -> str | None:
    """ "Wikibooks Cookbook, CC BY-SA 4.0 (…), https://…": the source and its licence, for a
    recipe whose source states a licence (attribution is what the licence asks)."""
    if not recipe.licence:
        return None
    return ", ".join(p for p in (recipe.host or recipe.source, recipe.licence, recipe.url) if p)


def _substitutions(adapted: AdaptedRecipe) -> list[str]:
    return [s.reason for s in adapted.substitutions]  # "oat milk instead of milk — dairy allergy"


def _liked_text(tags: Sequence[str], facts: Sequence[tuple[str, float]]) -> str:
    liked = [t for t in tags if dict(facts).get(f"like:{t}", 0) > 0]
    return f" You liked {', '.join(liked[:3])} meals before." if liked else ""


def recipe_tags(recipe: Recipe) -> list[str]:
    """Pattern tags of a recipe before adaptation (for ranking by learned preferences)."""
    tags = [*recipe.methods, *recipe.diets, *([recipe.cuisine.lower()] if recipe.cuisine else [])]
    if recipe.total_minutes and recipe.total_minutes <= QUICK_MINUTES:
        tags.append("quick")
    return [t.replace("_", "-") for t in tags]


def _rank_key(
    candidate: Candidate, context: Context, baseline: Sequence[Recipe], dish: str
) -> tuple[bool, float, int, int]:
    """A recipe lacking most of what defines the dish after the others (`dish_identity`), then
    by health, title, learned preferences and equipment; at equal points the one lacking the
    fewest of the dish's defining ingredients."""
    recipe, _, titled = candidate
    wanted = [_EQUIPMENT_METHOD.get(e) for e in context.request.equipment_with]
    source = adapt_as_published(recipe)
    verdict = compare_with_usual(recipe, source, baseline, dish).verdict
    points = (
        recipe.health.score
        + TITLE_POINTS * titled
        + HEALTHIER_POINTS * ((verdict == "healthier") - (verdict == "less_healthy"))
        + preference_points(recipe_tags(recipe), context.facts)
        + EQUIPMENT_POINTS * sum(1 for m in wanted if m and m in recipe.methods)
        + (ASKED_SERVINGS_POINTS if context.servings else KNOWN_SERVINGS_POINTS)
        * (recipe.servings is not None)
    )
    _, lacks_most, missing = identity_rank(
        recipe.title, (line.item for line in recipe.ingredients), dish
    )
    return lacks_most, -points, missing, recipe.id


def _total(minutes: int | None, steps: Sequence[str]) -> int | None:
    """From start to table, the waiting its time text names included."""
    split = split_time(minutes, steps)
    return split.total if split else None


def adapt_as_published(recipe: Recipe) -> AdaptedRecipe:
    """The recipe as its source publishes it (nutrition and methods as stated), for ranking
    before the adaptation runs."""
    return AdaptedRecipe(
        recipe_id=recipe.id, title=recipe.title, servings=recipe.servings,
        source_servings=recipe.servings, units="metric", ingredients=(), steps=(),
        nutrition=recipe.nutrition, health=recipe.health, methods=recipe.methods,
        source=recipe.source,
    )  # fmt: skip


def meal_suggestions(
    candidates: Sequence[Candidate],
    context: Context,
    dish: str,
    *,
    nearest: bool = False,
    ranked: bool = False,
) -> tuple[list[Suggestion], list[str]]:
    """Up to 3 suggestions, and why any real recipe was not offered.

    The pool is the dish's recipes (titles naming it) topped up with others close in meaning
    (`SIMILAR_DISH`) to `POOL` recipes, offered after every recipe of the dish; the baseline is
    the pool's titled recipes (all of it if fewer than 2). `nearest`: the catalogue has no
    recipe of the dish; the pool is the meals nearest in meaning (down to `NEAREST_DISH`), those
    sharing the dish's words first, each said to be the nearest real dish (in the order given,
    when `ranked`). The pool is ordered by health, title, learned preferences and the equipment
    asked for, and adapted in that order until 3 distinct safe recipes are found; a recipe whose
    source gives no amounts is not offered once one with amounts is."""
    wanted = context.request.equipment_with  # "in my slow cooker": its recipes first
    asked = asked_key(context.request.cues, context.request.quick)
    count = context.servings

    def scaled(recipe: Recipe) -> bool:
        return count is None or scales_to(
            recipe.servings, recipe.steps, count, recipe.ingredients, recipe.title
        )

    # a title naming the dish through another method ("Stir-Fried Chicken" for fried chicken)
    candidates = [(r, s, t and not method_conflict(r.title, dish)) for r, s, t in candidates]
    titled = sorted(  # the dish's own kind first: not its sauce, nor an oatmeal of its name
        (c for c in candidates if c[2]),
        key=lambda c: (other_kind(c[0].title, dish), -equipment_fit(c[0], wanted), *asked(c[0])),
    )
    similar = [
        c
        for c in candidates
        if not c[2] and c[1] >= SIMILAR_DISH and close_to(c[0], dish, context.constraints)
    ]
    foods = dish_foods(dish) if nearest and not ranked else set()
    if nearest:  # no recipe of the dish: the nearest meals by what it is made of, said to be so
        similar = [c for c in candidates if c[1] >= NEAREST_DISH and is_meal(c[0])]
        if not ranked:
            similar.sort(
                key=lambda c: (not near_in_kind(c[0], dish, unknown=False),
                               *nearest_key(c[0], c[1], dish, foods))
            )  # fmt: skip
    quick_first = time_first(context.request.quick, dish)  # "quick with ground beef": by time
    pool = sorted(titled + similar, key=lambda c: quick_first(c[0]))[:POOL]
    baseline = [c[0] for c in pool if c[2]] if len(titled) >= 2 else [c[0] for c in pool]
    not_offered: list[str] = []
    chosen: list[tuple[Recipe, AdaptedRecipe, AllergyCheck]] = []
    seen: set[str] = set()
    if nearest:  # already in order: the dish's foods, its kind, its words, then meaning
        order = sorted(
            pool,
            key=lambda c: (without_amounts(c[0]), -equipment_fit(c[0], wanted), not scaled(c[0])),
        )
    else:  # the dish itself before any similar one, however healthy
        order = sorted(
            pool,
            key=lambda c: (
                quick_first(c[0]),
                not c[2],
                c[2] and other_kind(c[0].title, dish),  # "Pad Thai Sauce" is no pad thai
                without_amounts(c[0]) or incomplete(c[0]),  # one a cook can follow as written
                -equipment_fit(c[0], wanted),
                *asked(c[0]),  # the marinade, the slow cooker asked for; quick: by time
                not scaled(c[0]),  # "for 6": one its amounts can be made for 6 first
                *_rank_key(c, context, baseline, dish),
            ),
        )
    none_fits = dish if not any(equipment_fit(c[0], wanted) for c in pool) else None
    for candidate in order:
        recipe = candidate[0]
        key = " ".join(recipe.title.lower().split())
        bare = without_amounts(recipe) and any(not without_amounts(r) for r, *_ in chosen)
        if key in seen or bare:  # no amounts: offered only while none with them is
            continue
        if not within_time(recipe.total_minutes, recipe.steps, context.constraints.max_minutes):
            continue  # its waits (an overnight marinade) pass the cook's time limit
        adapted = adapt_recipe(recipe, context.constraints, servings=context.servings)
        if isinstance(adapted, Refusal):
            not_offered.append(adapted.reason)
            continue
        check = final_check(adapted, context.constraints, context.people)
        if isinstance(check, str):
            not_offered.append(check)
            continue
        seen.add(key)
        chosen.append((recipe, adapted, check))
        if len(chosen) == MEAL_SUGGESTIONS:
            break
    suggestions = []
    titled_ids = {c[0].id for c in titled}
    # a nearest dish is not a version of the dish: its recipes are no "usual version" of it
    compared = [None if nearest else compare_with_usual(r, a, baseline, dish) for r, a, _ in chosen]
    lighter = [a.title for (_, a, _), h in zip(chosen, compared, strict=True)
               if h and h.verdict == "healthier"]  # fmt: skip
    slow = quick_note(context.request.quick, dish, [r for r, *_ in chosen])
    for number, ((recipe, adapted, check), healthier) in enumerate(
        zip(chosen, compared, strict=True), start=1
    ):
        tags = tags_of(recipe, adapted)
        claim = (
            nutrition_text(recipe, adapted)
            if healthier is None
            else healthier.claim + (f" {healthier.title_note}" if healthier.title_note else "")
        )
        suggestions.append(
            Suggestion(
                suggestion_id=f"s{number}",
                title=adapted.title,
                summary=_summary(adapted),
                rationale=amounts_first(recipe)
                + slow
                + time_said(context.request.quick, recipe)
                + "".join(f"{note} " for note in equipment_notes(recipe, wanted, none_of=none_fits))
                + (
                    ""
                    if recipe.id in titled_ids
                    else f"Not {dish}: the nearest real dish Kairos has"
                    + (f" ({why})" if (why := nearest_reason(recipe, foods, dish)) else "")
                    + ". "
                    if nearest
                    else f"Not {dish}, but close to it{shared_text(recipe, dish)}. "
                )
                + claim
                + not_lighter(recipe, adapted, healthier, context, dish, lighter)
                + dish_note(
                    recipe,
                    adapted,
                    dish,
                    context.constraints,
                    recipe.id in titled_ids,
                    context.request.meal_name or dish,
                )
                + _liked_text(tags, context.facts),
                tags=tags,
                time=time_text(adapted.total_minutes, recipe.total_minutes_estimated, recipe.steps),
                time_minutes=_total(adapted.total_minutes, recipe.steps),
                difficulty=adapted.difficulty,
                source_recipe_ids=[recipe.id],
                close=recipe.id not in titled_ids and not nearest,
                health=recipe.health,
                nutrition_text=nutrition_text(recipe, adapted),
                healthier=healthier,
                credit=credit(recipe),
                substitutions=_substitutions(adapted),
                allergy=check,
            )
        )
    return suggestions, not_offered


def pantry_rank(match: PantryMatch) -> tuple[float, float, int, int, int, int, bool, float]:
    """`pantry_order` (the most of the cook's items as main ingredients first, their weight,
    the fewest proteins, main ingredients and foods still to buy), then the most items used, a
    recipe with amounts before one whose source gives none, then how much of the dish they make."""
    mains, weight_, proteins, to_buy, missing, weight = pantry_order(
        match.main, match.missing, match.score, match.missing_main
    )
    used, amounts = -len(match.used), without_amounts(match.recipe)
    return mains, weight_, proteins, to_buy, missing, used, amounts, weight


def pantry_suggestions(
    found: PantryMatches, context: Context, pantry: Sequence[str]
) -> tuple[list[Suggestion], list[str]]:
    not_offered = [r.reason for r in found.refused]
    safe: list[tuple[int, PantryMatch]] = []
    checks: dict[int, AllergyCheck] = {}
    for index, match in enumerate(found.matches):
        check = final_check(match.adapted, context.constraints, context.people)
        if isinstance(check, str):
            not_offered.append(check)
        else:
            safe.append((index, match))
            checks[index] = check
    safe.sort(
        key=lambda im: (
            *pantry_rank(im[1]),
            -preference_points(tags_of(im[1].recipe, im[1].adapted), context.facts),
            im[0],
        )
    )
    suggestions = []
    for number, (index, match) in enumerate(safe[:PANTRY_SUGGESTIONS], start=1):
        tags = tags_of(match.recipe, match.adapted)
        use = pantry_use(match, pantry)
        health = match.recipe.health
        nutrition = nutrition_text(match.recipe, match.adapted)
        suggestions.append(
            Suggestion(
                suggestion_id=f"s{number}",
                title=match.adapted.title,
                summary=_summary(match.adapted),
                rationale=f"{amounts_first(match.recipe)}It {use.text}. {nutrition}"
                + _liked_text(tags, context.facts),
                tags=tags,
                time=time_text(
                    match.adapted.total_minutes,
                    match.recipe.total_minutes_estimated,
                    match.recipe.steps,
                ),
                time_minutes=_total(match.adapted.total_minutes, match.recipe.steps),
                difficulty=match.adapted.difficulty,
                source_recipe_ids=[match.recipe.id],
                health=health,
                nutrition_text=nutrition,
                pantry=use,
                credit=credit(match.recipe),
                substitutions=_substitutions(match.adapted),
                allergy=checks[index],
            )
        )
    return suggestions, not_offered
