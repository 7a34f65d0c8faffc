"""How the cook asked the dish to be made, read from the request and looked for in the recipes.

- Quick ("something quick with ground beef", "a fast dinner"): the dish's recipes are ranked by
  their time from start to table (waits included), so an hours-long slow-cooker recipe never
  comes before a 25-minute one; when none is quick (`QUICK_MINUTES`), the coach says so.
  Each suggestion says its time against quick, or that the source gives none (`time_said`);
  for an ask naming a food ("ground beef"), its quick meals come before slower ones titled
  with it (suggest.py).
- A way of cooking or a part of the dish the request names ("with an overnight marinade", "in
  the slow cooker", "baked", "one-pot"): looked for in each recipe's title, lines and steps;
  recipes that have more of them come first.
- A dish named by its method keeps it: "fried chicken" is fried, oven-fried or air-fried, never
  a stir-fry whose title happens to read "stir-fried chicken" (`method_conflict`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from kairos.meals.variants import a_food
from kairos.recipes.models import Recipe
from kairos.recipes.timing import split_time

__all__ = [
    "QUICK_MINUTES", "asked_cues", "asked_key", "cue_hits", "method_conflict", "quick_asked",
    "quick_note", "quick_tier", "recipe_minutes", "time_first", "time_said",
]  # fmt: skip

QUICK_MINUTES: Final = 30
"""A quick ask is answered by recipes ready in this long, from start to table."""
SOON_MINUTES: Final = 60
"""Not quick, but still a weeknight meal: before any hours-long recipe."""

_QUICK: Final = re.compile(
    r"\b(?:quick(?:ly|est|er)?|fast|speedy|rapid|in\s+a\s+(?:hurry|rush)|no\s+time|"
    r"short\s+on\s+time|busy\s+(?:night|evening|weeknight))\b",
    re.IGNORECASE,
)

# cue: (how the request names it, how a recipe's title, lines or steps show it)
_CUES: Final[dict[str, tuple[str, str]]] = {
    "marinade": (r"marinade|marinated?|marinating", r"marinad|marinat"),
    "overnight": (r"overnight", r"overnight|\b(?:8|10|12|24)\s*(?:hours?|hrs?)\b"),
    "slow cooker": (r"slow[\s-]*cook(?:er|ed)?|crock[\s-]*pot", r"slow[\s-]*cook|crock[\s-]*pot"),
    "grilled": (r"grill(?:ed)?|barbecued?|bbq|chargrilled", r"grill|barbecue|bbq|broil"),
    "baked": (r"baked|oven[\s-]*baked", r"\bbak(?:e|ed|ing)\b|\boven\b"),
    "roasted": (r"roast(?:ed)?", r"roast"),
    "one-pot": (r"one[\s-]*(?:pot|pan)|single[\s-]*(?:pot|pan)|sheet[\s-]*pan",
                r"one[\s-]*(?:pot|pan)|sheet[\s-]*pan|single\s+(?:pot|pan)"),
    "steamed": (r"steamed", r"steam"),
    "stir-fried": (r"stir[\s-]*fr(?:y|ied)", r"stir[\s-]*fr"),
    "fried": (r"(?<!stir[\s-])(?<!stir)\b(?:deep[\s-]*|pan[\s-]*|oven[\s-]*|air[\s-]*)?fried",
              r"(?<!stir[\s-])(?<!stir)\bfr(?:y|ied|ying)\b|deep[\s-]*fr|air[\s-]*fr|oven[\s-]*fr"),
    "braised": (r"braised?", r"brais"),
    "smoked": (r"smoked", r"smok"),
    "poached": (r"poached", r"poach"),
    "pressure cooker": (r"pressure[\s-]*cook(?:er|ed)?|instant\s*pot",
                        r"pressure[\s-]*cook|instant\s*pot"),
}  # fmt: skip
_ASKED: Final = {cue: re.compile(rf"\b(?:{ask})", re.IGNORECASE) for cue, (ask, _) in _CUES.items()}
_SHOWN: Final = {cue: re.compile(show, re.IGNORECASE) for cue, (_, show) in _CUES.items()}
_STIR: Final = re.compile(r"\bstir[\s-]*fr", re.IGNORECASE)


def quick_asked(text: str) -> bool:
    """Whether the request asks for something quick ("quick", "fast", "in a hurry")."""
    return bool(_QUICK.search(text))


def asked_cues(text: str) -> list[str]:
    """The ways of cooking and parts of the dish the request names, in a fixed order:
    ["marinade", "overnight", "grilled"] for "grilled chicken with an overnight marinade"."""
    return [cue for cue, pattern in _ASKED.items() if pattern.search(text)]


def _recipe_text(recipe: Recipe) -> str:
    lines = " ".join(line.original for line in recipe.ingredients)
    return " ".join((recipe.title, lines, *recipe.steps))


def cue_hits(recipe: Recipe, cues: Sequence[str]) -> int:
    """How many of the asked `cues` the recipe's title, lines or steps show."""
    if not cues:
        return 0
    text = _recipe_text(recipe)
    return sum(1 for cue in cues if cue in _SHOWN and _SHOWN[cue].search(text))


def method_conflict(title: str, dish: str) -> bool:
    """A title that names the dish only through another method: "Stir-Fried Chicken With
    Pineapple" for "fried chicken" (a stir-fry is not fried chicken)."""
    return bool(_ASKED["fried"].search(dish) and not _STIR.search(dish) and _STIR.search(title))


def recipe_minutes(recipe: Recipe) -> int | None:
    """From start to table, the waits its steps name included (None when unknown)."""
    split = split_time(recipe.total_minutes, recipe.steps)
    return split.total if split else recipe.total_minutes


def quick_tier(recipe: Recipe) -> tuple[int, int]:
    """Sort key for a quick ask: ready in `QUICK_MINUTES`, then within the hour, then the rest
    (unknown times last), each by its minutes."""
    minutes = recipe_minutes(recipe)
    if minutes is None:
        return 3, 0
    tier = 0 if minutes <= QUICK_MINUTES else 1 if minutes <= SOON_MINUTES else 2
    return tier, minutes


def asked_key(cues: Sequence[str], quick: bool) -> Callable[[Recipe], tuple[int, ...]]:
    """Sort key of what the request asked beside the dish: the most of its cues (a marinade, a
    slow cooker) shown in the recipe's lines and steps, then, for a quick ask, its time."""

    def key(recipe: Recipe) -> tuple[int, ...]:
        return (-cue_hits(recipe, cues), *(quick_tier(recipe) if quick else ()))

    return key


def time_first(quick: bool, dish: str) -> Callable[[Recipe], int]:
    """The first sort key of a quick ask naming a food ("something quick with ground beef"):
    its quick meals, titled with the food or not, before slower ones; 0 for any other ask (a
    slower lasagna is still the dish asked, before a quicker other dish)."""
    by_time = quick and a_food(dish)
    return lambda recipe: quick_tier(recipe)[0] if by_time else 0


def quick_note(quick: bool, dish: str, offered: Sequence[Recipe]) -> str:
    """For a quick ask none of whose offered recipes is ready in `QUICK_MINUTES`: said so."""
    if not quick or not offered:
        return ""
    times = [recipe_minutes(r) for r in offered]
    if any(t is not None and t <= QUICK_MINUTES for t in times):
        return ""
    return (
        f"Not quick: Kairos has no recipe of {dish} ready in {QUICK_MINUTES} min that suits "
        "you; these are the quickest it has. "
    )


def _minutes_words(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {rest} min" if rest else f"{hours} h"


def time_said(quick: bool, recipe: Recipe) -> str:
    """For a quick ask, the recipe's time against `QUICK_MINUTES`: "Quick: ready in 25 min.",
    "Ready in 55 min from start to table, longer than a quick meal (30 min).", or that the
    source gives no time."""
    if not quick:
        return ""
    minutes = recipe_minutes(recipe)
    if minutes is None:
        return "Time unknown: the source does not say how long it takes. "
    if minutes <= QUICK_MINUTES:
        return f"Quick: ready in {_minutes_words(minutes)}. "
    return (
        f"Ready in {_minutes_words(minutes)} from start to table, longer than a quick meal "
        f"({QUICK_MINUTES} min). "
    )
