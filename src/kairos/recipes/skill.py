"""Steps suited to the cook's skill: a beginner gets a short explanation the first time a
technique word appears; intermediate and advanced cooks get the steps as written."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.recipes.models import Skill

__all__ = ["GLOSSARY", "explain_steps"]

GLOSSARY: Final[dict[str, str]] = {
    "sauté": "cook quickly in a little hot fat, stirring",
    "saute": "cook quickly in a little hot fat, stirring",
    "simmer": "keep just below the boil, with small bubbles",
    "fold in": "mix gently with a spatula, turning the bowl, so the air stays in",
    "deglaze": "pour liquid into the hot pan and scrape up the browned bits",
    "blanch": "boil briefly, then cool in cold water",
    "whisk": "beat quickly with a whisk or fork",
    "zest": "finely grate only the coloured outer peel",
    "knead": "push, fold and turn the dough until smooth and springy",
    "cream together": "beat until pale and fluffy",
    "julienne": "cut into thin matchsticks",
    "mince": "chop very finely",
    "sear": "brown the surface in a very hot pan",
    "braise": "brown, then cook slowly covered in a little liquid",
    "reduce": "boil uncovered until there is less liquid and it thickens",
}  # fmt: skip
_PATTERN: Final = re.compile(
    r"\b(" + "|".join(re.escape(k) for k in sorted(GLOSSARY, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


def explain_steps(steps: Sequence[str], skill: Skill | None) -> list[str]:
    if skill != "beginner":
        return list(steps)
    seen: set[str] = set()
    out = []
    for step in steps:

        def explain(match: re.Match[str]) -> str:
            key = match.group(1).lower()
            if key in seen:
                return match.group(0)
            seen.add(key)
            return f"{match.group(0)} ({GLOSSARY[key]})"

        out.append(_PATTERN.sub(explain, step))
    return out
