"""A follow-up that changes the recipe on the table: "less spicy please", "make it milder",
"spicier", "less salt", "less sweet", "for 6 instead", "in grams".

After a recipe is chosen, such a message is an adjustment of that recipe, not a new dish called
"less spicy". The recipe is adapted again (servings, units) and the adjustment changes what
makes it hot, salty or sweet: the lines' amounts are halved (or doubled for "spicier"), each
change said in words, and a recipe with nothing hot in it says it is mild as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from kairos.meals.understanding import read_message
from kairos.recipes.display import format_amount, kitchen_round
from kairos.recipes.models import AdaptedIngredient, AdaptedRecipe

__all__ = ["Adjustment", "adjust_recipe", "changes_in", "is_hot", "read_adjustment"]

Change = Literal["milder", "spicier", "less_salt", "less_sweet"]

_CHANGES: Final[dict[Change, re.Pattern[str]]] = {
    "milder": re.compile(
        r"\b(?:less|not\s+(?:so|too|as)|no(?:t)?)\s+(?:spicy|hot|heat|chill?i|fiery)\b|"
        r"\bmild(?:er)?\b|\btone\s+(?:it\s+)?down\b|\btoo\s+(?:spicy|hot)\b|"
        r"\b(?:kids?|children)\s+(?:can'?t|don'?t)\s+(?:do|eat|like|handle)\s+(?:spicy|heat)\b",
        re.IGNORECASE,
    ),
    "spicier": re.compile(
        r"\b(?:more\s+(?:spicy|heat|kick|chill?i)|spicier|hotter|extra\s+(?:spicy|hot))\b",
        re.IGNORECASE,
    ),
    "less_salt": re.compile(
        r"\b(?:less|low(?:er)?|reduced?|no|too\s+much)\s+(?:salt|sodium)\b|\bless\s+salty\b|"
        r"\btoo\s+salty\b",
        re.IGNORECASE,
    ),
    "less_sweet": re.compile(
        r"\b(?:less|lower|reduced?|too\s+much)\s+(?:sugar|sweet)\b|\bless\s+sweet\b|"
        r"\btoo\s+sweet\b",
        re.IGNORECASE,
    ),
}
_ONLY_SIZE: Final = re.compile(
    r"^\s*(?:(?:can\s+you|could\s+you|please|now|ok(?:ay)?|and|actually)\s+)*"
    r"(?:make\s+(?:it|this|that)\s+|scale\s+(?:it|this)\s+(?:up|down\s+)?|instead\s+)?"
    r"(?:for\s+\d+(?:\s+(?:people|persons|servings|of\s+us))?|in\s+\w+(?:\s+and\s+\w+)?|"
    r"(?:i\s+(?:use|prefer)\s+)\w+(?:\s+and\s+\w+)?)"
    r"(?:\s+(?:instead|please|now|people|servings))*\s*[.!?]*\s*$",
    re.IGNORECASE,
)
_HEAT: Final = re.compile(
    r"\b(?:chill?i(?:es|s)?|chile(?:s)?|cayenne|red\s+pepper\s+flakes|pepper\s+flakes|"
    r"crushed\s+red\s+pepper|chilli\s+flakes|hot\s+(?:pepper\s+)?sauce|sriracha|tabasco|"
    r"jalape[nñ]os?|habaneros?|serranos?|chipotles?|bird'?s[\s-]eye|scotch\s+bonnets?|"
    r"gochujang|gochugaru|harissa|sambal|(?:red|green)\s+curry\s+paste|curry\s+paste|"
    r"hot\s+paprika|cajun\s+seasoning|piri[\s-]piri|peri[\s-]peri|thai\s+chill?i|"
    r"chill?i\s+(?:powder|oil|paste|sauce)|hot\s+chill?i|green\s+chill?ies|hot\s+peppers?)\b",
    re.IGNORECASE,
)
_NOT_HOT: Final = re.compile(r"\bsweet\s+chill?i\b|\bbell\s+peppers?\b", re.IGNORECASE)
_SALT: Final = re.compile(r"\b(?:salt|soy\s+sauce|fish\s+sauce|bouillon|stock\s+cubes?)\b", re.I)
_SUGAR: Final = re.compile(
    r"\b(?:sugar|honey|maple\s+syrup|syrup|agave|molasses|sweetener)\b", re.IGNORECASE
)
_LINES: Final[dict[str, re.Pattern[str]]] = {
    "milder": _HEAT, "spicier": _HEAT, "less_salt": _SALT, "less_sweet": _SUGAR,
}  # fmt: skip
_WORDS: Final[dict[str, str]] = {
    "milder": "Milder", "spicier": "Spicier", "less_salt": "Less salt",
    "less_sweet": "Less sweet",
}  # fmt: skip


@dataclass(frozen=True)
class Adjustment:
    changes: tuple[Change, ...] = ()
    servings: int | None = None
    units: Literal["metric", "imperial"] | None = None


def changes_in(text: str) -> tuple[Change, ...]:
    """The changes a message asks for ("chicken curry but less spicy": milder)."""
    changes = tuple(change for change, pattern in _CHANGES.items() if pattern.search(text))
    if "milder" in changes and "spicier" in changes:
        changes = tuple(c for c in changes if c != "spicier")
    return changes


def read_adjustment(text: str) -> Adjustment | None:
    """The adjustment a follow-up asks of the current recipe, or None when it asks for
    something else (a new dish, ingredients)."""
    changes = changes_in(text)
    reading = read_message(text)
    if not changes and not _ONLY_SIZE.match(text):
        return None
    if not changes and not reading.servings and not reading.units:
        return None
    return Adjustment(changes=changes, servings=reading.servings, units=reading.units)


def is_hot(text: str) -> bool:
    """An ingredient that makes a dish hot (chillies, hot sauces), not a sweet chilli sauce or
    a bell pepper."""
    return bool(_HEAT.search(text)) and not _NOT_HOT.search(text)


def _scaled(line: AdaptedIngredient, factor: float) -> AdaptedIngredient:
    quantity = kitchen_round(line.quantity * factor, line.unit) if line.quantity else None
    top = kitchen_round(line.quantity_max * factor, line.unit) if line.quantity_max else None
    amount = format_amount(quantity, top, line.unit)
    display = f"{amount} {line.item}".strip()
    if line.preparation:
        display += f", {line.preparation}"
    return line.model_copy(update={"quantity": quantity, "quantity_max": top, "display": display})


def adjust_recipe(adapted: AdaptedRecipe, changes: Sequence[str]) -> tuple[AdaptedRecipe, str]:
    """The recipe with each change made to the lines it concerns, and what was done, in words."""
    lines = list(adapted.ingredients)
    said: list[str] = []
    for change in (c for c in changes if c in _LINES):
        pattern = _LINES[change]
        factor = 2.0 if change == "spicier" else 0.5
        touched: list[str] = []
        for index, line in enumerate(lines):
            text = f"{line.item} {line.preparation or ''}"
            if line.omitted or not pattern.search(text) or _NOT_HOT.search(text):
                continue
            if line.quantity:
                new = _scaled(line, factor)
                touched.append(f"{line.display.split(',')[0]} → {new.display.split(',')[0]}")
                lines[index] = new
            else:
                verb = "add more to taste" if change == "spicier" else "use half, or leave it out"
                touched.append(f"{line.item}: {verb}")
        said.append(_said(change, touched))
    return adapted.model_copy(update={"ingredients": tuple(lines)}), " ".join(said)


def _said(change: str, touched: list[str]) -> str:
    if touched:
        how = "doubled" if change == "spicier" else "halved"
        return f"{_WORDS[change]}: {how} what makes it so ({'; '.join(touched)}); taste at the end."
    if change == "milder":
        return "Nothing in its ingredient list makes it hot: it is mild as written."
    if change == "spicier":
        return (
            "Nothing in its ingredient list makes it hot; add chilli flakes or a fresh chilli "
            "to taste when you season it."
        )
    if change == "less_salt":
        return "It has no salt or salty sauce to cut; season at the table."
    return "It has no sugar or syrup to cut."
