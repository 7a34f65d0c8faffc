"""Derived recipe tags: cooking methods, equipment, difficulty, time, cuisine and diets.

Methods and equipment come from the words of the steps, never from the title: "baking powder",
"a baking sheet" and "keep warm in the oven" are not baking, "fries" is not frying, and "raw" is
said only of steps that heat nothing at all (a recipe whose steps cook it in a way no method
word names has no method tag: unknown, not raw); difficulty from the number of steps and
ingredients, the time and a few demanding techniques; diets from the allergen core's reading of
every line plus the animal foods of `foods.toml` (a recipe is vegetarian when no line names
meat, poultry, fish or shellfish).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from kairos.recipes.models import Difficulty, IngredientLine
from kairos.recipes.reading import DIET_RULES, animal_groups

__all__ = [
    "EQUIPMENT",
    "METHODS",
    "derive_diets",
    "derive_difficulty",
    "derive_equipment",
    "derive_methods",
    "duration_number",
    "estimate_minutes",
    "guess_cuisine",
]


def _words(*patterns: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(patterns) + r")\b", re.IGNORECASE)


METHODS: Final[dict[str, re.Pattern[str]]] = {
    "air-fry": _words(r"air[\s-]?fr(?:y|yer|ied|ying)"),
    "deep-fry": _words(r"deep[\s-]?fr(?:y|ied|ying|yer)", r"deep[\s-]?fat", r"hot oil until golden",
                       r"(?<![/.,])(?:(?:[2-9]|1\d)\s*(?:inch(?:es)?|in\.|\")|(?:[4-9]|1\d)\s*cm)\s+(?:of\s+)?"
                       r"(?:\w+\s+)?oil",
                       r"oil\s+to\s+(?:about\s+)?(?:1[6-9]\d|3[2-9]\d)\s*(?:°|degrees|deg)"),
    "fry": _words(r"fr(?:y|ied|ying)", r"pan[\s-]?fr(?:y|ied)", r"saut[ée]e?(?:d|ing)?",
                  r"stir[\s-]?fr(?:y|ied|ying)", r"sear(?:ed|ing)?"),
    "bake": _words(r"bak(?:e|es|ed|ing)(?!\s+(?:powder|soda|sheets?|trays?|pans?|dish(?:es)?|paper|"
                   r"parchment|tins?|mats?|stones?|racks?|chocolate|mix))",
                   r"(?:pre-?)?heat(?:ed)?\s+(?:the\s+|an?\s+|your\s+)?oven",
                   r"(?:in|into|to)\s+(?:the|a|an)\s+(?:hot\s+|preheated\s+|moderate\s+)?oven"),
    "roast": _words(r"roast(?:ed|ing)?"),
    "grill": _words(r"grill(?:ed|ing)?", r"broil(?:ed|ing|er)?", r"barbecue", r"bbq"),
    "steam": _words(r"steam(?:ed|ing|er)?"),
    "boil": _words(r"boil(?:ed|ing)?", r"simmer(?:ed|ing)?", r"poach(?:ed|ing)?", r"blanch(?:ed)?"),
    "slow-cook": _words(r"slow[\s-]?cook(?:er|ed)?", r"crock[\s-]?pot"),
    "pressure-cook": _words(r"pressure[\s-]?cook(?:er|ed)?", r"instant pot"),
    "microwave": _words(r"microwave(?:d)?"),
}  # fmt: skip
_HEAT: Final = frozenset(METHODS)
_ANY_HEAT: Final = _words(
    r"cook(?:s|ed|ing)?",
    r"heat(?:s|ed|ing)?",
    r"hot",
    r"warm(?:s|ed|ing)?",
    r"skillet",
    r"pans?",
    r"wok",
    r"stove(?:top)?",
    r"burner",
    r"toast(?:s|ed|ing)?",
    r"melt(?:s|ed|ing)?",
    r"brown(?:s|ed|ing)?",
    r"golden",
    r"oven",
    r"fire",
    r"flame",
    r"char(?:red|ring)?",
    r"scald(?:ed)?",
    r"degrees",
    r"caramel\w*",
    r"torch",
)
"""Any word that heats: steps with one of these and no method word have no method tag."""
_SENTENCE: Final = re.compile(r"[^.;!?]+")
_WARM: Final = re.compile(r"\bwarm\b", re.IGNORECASE)
_OVEN: Final = re.compile(r"\boven\b", re.IGNORECASE)
"""'Keep warm in a low oven': a sentence with both words holds the food, it does not bake it."""

EQUIPMENT: Final[dict[str, re.Pattern[str]]] = {
    "oven": _words(r"oven", r"bak(?:e|ed|ing)", r"roast(?:ed|ing)?", r"broil(?:ed|er|ing)?"),
    "stovetop": _words(r"skillet", r"saucepan", r"frying pan", r"pan", r"pot", r"wok",
                       r"simmer(?:ed|ing)?", r"boil(?:ed|ing)?", r"saut[ée]e?(?:d|ing)?",
                       r"stove(?:top)?", r"burner", r"heat\s+(?:the\s+)?oil"),
    "air fryer": _words(r"air[\s-]?fryer", r"air[\s-]?fr(?:y|ied)"),
    "slow cooker": _words(r"slow[\s-]?cooker", r"crock[\s-]?pot"),
    "pressure cooker": _words(r"pressure[\s-]?cooker", r"instant pot"),
    "blender": _words(r"blender", r"blend(?:ed)?\s+until\s+smooth", r"pur[ée]e"),
    "food processor": _words(r"food processor"),
    "mixer": _words(r"(?:stand|electric|hand)\s+mixer", r"mixer", r"beaters?"),
    "grill": _words(r"grill(?:ed|ing)?", r"barbecue", r"bbq"),
    "microwave": _words(r"microwave(?:d)?"),
    "deep fryer": _words(r"deep[\s-]?fryer"),
    "steamer": _words(r"steamer", r"steaming basket"),
}  # fmt: skip
_HARD_TECHNIQUES: Final = _words(
    r"temper(?:ed|ing)?",
    r"knead(?:ed|ing)?",
    r"proof(?:ed|ing)?",
    r"let\s+rise",
    r"caramel",
    r"deep[\s-]?fr(?:y|ied)",
    r"sous[\s-]?vide",
    r"laminat(?:e|ed)",
    r"fold in",
    r"water bath",
    r"candy thermometer",
    r"flamb[ée]",
    r"julienne",
    r"debone",
    r"fillet the",
)
_NUMBER: Final = r"(?:\d+(?:\.\d+)?(?:\s+\d/\d|\s*[½¼¾⅓⅔])?|\d/\d|[½¼¾⅓⅔])"
_MINUTES: Final = re.compile(
    rf"(?<![\d.,/])({_NUMBER})(?:\s*(?:-|–|—|to)\s*({_NUMBER}))?\s*(minutes?|mins?|hours?|hrs?)\b",
    re.IGNORECASE,
)
"""A stated duration: "45 minutes", "8–10 minutes", "1–1.5 hours", "2–2½ hours" (a range's top
counts; "1.5 hours" is one and a half, never 5)."""
_FRACTIONS: Final = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3}


def duration_number(text: str) -> float:
    """ "2½" → 2.5, "1 1/2" → 1.5, "1.5" → 1.5, "½" → 0.5."""
    value = 0.0
    for part in re.findall(r"\d+(?:\.\d+)?/\d+|\d+(?:\.\d+)?|[½¼¾⅓⅔]", text):
        if part in _FRACTIONS:
            value += _FRACTIONS[part]
        elif "/" in part:
            top, bottom = part.split("/")
            value += float(top) / float(bottom) if float(bottom) else 0.0
        else:
            value += float(part)
    return value


_OR_BEFORE: Final = re.compile(r"\bor\s+$", re.IGNORECASE)
CUISINES: Final = (
    "italian", "mexican", "chinese", "indian", "japanese", "thai", "french", "greek", "spanish",
    "korean", "vietnamese", "american", "british", "irish", "german", "middle eastern",
    "moroccan", "lebanese", "turkish", "caribbean", "cajun", "southern", "mediterranean",
    "asian", "african", "brazilian", "filipino", "indonesian", "malaysian", "persian",
    "russian", "polish", "hungarian", "swedish", "portuguese", "jamaican", "peruvian",
    "tex-mex", "hawaiian", "european", "latin american", "australian", "canadian",
)  # fmt: skip
_CUISINE_RE: Final = _words(*(re.escape(c) for c in CUISINES))


def derive_methods(steps: Sequence[str], lines: Iterable[IngredientLine]) -> tuple[str, ...]:
    """The cooking methods the steps' words name (`METHODS`), never the title's. "raw" only when
    there are steps and none of them heats anything (`_ANY_HEAT`); steps that heat the food in a
    way no method word names get no method (unknown)."""
    text = " ".join(steps)
    held = text
    if _WARM.search(text) and _OVEN.search(text):
        held = " ".join(
            s for s in _SENTENCE.findall(text) if not (_WARM.search(s) and _OVEN.search(s))
        )
    found = [name for name, pattern in METHODS.items() if pattern.search(held)]
    if "deep-fry" in found and "fry" in found:
        found.remove("fry")
    if "air-fry" in found:
        found = [m for m in found if m not in ("fry", "deep-fry", "bake")] or ["air-fry"]
        found = ["air-fry", *[m for m in found if m != "air-fry"]]
    if text.strip() and not set(found) & _HEAT and not _ANY_HEAT.search(text) and "°" not in text:
        found.append("raw")
    return tuple(found)


def derive_equipment(steps: Sequence[str]) -> tuple[str, ...]:
    text = " ".join(steps)
    found = [name for name, pattern in EQUIPMENT.items() if pattern.search(text)]
    if "air fryer" in found and not re.search(r"\boven\b", text, re.IGNORECASE):
        found = [e for e in found if e != "oven"]
    return tuple(found)


def estimate_minutes(steps: Sequence[str]) -> int | None:
    """Sum of the durations the steps state (ranges at their top), or None when none do."""
    total = 0.0
    text = " ".join(steps)
    for match in _MINUTES.finditer(text):
        if _OR_BEFORE.search(text, max(0, match.start() - 4), match.start()):
            continue  # "8 hours on low or 5 hours on high": one of them, not both
        value = duration_number(match.group(2) or match.group(1))
        total += value * 60 if match.group(3).lower().startswith("h") else value
    return round(total) + 10 if total else None


def derive_difficulty(steps: Sequence[str], ingredients: int, minutes: int | None) -> Difficulty:
    """Points: ingredients over 10 and 15, steps over 6 and 10, time over 60 and 120 minutes,
    each demanding technique; 0-1 easy, 2-3 medium, 4+ hard."""
    text = " ".join(steps)
    points = (ingredients > 10) + (ingredients > 15)
    points += (len(steps) > 6) + (len(steps) > 10)
    if minutes is not None:
        points += (minutes > 60) + (minutes > 120)
    points += min(2, len(_HARD_TECHNIQUES.findall(text)))
    if points <= 1:
        return "easy"
    return "medium" if points <= 3 else "hard"


def guess_cuisine(*texts: str | None) -> str | None:
    """The first known cuisine named in the source's cuisine field, else its category,
    keywords or title."""
    for text in texts:
        if not text:
            continue
        match = _CUISINE_RE.search(text)
        if match:
            return match.group().lower()
    return None


def derive_diets(lines: Sequence[IngredientLine]) -> tuple[str, ...]:
    """Diets every line allows: an allergen the core reads (contains or may contain) or an
    animal food in any line rules the diet out."""
    allergens = {a for line in lines for a in (*line.contains, *line.may_contain)}
    animals = {group for line in lines for group in animal_groups(line.original).values()}
    diets = []
    for diet, (groups, diet_allergens) in DIET_RULES.items():
        if not (allergens & diet_allergens) and not (animals & groups):
            diets.append(diet)
    return tuple(diets)
