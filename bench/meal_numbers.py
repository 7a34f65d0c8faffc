"""The issue-37 numbers of a final recipe, read from outside (the JSON the coach returns).

Used by `meal_allergy_check.py` on every selected recipe; imports nothing of Kairos, with its
own patterns:

- an invented "serves 1": the recipe says it serves 1 while its source states another number or
  none (a source that says 1 is not invented);
- a non-metric unit anywhere: in an ingredient line as shown or in a step, cups (not the size
  of a "12-cup muffin tin" or a "4-cup measuring cup"), sticks of butter (not of celery or
  cinnamon), ounces, pounds, pints, quarts, gallons, °F / Fahrenheit, a bare oven figure of
  250-550 degrees, inches or feet (teaspoons and tablespoons are metric kitchen spoons; "C." is
  Celsius, never read as a cup);
- a scaled recipe (its servings differ from its source's, or its source states none and it
  still gives a number) whose steps name another yield ("serves 12", "makes 6 servings",
  "feeds 8", "for 4 people") than its servings.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["NUMBER_ROWS", "check_numbers", "new_counts"]

NON_METRIC = re.compile(
    r"\b\d[\d/.,½¼¾⅓⅔⅛\s-]*\s*(?:cups?(?!\s+(?:muffin|mini|bundt|food|glass|measuring|liquid"
    r"|capacity|tube|pan|tin|cake|ramekin))|sticks?(?=\s*(?:\)|,|;|$|of\s+butter|butter|margarine"
    r"|unsalted|salted|softened|melted|cold))|oz\.?|ounces?|lbs?\.?|pounds?|pints?|quarts?"
    r"|qts?\.?|gallons?|gal\.?|fl\.?\s*oz\.?|inch(?:es)?|in\.|feet|foot|ft\.?)(?![a-z])"
    r"|\b\d+\s*(?:°|º|˚|degrees?|deg\.?)?\s*F(?:ahrenheit)?\b"
    r"|\b(?:2[5-9]\d|[3-5]\d\d)\s*(?:°|º|˚|degrees?\b)(?!\s*C)"
    r"|\b\d+\s*(?:\"|”|″)",
    re.IGNORECASE,
)
_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "twelve": 12}  # fmt: skip
_N = r"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
YIELD = re.compile(
    rf"\b(?:serves|feeds|serving)\s+(?:about\s+)?{_N}\b|\bmakes\s+(?:about\s+)?{_N}\s+"
    rf"(?:servings|portions|people)\b|\b{_N}\s+(?:servings|portions)\b|\bfor\s+{_N}\s+people\b",
    re.IGNORECASE,
)

NUMBER_ROWS = (
    ("INVENTED 'serves 1' (source states another number or none)", "serves_one"),
    ("recipes with a non-metric unit anywhere", "non_metric"),
    ("scaled recipes", "scaled"),
    ("  ... whose steps name another yield than their servings", "yield_disagrees"),
)


def new_counts() -> dict[str, Any]:
    return {"serves_one": [], "non_metric": [], "scaled": 0, "yield_disagrees": []}


def _number(text: str) -> float:
    return float(_WORD_NUMBERS.get(text.lower(), text) if text.lower() in _WORD_NUMBERS else text)


def check_numbers(recipe: dict[str, Any], counts: dict[str, Any]) -> None:
    title, servings, source = recipe["title"], recipe.get("servings"), recipe.get("source_servings")
    if servings == 1 and source != 1:
        counts["serves_one"].append((title, source))
    lines = [i["display"] for i in recipe["ingredients"] if not i.get("omitted")]
    steps = [s["text"] if isinstance(s, dict) else str(s) for s in recipe["steps"]]
    found = next((m.group(0) for text in lines + steps if (m := NON_METRIC.search(text))), None)
    if found is not None:
        counts["non_metric"].append((title, found.strip()))
    if servings is None or servings == source:
        return
    counts["scaled"] += 1
    for text in steps:
        for match in YIELD.finditer(text):
            said = next(g for g in match.groups() if g)
            if _number(said) != servings:
                counts["yield_disagrees"].append((title, servings, match.group(0)))
                return
