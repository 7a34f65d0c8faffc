"""An ingredient line's item as a cook reads it after scaling: the noun agreeing with the
number ("2 eggs" for 1 reads "1 egg", "1 onion" for 3 reads "3 onions"), and a can or package
with no size stated measured by the usual size (`package_sizes`)."""

from __future__ import annotations

import re
from typing import Final

from kairos.recipes.display import package_size
from kairos.recipes.models import IngredientLine, Units
from kairos.recipes.package_sizes import package_note, stated_size_note

__all__ = ["agreeing_item", "shown_item"]

_UNCOUNTED: Final = frozenset((
    "asparagus", "broccoli", "celery", "cilantro", "couscous", "fish", "garlic", "hummus",
    "kale", "lettuce", "molasses", "parsley", "rice", "salt", "shrimp", "spinach", "swiss",
    "tofu", "bread", "cheese", "chicken", "beef", "pork", "lamb", "salmon", "tuna", "cod",
    "squid", "venison", "water", "oil", "butter", "milk", "cream", "yogurt", "yoghurt",
))  # fmt: skip
_IRREGULAR: Final = {"leaf": "leaves", "loaf": "loaves", "potato": "potatoes",
                     "tomato": "tomatoes", "knife": "knives", "half": "halves",
                     "person": "people"}  # fmt: skip
_SINGULAR: Final = {plural: one for one, plural in _IRREGULAR.items()}
_LAST_WORD: Final = re.compile(r"([A-Za-z]+)$")
_CONTAINERS: Final = frozenset(
    ("can", "package", "jar", "bottle", "bag", "box", "container", "envelope")
)


def _one(word: str) -> str:
    lowered = word.lower()
    if lowered in _SINGULAR:
        return word[: len(word) - len(lowered)] + _SINGULAR[lowered]
    if lowered.endswith(("ss", "us", "is", "ous")) or len(lowered) < 4:
        return word
    if lowered.endswith("ies"):
        return word[:-3] + "y"
    if lowered.endswith(("ches", "shes", "xes")):
        return word[:-2]
    return word[:-1] if lowered.endswith("s") else word


def _many(word: str) -> str:
    lowered = word.lower()
    if lowered in _IRREGULAR:
        return _IRREGULAR[lowered]
    if lowered.endswith("s") or len(lowered) < 3:
        return word
    if lowered.endswith("y") and lowered[-2] not in "aeiou":
        return word[:-1] + "ies"
    if lowered.endswith(("ch", "sh", "x")):
        return word + "es"
    return word + "s"


def agreeing_item(item: str, was: float | None, now: float | None, unit: str | None) -> str:
    """`item` with its last word agreeing with the scaled count `now` when the count is of the
    item itself (no unit) and scaling crossed one: "eggs" for 1, "onion" for 3."""
    if unit is not None or was is None or now is None or was == now:
        return item
    found = _LAST_WORD.search(item)
    if found is None or found[1].lower() in _UNCOUNTED:
        return item
    if was > 1 >= now:
        word = _one(found[1])
    elif was <= 1 < now:
        word = _many(found[1])
    else:
        return item
    return item[: found.start()] + word


def shown_item(line: IngredientLine, quantity: float | None, unit: str | None, units: Units) -> str:
    """The item as the adapted line shows it: agreeing with its count, and a can or package of
    no stated size followed by the usual size ("tomato sauce (about 210 g; a usual can is
    425 g)")."""
    item = agreeing_item(line.item, line.quantity, quantity, unit)
    if unit not in _CONTAINERS or unit != line.unit:
        return item
    stated = package_size(line.size) is not None
    note = (stated_size_note if stated else package_note)(line, quantity, units)
    return f"{item} {note}" if note else item
