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


_SAID: Final = {
    **_WORDED,
    "slow cooker": re.compile(r"\b(?:slow[\s-]?cooker|crock[\s-]?pot)\b", re.IGNORECASE),
    "air fryer": re.compile(r"\bair[\s-]?fr(?:yer|y|ied)\b", re.IGNORECASE),
}
"""How the recipe's words name each appliance, to read whether it offers another way."""
_OTHER_WAY_AFTER: Final = re.compile(
    r"\W{0,3}\s*or\s+(?:in\s+|use\s+|on\s+)?(?:an?\s+|the\s+|your\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:pot|pan|saucepan|oven|stove|stovetop|casserole|skillet|steamer|wok|dutch\s+oven)\b",
    re.IGNORECASE,
)
_OTHER_WAY_BEFORE: Final = re.compile(
    r"(?:\b(?:pot|pan|saucepan|oven|stove|stovetop|casserole|skillet|steamer|wok)\s*,?\s+or"
    r"|\bif\s+you\s+(?:have|own|use|prefer)|\balternatively|\boptionally|\bor\s+use)"
    r"[^.;]{0,25}$",
    re.IGNORECASE,
)
"""A pressure cooker "or a large pot", "a large pot or a pressure cooker", "if you have a
slow cooker": the appliance is one way, not the only one."""


_OTHER_WAY_ANYWHERE: Final = re.compile(
    r"\bif\s+(?:using|you\s+use|cooking\s+in|you\s+(?:don't|do\s+not)\s+have)\s+(?:an?|the)\s+"
    r"(?:regular|normal|ordinary|large|heavy|conventional|stovetop|standard)?\s*"
    r"(?:pot|pan|saucepan|oven|stove|dutch\s+oven|pressure\s+cooker|slow\s+cooker|steam\s+oven)\b",
    re.IGNORECASE,
)
"""The steps' other way, said anywhere: "(…in a pressure cooker; if using a regular pot, …)"."""


_PRESSURE: Final = re.compile(
    r"\bpressure\b(?![\s-]*cooker)|\bpressure[\s-]cook(?:ed|ing)?\b", re.I
)
"""Cooking under pressure said in the words: "high pressure", "release the pressure"."""


def _only_way(name: str, words: str) -> bool:
    """Whether the recipe's words name `name` at least once with no other way beside it (a tag
    the words do not name is taken as needed)."""
    mentions = list(_SAID[name].finditer(words)) if name in _SAID else []
    if mentions and _OTHER_WAY_ANYWHERE.search(words):
        return False
    return not mentions or any(
        not _OTHER_WAY_AFTER.match(words, m.end())
        and not _OTHER_WAY_BEFORE.search(words, 0, m.start())
        for m in mentions
    )


def special_appliances(equipment: Sequence[str], texts: Iterable[str]) -> list[str]:
    """The appliances of its own a recipe needs, in a fixed order: "pressure cooker" for one
    tagged so or whose title or steps cook in an Instant Pot, "steam oven" for one that
    steams in the oven; not one its words offer another way beside ("a pressure cooker or a
    large pot")."""
    words = " \n ".join(texts)
    found = [name for name in _TAGGED if name in equipment]
    found += [name for name, pattern in _WORDED.items() if pattern.search(words)]
    needed = [name for name in dict.fromkeys(found) if _only_way(name, words)]
    if "slow cooker" in needed and not _PRESSURE.search(words):
        # an Instant Pot named beside a slow cooker, never under pressure, is one used as one
        needed = [name for name in needed if name != "pressure cooker"]
    return needed


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
