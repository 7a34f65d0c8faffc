"""Scaled, converted quantities as a cook reads them ("235 ml", "1½ cups", "2 cloves")."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Final

from kairos.recipes.models import IngredientLine, Units
from kairos.recipes.units import (
    UNIT_ALIASES,
    display_unit,
    to_imperial,
    to_metric,
    unit_kind,
)

__all__ = [
    "format_amount",
    "grams_per_ml",
    "kitchen_measure",
    "kitchen_round",
    "litres",
    "package_size",
    "scaled_amount",
]

_SPOONS: Final = frozenset(("teaspoon", "tablespoon"))
"""Spoons are kitchen measures in metric countries too; only cups and weights convert."""
_FRACTIONS: Final = ((0.125, "⅛"), (0.25, "¼"), (1 / 3, "⅓"), (0.5, "½"), (2 / 3, "⅔"), (0.75, "¾"))


def kitchen_round(value: float, unit: str | None) -> float:
    if unit in ("gram", "milliliter"):
        if value < 5:
            return max(0.5, round(value * 2) / 2)
        if value < 20:
            return float(round(value))
        step = 5 if value < 200 else 10
        return round(value / step) * step
    if unit == "kilogram":
        return round(value, 2)
    if unit == "liter":
        return round(value * 10) / 10
    if unit == "centimeter":
        return round(value * 2) / 2 if value < 5 else round(value)
    return value


def _number(value: float, unit: str | None) -> str:
    if unit in ("gram", "milliliter", "kilogram", "liter", "centimeter"):
        return f"{value:g}"
    whole = int(value)
    rest = value - whole
    if rest < 0.06:
        return str(whole) if whole else f"{value:.2g}"
    if rest > 0.94:
        return str(whole + 1)
    glyph = min(_FRACTIONS, key=lambda f: abs(f[0] - rest))[1]
    return f"{whole}{glyph}" if whole else glyph


_GRAMS_PER_ML: Final = (
    (re.compile(r"\b(?:powdered|icing|confectioners'?)\s+sugar\b"), 0.5),
    (re.compile(r"\bbrown\s+sugar\b"), 0.9),
    (re.compile(r"\bsugar\b"), 0.85),
    (re.compile(r"\bcocoa\b"), 0.42),
    (re.compile(r"\b(?:almond\s+)?flour\b|\bcornstarch\b|\bcornmeal\b"), 0.53),
    (re.compile(r"\bpeanut\s+butter\b|\bnut\s+butter\b"), 1.1),
    (re.compile(r"\bbutter\b|\bmargarine\b|\bdairy-free\s+spread\b"), 0.96),
    (re.compile(r"\bshortening\b|\blard\b"), 0.8),
    (re.compile(r"\b(?:rolled\s+|quick\s+)?oats\b"), 0.38),
    (re.compile(r"\b(?:uncooked|dry|basmati|jasmine|long[\s-]grain|arborio)?\s*rice\b(?!\s+"
                r"(?:vinegar|wine|milk|noodles|paper))"), 0.8),
    (re.compile(r"\b(?:grated|shredded|crumbled)\b.*\bcheese\b|\bcheese\b.*\b(?:grated|"
                r"shredded|crumbled)\b|\bparmesan\b|\bfeta\b|\bcheddar\b|\bmozzarella\b"), 0.42),
    # a hard cheese by its name, and a cheese of no named kind (a stand-in, "dairy-free
    # cheese", is weighed as the cheese it replaces); a soft one (cream, ricotta) is spooned
    (re.compile(r"\b(?:pecorino|romano|parmigiano|gruy[eè]re|asiago|gouda|emmental|swiss|"
                r"monterey\s+jack|pepper\s+jack|colby|provolone|manchego|fontina|havarti)\b|"
                r"(?<!cream )(?<!cottage )(?<!ricotta )(?<!goat )(?<!mascarpone )\bcheese\b"
                r"(?!\s+(?:sauce|soup|dip|spread|whiz|powder|curds))"), 0.42),
    (re.compile(r"\bchocolate\s+chips\b|\bchips\b"), 0.7),
    (re.compile(r"\b(?:cooked|shredded|diced|cubed|chopped)?\s*(?:chicken|turkey|ham|beef|pork)\b"
                r"(?!\s+(?:broth|stock|bouillon))"), 0.6),
    (re.compile(r"\b(?:walnuts|pecans|almonds|cashews|peanuts|hazelnuts|nuts|seeds)\b"), 0.55),
    (re.compile(r"\bbread\s*crumbs\b|\bbreadcrumbs\b|\bpanko\b"), 0.45),
    (re.compile(r"\braisins\b|\bcranberries\b(?=.*\bdried\b)|\bdried\s+\w+\b"), 0.6),
    (re.compile(r"\bcoconut\b(?=.*\b(?:flakes|shredded|desiccated)\b)|\b(?:shredded|"
                r"desiccated|flaked)\s+coconut\b"), 0.35),
)  # fmt: skip
"""Dry and solid foods a cup measures, in grams per millilitre (the usual kitchen tables): a
metric cook weighs flour, sugar and butter, not pours them."""


@lru_cache(maxsize=16_384)
def grams_per_ml(item: str) -> float | None:
    """Kept: an item is matched against every dry food's pattern (0.2 ms), and the same
    recipes' items come back with each request that adapts them."""
    lowered = item.lower()
    return next((density for pattern, density in _GRAMS_PER_ML if pattern.search(lowered)), None)


def litres(
    quantity: float | None, top: float | None, unit: str | None
) -> tuple[float | None, float | None, str | None]:
    """A litre and more of liquid in litres ("1.9 l water", "a 5.7 l saucepan")."""
    if unit != "milliliter" or quantity is None or quantity < 1000:
        return quantity, top, unit
    return quantity / 1000, (top / 1000 if top is not None else None), "liter"


_SMALL_ML: Final = 30.0
"""Below two tablespoons, a volume that is not a round number of millilitres ("19.5 ml") is
measured with spoons."""


_SPOON_SET: Final = (0.125, 0.25, 0.5, 0.75)


def _teaspoons(value: float) -> float:
    """A number of teaspoons a spoon set measures: ⅛, ¼, ½ or ¾ below one, quarters below
    two, then halves."""
    if value < 0.875:
        return min(_SPOON_SET, key=lambda spoon: abs(spoon - value))
    step = 0.25 if value < 2 else 0.5
    return round(value / step) * step


def kitchen_measure(
    quantity: float | None, top: float | None, unit: str | None
) -> tuple[float | None, float | None, str | None]:
    """An amount a cook can measure: a small odd volume in spoons ("19.5 ml" → "4 tsp"), less
    than a tablespoon in teaspoons ("⅓–⅔ tbsp" → "1–2 tsp"), teaspoons in the fractions a spoon
    set has, tablespoons in halves or else in teaspoons. Below a pinch it is left to
    `format_amount` ("a pinch of")."""
    if quantity is None:
        return quantity, top, unit
    most = top or quantity
    if unit == "milliliter" and most < _SMALL_ML and (quantity % 5 or (top or 0) % 5):
        quantity, top, unit = quantity / 5, (top / 5 if top is not None else None), "teaspoon"
    elif (
        unit == "tablespoon"
        and (most < 1 or abs(round(most * 2) / 2 - most) > 0.1 * most)
        and most * 3 <= 8
    ):
        quantity, top, unit = quantity * 3, (top * 3 if top is not None else None), "teaspoon"
    if unit not in _SPOONS or (top or quantity) * _TEASPOONS[unit] < _PINCH_TEASPOONS:
        return quantity, top, unit
    if unit == "teaspoon":
        quantity = _teaspoons(quantity)
        top = _teaspoons(top) if top is not None else None
    else:
        quantity = max(0.5, round(quantity * 2) / 2)
        top = max(0.5, round(top * 2) / 2) if top is not None else None
    return quantity, (top if top is not None and top > quantity else None), unit


def _count(value: float) -> float:
    """A scaled count a cook can take: halves below two ("1½ onions"), whole from there
    ("7½ onions" → 8, "4½ cloves" → 5)."""
    if value < 2:
        return max(0.5, math.floor(value * 2 + 0.5) / 2)
    return float(math.floor(value + 0.5))


_PACKAGES: Final = frozenset(("can", "package", "jar", "bottle", "bag", "box", "container",
                              "envelope"))  # fmt: skip
_SIZE: Final = re.compile(
    r"^\s*~?\s*(?:(\d+)\s+)?(\d+(?:\.\d+)?)(?:\s*/\s*(\d+))?[\s-]*([a-z. ]+?)\.?"
    r"(?:\s+(?:size|each|net))?\s*$",
    re.IGNORECASE,
)
"""A stated package size: "29 ounce", "14 1/2 ounce", "1/4 ounce", "750 milliliter"."""


_GARLIC: Final = re.compile(r"^(?:fresh\s+)?(?:(?:minced|chopped|crushed)\s+)?garlic$", re.I)
"""Garlic measured in spoons (minced, chopped): counted in cloves once scaled."""


def _cloves(value: float) -> float:
    """Whole cloves from ¾ of one ("1¾ tsp" → 2), half a clove below."""
    return 0.5 if value < 0.75 else float(math.floor(value + 0.5))


_BUTTER: Final = re.compile(r"\b(?:butter|margarine|shortening)\b", re.IGNORECASE)
_STICK_GRAMS: Final = 113.4
"""A US stick of butter (or margarine) is ½ cup, 4 oz: a metric cook weighs it."""


def package_size(size: str | None) -> tuple[float, str] | None:
    """ "29 ounce" → (29.0, "ounce"), "large; 14 1/2 ounce" → (14.5, "ounce"): a package's
    stated weight or volume (the first part of the size that is one), else None."""
    for part in (size or "").split(";"):
        found = _SIZE.match(part)
        if found is None or (found[3] is not None and float(found[3]) == 0):
            continue
        unit = UNIT_ALIASES.get(" ".join(found[4].lower().replace(".", " ").split()))
        if unit is None or unit_kind(unit) not in ("mass", "volume"):
            continue
        amount = float(found[2]) / float(found[3]) if found[3] else float(found[2])
        if found[1] is not None:
            if found[3] is None:
                continue  # "2 16 ounce": no size
            amount += float(found[1])
        return amount, unit
    return None


def _scaled_package(
    line: IngredientLine, factor: float, units: Units
) -> tuple[float | None, float | None, str | None]:
    """A scaled can, package or jar: its stated weight or volume scaled ("1 (12 ounce) package"
    for 2 of 7 → "95 g"); with no size stated, the fraction of it in the nearest of the
    kitchen's fractions, never rounded up to half a package (⅛ at least)."""
    size = package_size(line.size)
    if size is not None:
        top = line.quantity_max * size[0] if line.quantity_max is not None else None
        weighed = line.model_copy(update={
            "quantity": (line.quantity or 0) * size[0], "quantity_max": top, "unit": size[1],
            "size": None,
        })  # fmt: skip
        return scaled_amount(weighed, factor, units)
    quantity = max(0.125, (line.quantity or 0) * factor)
    top = max(0.125, line.quantity_max * factor) if line.quantity_max is not None else None
    return quantity, (top if top is not None and top > quantity else None), line.unit


def _part_of_sized(line: IngredientLine) -> bool:
    """ "1/6 (15.5 oz) can black beans" as written: a part of a package of stated size, weighed
    by it rather than measured as "⅛ can" (a whole number of packages stays in packages)."""
    quantity = line.quantity or 0.0
    return package_size(line.size) is not None and abs(quantity - round(quantity)) > 0.05


def scaled_amount(
    line: IngredientLine, factor: float, units: Units
) -> tuple[float | None, float | None, str | None]:
    """Quantity, range end and unit of `line` scaled by `factor`, in the cook's units; a scaled
    package by its stated size (`_scaled_package`)."""
    if line.quantity is None:
        return None, None, line.unit
    if units == "metric" and line.unit == "stick" and _BUTTER.search(line.item):
        top = line.quantity_max * _STICK_GRAMS if line.quantity_max is not None else None
        weighed = line.model_copy(update={
            "quantity": line.quantity * _STICK_GRAMS, "quantity_max": top, "unit": "gram"
        })  # fmt: skip
        return scaled_amount(weighed, factor, units)
    if line.unit in _PACKAGES and (factor != 1.0 or _part_of_sized(line)):
        return _scaled_package(line, factor, units)
    if factor != 1.0 and line.unit in _SPOONS and _GARLIC.match(line.item):
        # a clove minced is about a teaspoon: "1¾ tsp garlic" scaled reads "2 cloves garlic"
        cloves = _cloves(line.quantity * _TEASPOONS[line.unit] * factor)
        top = line.quantity_max * _TEASPOONS[line.unit] * factor if line.quantity_max else None
        top = _cloves(top) if top is not None else None
        return cloves, (top if top is not None and top > cloves else None), "clove"
    spoon = line.unit in _SPOONS
    convert = to_metric if units == "metric" else to_imperial
    quantity, unit = (
        (line.quantity * factor, line.unit) if spoon else convert(line.quantity * factor, line.unit)
    )
    top = None
    if line.quantity_max is not None:
        top = (
            line.quantity_max * factor
            if spoon
            else convert(line.quantity_max * factor, line.unit)[0]
        )
    density = grams_per_ml(line.item) if units == "metric" and line.unit == "cup" else None
    if density is not None and quantity is not None and unit == "milliliter":
        quantity, unit = quantity * density, "gram"
        top = top * density if top is not None else None
    quantity, top, unit = kitchen_measure(*litres(quantity, top, unit))
    if units == "metric" and unit == "tablespoon" and quantity is not None and quantity > 8:
        quantity, top, unit = quantity * 15, (top * 15 if top is not None else None), "milliliter"
    if factor != 1.0 and quantity is not None and unit_kind(unit) == "count":
        quantity, top = _count(quantity), (_count(top) if top is not None else None)
        top = top if top is not None and top > quantity else None
    if quantity is not None:
        quantity = kitchen_round(quantity, unit)
    if top is not None:
        top = kitchen_round(top, unit)
    return quantity, top, unit


_PINCH_TEASPOONS: Final = 1 / 12
"""Below about a sixteenth of a teaspoon no cook measures: "0.042 tsp pepper" is a pinch."""
_TEASPOONS: Final = {"teaspoon": 1.0, "tablespoon": 3.0}


def format_amount(quantity: float | None, top: float | None, unit: str | None) -> str:
    if quantity is None:
        return ""
    if unit in _TEASPOONS and (top or quantity) * _TEASPOONS[unit] < _PINCH_TEASPOONS:
        return "a pinch of"
    text = _number(quantity, unit)
    if top is not None and top > quantity:
        text += f"–{_number(top, unit)}"
    shown = display_unit(unit, top or quantity)
    return f"{text} {shown}".strip()
