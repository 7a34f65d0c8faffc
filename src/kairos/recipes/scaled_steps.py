"""Steps that agree with a scaled recipe (issue 37, "scaling rewrites the yield and quantities
named in the steps"): a lasagne for 4 made for 6 does not fit the recipe's 30 x 20 cm dish, and
"place the 2 lobsters in the pot" is wrong once the list holds 6. Both are rewritten in the
step itself, where the cook reads them; amounts with a unit are `step_amounts`' work.

- A sized dish, pan, tin or tray ("30 x 20 cm", "23 cm square") is given the size that holds
  the scaled amounts at the recipe's depth (each side by the square root of the factor, to 5 cm
  or 1 inch), once the factor is `_RESIZE_AT` or more away from 1; the recipe's own size is said
  beside it.
- A count of a whole item the list counts ("2 lobsters", "four chicken breasts") is scaled as the
  list's line is, the noun agreeing with the new count; so is a part of that count ("arrange 6
  noodles" a layer, of the list's 12).
- Two amounts of one food side by side ("150 g of the dairy-free cheese and 25 g of the
  dairy-free cheese", once a cheddar and a pecorino are swapped for one substitute) are said as
  one: "175 g of the dairy-free cheese" (`joined_amounts`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from kairos.recipes.models import IngredientLine
from kairos.recipes.shown_items import agreeing_item

__all__ = ["counted_items", "joined_amounts", "resized_vessels", "scaled_counts"]

_SAME_FOOD_TWICE: Final = re.compile(
    r"\b(?P<q1>\d+) (?P<u>g|kg|ml|l) (?P<of>(?:of )?(?:the )?)"
    r"(?P<food>[a-z][a-z-]*(?: [a-z-]+){0,3}?) and (?P<q2>\d+) (?P=u) (?P=of)(?P=food)\b"
)


def joined_amounts(text: str) -> str:
    """ "150 g of the dairy-free cheese and 25 g of the dairy-free cheese": "175 g of the
    dairy-free cheese" (whole grams or millilitres, one food named twice in a row)."""
    return _SAME_FOOD_TWICE.sub(
        lambda m: f"{int(m['q1']) + int(m['q2'])} {m['u']} {m['of']}{m['food']}", text
    )


_RESIZE_AT: Final = 0.2
"""A dish 20 % too small or too large in area is one the cook must change."""
_NUM: Final = r"\d+(?:[.,]\d+)?"
_UNIT: Final = r"(?:cm|centimet(?:re|er)s?|inch(?:es)?|in\.?|\")"
_VESSEL_WORD: Final = r"(?:pan|dish|tin|casserole|mould|mold)s?"
_WORD: Final = r"(?!(?:cookie|sheet)\b)[A-Za-z-]+\s+"
"""A word before the dish; a baking or cookie sheet is not resized (it bakes in batches)."""
_SIZED: Final = re.compile(
    rf"(?P<a>{_NUM})\s*(?:x|×|\*|by)\s*(?P<b>{_NUM})(?:\s*(?:x|×|\*|by)\s*(?P<depth>{_NUM}))?"
    rf"(?:\s*-?\s*(?P<u>{_UNIT}))?"
    rf"(?P<alt>\s*\([^()]{{0,30}}\))?(?P<rest>[\s-]+(?:{_WORD}){{0,2}}?{_VESSEL_WORD}"
    rf"(?:\s+{_VESSEL_WORD})?)\b"
    rf"|(?P<d>{_NUM})\s*-?\s*(?P<u2>{_UNIT})(?P<alt2>\s*\([^()]{{0,30}}\))?"
    rf"(?P<rest2>[\s-]+(?:square|round)\s+(?:{_WORD}){{0,2}}?{_VESSEL_WORD}"
    rf"(?:\s+{_VESSEL_WORD})?)\b",
    re.IGNORECASE,
)
"""A dish with its size: "30 x 20 cm (13 x 9 in) baking dish", "9x13-inch pan", "23 x 33 x 5 cm
dish" (its depth kept), "23 cm square baking pan"."""
_WORD_NUMBERS: Final = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12}  # fmt: skip
_COUNTING_UNITS: Final = ("sheet", "fillet")
"""Units that count whole items ("15 sheets lasagna noodles"); a "piece" is also a cut."""
_UNCOUNTED: Final = frozenset((
    "garlic", "salt", "pepper", "water", "oil", "rice", "flour", "sugar", "butter", "milk",
    "cheese", "spinach", "parsley",
))  # fmt: skip


def _side(value: float, scale: float, metric: bool) -> str:
    size = value * scale
    step = 5.0 if metric and size >= 20 else 1.0  # "35 x 25 cm"; "12 x 17 cm" for a small dish
    return f"{max(step, round(size / step) * step):g}"


def _number(text: str) -> float:
    return float(text.replace(",", "."))


@lru_cache(maxsize=16_384)
def resized_vessels(step: str, factor: float) -> str:
    """`step` with each sized dish it names made the size that holds `factor` times the amounts
    at the same depth: "a 30 x 20 cm (13 x 9 in) baking dish" at 1½ times reads "a 35 x 25 cm
    baking dish (larger than the recipe's 30 x 20 cm, for the larger amounts)"."""
    if abs(factor - 1) < _RESIZE_AT:
        return step
    scale = math.sqrt(factor)
    larger = "larger" if factor > 1 else "smaller"

    def resized(m: re.Match[str]) -> str:
        unit = (m["u"] or m["u2"] or "").lower()
        metric = unit.startswith(("cm", "cent"))
        shown = "cm" if metric else ("inch" if unit else "")
        if m["d"]:
            old = f"{m['d']} {shown}".strip()
            new = f"{_side(_number(m['d']), scale, metric)} {shown}".strip()
            rest = m["rest2"]
        else:
            depth = f" x {m['depth']}" if m["depth"] else ""  # the depth is the recipe's
            old = f"{m['a']} x {m['b']}{depth} {shown}".strip()
            sides = (_side(_number(m["a"]), scale, metric), _side(_number(m["b"]), scale, metric))
            new = f"{sides[0]} x {sides[1]}{depth} {shown}".strip()
            rest = m["rest"]
        if new == old:
            return m.group()
        note = f" ({larger} than the recipe's {old}, for the {larger} amounts)"
        return f"{new}{rest}{note}"

    return _SIZED.sub(resized, step)


def counted_items(lines: Iterable[IngredientLine]) -> tuple[tuple[float, str], ...]:
    """The whole items the list counts, with their count: (2, "lobsters") for "2 lobsters";
    "15 sheets lasagna noodles" counts 15 noodles and 15 sheets."""
    found: list[tuple[float, str]] = []
    for line in lines:
        if line.unit not in (None, *_COUNTING_UNITS) or not line.quantity:
            continue
        if line.quantity != int(line.quantity):
            continue
        if line.unit is not None:
            found.append((line.quantity, f"{line.unit}s"))
        words = re.findall(r"[A-Za-z]+", line.item or "")
        if not words or words[-1].lower() in _UNCOUNTED or len(words[-1]) < 3:
            continue
        found.append((line.quantity, " ".join(words[-2:]) if len(words) > 1 else words[-1]))
    return tuple(found)


def _stem(word: str) -> str:
    word = word.lower()
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _count_text(value: float) -> str:
    """A scaled count a cook can take, as the list's line shows it: halves below two, whole from
    there."""
    whole = math.floor(value + 0.5) if value >= 2 else max(0.5, math.floor(value * 2 + 0.5) / 2)
    return {0.5: "½", 1.5: "1½"}.get(whole, f"{whole:g}")


@lru_cache(maxsize=4_096)
def _pattern(noun: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?P<n>\d{{1,2}}|{'|'.join(_WORD_NUMBERS)})\s+(?P<mid>(?:[A-Za-z-]+\s+){{0,2}}?)"
        rf"(?P<noun>{re.escape(_stem(noun))}(?:s|es)?|{re.escape(noun)})\b",
        re.IGNORECASE,
    )


def scaled_counts(step: str, counted: Sequence[tuple[float, str]], factor: float) -> str:
    """`step` with each count of a whole item of `counted` scaled by `factor` as the list's
    line is: "Place the 2 lobsters in the pot" for 6 of a recipe for 2 reads "Place the 6
    lobsters in the pot"; a count the list does not hold ("cut into 4 pieces") is kept."""
    if factor == 1.0 or not counted:
        return step
    found: list[tuple[int, int, str]] = []
    for listed, name in counted:
        for m in _pattern(name.split()[-1]).finditer(step):
            count = _WORD_NUMBERS.get(m["n"].lower()) or int(m["n"])
            if count != listed and not 2 <= count < listed:
                continue  # a part of the list's count ("6 noodles" a layer of 12) is scaled too
            now = count * factor
            word = agreeing_item(m["noun"], count, now, None)
            found.append((m.start(), m.end(), f"{_count_text(now)} {m['mid']}{word}"))
    out, at = [], 0
    for start, end, text in sorted(found):
        if start < at:
            continue  # one count read for two lines of the same food
        out += [step[at:start], text]
        at = end
    return "".join(out) + step[at:]
