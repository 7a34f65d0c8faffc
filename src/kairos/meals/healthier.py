"""Is a suggestion healthier than the usual version of its dish? Said only when it is, on a
measure named beside it, from the recipe's own data (issue 34: nothing certified that was not
checked).

The usual version is the dish's other recipes in the request's pool (the titled ones, as
`suggest.meal_suggestions` picks them), never the suggestion itself. Measures:

- **Nutrients per serving as the sources state them**: calories, saturated fat, sugar (the
  sources give total sugar, not added sugar), sodium (less is better) and fibre (more is
  better). A measure is compared only when this recipe states it and at least `MIN_USUAL` other
  recipes of the dish do; the usual value is their median. A recipe whose ingredients were
  substituted has no stated nutrition any more (the source's figures were for the original
  ingredients): unknown, never the source's number.
- **Deep-frying, read from the steps** (`recipes/tags.derive_methods`, never the title): a
  recipe whose steps neither deep-fry nor fry is better on it when at least half (and at least
  `MIN_USUAL`) of the usual versions' steps deep-fry; a recipe whose steps deep-fry is worse on
  it when fewer than half of them do. The method is compared only when deep-frying is in play.

Better or worse means a difference of at least `RELATIVE` of the usual value and at least the
measure's `minimum` (50 kcal, 1 g saturated fat, 2 g sugar, 100 mg sodium, 1 g fibre);
anything closer is "about the same". The verdict: `healthier` when better on at least one
measure and worse on none; `mixed` when better on one and worse on another; `less_healthy`
when worse and better on none; `similar` when every compared measure is about the same;
`unknown` when nothing could be compared (and the sentence says why); `only_version` when the
dish has no other recipe. Only `healthier` is ever worded "healthier". The estimated health
score (`estimate-v1`) orders recipes but is never a measure here: it is not nutrition.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kairos.meals.schemas import HealthierBy, MeasureComparison, Suggestion
from kairos.meals.variants import usual_of
from kairos.recipes.models import AdaptedRecipe, Nutrition, Recipe

__all__ = [
    "MIN_USUAL",
    "NUTRIENTS",
    "RELATIVE",
    "compare_with_usual",
    "meal_message",
    "nutrition_text",
    "title_method_note",
]

RELATIVE: Final = 0.10
MIN_USUAL: Final = 2
RULE: Final = (
    "Said to be better for health only when better than the usual version (the median of the "
    "dish's other recipes that state the measure) by at least 10% and a set amount on a stated "
    "measure, and worse on none."
)


@dataclass(frozen=True)
class Nutrient:
    field: str
    label: str
    unit: str
    good: int  # -1: less is better; 1: more is better
    minimum: float
    more: str
    less: str


NUTRIENTS: Final = (
    Nutrient("calories_kcal", "calories", "kcal", -1, 50.0, "more calories", "fewer calories"),
    Nutrient("saturated_fat_g", "saturated fat", "g", -1, 1.0, "more saturated fat",
             "less saturated fat"),
    Nutrient("sugar_g", "sugar", "g", -1, 2.0, "more sugar", "less sugar"),
    Nutrient("sodium_mg", "sodium", "mg", -1, 100.0, "more sodium", "less sodium"),
    Nutrient("fiber_g", "fibre", "g", 1, 1.0, "more fibre", "less fibre"),
)  # fmt: skip
_DONE: Final = {
    "air-fry": "air-fry", "steam": "steam", "grill": "grill", "bake": "bake", "roast": "roast",
    "boil": "simmer or boil", "raw": "cook nothing", "slow-cook": "slow-cook",
    "pressure-cook": "pressure-cook", "microwave": "microwave",
}  # fmt: skip
_FRYING: Final = ("deep-fry", "fry")


def _usual_nutrient(baseline: Sequence[Recipe], n: Nutrient) -> list[float]:
    return [v for r in baseline if r.nutrition and (v := getattr(r.nutrition, n.field)) is not None]


def _nutrient(
    n: Nutrient, mine: Nutrition | None, baseline: Sequence[Recipe], unknown_why: str
) -> MeasureComparison:
    usual_values = _usual_nutrient(baseline, n)
    value = getattr(mine, n.field) if mine is not None else None
    base = {"measure": n.label, "unit": f"{n.unit} per serving", "usual_recipes": len(usual_values)}
    if value is None:
        why = unknown_why if mine is None else "the source does not state it"
        return MeasureComparison(**base, result="unknown", text=f"{n.label}: unknown ({why})")
    if len(usual_values) < MIN_USUAL:
        return MeasureComparison(
            **base, this=round(value, 1), result="unknown",
            text=f"{n.label}: {value:.0f} {n.unit} per serving; the usual version's is unknown "
            f"({len(usual_values)} other recipe{'s' if len(usual_values) != 1 else ''} of the "
            "dish state it)",
        )  # fmt: skip
    usual = statistics.median(usual_values)
    gain = (value - usual) * n.good
    margin = max(RELATIVE * usual, n.minimum)
    result = "better" if gain >= margin else "worse" if -gain >= margin else "similar"
    word = {
        "better": n.less if n.good < 0 else n.more,
        "worse": n.more if n.good < 0 else n.less,
        "similar": f"about the same {n.label}",
    }
    text = (
        f"{word[result]}: {value:.0f} {n.unit} vs {usual:.0f} {n.unit} per serving (the median "
        f"of {len(usual_values)} other recipes)"
    )  # fmt: skip
    return MeasureComparison(
        **base, this=round(value, 1), usual=round(usual, 1), result=result, text=text
    )


def _method(adapted: AdaptedRecipe, baseline: Sequence[Recipe]) -> MeasureComparison | None:
    deep = sum("deep-fry" in r.methods for r in baseline)
    mine_deep = "deep-fry" in adapted.methods
    if not baseline or (deep == 0 and not mine_deep):
        return None
    most = deep * 2 >= len(baseline)
    share = f"{deep} of {len(baseline)} other recipes"
    base = {"measure": "cooking method", "usual_recipes": len(baseline)}
    named = [m for m in adapted.methods if m in _DONE]
    if mine_deep:
        result = "similar" if most else "worse"
        text = (
            f"deep-fried, like {share}" if most else f"deep-fried, where only {share} deep-fry"
        )  # fmt: skip
        return MeasureComparison(**base, result=result, text=text)
    if not most or len(baseline) < MIN_USUAL:
        return MeasureComparison(**base, result="similar", text=f"not deep-fried, like most of "
                                 f"the usual versions ({share} deep-fry)")  # fmt: skip
    if any(m in adapted.methods for m in _FRYING) or not named:
        how = "fried in a pan" if "fry" in adapted.methods else "cooked as its steps do not name"
        return MeasureComparison(
            **base, result="unknown", text=f"{how}, where {share} deep-fry: not compared"
        )
    steps = " and ".join(_DONE[m] for m in named[:2])
    return MeasureComparison(
        **base, result="better", text=f"not fried (its steps {steps}), where {share} deep-fry"
    )


def compare_with_usual(
    recipe: Recipe, adapted: AdaptedRecipe, usual: Sequence[Recipe], dish: str
) -> HealthierBy:
    """This recipe (as adapted for the cook) against the dish's other recipes."""
    others = [r for r in usual if r.id != recipe.id]
    compared_with = (
        f"the median of the {len(others)} other recipe{'s' if len(others) != 1 else ''} of "
        f"{dish} Kairos found"
    )
    note = title_method_note(recipe)
    if not others:
        return HealthierBy(
            verdict="only_version", claim=f"The only recipe of {dish} Kairos has: nothing to "
            "compare it with.", compared_with=compared_with, baseline_recipes=0, rule=RULE,
            title_note=note,
        )  # fmt: skip
    if adapted.nutrition is None and recipe.nutrition is not None:
        why = "the source's figures were for the ingredients before the substitutions"
    else:
        why = "the source states no nutrition for this recipe"
    measures = [_nutrient(n, adapted.nutrition, others, why) for n in NUTRIENTS]
    method = _method(adapted, others)
    if method is not None:
        measures.append(method)
    verdict, claim = _verdict(measures, dish, why if adapted.nutrition is None else None)
    return HealthierBy(
        verdict=verdict, claim=claim, compared_with=compared_with, baseline_recipes=len(others),
        measures=measures, rule=RULE, title_note=note,
    )  # fmt: skip


def _verdict(
    measures: Sequence[MeasureComparison], dish: str, no_nutrition: str | None
) -> tuple[str, str]:
    better = [m for m in measures if m.result == "better"]
    worse = [m for m in measures if m.result == "worse"]
    similar = [m for m in measures if m.result == "similar"]
    usual = usual_of(dish)
    if better and not worse:
        return "healthier", (
            f"Healthier than {usual} on {_names(better)}: {'; '.join(m.text for m in better)}."
        )
    if better and worse:
        return "mixed", (
            f"Better on {_names(better)} but worse on {_names(worse)} than {usual}: "
            + "; ".join(m.text for m in [*better, *worse]) + "."
        )  # fmt: skip
    if worse:
        return "less_healthy", (
            f"Less healthy than {usual} on {_names(worse)}: {'; '.join(m.text for m in worse)}."
        )
    if any(m.measure != "cooking method" for m in similar):
        return "similar", (
            f"About as healthy as {usual} on {_names(similar)}: "
            + "; ".join(m.text for m in similar) + "."
        )  # fmt: skip
    why = no_nutrition or "too few other recipes of the dish state their nutrition"
    method = "".join(f" Cooking method: {m.text}." for m in similar)
    return "unknown", f"Nutrition unknown: {why}, so it is not compared with {usual}.{method}"


def _names(measures: Sequence[MeasureComparison]) -> str:
    names = list(dict.fromkeys(m.measure for m in measures))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_TITLE_METHODS: Final = {
    "bake": re.compile(r"\b(?:oven[\s-]?)?baked?\b", re.IGNORECASE),
    "air-fry": re.compile(r"\bair[\s-]?fr(?:ied|yer|y)\b", re.IGNORECASE),
    "grill": re.compile(r"\bgrill(?:ed)?\b", re.IGNORECASE),
    "steam": re.compile(r"\bsteamed\b", re.IGNORECASE),
    "roast": re.compile(r"\broast(?:ed)?\b", re.IGNORECASE),
}


def title_method_note(recipe: Recipe) -> str | None:
    """ "Titled 'baked', but its steps deep-fry it." when the title names a method the steps
    do not use: the tags and every comparison follow the steps."""
    for method, pattern in _TITLE_METHODS.items():
        word = pattern.search(recipe.title)
        if word is None or method in recipe.methods:
            continue
        if method == "bake" and "roast" in recipe.methods:
            continue
        said = word.group().lower()
        if "deep-fry" in recipe.methods:
            return f"Titled '{said}', but its steps deep-fry it."
        if not recipe.steps:
            return f"Titled '{said}', but it has no steps saying how it is cooked."
        return f"Titled '{said}', but its steps do not say so."
    return None


def nutrition_text(recipe: Recipe, adapted: AdaptedRecipe) -> str:
    """What is known of its nutrition, in a sentence (no number the source did not state)."""
    if adapted.nutrition is not None and not recipe.health.estimated:
        return (
            f"Health score {recipe.health.score:.0f}/100 from the source's nutrition per serving."
        )
    if recipe.nutrition is not None and adapted.nutrition is None:
        return "Nutrition unknown: the source's figures were for the ingredients before the " \
            "substitutions."  # fmt: skip
    if adapted.nutrition is not None:
        return "Nutrition as the source states it, per serving (too little for a health score)."
    return "Nutrition unknown: the source states none."


def meal_message(suggestions: Sequence[Suggestion], dish: str) -> str:
    """The answer's first sentence: "healthier" only for as many as are; a close dish (its
    title does not name the dish) is not counted as a version of it."""
    n = len(suggestions)
    healthier = sum(1 for s in suggestions if s.healthier and s.healthier.verdict == "healthier")
    close = sum(1 for s in suggestions if s.close)
    closes = f"{close} close dish{'es' if close != 1 else ''}"
    if close == n:
        head = f"{closes} to {dish} (not {dish} itself)"
    elif close:
        head = f"{n - close} version{'s' if n - close != 1 else ''} of {dish} and {closes}"
    elif healthier == n:
        return f"{n} healthier version{'s' if n != 1 else ''} of {dish}, from real recipes " \
            "adapted to you; the measure is under each."  # fmt: skip
    else:
        head = f"{n} version{'s' if n != 1 else ''} of {dish}"
    text = f"{head} from real recipes adapted to you"
    if healthier == n:
        return text + "; all healthier than the usual version (the measure is under each)."
    if healthier:
        return text + f"; {healthier} of them healthier than the usual version (the measure is " \
            "under each)."  # fmt: skip
    return text + "; none beats the usual version on a measure Kairos can check (see each)."
