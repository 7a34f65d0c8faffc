"""The special appliance a recipe needs (issue 37: a steam-oven or pressure-cooker recipe
offered without saying so): an appliance many kitchens lack, named where the cook reads the
suggestion and the recipe, read from the recipe's equipment tags and its own words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

__all__ = ["appliance_note", "special_appliances"]

_TAGGED: Final = ("pressure cooker", "slow cooker", "air fryer")
"""Equipment tags (`tags.EQUIPMENT`) that name an appliance of its own."""
_WORDED: Final = {
    "steam oven": re.compile(r"\b(?:steam|combi(?:[\s-]?steam)?)[\s-]oven\b", re.IGNORECASE),
    "pressure cooker": re.compile(
        r"\b(?:pressure[\s-]?cooker|instant\s?pot|multi[\s-]?cooker)\b", re.IGNORECASE
    ),
    "sous-vide cooker": re.compile(
        r"\b(?:sous[\s-]?vide|precision\s+cooker|immersion\s+circulator)\b", re.IGNORECASE
    ),
    "bread machine": re.compile(r"\bbread\s+(?:machine|maker)\b", re.IGNORECASE),
    "ice-cream maker": re.compile(r"\bice[\s-]?cream\s+(?:maker|machine)\b", re.IGNORECASE),
    "smoker": re.compile(r"\b(?:in|into|on)\s+(?:the|a|your)\s+smoker\b", re.IGNORECASE),
    "dehydrator": re.compile(r"\bdehydrator\b", re.IGNORECASE),
}


def special_appliances(equipment: Sequence[str], texts: Iterable[str]) -> list[str]:
    """The appliances of its own a recipe needs, in a fixed order: "pressure cooker" for one
    tagged so or whose title or steps cook in an Instant Pot, "steam oven" for one that
    steams in the oven."""
    words = " \n ".join(texts)
    found = [name for name in _TAGGED if name in equipment]
    found += [name for name, pattern in _WORDED.items() if pattern.search(words)]
    return list(dict.fromkeys(found))


def appliance_note(
    equipment: Sequence[str], texts: Iterable[str], said: Iterable[str] = ()
) -> str | None:
    """ "Needs a pressure cooker (its steps cook in one)." for the recipe's warnings, leaving out
    the appliances in `said` (the cook has them, or a warning names them); None for none."""
    found = [name for name in special_appliances(equipment, texts) if name not in set(said)]
    if not found:
        return None
    named = found[0] if len(found) == 1 else f"{', '.join(found[:-1])} and {found[-1]}"
    a = "an" if named[0] in "aeiou" else "a"
    return f"Needs {a} {named} (its steps cook in {'one' if len(found) == 1 else 'them'})."
