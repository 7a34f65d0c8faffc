"""What the steps measure, in the cook's units and for the cook's number of servings.

An ingredient list scaled to 6 while its steps still say "¼ cup of water", "350 F", "a 1-inch
dice" and "divide between 4 plates" is two recipes at once. A step is rewritten here the way its
ingredient lines are: oven and food temperatures in °C (or °F for an imperial cook), lengths in
cm (or inches), amounts of food converted and scaled by the same factor as the lines, and the
number of plates it is divided between scaled too. What is not an amount of food is converted
but never scaled: a pan's size ("a 9x13-inch dish"), a scoop's ("a 1½ tablespoon cookie scoop"),
a time ("bake for 25 minutes": times stay as written; the cook's oven does not cook 6 portions
of a roast faster than 3).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from kairos.recipes.display import (
    format_amount,
    grams_per_ml,
    kitchen_measure,
    kitchen_round,
    litres,
)
from kairos.recipes.models import ParsedIngredient, Units
from kairos.recipes.scaled_steps import joined_amounts
from kairos.recipes.servings_estimate import baked_whole, servings_from_amounts
from kairos.recipes.shown_items import agreeing_item
from kairos.recipes.step_lengths import NUMBER, lengths, number_value
from kairos.recipes.units import UNIT_ALIASES, to_imperial, to_metric

__all__ = [
    "adapt_step",
    "clean_preparation",
    "convert_measures",
    "scales_to",
    "servings_in_steps",
    "servings_plan",
]

_WORD_NUMBERS: Final = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twelve": 12,
}  # fmt: skip

# ---------------------------------------------------------------------------- temperatures
_DEG: Final = r"(?:\s*(?:°|º|˚)\s*|\s*degrees?\s*|\s*)"


def _f(name: str) -> str:
    return rf"(?P<{name}>\d{{2,3}})(?:{_DEG}|[”\"])(?:F|Fahrenheit)\b(?:\s+degrees\b)?"


def _c(name: str) -> str:
    return (
        rf"(?P<{name}>\d{{2,3}})(?:\s*(?:°|º|˚)\s*C\b|\s*degrees?\s*(?:C|Celsius|centigrade)\b|"
        r"C\b)"
    )


_PAIR_FC: Final = re.compile(
    rf"{_f('f')}(?:\s*(?:/|,|or)\s*{_c('c')}|\s*\(\s*{_c('c2')}\s*\.?\s*\))", re.IGNORECASE
)
_PAIR_CF: Final = re.compile(
    rf"{_c('c')}(?:\s*(?:/|,|or)\s*{_f('f')}|\s*\(\s*{_f('f2')}\s*\.?\s*\))", re.IGNORECASE
)
_LONE_F: Final = re.compile(
    r"(?:(?P<f0>\d{2,3})(?:\s*(?:°|º|˚))?\s*(?:-|–|to)\s*)?" + _f("f"), re.IGNORECASE
)
_LONE_C: Final = re.compile(_c("c"))
_BARE_DEGREES: Final = re.compile(
    r"\b(?P<f>[3-5]\d\d)\s*(?:(?i:degrees?)\b|°|º|˚)(?!\s*(?:C|F|(?i:celsius|fahrenheit))\b)"
)
"""An American oven: "bake at 350 degrees", "preheat to 400°" (300 and above is never a
Celsius oven setting a recipe would leave unmarked)."""

# ---------------------------------------------------------------------------- amounts of food
_STEP_UNITS: Final = (
    "cups?|tablespoons?|tbsps?|tbs|teaspoons?|tsps?|ounces?|oz|pounds?|lbs?|grams?|g|kg|"
    "kilograms?|ml|millilit(?:re|er)s?|lit(?:re|er)s?|quarts?|qts?|pints?|gallons?|gal|fl\\.?\\s*oz|"
    "cans?|packages?|sticks?|jars?"
)
_AMOUNT: Final = re.compile(
    rf"(?<![\w/.])(?P<q>{NUMBER})(?:\s*(?:-|–|to|or)\s*(?P<top>{NUMBER}))?"
    rf"(?P<sep>\s*-\s*|\s+|(?<=\d))(?P<u>{_STEP_UNITS})\b\.?",
    re.IGNORECASE,
)
_TOOL: Final = re.compile(
    r"^\s*(?:\w+[\s-]+){0,2}?(?:scoops?|tins?|pans?|dish(?:es)?|saucepans?|pots?|skillets?|mugs?|"
    r"casseroles?|bowls?|jars?|mou?lds?|ramekins?|measur\w*|cutters?|containers?|bags?|"
    r"cookers?|ovens?|sheets?|muffin|bundt|loaf|springform|capacity|size)\b",
    re.IGNORECASE,
)
"""What follows an amount that measures a tool, not food: converted, never scaled."""
_CUPS_OF_A_TIN: Final = re.compile(
    r"^\s*(?:mini\s+)?(?:muffin|bundt|tins?|pans?|cake|tube)\b", re.IGNORECASE
)
"""What follows a sized cup that counts a tin's cups ("a 12-cup muffin tin"): kept as written."""
_PER_UNIT: Final = re.compile(
    r"^(?:\s+(?!(?:a\s+)?(?:little|bit|few)\b)[\w-]+){0,3}?\s+(?:at\s+a\s+time|increments)\b"
    r"|^[^.;:,]{0,60}?\b(?:per\s+(?!cent)\w+|(?:onto|on|in|into|over|to|for|inside|atop)\s+"
    r"(?:the\s+(?:top|center|centre|middle|bottom)\s+of\s+)?each\b(?!\s+other))",
    re.IGNORECASE,
)
"""What follows an amount the technique measures, not the recipe's quantity ("1-2 tablespoons
at a time", "½ teaspoon of mustard over each fillet"): converted, never scaled."""

# ---------------------------------------------------------------------------- plates
_PLATES: Final = (
    r"(?:serving\s+|individual\s+|large\s+|small\s+|shallow\s+|warm(?:ed)?\s+)?"
    r"(?:plates|bowls|glasses|portions|servings|ramekins|people|persons|dishes|cups|mugs)"
)
_DIVIDE: Final = re.compile(
    r"\b(?:divide|split|portion|share|spoon|ladle|serve|distribute)\b[^.;]{0,80}?"
    r"\b(?:between|among|into|onto|on|in|over|to)\s+(?P<n>\d{1,2}|"
    + "|".join(_WORD_NUMBERS)
    + rf")\s+{_PLATES}\b",
    re.IGNORECASE,
)
_SERVES: Final = re.compile(
    r"\b(?:serves|feeds|makes|yields?|enough\s+for)\s+(?:about\s+)?(?P<n>\d{1,2}|"
    + "|".join(_WORD_NUMBERS)
    + r")(?:\s+(?:servings?|portions?|people|persons?))?\b(?!\s*(?:cups?|minutes|hours|cookies|"
    r"pieces|muffins|slices|rolls|balls|bars|squares|dozen|loaves|inch))",
    re.IGNORECASE,
)


def _count(text: str) -> int:
    return _WORD_NUMBERS.get(text.lower()) or int(text)


def servings_in_steps(steps: tuple[str, ...] | list[str]) -> tuple[int, str] | None:
    """How many the steps say the dish is for ("divide between 3 serving bowls", "serves 4"),
    with the words read; None when they do not say."""
    for step in steps:
        for pattern in (_SERVES, _DIVIDE):
            match = pattern.search(step)
            if match:
                count = _count(match.group("n"))
                if 1 <= count <= 24:
                    return count, " ".join(match.group().split())
    return None


# ---------------------------------------------------------------------------- rewriting


def _celsius(fahrenheit: float) -> str:
    value = (fahrenheit - 32) * 5 / 9
    return f"{round(value / 5) * 5 if fahrenheit >= 200 else round(value)}°C"


def _fahrenheit(celsius: float) -> str:
    value = celsius * 9 / 5 + 32
    return f"{round(value / 25) * 25 if celsius >= 90 else round(value)}°F"  # oven dials


def _stop(match: re.Match[str]) -> str:
    """The full stop a pair in brackets closed on ("(190 degrees C.)")."""
    return "." if re.search(r"\.\s*\)$", match.group()) else ""


def _temperatures(text: str, units: Units) -> str:
    if units == "metric":
        text = _PAIR_FC.sub(lambda m: f"{m['c'] or m['c2']}°C" + _stop(m), text)
        text = _PAIR_CF.sub(lambda m: f"{m['c']}°C" + _stop(m), text)
        text = _LONE_F.sub(
            lambda m: (
                (f"{_celsius(float(m['f0']))[:-2]}–" if m["f0"] else "") + _celsius(float(m["f"]))
            ),
            text,
        )
        return _BARE_DEGREES.sub(lambda m: _celsius(float(m["f"])), text)
    text = _PAIR_FC.sub(lambda m: f"{m['f']}°F" + _stop(m), text)
    text = _PAIR_CF.sub(lambda m: f"{m['f'] or m['f2']}°F" + _stop(m), text)
    return _LONE_C.sub(lambda m: _fahrenheit(float(m["c"])), text)


def _unit_name(token: str) -> str | None:
    key = " ".join(token.lower().replace(".", " ").split())
    return UNIT_ALIASES.get(key) or UNIT_ALIASES.get(key.rstrip("s"))


_SAID_TWICE: Final = re.compile(r"(?P<a>\b[\d.,½¼¾⅓⅔⅛–]+ (?:g|kg|ml|l|tsp|tbsp))\s*\((?P=a)\)")
"""One amount twice once converted ("230 g (230 g) butter" from "1 cup (2 sticks) butter")."""
_BUTTER_AFTER: Final = re.compile(r"^[^.;]{0,30}?\b(?:butter|margarine)\b", re.IGNORECASE)


def _amounts(text: str, factor: float, units: Units) -> str:
    def amount(m: re.Match[str]) -> str:
        unit = _unit_name(m["u"])
        if unit is None:
            return m.group()
        sized = "-" in m["sep"] and not m["top"]  # "a 4-quart pot", "a 14-ounce can"
        if sized and unit == "cup" and _CUPS_OF_A_TIN.match(m.string[m.end() :]):
            return m.group()  # "a 12-cup muffin tin" counts its cups; "a 2-cup jar" holds 500 ml
        after = m.string[m.end() :]
        tool = sized or bool(_TOOL.match(after.lstrip(") "))) or bool(_PER_UNIT.match(after))
        scale = 1.0 if tool else factor
        spoon = unit in ("teaspoon", "tablespoon")
        if scale == 1.0 and spoon:
            return m.group()  # a spoon amount that is not scaled is written as the recipe has it
        first = number_value(m["q"]) * scale
        top = number_value(m["top"]) * scale if m["top"] else None
        if unit == "stick" and units == "metric" and _BUTTER_AFTER.match(after):
            first, unit = first * 113.4, "gram"  # a US stick of butter is 4 oz
            top = top * 113.4 if top is not None else None
        quantity: float | None = first
        convert = to_metric if units == "metric" else to_imperial
        food = " ".join(m.string[m.end() :].split()[:4])
        density = grams_per_ml(food) if units == "metric" and unit == "cup" and not tool else None
        if not spoon:
            quantity, new_unit = convert(quantity, unit)
            top = convert(top, unit)[0] if top is not None else None
            unit = new_unit or unit
        if density is not None and quantity is not None:  # "¼ cup of flour": weighed
            quantity, unit = quantity * density, "gram"
            top = top * density if top is not None else None
        quantity, top, unit = kitchen_measure(*litres(quantity, top, unit))
        if quantity is None:
            return m.group()
        quantity = kitchen_round(quantity, unit)
        top = kitchen_round(top, unit) if top is not None else None
        return format_amount(quantity, top, unit) + (" " if m.group().endswith(" ") else "")

    text = re.sub(r"\ba pinch of\s+of\b", "a pinch of", _AMOUNT.sub(amount, text))
    return _SAID_TWICE.sub(r"\g<a>", text)


def _plates(text: str, factor: float) -> str:
    if factor == 1.0:
        return text

    def scaled(m: re.Match[str]) -> str:
        count = _count(m["n"])
        new = max(1, round(count * factor))
        start, end = m.span("n")
        offset = m.start()
        rest = m.group()[end - offset :]
        if rest.rstrip() and not rest.rstrip()[-1].isdigit():  # "1 serving", "2 portions"
            rest = agreeing_item(rest, count, new, None)
        return m.group()[: start - offset] + str(new) + rest

    return _SERVES.sub(scaled, _DIVIDE.sub(scaled, text))


# Both kept: the same lines and steps are rewritten for every request that adapts their recipe.
@lru_cache(maxsize=65_536)
def convert_measures(text: str, units: Units) -> str:
    """Temperatures and lengths of `text` in `units` ("chicken breasts in 1-inch pieces")."""
    return lengths(_temperatures(text, units), units)


@lru_cache(maxsize=65_536)
def adapt_step(text: str, factor: float, units: Units) -> str:
    """`text` with its temperatures and lengths in `units`, its amounts of food converted and
    scaled by `factor`, and the plates it is divided between scaled."""
    text = html.unescape(text)  # "⅛&nbsp;inch (3&nbsp;mm)": some sources keep the entities
    text = _temperatures(text, units)
    text = lengths(text, units)
    text = _amounts(text, factor, units)
    return joined_amounts(_plates(text, factor))  # one food's two amounts side by side: one


def servings_plan(
    stated: float | None,
    steps: tuple[str, ...] | list[str],
    asked: float | None,
    lines: Sequence[ParsedIngredient] = (),
    title: str = "",
) -> tuple[float | None, float, str | None]:
    """The servings the adapted recipe is for (None: nobody knows), the factor its amounts are
    scaled by, and what the cook is told about it. A source that states no servings is never
    said to serve 1: the steps may say ("divide between 3 bowls", an estimate said to be one);
    when the cook asks for a number, the amounts of `lines` may (`servings_from_amounts`, an
    estimate said to be one; a dish baked whole keeps its amounts, `baked_whole`); else the
    amounts stay as written and the servings unknown."""
    if stated:
        target = asked or stated
        return target, target / stated, None
    found = servings_in_steps(steps)
    estimate = servings_from_amounts(lines) if asked and found is None else None
    if estimate is not None and asked:
        plates, grams = estimate
        said = (
            f"The source states no servings; its amounts (about {grams / 1000:.1f} kg of food) "
            f"make about {plates} servings"
        )
        if plates == asked:
            return asked, 1.0, f"{said}, as you asked: an estimate."
        whole = baked_whole(title)
        if whole is not None:  # its pan sets the yield: kept whole, the servings estimated
            return float(plates), 1.0, (
                f"{said}: an estimate. A {whole} is baked whole in its pan, so the amounts are "
                f"as written, not scaled for {asked:g}."
            )  # fmt: skip
        return (
            asked,
            asked / plates,
            f"{said}, so the amounts are scaled from {plates} to {asked:g}: an estimate.",
        )
    if found is None:
        if asked:
            return (
                None,
                1.0,
                (
                    f"The source does not say how many it serves, so the amounts are as written, "
                    f"not scaled for {asked:g}."
                ),
            )
        return None, 1.0, "The source does not say how many it serves; amounts are as written."
    count, words = found
    if asked and asked != count:
        return (
            asked,
            asked / count,
            (
                f"The source states no servings; its steps read about {count} ('{words}'), so the "
                f"amounts are scaled from {count} to {asked:g}: an estimate."
            ),
        )
    return (
        float(count),
        1.0,
        (f"The source states no servings; about {count}, as its steps read ('{words}')."),
    )


def scales_to(
    stated: float | None,
    steps: tuple[str, ...] | list[str],
    asked: float,
    lines: Sequence[ParsedIngredient] = (),
    title: str = "",
) -> bool:
    """Whether `servings_plan` makes the recipe for the `asked` number (its servings stated, read
    in its steps or estimated from its amounts), not left as written for nobody knows how many."""
    return servings_plan(stated, steps, asked, lines, title)[0] == asked


_MEASURE_WORDS: Final = (
    r"cups?|c|tablespoons?|tbsps?|tbs|teaspoons?|tsps?|ounces?|oz|pounds?|lbs?|grams?|gms?|g|"
    r"kg|kilos?|kilograms?|ml|l|cl|dl|millilit(?:re|er)s?|litres?|liters?|(?:US\s+)?quarts?|qt|"
    r"(?:US\s+)?pints?|fl\.?\s*oz|"
    r"inch(?:es)?|cm|mm|sticks?"
)
_AMOUNT_ONLY: Final = re.compile(
    r"^\s*(?:about|approx\.?|approximately|around|roughly|~|≈|-)?\s*"
    r"(?:[\d½¼¾⅓⅔⅛]+(?:[\s.,/–-]+[\d½¼¾⅓⅔⅛]+)*)\s*"
    rf"(?:{_MEASURE_WORDS})\.?"
    r"(?:\s*(?:/|\||or|=|\+|plus|\s)\s*(?:[\d½¼¾⅓⅔⅛]+(?:[\s.,/–-]+[\d½¼¾⅓⅔⅛]+)*)\s*"
    rf"(?:{_MEASURE_WORDS})\.?)*\s*$",
    re.IGNORECASE,
)

_OR: Final = re.compile(r"^\s*(?:or|and)\s+", re.IGNORECASE)
_SLASH_SECOND: Final = re.compile(
    rf"(?<=[A-Za-z.])\s*/\s*[\d½¼¾⅓⅔⅛][\d\s.,/½¼¾⅓⅔⅛–-]*(?:{_MEASURE_WORDS})\.?\s*$", re.I
)
"""The same amount again after a slash ("350g/12oz"): the first is converted, the second goes."""


_METRIC_THEN_IMPERIAL: Final = re.compile(
    r"(?<=\d)(?P<m>\s?(?:g|kg|ml|l))\s*/\s*(?:about\s+)?[\d½¼¾⅓⅔⅛][\d\s.,/½¼¾⅓⅔⅛–-]*\s*"
    r"(?:lbs?|pounds?|oz|ounces?|cups?|fl\.?\s*oz)\b\.?",
    re.IGNORECASE,
)
"""A metric amount then the same in US units ("8 ea./800 g/1.8 lb"): the metric one is kept."""


def clean_preparation(
    preparation: str | None, *, measured: bool, factor: float, units: Units
) -> str | None:
    """The preparation without the amount the source wrote a second time in other units
    ("cut into cubes; 125 g" → "cut into cubes"): the line's amount is already shown,
    converted and scaled, and a stale second one contradicts it. Beside a count ("1 butternut
    squash, 1 3/4 lb.") the weight is the only measure, so it is converted and scaled."""
    if not preparation:
        return preparation
    kept = []
    for part in _METRIC_THEN_IMPERIAL.sub(r"\g<m>", preparation).split(";"):
        if measured and "," in part:  # "cold, 2 sticks": the amount among the words goes
            part = ",".join(p for p in part.split(",") if not _AMOUNT_ONLY.match(_OR.sub("", p)))
        if _AMOUNT_ONLY.match(part):
            if measured:
                continue
            part = adapt_step(_SLASH_SECOND.sub("", part), factor, units)
        else:  # "cut into 1-inch cubes": converted, never scaled
            part = adapt_step(part, 1.0, units)
        kept.append(part.strip())
    text = "; ".join(part for part in kept if part)
    return text or None
