"""The usual size of a can, package or jar a recipe names without one (issue 37, "true
numbers"): "½ can tomato sauce" is measured as "about 210 g; a usual can is 425 g", scaled with
the recipe and said as an estimate. Data in `data/package_sizes.toml`."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Final

from kairos.recipes.display import format_amount, kitchen_round, package_size
from kairos.recipes.models import IngredientLine, Units
from kairos.recipes.units import to_imperial, to_metric

__all__ = [
    "UsualSize", "grade_of", "kept_whole", "not_given", "package_note", "sized_count",
    "stated_size_note", "usual_size", "weighed_part",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class UsualSize:
    containers: frozenset[str]
    words: re.Pattern[str] | None
    amount: float
    unit: str  # "gram" or "milliliter"
    grade: str | None = None  # "small" or "large": the size word the line must say


_GRADES: Final = {
    "small": "small", "mini": "small", "large": "large", "big": "large", "jumbo": "large",
    "extra large": "large", "extra-large": "large", "x-large": "large", "xl": "large",
    "large-sized": "large",
}  # fmt: skip


def grade_of(size: str | None) -> str | None:
    """ "small" or "large" when the line's size words say so ("1 large can tomatoes")."""
    words = (part.strip().lower() for part in (size or "").split(";"))
    return next((_GRADES[word] for word in words if word in _GRADES), None)


@cache
def _sizes() -> tuple[UsualSize, ...]:
    path = resources.files("kairos.recipes").joinpath("data").joinpath("package_sizes.toml")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    sizes = []
    for entry in data["size"]:
        words = entry.get("words") or []
        pattern = (
            re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b") if words else None
        )
        unit, amount = ("milliliter", entry["ml"]) if "ml" in entry else ("gram", entry["g"])
        sizes.append(
            UsualSize(
                frozenset(entry["containers"]), pattern, float(amount), unit, entry.get("grade")
            )
        )
    return tuple(sizes)


@lru_cache(maxsize=4096)
def usual_size(container: str | None, item: str, grade: str | None = None) -> UsualSize | None:
    """The usual size of `container` of `item` ("can", "tomato paste" → 170 g), of a small or
    large one when `grade` says so ("large", "can", "tomatoes" → 800 g), else None."""
    if container is None:
        return None
    lowered = item.lower()
    return next(
        (
            size
            for size in _sizes()
            if container in size.containers
            and size.grade == grade
            and (size.words is None or size.words.search(lowered))
        ),
        None,
    )


def _usual(line: IngredientLine) -> UsualSize | None:
    return usual_size(line.unit, line.item, grade_of(line.size))


def not_given(line: IngredientLine) -> str:
    """ "(can size not given)", "(large can, size not given)": a container whose size neither
    the recipe nor the table of usual sizes knows, said plainly rather than invented."""
    grade = grade_of(line.size)
    return f"({grade} {line.unit}, size not given)" if grade else f"({line.unit} size not given)"


def _measure(amount: float, unit: str, units: Units) -> str:
    if units == "imperial":
        quantity, shown = to_imperial(amount, unit)
        value = quantity or 0.0
        rounded = max(0.25, round(value * 4) / 4) if value < 4 else float(round(value))
        return format_amount(rounded, None, shown)
    return format_amount(kitchen_round(amount, unit), None, unit)


def stated_size_note(line: IngredientLine, quantity: float | None, units: Units) -> str | None:
    """ "(310 g each)" / "(310 g)" for whole cans or packages whose size the source states
    ("2 (11 ounce) cans"), in the cook's units; None when it states none or is unreadable."""
    found = package_size(line.size)
    if found is None or quantity is None:
        return None
    amount, unit = found
    metric, metric_unit = to_metric(amount, unit)
    if metric is None or metric_unit is None:
        return None
    shown = _measure(metric, metric_unit, units)
    return f"({shown} each)" if quantity > 1 else f"({shown})"


def package_note(line: IngredientLine, quantity: float | None, units: Units) -> str | None:
    """ "(about 210 g; a usual can is 425 g)" for a can, package or jar with no size stated,
    `quantity` of it as scaled; "(a usual can is about 425 g)" for one whole; "(can size not
    given)" when no usual size is known for it. None when the line states a size."""
    if package_size(line.size) is not None or quantity is None:
        return None
    size = _usual(line)
    if size is None:
        return not_given(line)
    whole = (
        _measure(size.amount, size.unit, units)
        if units == "imperial"
        else format_amount(size.amount, None, size.unit)
    )
    kind = f"{size.grade} {line.unit}" if size.grade else line.unit
    if abs(quantity - 1.0) < 1e-9:
        return f"(a usual {kind} is about {whole})"
    part = _measure(size.amount * quantity, size.unit, units)
    return f"(about {part}; a usual {kind} is {whole})"


_CONTAINERS: Final = frozenset(
    ("can", "package", "jar", "bottle", "bag", "box", "container", "envelope")
)


def kept_whole(line: IngredientLine, quantity: float | None, unit: str | None) -> str | None:
    """ "(bag size not given: use about ⅛ of one and keep the rest)" for a container of no
    size anybody knows scaled down below half of one: the cook buys one whole rather than
    measure "⅛ bag"; None otherwise (its part is weighed, `weighed_part`, or practical)."""
    if unit not in _CONTAINERS or unit != line.unit or quantity is None or quantity >= 0.5:
        return None  # a spoon, a weight: measured, not bought whole
    if quantity >= (line.quantity or 0.0) or package_size(line.size) is not None or _usual(line):
        return None  # as written, or a size to weigh it by
    part = format_amount(quantity, None, None)
    return f"({unit} size not given: use about {part} of one and keep the rest)"


_WHOLE: Final = 0.05
"""How near a whole number of cans a scaled count is to be said in cans ("2 cans")."""


def weighed_part(
    line: IngredientLine, factor: float, units: Units
) -> tuple[IngredientLine, str] | None:
    """A part of a can, package or jar of no stated size ("⅓ can sweet corn" scaled, or "½ can
    coconut milk" as written), weighed by the usual size: the line as that weight (scaled by
    `factor` as any weight is) and the note telling the part of the can it is ("about ⅓ can;
    a usual can is 425 g"), so a cook never measures a fraction of a container. None for whole
    cans ("2 cans black beans", said with the usual size by `package_note`), a stated size
    (weighed by it already), or a container whose usual size is not known."""
    if package_size(line.size) is not None or line.quantity is None:
        return None
    size = _usual(line)
    if size is None:
        return None
    part = line.quantity * factor
    if part >= 1 - _WHOLE and abs(part - round(part)) < _WHOLE:
        return None
    top = line.quantity_max * size.amount if line.quantity_max is not None else None
    weighed = line.model_copy(
        update={"quantity": line.quantity * size.amount, "quantity_max": top, "unit": size.unit}
    )
    whole = (
        _measure(size.amount, size.unit, units)
        if units == "imperial"
        else format_amount(size.amount, None, size.unit)
    )
    shown = format_amount(max(0.125, part), None, line.unit)
    kind = f"{size.grade} {line.unit}" if size.grade else line.unit
    return weighed, f"(about {shown}; a usual {kind} is {whole})"


# "2-15 ounce cans kidney beans" is two 15-ounce cans, not a range of 2 to 15 ounces: a count
# joined to a larger size before a plural container (a range of sizes names one container).
_COUNT_OF_SIZED_RE: Final = re.compile(
    r"^(?P<n>\d{1,2})\s*-\s*(?P<size>\d+(?:\.\d+)?)[\s-]*"
    r"(?P<unit>ounces?|oz\.?|fl\.?\s?oz\.?|grams?|g|ml|pounds?|lbs?\.?)\s+"
    r"(?=(?:cans|tins|jars|packages|packets|pkgs|bottles|boxes|cartons|bags|containers)\b)",
    re.IGNORECASE,
)


def sized_count(line: str) -> str:
    """The line with a count of sized packages written as the parser reads one: "2-15 ounce
    cans beans" -> "2 (15 ounce) cans beans"."""
    return _COUNT_OF_SIZED_RE.sub(r"\g<n> (\g<size> \g<unit>) ", line, count=1)
