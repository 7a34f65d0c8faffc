"""The Vibe Matcher's knowledge: 52 named dimensions and a vibe vector per venue from its texts."""

from kairos.venues.vibes.dimensions import (
    VIBE_COUNT,
    VIBE_DIMENSIONS,
    YELP_AMBIENCE,
    VibeDimension,
    match_vibe,
    vibe_index,
)

__all__ = [
    "VIBE_COUNT",
    "VIBE_DIMENSIONS",
    "YELP_AMBIENCE",
    "VibeDimension",
    "match_vibe",
    "vibe_index",
]
