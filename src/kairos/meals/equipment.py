"""The equipment a cook names in a request ("in my slow cooker", "only a microwave"): recipes
that use it come first, and a recipe that does not is never offered silently — it says so, and
how to make it in that equipment when the dish allows (a stovetop stew in a slow cooker).

"No oven" and "only a microwave" are filters (`context.build_constraints`: a recipe needing
other equipment is not offered); a named piece of equipment is a preference, as most dishes
can be cooked more than one way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.recipes import Recipe

__all__ = ["equipment_fit", "equipment_notes"]

_METHOD_OF: Final = {"air fryer": "air-fry", "slow cooker": "slow-cook", "grill": "grill",
                     "steamer": "steam", "pressure cooker": "pressure-cook",
                     "microwave": "microwave", "oven": "bake"}  # fmt: skip
_LONG_SIMMER: Final = re.compile(
    r"\b(?:simmer|braise|stew|cook)\w*\b[^.;]{0,60}?\b(?:(?:[3-9]\d|1\d\d)\s*min|"
    r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six)\s*(?:-|–|to)?\s*\d*\s*(?:hours?|hrs?|h)\b|"
    r"an?\s+hour|until\s+(?:the\s+)?"
    r"(?:meat|beef|lamb|pork|chicken|beans?)\s+(?:is|are)\s+tender)",
    re.IGNORECASE,
)
"""A step that simmers or braises half an hour or more: a dish a slow or pressure cooker makes."""
_HOW_IN: Final = {
    "slow cooker": "brown the meat and soften the onions in a pan first, then put everything in "
    "the slow cooker and cook on LOW for 7-8 h (or HIGH for 4 h) instead of simmering on the "
    "stove; thicken at the end if the liquid is thin",
    "pressure cooker": "brown the meat on the sauté setting, then add the rest and cook at high "
    "pressure for 35 min with a natural release instead of simmering on the stove",
}


def _uses(recipe: Recipe, equipment: str) -> bool:
    method = _METHOD_OF.get(equipment)
    return equipment in recipe.equipment or (method is not None and method in recipe.methods)


def equipment_fit(recipe: Recipe, wanted: Sequence[str]) -> int:
    """How many of the pieces of equipment the cook named the recipe uses."""
    return sum(1 for equipment in wanted if _uses(recipe, equipment))


def _braise(recipe: Recipe) -> bool:
    return "bake" not in recipe.methods and any(_LONG_SIMMER.search(s) for s in recipe.steps)


def equipment_notes(
    recipe: Recipe, wanted: Sequence[str], *, none_of: str | None = None
) -> list[str]:
    """What the cook reads about each piece of equipment they named that the recipe does not
    use: how to make it there when the dish allows, else what it needs instead. `none_of`: the
    dish when none of its recipes considered uses it (said, so the cook knows why)."""
    notes = []
    for equipment in wanted:
        if _uses(recipe, equipment):
            continue
        how = _HOW_IN.get(equipment)
        others = [e for e in recipe.equipment if e != equipment]
        made = f"made with the {', '.join(others)}" if others else "needs no cooking equipment"
        lead = (
            f"Kairos has no {none_of} made in the {equipment}; this one is {made}"
            if none_of
            else f"Not made in the {equipment}: this one is {made}"
        )
        if how and _braise(recipe):
            notes.append(f"{lead}. To use your {equipment}: {how}.")
        else:
            notes.append(f"{lead}.")
    return notes
