"""Price tiers: one spelling, "$" to "$$$$".

People and models also write a tier as its level, 1 to 4. Profiles accept both and store the
"$" spelling, so the stored JSON and the `preferred_price_tiers` text column always agree (an
integer there once failed the whole profile write).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BeforeValidator, WithJsonSchema

__all__ = ["PRICE_TIERS", "ComfortTier", "PriceTier", "tier_from_level"]

PriceTier = Literal["$", "$$", "$$$", "$$$$"]
PRICE_TIERS: Final[tuple[PriceTier, ...]] = ("$", "$$", "$$$", "$$$$")


def tier_from_level(value: object) -> object:
    """1-4 (as an int, or a float with no fraction) → "$".."$$$$"; anything else unchanged,
    for the Literal to accept or refuse."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 1 <= value <= len(PRICE_TIERS):
        return PRICE_TIERS[value - 1]
    return value


ComfortTier = Annotated[
    PriceTier,
    BeforeValidator(tier_from_level),
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
