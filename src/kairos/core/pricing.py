"""Price tiers, spelled once: "$" (cheap) to "$$$$" (splurge), as Yelp defines them.

People, models and sources write a tier as 2, "2" or "$$"; every layer coerces through here, so
a profile, a filter and a place compare the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Any, Final, Literal

from pydantic import BeforeValidator, WithJsonSchema

__all__ = [
    "PRICE_TIERS",
    "ComfortTier",
    "PriceTier",
    "Tier",
    "coerce_tier",
    "price_level",
    "range_floor",
    "tier_label",
]

PriceTier = Literal["$", "$$", "$$$", "$$$$"]
PRICE_TIERS: Final[tuple[PriceTier, ...]] = ("$", "$$", "$$$", "$$$$")
_LABELS: Final[dict[PriceTier, str]] = {
    "$": "cheap",
    "$$": "moderately priced",
    "$$$": "pricey",
    "$$$$": "splurge",
}


def coerce_tier(value: object) -> object:
    """2, 2.0, "2" and "$$" are the same tier; anything else is left for validation to refuse."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 1 <= value <= 4:
        return PRICE_TIERS[value - 1]
    if isinstance(value, str) and value.strip().isdigit() and 1 <= int(value) <= 4:
        return PRICE_TIERS[int(value) - 1]
    if isinstance(value, str):
        return value.strip()
    return value


Tier = Annotated[PriceTier, BeforeValidator(coerce_tier)]


def level_to_tier(value: object) -> object:
    """1-4 (an int, or a float with no fraction) → "$".."$$$$"; anything else unchanged for
    the Literal to accept or refuse (a stored profile takes exactly what its schema says)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 1 <= value <= len(PRICE_TIERS):
        return PRICE_TIERS[value - 1]
    return value


ComfortTier = Annotated[
    PriceTier,
    BeforeValidator(level_to_tier),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "enum": list(PRICE_TIERS)},
                {"type": "integer", "minimum": 1, "maximum": len(PRICE_TIERS)},
            ],
            "description": '"$" to "$$$$", or its level 1 to 4; stored as "$" to "$$$$"',
        },
        mode="validation",
    ),
]
"""A tier in a stored profile: the schema says what clients may send (a stored integer once
failed the whole profile write), and it is always stored as "$" to "$$$$"."""


@lru_cache(maxsize=64)
def price_level(tier: str | int | None) -> int | None:
    """1-4 for a tier in any spelling; None when it is not one."""
    coerced = coerce_tier(tier)
    return PRICE_TIERS.index(coerced) + 1 if coerced in PRICE_TIERS else None


def range_floor(price_raw: Mapping[str, Any] | None, level: int | None) -> int | None:
    """The bottom of a price range a source gave ("$$ - $$$" on TripAdvisor: its
    `min_price_level` 2, stored as level 3, the top): a level 1-4 below `level`, else None (a
    single tier, no range, or a bottom that is not below the stored level)."""
    if not price_raw or level is None:
        return None
    low = price_raw.get("min_price_level")
    if isinstance(low, bool) or not isinstance(low, int | float) or low != int(low):
        return None
    return int(low) if 1 <= low < level else None


def tier_label(tier: PriceTier) -> str:
    return _LABELS[tier]
