"""The title an adapted recipe is shown under: what the swaps did to the dish, said in it.

A swap of the dish's main protein for an allergy is said as such ("Shrimp Scampi, with chicken
instead of shrimp"). A food the title names that no line of the final list holds any more (a
macaroni and cheese whose cheese was swapped for nutritional yeast, a peanut sauce's peanuts
left out) is said plainly: "Macaroni and Cheese without cheese: a different dish". A title that
names an allergen swapped otherwise reads "(adapted)"."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from kairos.recipes.models import AdaptedIngredient, Substitution
from kairos.recipes.pantry import main_item
from kairos.recipes.substitutions import short_name

__all__ = ["adapted_title", "lost_title_food"]

_WORD: Final = re.compile(r"[a-z]+")
_JOINS: Final = frozenset(("and", "with", "n"))
_NOT_A_FOOD: Final = frozenset(
    ("and", "with", "the", "for", "easy", "best", "quick", "simple", "homemade", "style")
)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower())}


def _head(item: str) -> str | None:
    """The food a line is: the last word of its item before any preparation ("cheese" of
    "cheddar cheese, shredded", "paste" of "tom yum soup paste"), not the words qualifying it."""
    words = _WORD.findall(re.split(r"[,(]", item.lower(), maxsplit=1)[0])
    return _stem(words[-1]) if words else None


def lost_title_food(title: str, lines: Sequence[AdaptedIngredient]) -> str | None:
    """A word of the title naming a food a swapped or left-out line was and no final line
    holds ("cheese" of "Macaroni and Cheese" once the cheddar is nutritional yeast): a main
    food (`pantry.main_item`), the name's last word or one after "and" or "with". Only the food
    a line is counts: a tom yum soup paste swapped away takes no soup from "Tom Yum Soup"."""
    kept = set().union(*(_stems(line.item) for line in lines if not line.omitted))
    gone: set[str] = set()
    for line in lines:
        original = (
            line.substitution.original_item if line.substitution is not None
            else line.original if line.omitted else None
        )  # fmt: skip
        if original is not None and (head := _head(original)) is not None:
            gone.add(head)
    words: list[str] = _WORD.findall(title.split("(")[0].lower())
    for at, word in enumerate(words):
        stem = _stem(word)
        if len(word) < 3 or word in _NOT_A_FOOD or stem not in gone or stem in kept:
            continue
        # what the dish is made of, or what its name ends on ("and Cheese"), not a flavour of
        # it (a garlic butter salmon's butter swapped for a dairy-free spread)
        if main_item(word) or at == len(words) - 1 or (at and words[at - 1] in _JOINS):
            return word
    return None


def adapted_title(
    title: str,
    substitutions: Sequence[Substitution],
    lines: Sequence[AdaptedIngredient],
    safe: Callable[[str], bool],
) -> str:
    """The title to show (see the module)."""
    allergen = any(s.kind == "allergen" for s in substitutions)
    main = [s for s in substitutions if s.main]
    if allergen and main:
        return f"{title}, with {short_name(main[0].new_item)} instead of {main[0].original_item}"
    if (lost := lost_title_food(title, lines)) is not None:
        return f"{title} without {lost}: a different dish"
    if allergen and not safe(title):
        return f"{title} (adapted)"
    return title
