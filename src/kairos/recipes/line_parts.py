"""The words of an ingredient line beside its amount, made to agree with it (issue 37, "true
numbers"): one amount a line, in the cook's units.

- A line whose amount follows a word ("Info 6 oz. Linguine", "Glaze: ½ cup powdered sugar",
  "generous ½ cup chocolate chips") is read from its amount, so it is scaled and converted as
  any line is; a label ending in a colon is kept as what the line is for ("for the glaze").
- A can, package or bottle whose size the source wrote after it ("2 cans salmon (6 oz / 170
  grams each)", "1 can chickpeas (16 ounce)", "2 cans (29 ounces / 800 g total)") is given
  that size, so it is weighed by it and not by a usual size that contradicts it.
- The same amount written again after the item ("1 ½ cup flour 180 g") goes, as the one in
  the preparation does (`step_amounts.clean_preparation`).
"""

from __future__ import annotations

import re
from typing import Final

from kairos.recipes.display import format_amount, package_size, scaled_amount
from kairos.recipes.models import IngredientLine, Units
from kairos.recipes.package_sizes import grade_of, usual_size
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.step_amounts import adapt_step, clean_preparation
from kairos.recipes.units import UNIT_ALIASES, convert, to_metric, unit_kind

__all__ = [
    "added", "joined_preparation", "measured_package", "prepared_line", "reread",
    "sized_from_preparation", "total_in_brackets", "unit_in_item",
]  # fmt: skip

_PACKAGES: Final = frozenset(
    ("can", "package", "jar", "bottle", "bag", "box", "container", "envelope")
)
_LABEL: Final = re.compile(r"^\s*(?P<label>(?:[A-Za-z]+\s+){0,1}[A-Za-z]+:?)\s+(?=[\d½¼¾⅓⅔⅛])")
"""One or two words before the amount of a line the parser read no amount in."""
_NUMBER: Final = r"(?:\d+\s+\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)?)"
_MARKS: Final = re.compile(
    r"\b(?:each|total|in\s+total|size|net|approx\.?|approximately|about)\b|~"
)
_ALTERNATIVES: Final = re.compile(r"\s*(?:/|\||=|\bor\b|\s\.\s)\s*|(?<=[A-Za-z.])\s+(?=\d)")
_RANGE: Final = re.compile(rf"^\s*({_NUMBER})\s*[–-]\s*{_NUMBER}(?=\s*[A-Za-z])")
_MEASURE_WORDS: Final = (
    r"cups?|c|tablespoons?|tbsps?|tbs|teaspoons?|tsps?|ounces?|oz|pounds?|lbs?|grams?|gms?|g|kg|"
    r"kilos?|ml|l|cl|dl|millilit(?:re|er)s?|lit(?:re|er)s?|quarts?|qt|pints?|fl\.?\s*oz"
)
_TRAILING_MEASURE: Final = re.compile(
    rf"(?<=[A-Za-z])\s+(?:{_NUMBER}|[½¼¾⅓⅔⅛])\s*(?:{_MEASURE_WORDS})\.?\s*$", re.IGNORECASE
)
"""The amount again at the end of the item, in other units ("flour 180 g", "cream 1 cup")."""
_LEADING_MEASURE: Final = re.compile(
    rf"^\s*/\s*{_NUMBER}(?:\s*[–-]\s*{_NUMBER})?\s*(?:{_MEASURE_WORDS})\.?\s+(?=\S)",
    re.IGNORECASE,
)
"""The amount again at the start of the item, after a slash ("2–3 tbsp / 30-45 ml olive oil")."""
_METRIC: Final = frozenset(("gram", "kilogram", "milliliter", "centiliter", "deciliter", "liter"))
_BUTTER: Final = re.compile(r"\b(?:butter|margarine)\b", re.IGNORECASE)


def reread(line: IngredientLine) -> IngredientLine:
    """A line with no amount read, whose amount follows a word or two ("Info 6 oz. Linguine"),
    read from its amount; other lines as they are."""
    if line.quantity is not None:
        return line
    found = _LABEL.match(line.original)
    if found is None:
        return line
    parsed = parse_ingredient(line.original[found.end() :])
    if parsed.quantity is None or unit_kind(parsed.unit) == "count" or not parsed.item:
        return line
    label = found["label"]
    item, preparation = parsed.item, parsed.preparation
    if item[0].isdigit():  # "mirin: 60 ml": the amount alone after the food's name
        if not label.endswith(":"):
            return line
        item, label = label.rstrip(":"), ""
    if label.endswith(":"):
        purpose = f"for the {label.rstrip(':').lower()}"
        preparation = f"{preparation}; {purpose}" if preparation else purpose
    return line.model_copy(
        update={
            "quantity": parsed.quantity, "quantity_max": parsed.quantity_max,
            "unit": parsed.unit, "size": parsed.size, "item": item,
            "preparation": preparation,
        }
    )  # fmt: skip


_UNIT_FIRST: Final = re.compile(r"^\s*(?P<u>[A-Za-z]{2,}(?:\s+oz)?)\.?\*?(?:\s+|-)(?P<rest>\S.*)$")
_THICK: Final = re.compile(r"^(?:thick|thin|long|wide|deep|piece|pieces|round|square)\b", re.I)


def unit_in_item(line: IngredientLine) -> IngredientLine:
    """A count whose item begins with a measure ("4–5 pound boneless pork loin roast", "2
    cups* water", "4 packed cups fresh strawberries"): that measure is the line's unit, so it is
    converted and scaled; a size of each piece ("2 ¼-inch thick slices") stays as written."""
    if line.quantity is None or line.unit is not None:
        return line
    found = _UNIT_FIRST.match(line.item)
    unit = UNIT_ALIASES.get(found["u"].lower()) if found else None
    if found is None or unit is None or unit_kind(unit) == "count":
        return line
    if unit_kind(unit) == "length" and not re.match(r"^knob|^piece", found["rest"], re.I):
        return line  # "9 ¾-inch thick chops": the size of each, not an amount
    if _THICK.match(found["rest"]):
        return line
    return line.model_copy(update={"unit": unit, "item": found["rest"]})


def _size_in(part: str, count: float) -> tuple[float, str] | None:
    """The weight or volume of one package a preparation part states and nothing else ("6 oz
    / 170 grams each" → 170 g; "29 ounces / 800 g total" for 2 → 400 g), else None."""
    total = re.search(r"\btotal\b", part, re.IGNORECASE) is not None
    text = _MARKS.sub(" ", part).strip(" ,")
    found: list[tuple[float, str, bool]] = []
    for alternative in _ALTERNATIVES.split(text):
        low = _RANGE.match(alternative)
        if low:  # "400–425 g": the smaller package
            alternative = low[1] + alternative[low.end() :]
        size = package_size(alternative)
        if size is None:
            return None
        amount, unit = to_metric(*size)
        if amount is None or unit is None:
            return None
        found.append((amount, unit, size[1] in _METRIC))
    if not found:
        return None
    amount, unit, _ = next((f for f in found if f[2]), found[0])  # as the source weighed it
    return (amount / count if total and count > 0 else amount), unit


def sized_from_preparation(line: IngredientLine) -> IngredientLine:
    """A can, package or bottle of no size read, whose preparation states one ("(12 oz each)",
    "(16 ounce)", "(28 oz / 790 g)"): that size, and the preparation without it."""
    if line.unit not in _PACKAGES or not line.quantity or not line.preparation:
        return line
    stated = package_size(line.size) is not None
    parts = [part.strip() for part in line.preparation.split(";")]
    for index, part in enumerate(parts):
        clauses = part.split(",")
        for at, clause in enumerate(clauses):
            found = _size_in(clause, line.quantity)
            if found is None:
                continue
            left = ",".join(clauses[:at] + clauses[at + 1 :]).strip(" ,")
            kept = [p for p in [*parts[:index], left, *parts[index + 1 :]] if p]
            size = f"{found[0]:g} {found[1]}"
            if not stated:  # a size stated already: this is the same one again ("(439g)")
                line = line.model_copy(
                    update={"size": f"{line.size}; {size}" if line.size else size}
                )
            return line.model_copy(update={"preparation": "; ".join(kept) or None})
    return line


_PLUS: Final = re.compile(r"^\s*(?P<op>\+|plus\b|minus\b)\s*(?=[\d½¼¾⅓⅔⅛])", re.IGNORECASE)
_PLUS_AFTER: Final = re.compile(
    r"\s*(?P<op>\+|\bplus\b)\s*(?P<amount>[\d½¼¾⅓⅔⅛][\d\s/½¼¾⅓⅔⅛]*\s*[A-Za-z]+\.?)\s*$",
    re.IGNORECASE,
)


def added(line: IngredientLine) -> IngredientLine:
    """ "1 cup plus 2 tablespoons milk", "⅔ + ¼ cup chocolate chips", "½ cup honey + 2 tsp": one
    amount (the second added to the first, in the first's unit), so it is scaled and
    converted whole; a second amount of another kind (a weight and a spoon) stays as it is."""
    if line.quantity is None:
        return line
    found = _PLUS.match(line.item)
    after = None if found else _PLUS_AFTER.search(line.item)
    if found is None and after is None:
        return line
    text = line.item[found.end() :] if found else after["amount"] + " x"  # type: ignore[index]
    parsed = parse_ingredient(text)
    unit = line.unit or parsed.unit
    if parsed.quantity is None or parsed.unit is None or unit is None:
        return line
    kind = unit_kind(unit)
    if kind not in ("mass", "volume") or unit_kind(parsed.unit) != kind:
        return line
    more = convert(parsed.quantity, parsed.unit, unit)
    op = (found or after)["op"].lower()  # type: ignore[index]
    more = -more if op == "minus" else more
    item = parsed.item if found else line.item[: after.start()]  # type: ignore[union-attr]
    preparation = line.preparation
    if found and parsed.preparation:
        preparation = "; ".join(p for p in (parsed.preparation, preparation) if p)
    return line.model_copy(
        update={
            "quantity": line.quantity + more,
            "quantity_max": line.quantity_max + more if line.quantity_max else None,
            "unit": unit, "item": item, "preparation": preparation,
        }
    )  # fmt: skip


_JOINED_PREP: Final = re.compile(
    r"^(?P<c>or|and|&)\s+(?P<w>[a-z-]+ed|ground|torn|cut)\s+(?P<rest>\S.*)$", re.IGNORECASE
)


def joined_preparation(line: IngredientLine) -> IngredientLine:
    """ "500 g diced or grated tomatoes": the parser took "diced" as the preparation and left
    "or grated tomatoes" as the item; the item is "tomatoes", prepared "diced or grated"."""
    found = _JOINED_PREP.match(line.item)
    if found is None or not line.preparation:
        return line
    first, *rest = line.preparation.split(";")
    preparation = "; ".join([f"{first.strip()} {found['c']} {found['w']}", *rest])
    return line.model_copy(update={"item": found["rest"], "preparation": preparation})


_CONTAINER_THEN_SIZE: Final = re.compile(
    r"\b(?:cans?|tins?|packages?|pkgs?\.?|packets?|jars?|bottles?|bags?|box(?:es)?|containers?|"
    r"cartons?|envelopes?)\b[^()]*\(\s*[\d½¼¾⅓⅔.]",
    re.IGNORECASE,
)
_EACH_OR_TOTAL: Final = re.compile(r"\b(?:each|ea|total|in\s+all|combined|apiece)\b", re.I)
_NEAR_USUAL: Final = 0.35
"""How far from a usual package a size may be and still be one ("2 cans (29 ounces)" for 2
cans of 410–425 g: 411 g each)."""
_TO_BASE: Final = {"liter": ("milliliter", 1000.0), "kilogram": ("gram", 1000.0)}


def total_in_brackets(line: IngredientLine) -> IngredientLine:
    """A size in brackets after a count above one of containers, neither "each" nor "total"
    written ("2 cans (21 ounces) soup", "3 cans chickpeas (44 oz)", "2 bottles (1.5 L) wine"):
    the total when the size shared by the count is near the food's usual package and the size
    itself is not (over the shared recipes, 26 of 32 such lines read so); the size of one
    package then."""
    size = package_size(line.size)
    count = line.quantity or 0
    if line.unit not in _PACKAGES or count <= 1 or size is None or line.quantity_max:
        return line
    if not _CONTAINER_THEN_SIZE.search(line.original) or _EACH_OR_TOTAL.search(line.original):
        return line
    usual = usual_size(line.unit, line.item, grade_of(line.size))
    amount, unit = to_metric(*size)
    if usual is None or amount is None or unit is None:
        return line
    unit, times = _TO_BASE.get(unit, (unit, 1.0))
    amount *= times
    if unit != usual.unit:
        return line
    shared = abs(amount / count - usual.amount) / usual.amount
    if shared > _NEAR_USUAL or shared >= abs(amount - usual.amount) / usual.amount:
        return line
    words = [p.strip() for p in (line.size or "").split(";") if package_size(p) is None]
    each = f"{amount / count:g} {unit}"
    return line.model_copy(update={"size": "; ".join([*[w for w in words if w], each])})


def measured_package(line: IngredientLine, factor: float, units: Units) -> str | None:
    """What a can, package or bottle holds, measured ("2 bottles" of wine (750 ml each) → "1.5
    l"): said for a food put in its place, which does not come in that bottle ("2 bottles
    vegetable stock" was shown for a wine swapped for stock); by the size stated, else the
    food's usual package; None when neither is known."""
    if line.unit not in _PACKAGES or not line.quantity:
        return None
    size = package_size(line.size)
    usual = usual_size(line.unit, line.item, grade_of(line.size))
    amount, unit = size if size else (usual.amount, usual.unit) if usual else (None, None)
    if amount is None or unit is None:
        return None
    top = line.quantity_max * amount * factor if line.quantity_max else None
    update = {"quantity": line.quantity * amount * factor, "quantity_max": top, "unit": unit}
    whole = scaled_amount(line.model_copy(update=update | {"size": None}), 1.0, units)
    return format_amount(*whole) or None


def prepared_line(line: IngredientLine, factor: float, units: Units) -> IngredientLine:
    """`line` as the adapted recipe shows it around its amount: read from its amount, its
    parts added, its package sized, the amount written a second time gone, its preparation
    converted, an amount its words name ("dissolved in ½ cup of warm water") scaled and
    converted as the steps' are."""
    line = sized_from_preparation(added(unit_in_item(joined_preparation(reread(line)))))
    line = total_in_brackets(line)
    butter = line.unit == "stick" and bool(_BUTTER.search(line.item))
    measured = line.quantity is not None and (unit_kind(line.unit) != "count" or butter)
    item = line.item
    if measured:
        item = _LEADING_MEASURE.sub("", _TRAILING_MEASURE.sub("", item))
    preparation = clean_preparation(line.preparation, measured=measured, factor=factor, units=units)
    return line.model_copy(
        update={"preparation": preparation, "item": adapt_step(item, factor, units)}
    )
