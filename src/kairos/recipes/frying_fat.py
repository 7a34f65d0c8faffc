"""A step that fries with no fat in the list (issue 37, "true numbers"; a cook told to "fry until
brown" with no oil listed does not know what to fry in or how much): the recipe says so and
gives the amount as an assumption.

A food that gives its own fat in the pan (bacon, sausage, minced meat) needs none; a dry pan,
an air fryer or a "fried" food bought ready ("fried onions") is not frying.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

__all__ = ["fat_note"]

_FRIES: Final = re.compile(
    r"(?<!air[\s-])(?<!air)(?<!oven[\s-])\b(?:(?:pan|shallow|stir|deep)[\s-]*)?(?:"
    r"fry\b(?!\s*(?:ing\s+)?pan)|frying\b(?!\s+pan)|"
    r"fried\b(?=\s*(?:until|till|in\b|for\b|over|on\b|gently|briefly|lightly|[,.;]|$))|"
    r"saut[ée](?:e?d|s|ing)?\b(?!\s+pan)|sear(?:s|ed|ing)?\b|"
    r"brown(?:s|ed|ing)?\b[^.;]{0,40}\b(?:in|on)\s+(?:a|the)\s+(?:\w+\s+){0,2}"
    r"(?:pan|skillet|wok)\b)",
    re.IGNORECASE,
)
"""A step frying in a pan: "fry until golden", "sauté the onion", "brown the chicken in a large
skillet"; not "air-fry", "oven-fried", a "frying pan" set to heat, nor a food served "fried"."""
_NOT_PAN: Final = re.compile(r"(?:grill|griddle|barbecue|oven|broiler)", re.IGNORECASE)
_DEEP: Final = re.compile(r"\bdeep[\s-]*fr", re.IGNORECASE)
_DRY: Final = re.compile(r"\b(?:dry|ungreased|without\s+(?:oil|fat))\b", re.IGNORECASE)
_FAT: Final = re.compile(
    r"\b(?:oil|oils|butter|ghee|lard|fat|dripping|drippings|shortening|spray|margarine|spread|"
    r"schmaltz|tallow|suet)\b",
    re.IGNORECASE,
)
_OWN_FAT: Final = re.compile(
    r"\b(?:bacon|pancetta|lardons?|sausages?|chorizo|salami|duck|ground|minced?|mince|"
    r"hamburger|guanciale|pork\s+belly|salt\s+pork|fatback)\b",
    re.IGNORECASE,
)


def fat_note(steps: Iterable[str], lines: Iterable[str]) -> str | None:
    """What the cook is told when a step fries and no line of `lines` is a fat; None when a
    line is one, when nothing is fried, or when a listed food fries in its own fat."""
    listed = " ".join(lines)
    if _FAT.search(listed) or _OWN_FAT.search(listed):
        return None
    frying = [
        s for s in steps if _FRIES.search(s) and not _DRY.search(s) and not _NOT_PAN.search(s)
    ]
    if not frying:
        return None
    if any(_DEEP.search(step) for step in frying):
        return (
            "The steps deep-fry, but the list has no oil: use a neutral oil with a high smoke "
            "point (sunflower, rapeseed), enough for about 5 cm in the pot (an assumption, not "
            "in the source's list)."
        )
    return (
        "The steps fry in a pan, but the list has no fat: use about 1 tbsp of oil or butter "
        "for each panful (an assumption, not in the source's list)."
    )
