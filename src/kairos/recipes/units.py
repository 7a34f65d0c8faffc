"""Units of ingredient lines: the spellings recipes use, and conversion with `pint`.

Each unit has one canonical name (what `ParsedIngredient.unit` holds). Units `pint` knows are
converted by it (US customary volumes: a cup is 236.6 ml, as in the recipes' sources); counts
("clove", "can", "slice") stay counts. Metric display rounds to amounts a kitchen measures.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

import pint

__all__ = ["UNIT_ALIASES", "convert", "display_unit", "to_metric", "unit_kind", "warm_units"]

# canonical name -> spellings (case-insensitive unless listed in _CASED)
_UNITS: Final[dict[str, tuple[str, ...]]] = {
    "teaspoon": ("teaspoon", "teaspoons", "tsp", "tsps", "tspn", "tea spoon", "teasp"),
    "tablespoon": ("tablespoon", "tablespoons", "tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp",
                   "tbsp.", "table spoon", "tablesp", "tb"),
    "cup": ("cup", "cups", "c"),
    "fluid_ounce": ("fluid ounce", "fluid ounces", "fl oz", "fl. oz", "fl.oz", "fl ounce",
                    "fl. ounce", "fl ounces"),
    "ounce": ("ounce", "ounces", "oz", "ozs"),
    "pound": ("pound", "pounds", "lb", "lbs", "ib", "ibs"),
    "gram": ("gram", "grams", "g", "gr", "grs", "gm", "gms", "gramme", "grammes"),
    "kilogram": ("kilogram", "kilograms", "kg", "kgs", "kilo", "kilos"),
    "milligram": ("milligram", "milligrams", "mg"),
    "milliliter": ("milliliter", "milliliters", "millilitre", "millilitres", "ml", "mls"),
    "centiliter": ("centiliter", "centiliters", "centilitre", "centilitres", "cl"),
    "deciliter": ("deciliter", "deciliters", "decilitre", "decilitres", "dl"),
    "liter": ("liter", "liters", "litre", "litres", "l", "ltr", "ltrs"),
    "pint": ("pint", "pints", "pt", "pts"),
    "quart": ("quart", "quarts", "qt", "qts"),
    "gallon": ("gallon", "gallons", "gal"),
    "inch": ("inch", "inches"),
    "centimeter": ("centimeter", "centimeters", "centimetre", "centimetres", "cm"),
    "pinch": ("pinch", "pinches"),
    "dash": ("dash", "dashes"),
    "drop": ("drop", "drops"),
    "smidgen": ("smidgen", "smidgens"),
    "clove": ("clove", "cloves"),
    "can": ("can", "cans", "tin", "tins"),
    "package": ("package", "packages", "pkg", "pkgs", "pack", "packs", "packet", "packets"),
    "jar": ("jar", "jars"),
    "bottle": ("bottle", "bottles"),
    "bag": ("bag", "bags"),
    "box": ("box", "boxes"),
    "container": ("container", "containers", "tub", "tubs", "carton", "cartons", "pot", "pots"),
    "bulb": ("bulb", "bulbs"),
    "thumb": ("thumb", "thumbs"),
    "squeeze": ("squeeze", "squeezes"),
    "envelope": ("envelope", "envelopes", "sachet", "sachets"),
    "slice": ("slice", "slices"),
    "sprig": ("sprig", "sprigs"),
    "bunch": ("bunch", "bunches"),
    "head": ("head", "heads"),
    "stalk": ("stalk", "stalks", "rib", "ribs"),
    "stick": ("stick", "sticks"),
    "piece": ("piece", "pieces", "pc", "pcs"),
    "handful": ("handful", "handfuls"),
    "leaf": ("leaf", "leaves"),
    "sheet": ("sheet", "sheets"),
    "cube": ("cube", "cubes"),
    "scoop": ("scoop", "scoops"),
    "strip": ("strip", "strips"),
    "fillet": ("fillet", "fillets", "filet", "filets"),
    "loaf": ("loaf", "loaves"),
    "knob": ("knob", "knobs"),
    "square": ("square", "squares"),
    "ear": ("ear", "ears"),
    "link": ("link", "links"),
    "wedge": ("wedge", "wedges"),
    "shot": ("shot", "shots"),
    "splash": ("splash", "splashes"),
    "jigger": ("jigger", "jiggers"),
    "stem": ("stem", "stems"),
}  # fmt: skip
UNIT_ALIASES: Final[dict[str, str]] = {
    alias: name for name, aliases in _UNITS.items() for alias in aliases
}
# Single letters that differ by case in recipes: "T" tablespoon, "t" teaspoon.
CASED_ALIASES: Final[dict[str, str]] = {
    "T": "tablespoon", "t": "teaspoon", "Tbsp": "tablespoon", '"': "inch",
}  # fmt: skip

_PINT_NAMES: Final[dict[str, str]] = {
    "teaspoon": "teaspoon", "tablespoon": "tablespoon", "cup": "cup",
    "fluid_ounce": "fluid_ounce", "ounce": "ounce", "pound": "pound", "gram": "gram",
    "kilogram": "kilogram", "milligram": "milligram", "milliliter": "milliliter",
    "centiliter": "centiliter", "deciliter": "deciliter", "liter": "liter", "pint": "pint",
    "quart": "quart", "gallon": "gallon", "inch": "inch", "centimeter": "centimeter",
}  # fmt: skip
_IMPERIAL_UNITS: Final = frozenset(
    ("teaspoon", "tablespoon", "cup", "fluid_ounce", "ounce", "pound", "pint", "quart", "gallon",
     "inch")
)  # fmt: skip

SHORT: Final[dict[str, str]] = {
    "teaspoon": "tsp", "tablespoon": "tbsp", "cup": "cup", "fluid_ounce": "fl oz",
    "ounce": "oz", "pound": "lb", "gram": "g", "kilogram": "kg", "milligram": "mg",
    "milliliter": "ml", "centiliter": "cl", "deciliter": "dl", "liter": "l", "pint": "pint",
    "quart": "quart", "gallon": "gallon", "inch": "inch", "centimeter": "cm",
}  # fmt: skip


@cache
def _registry() -> pint.UnitRegistry:  # type: ignore[type-arg]
    return pint.UnitRegistry()


@cache
def unit_kind(unit: str | None) -> str:
    """ "mass", "volume", "length" or "count" (everything pint does not measure)."""
    if unit is None or unit not in _PINT_NAMES:
        return "count"
    dimensionality = str(_registry()(_PINT_NAMES[unit]).dimensionality)
    return {"[mass]": "mass", "[length] ** 3": "volume", "[length]": "length"}.get(
        dimensionality, "count"
    )


def warm_units() -> None:
    """Build pint's registry and parse every unit once (≈ 0.4 s), before a request needs it."""
    for unit, name in _PINT_NAMES.items():
        unit_kind(unit)
        _registry()(name)


@lru_cache(maxsize=65_536)
def convert(quantity: float, unit: str, target: str) -> float:
    """`quantity` of `unit` in `target` (both canonical names pint knows). Kept: pint parses
    its unit names on every call, and the same amounts of the same recipes come back with each
    request that adapts them."""
    registry = _registry()
    value = registry.Quantity(quantity, _PINT_NAMES[unit]).to(_PINT_NAMES[target])
    return float(value.magnitude)


def to_metric(quantity: float | None, unit: str | None) -> tuple[float | None, str | None]:
    """Grams, millilitres or centimetres for a measured unit; counts and metric units as given."""
    if quantity is None or unit is None or unit not in _IMPERIAL_UNITS:
        return quantity, unit
    kind = unit_kind(unit)
    target = {"mass": "gram", "volume": "milliliter", "length": "centimeter"}[kind]
    return convert(quantity, unit, target), target


def to_imperial(quantity: float | None, unit: str | None) -> tuple[float | None, str | None]:
    """Cups, spoons, ounces and pounds for a metric amount; others as given."""
    if quantity is None or unit is None or unit not in _PINT_NAMES or unit in _IMPERIAL_UNITS:
        return quantity, unit
    kind = unit_kind(unit)
    if kind == "mass":
        grams = convert(quantity, unit, "gram")
        return (
            (convert(grams, "gram", "pound"), "pound")
            if grams >= 450
            else (convert(grams, "gram", "ounce"), "ounce")
        )
    if kind == "volume":
        ml = convert(quantity, unit, "milliliter")
        if ml < 15:
            return convert(ml, "milliliter", "teaspoon"), "teaspoon"
        if ml < 60:
            return convert(ml, "milliliter", "tablespoon"), "tablespoon"
        if ml >= 1900:
            return convert(ml, "milliliter", "quart"), "quart"
        return convert(ml, "milliliter", "cup"), "cup"
    return convert(quantity, unit, "inch"), "inch"


def display_unit(unit: str | None, quantity: float | None) -> str:
    """How a unit is written after a quantity ("tbsp", "g", "cloves")."""
    if unit is None:
        return ""
    if unit in SHORT:
        many = unit in ("cup", "pint", "quart", "gallon") and (quantity or 0) > 1
        return SHORT[unit] + ("s" if many else "")
    plural = quantity is not None and quantity > 1
    if not plural:
        return unit
    irregular = {"leaf": "leaves", "loaf": "loaves", "box": "boxes", "bunch": "bunches",
                 "pinch": "pinches", "dash": "dashes", "splash": "splashes"}  # fmt: skip
    return irregular.get(unit, unit + "s")
