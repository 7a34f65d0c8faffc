"""`kairos meals healthier-audit`: how many of the coach's dish suggestions say "healthier",
and how many of those beat the usual version of the dish on a measure, read by a checker that
uses none of the coach's comparison (issue 34).

For each of `DISHES` (common dishes, written before any answer was read) the candidates are
the recipes of the given files whose titles hold every word of the dish (a stand-in for the
store's embedding search, the same for every version of the code), in file order; the coach's
`meal_suggestions` picks and words up to 3 for a cook with no constraints. The checker reads
the raw source rows itself: a suggestion beats the usual version when its source states a
nutrient per serving (calories, saturated fat, sugar, sodium: lower; fibre: higher) at least
10% better than the median of the other pool recipes that state it (at least 2), or when its
steps do not deep-fry where at least half of the others' steps do (its own regular expression).
It also counts suggestions that print a health number (" /100", "kcal", "g", "mg") when their
source states no nutrition. It runs on any version of the coach (it reads only the
suggestions' text and source ids), so a before and an after are measured alike.
"""

from __future__ import annotations

import re
import statistics
import uuid
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.ingest.recipes import read_recipe_rows
from kairos.meals.context import Context
from kairos.meals.suggest import meal_suggestions
from kairos.meals.understanding import read_message
from kairos.profiles.schemas import UserPublic
from kairos.recipes import CookConstraints
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import Recipe

__all__ = ["DISHES", "audit_healthier", "audit_method_tags", "load_catalogue"]

DISHES: Final = (
    "lasagna", "spaghetti bolognese", "mac and cheese", "fried chicken", "chicken curry", "chili",
    "beef stew", "pancakes", "waffles", "french toast", "omelette", "fried rice", "stir fry",
    "pad thai", "meatballs", "meatloaf", "burger", "pizza", "tacos", "enchiladas", "burritos",
    "quesadilla", "chicken soup", "tomato soup", "minestrone", "potato salad", "coleslaw",
    "caesar salad", "greek salad", "risotto", "paella", "carbonara", "pesto pasta",
    "shepherd's pie", "pot pie", "fish and chips", "fish cakes", "salmon", "tuna salad",
    "shrimp scampi", "roast chicken", "chicken wings", "pork chops", "pulled pork", "ribs",
    "steak", "beef stroganoff", "chicken parmesan", "eggplant parmesan", "ratatouille", "hummus",
    "falafel", "guacamole", "brownies", "chocolate cake", "banana bread", "apple pie",
    "cheesecake", "cookies", "muffins", "scones", "cornbread", "biscuits", "bread", "doughnuts",
    "fritters", "dumplings", "spring rolls", "curry", "dal", "biryani", "couscous", "quiche",
    "frittata", "mashed potatoes", "french fries", "roast potatoes", "gratin", "casserole",
    "goulash", "jambalaya", "gumbo", "cobbler", "crumble", "granola", "smoothie", "porridge",
    "noodle soup", "ramen", "sushi", "kebab", "satay", "schnitzel", "tempura", "onion rings",
    "nachos", "chowder", "stuffed peppers", "cabbage rolls",
)  # fmt: skip
POOL: Final = 10
_WORD: Final = re.compile(r"[a-z]+")
_NUMBER: Final = re.compile(r"(\d+(?:\.\d+)?)")
_KEYS: Final = (("calories", -1), ("saturatedFatContent", -1), ("sugarContent", -1),
                ("sodiumContent", -1), ("fiberContent", 1))  # fmt: skip
_DEEP: Final = re.compile(
    r"deep[\s-]?(?:fr|fat)|\b\d+\s*(?:inch|inches|cm)\s+(?:of\s+)?\w*\s*oil"
    r"|oil\s+to\s+(?:about\s+)?\d{3}",
    re.IGNORECASE,
)
_HEATS: Final = re.compile(
    r"\b(?:cook|cooking|cooked|heat|heated|skillet|pan|wok|oven|fry|fried|frying|boil|bake|baked"
    r"|simmer|grill|roast|saut\w*|toast|melt|brown)\b|°",
    re.IGNORECASE,
)
_BAKES: Final = re.compile(
    r"\bbak(?:e|ed|ing)\b(?!\s+(?:powder|soda|sheet|tray|pan|dish|paper))|\bpre-?heat",
    re.IGNORECASE,
)
_HEALTH_NUMBER: Final = re.compile(r"\d+\s*/\s*100|health score \d|\d+\s*(?:kcal|mg|g)\b")


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower().replace("'s", "")) if w != "and"}


def _nutrient(row: dict[str, Any], key: str) -> float | None:
    value = (row.get("nutrients") or {}).get(key)
    match = _NUMBER.search(str(value)) if value is not None else None
    return float(match.group(1)) if match else None


def _deep_fries(row: dict[str, Any]) -> bool:
    steps = row.get("instructions") or ""
    return bool(_DEEP.search(" ".join(steps) if isinstance(steps, list) else str(steps)))


def beats_usual(rows: Sequence[dict[str, Any]], mine: int, others: Sequence[int]) -> list[str]:
    """The measures on which row `mine` beats the median of `others` (see the module)."""
    won = []
    for key, good in _KEYS:
        value = _nutrient(rows[mine], key)
        usual = [v for o in others if (v := _nutrient(rows[o], key)) is not None]
        if value is None or len(usual) < 2:
            continue
        median = statistics.median(usual)
        if median > 0 and (value - median) / median * good >= 0.10:
            won.append(key)
    deep = sum(_deep_fries(rows[o]) for o in others)
    if len(others) >= 2 and deep * 2 >= len(others) and not _deep_fries(rows[mine]):
        won.append("not deep-fried")
    return won


def _user() -> UserPublic:
    return UserPublic(
        uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile(),
        allergy_flags=[], dietary_flags=[], vibe_tags=[], preferred_price_tiers=[],
        interaction_count=0, version=1, last_active_at=None, created_at=datetime.now(UTC),
    )  # fmt: skip


def load_catalogue(paths: Sequence[Path]) -> tuple[list[dict[str, Any]], list[Recipe]]:
    """The English rows of the files and their derived recipes (ids are row positions)."""
    rows = [r for p in paths for r in read_recipe_rows(p)]
    rows = [r for r in rows if str(r.get("language") or "en").startswith("en")]
    return rows, [derive_recipe(row, i) for i, row in enumerate(rows)]


def audit_method_tags(rows: Sequence[dict[str, Any]], recipes: Sequence[Recipe]) -> Counter[str]:
    """Method tags against the steps, read by the checker's own words: "raw" on steps that
    heat, "bake" with no baking verb or preheating, "bake" on steps that deep-fry."""
    counts: Counter[str] = Counter(recipes=len(rows))
    for row, recipe in zip(rows, recipes, strict=True):
        steps = " ".join(recipe.steps)
        if "raw" in recipe.methods:
            counts["tagged raw"] += 1
            counts["tagged raw, steps heat"] += bool(_HEATS.search(steps))
        if "bake" in recipe.methods:
            counts["tagged bake"] += 1
            counts["tagged bake, no bake verb or preheating"] += not _BAKES.search(steps)
            counts["tagged bake, steps deep-fry"] += _deep_fries(row)
        if _deep_fries(row):
            counts["steps deep-fry"] += 1
            counts["steps deep-fry, tagged deep-fry"] += "deep-fry" in recipe.methods
    return counts


def audit_healthier(
    rows: Sequence[dict[str, Any]], recipes: Sequence[Recipe]
) -> tuple[Counter[str], list[str]]:
    """The counts, and the suggestions that say "healthier" without beating the usual one."""
    titles = [_words(str(r.get("title") or "")) for r in rows]
    counts: Counter[str] = Counter(recipes=len(rows))
    unbacked: list[str] = []
    user = _user()
    for dish in DISHES:
        query = _words(dish)
        titled = [i for i, words in enumerate(titles) if query <= words]
        if len(titled) < 2:
            counts["dishes with fewer than 2 recipes"] += 1
            continue
        counts["dishes"] += 1
        context = Context(user=user, request=read_message(dish), household=False,
                          constraints=CookConstraints())  # fmt: skip
        suggestions, _ = meal_suggestions([(recipes[i], 1.0, True) for i in titled], context, dish)
        pool = titled[:POOL]
        for s in suggestions:
            mine = s.source_recipe_ids[0]
            said = s.rationale.lower()
            claims = "healthier" in said and "not healthier" not in said
            won = beats_usual(rows, mine, [o for o in pool if o != mine])
            counts["suggestions"] += 1
            counts["beat the usual version (checker)"] += bool(won)
            verdict = getattr(getattr(s, "healthier", None), "verdict", None)
            if verdict is not None and hasattr(s.healthier, "measures"):
                counts[f"verdict {verdict}"] += 1
            if not rows[mine].get("nutrients") and _HEALTH_NUMBER.search(s.rationale):
                counts["health number printed, source states no nutrition"] += 1
            if claims:
                counts["say healthier"] += 1
                counts["say healthier and beat it (checker)"] += bool(won)
                if not won:
                    unbacked.append(f"{dish}: {s.title}: {s.rationale[:160]}")
    return counts, unbacked
