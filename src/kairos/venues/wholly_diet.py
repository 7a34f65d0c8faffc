"""A diet asked of the whole place (issue 38): "pure veg", "strictly vegetarian", "100% vegan".

Such a group wants a kitchen that serves no meat (or, for vegan, nothing animal), not a place
with vegetarian options: a venue showing vegetarian dishes, or listed "Vegetarian Friendly",
does not meet it. The plans panel's graders marked a pure-veg lunch answered with two places
that serve meat, unsaid, as a miss. So, when a request asks it:

- a food venue is wholly of the diet only when its own listing says so — a Vegetarian or
  Vegan category (never "Vegetarian Friendly", "Vegan Options") or its name ("Veg", "Vegan",
  "Pure Veg"); a vegan ask needs a vegan one;
- one that is not ranks after those that are (`standing`, beside a diet said as a must), and
  its watch out says it is not known to serve only such food;
- the summary says how many of the top three are, or that none is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal

__all__ = ["WhollyDiet", "not_wholly_note", "serves_only", "wholly_asked", "wholly_sentence"]

WhollyDiet = Literal["vegetarian", "vegan"]

_DIET: Final = r"(veg|vegetarian|vegan|veggie)"
_ASKED: Final = re.compile(
    rf"\b(?:pure|purely|strictly|strict|100\s?%|100 percent|fully|entirely|exclusively|only)"
    rf"[\s-]+{_DIET}\b"
    rf"|\b{_DIET}[\s-]+only\b"
    rf"|\ball[\s-]+{_DIET}\s+(?:restaurants?|places?|spots?|menus?|kitchens?)\b",
    re.IGNORECASE,
)
"""How a group asks a whole kitchen of a diet ("pure veg lunch", "strictly vegetarian",
"veg only", "an all-vegetarian restaurant"); "we're all vegetarian" says who eats, not where."""
_CATEGORIES: Final[dict[str, frozenset[str]]] = {
    "vegetarian": frozenset({"vegetarian", "vegan", "pure veg", "pure vegetarian"}),
    "vegan": frozenset({"vegan"}),
}
_NAMED: Final[dict[str, re.Pattern[str]]] = {
    "vegetarian": re.compile(r"\b(?:veg|vegetarian|vegan|veggie|pure veg)\b", re.IGNORECASE),
    "vegan": re.compile(r"\bvegan\b", re.IGNORECASE),
}
_LABEL: Final = {"vegetarian": "pure vegetarian", "vegan": "wholly vegan"}
_SERVES_NONE: Final = {"vegetarian": "meat or fish", "vegan": "meat, fish, dairy or eggs"}


def wholly_asked(text: str) -> WhollyDiet | None:
    """The diet the request asks of the whole kitchen, if any."""
    match = _ASKED.search(text)
    if match is None:
        return None
    said = next(g for g in match.groups() if g)
    return "vegan" if said.lower() == "vegan" else "vegetarian"


def serves_only(diet: WhollyDiet, name: str, categories: Sequence[str]) -> bool:
    """Its own listing says it is a place of the diet: a category or its name."""
    held = {c.strip().lower() for c in categories}
    return bool(held & _CATEGORIES[diet]) or _NAMED[diet].search(name) is not None


def not_wholly_note(diet: WhollyDiet) -> str:
    """The watch out of a venue that is not known to be wholly of the diet asked."""
    return (
        f"Not known to be {_LABEL[diet]}: its source does not list it as a {diet} place, and "
        f"nothing I read says it serves no {_SERVES_NONE[diet]}; ask before booking."
    )


def wholly_sentence(diet: WhollyDiet, top: Sequence[tuple[str, bool]]) -> str:
    """The summary's sentence over the top venues, each (name, wholly of the diet)."""
    label = _LABEL[diet]
    wholly = [name for name, held in top if held]
    if not top:
        return ""
    if not wholly:
        return (
            f"No venue here is known to be {label} (serving no {_SERVES_NONE[diet]}): these "
            f"are the closest matches; ask each before booking."
        )
    listed = f"listed as a {diet} place by its source"
    if len(wholly) == len(top):
        return f"Every venue here is {listed} (ask to be sure it serves no {_SERVES_NONE[diet]})."
    return (
        f"Only {', '.join(wholly)} {'is' if len(wholly) == 1 else 'are'} {listed}; the others "
        f"are not known to be {label}."
    )
