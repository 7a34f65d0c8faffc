"""The pot, pan or slow cooker a scaled recipe needs (issue 37, "true numbers"): a lasagna for 8
made for 2 in the same slow cooker spreads a thin layer that cooks dry; made for 16, it does
not fit. Said once, beside the scaled amounts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

__all__ = ["vessel_note"]

_VESSEL: Final = re.compile(
    r"\b(slow[\s-]cooker|crock[\s-]?pot|casserole(?:\s+dish)?|baking\s+(?:dish|pan)|roasting\s+"
    r"pan|loaf\s+pan|cake\s+(?:pan|tin)|pie\s+(?:dish|plate|pan)|tart\s+(?:pan|tin)|springform"
    r"(?:\s+pan)?|dutch\s+oven|stockpot|soup\s+pot|sheet\s+pan|muffin\s+(?:tin|pan)|"
    r"\d+\s*x\s*\d+(?:\s*(?:inch|in\.?|cm|\"))?\s+(?:pan|dish))\b",
    re.IGNORECASE,
)
_SMALLER: Final = 0.6
"""At or below this share of the recipe the vessel it names is too big."""
_LARGER: Final = 1.6
"""At or above this share the vessel it names is too small."""


def vessel_note(steps: Sequence[str], equipment: Sequence[str], factor: float) -> str | None:
    """ "Made at about a quarter of the recipe: use a smaller slow cooker (the layers stay as
    deep), and check it sooner." for a recipe scaled down that names its vessel; the larger
    one (or two) for one scaled up; None when the scale is near the recipe's own or it names
    none."""
    if _SMALLER < factor < _LARGER:
        return None
    vessel = _vessel(tuple(steps), "slow cooker" in equipment)
    if vessel is None:
        return None
    if factor <= _SMALLER:
        return (
            f"Made at {_share(factor)} of the recipe: use a smaller {vessel} so it fills as "
            "deep as the recipe's, and check it for doneness a little sooner."
        )
    return (
        f"Made at about {round(factor * 2) / 2:g} times the recipe: use a larger {vessel} or "
        "two, and allow a little more time."
    )


@lru_cache(maxsize=4096)
def _vessel(steps: tuple[str, ...], slow_cooker: bool) -> str | None:
    """Kept: the same recipes come back scaled with each request for a number of people."""
    found = _VESSEL.search(" \n ".join(steps))
    if found is None:
        return "slow cooker" if slow_cooker else None
    return re.sub(r"^\d+\s*x\s*\d+\S*\s+(?:inch\s+|in\.?\s+|cm\s+)?", "", found[1].lower())


def _share(factor: float) -> str:
    for share, words in ((0.25, "about a quarter"), (1 / 3, "about a third"), (0.5, "about half")):
        if factor <= share * 1.2:
            return words
    return f"about {round(factor * 100)} %"
