"""How many a recipe whose source states no servings feeds, estimated from its amounts.

Only for scaling a recipe to the number the cook asked for (`step_amounts.servings_plan`), and
always said to be an estimate: the weights and volumes of its lines (a millilitre read as a
gram; a can, package, jar or box as its stated size, else `PACKAGE_GRAMS`) are added up and
divided by `PORTION_GRAMS`, a main-course plate. Water is not food on the plate (it boils
off or is drained): its lines are not weighed. No estimate when fewer than `MIN_WEIGHED`
lines, or fewer than half of the lines with an amount, can be weighed (a list of "2 onions,
1 chicken" says too little), or when it comes to fewer than 2 (never an invented "serves 1").

A dish baked whole (a pie, a tart, a quiche, a cake, a loaf: `baked_whole`) is not scaled by
such an estimate: its pan and crust set how much it makes, and a pie "for 3" from a guessed 7
leaves half a crust and a filling too small for the pan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.recipes.models import ParsedIngredient
from kairos.recipes.units import UNIT_ALIASES, convert, unit_kind

__all__ = [
    "MIN_WEIGHED", "PACKAGE_GRAMS", "PORTION_GRAMS", "baked_whole", "servings_from_amounts",
]  # fmt: skip

PORTION_GRAMS: Final = 350.0
PACKAGE_GRAMS: Final = 400.0
MIN_WEIGHED: Final = 3
_PACKAGES: Final = frozenset({"can", "package", "jar", "box"})
_WATER: Final = re.compile(
    r"^\s*(?:(?:cold|cool|warm|hot|boiling|ice|iced|lukewarm|tap|filtered)\s+)*(?:water|ice"
    r"(?:\s+cubes?)?)\s*$",
    re.IGNORECASE,
)
_WHOLE: Final = re.compile(
    r"(?<!crab )(?<!fish )(?<!rice )(?<!potato )(?<!salmon )(?<!tuna )\b(pie|tart|quiche|cake"
    r"|cheesecake|loaf|galette|strudel|pizza|focaccia)\b",
    re.IGNORECASE,
)
_SIZE: Final = re.compile(r"^\s*(\d+(?:\.\d+)?)[\s-]*([a-z. ]+?)\s*$", re.IGNORECASE)


def _grams(quantity: float, unit: str) -> float | None:
    kind = unit_kind(unit)
    if kind == "mass":
        return convert(quantity, unit, "gram")
    if kind == "volume":
        return convert(quantity, unit, "milliliter")
    return None


def _size_grams(size: str | None) -> float | None:
    found = _SIZE.match(size or "")
    if found is None:
        return None
    unit = UNIT_ALIASES.get(found[2].strip().lower().rstrip("."))
    return _grams(float(found[1]), unit) if unit else None


def baked_whole(title: str) -> str | None:
    """ "pie" for "Chicken Pot Pie": the word of a dish baked whole in one pan, else None."""
    found = _WHOLE.search(title)
    return found[1].lower() if found else None


def line_grams(line: ParsedIngredient) -> float | None:
    """The line's weight in grams when its amount says it, else None (water included)."""
    if line.quantity is None or line.unit is None:
        return None
    if line.unit in _PACKAGES:
        return line.quantity * (_size_grams(line.size) or PACKAGE_GRAMS)
    return _grams(line.quantity, line.unit)


def servings_from_amounts(lines: Sequence[ParsedIngredient]) -> tuple[int, float] | None:
    """About how many plates the lines make, and their weight in grams; None when they do
    not say enough."""
    with_amount = [
        line for line in lines if line.quantity is not None and not _WATER.match(line.item)
    ]
    weights = [g for line in with_amount if (g := line_grams(line)) is not None]
    if len(weights) < MIN_WEIGHED or 2 * len(weights) < len(with_amount):
        return None
    total = sum(weights)
    count = round(total / PORTION_GRAMS)
    return (count, total) if count >= 2 else None
