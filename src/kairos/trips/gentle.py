"""Travellers a day should be gentle for: people said to be in their seventies or older
("my parents in their 70s", "aged 78"), elderly words ("elderly", "seniors", "grandparents",
"older parents") or walking said to be hard ("can't walk much", `limited_mobility` words).
With no pace said, their trip is relaxed (issue 35, panel trips half A t41: "moderate 5-stop
days for 70s parents")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

__all__ = ["GENTLE_AGE", "gentle_for"]

GENTLE_AGE: Final = 70
"""An age said at or above this makes the days gentle."""

_AGES: Final = re.compile(
    r"\b(?:in\s+(?:their|her|his|our|my)\s+(?P<decade>[1-9]0)'?s"
    r"|(?:aged?|age)\s+(?P<aged>\d{2,3})"
    r"|(?P<old>\d{2,3})[\s-]*(?:years?|yrs?)[\s-]*old"
    r"|(?P<yo>\d{2,3})\s*yo)\b",
    re.IGNORECASE,
)
_ELDERLY: Final = re.compile(
    r"\b(?:elderly|seniors?|senior citizens?|grand(?:parents?|ma|pa|mother|father)"
    r"|(?:older|old|aged|ageing|aging)\s+(?:parents?|mum|mom|mother|father|dad|folks))\b",
    re.IGNORECASE,
)
_HARD_WALKING: Final = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|unable\s+to)\s+walk\s+(?:much|far|long|a\s+lot)\b",
    re.IGNORECASE,
)


def gentle_for(text: str, accessibility: Sequence[str] = ()) -> str | None:
    """Why the days should be gentle, in the traveller's words, or None."""
    for m in _AGES.finditer(text):
        age = int(m.group("decade") or m.group("aged") or m.group("old") or m.group("yo"))
        if age >= GENTLE_AGE:
            return m.group(0)
    if (said := _ELDERLY.search(text) or _HARD_WALKING.search(text)) is not None:
        return said.group(0)
    return "limited mobility" if "limited_mobility" in accessibility else None
