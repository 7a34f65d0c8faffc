"""Price tiers, spelled once: "$" (cheap) to "$$$$" (splurge), as Yelp defines them.

People, models and sources write a tier as 2, "2" or "$$"; every layer coerces through here, so
a profile, a filter and a place compare the same thing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Final, Literal

from pydantic import BeforeValidator

__all__ = ["PRICE_TIERS", "PriceTier", "Tier", "coerce_tier", "price_level", "tier_label"]

PriceTier = Literal["$", "$$", "$$$", "$$$$"]
PRICE_TIERS: Final[tuple[PriceTier, ...]] = ("$", "$$", "$$$", "$$$$")
_LABELS: Final[dict[PriceTier, str]] = {
    "$": "cheap",
    "$$": "moderately priced",
    "$$$": "pricey",
    "$$$$": "splurge",
}


def coerce_tier(value: object) -> object:
    """2, "2" and "$$" are the same tier; anything else is left for validation to refuse."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and 1 <= value <= 4:
        return PRICE_TIERS[value - 1]
    if isinstance(value, str) and value.strip().isdigit() and 1 <= int(value) <= 4:
        return PRICE_TIERS[int(value) - 1]
    if isinstance(value, str):
        return value.strip()
    return value


Tier = Annotated[PriceTier, BeforeValidator(coerce_tier)]


@lru_cache(maxsize=64)
def price_level(tier: str | int | None) -> int | None:
    """1-4 for a tier in any spelling; None when it is not one."""
    coerced = coerce_tier(tier)
    return PRICE_TIERS.index(coerced) + 1 if coerced in PRICE_TIERS else None


def tier_label(tier: PriceTier) -> str:
    return _LABELS[tier]
