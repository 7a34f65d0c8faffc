"""A member's diet shown by the dishes reviews name (issue 38): a vegetarian member can eat at
a place whose reviews name vegetarian dishes ("Ordered veg biryani", "vegetarian dumplings"),
though the place is not a vegetarian one. For the plan, such a venue shows the member's diet:
it ranks with the venues that show it, and its why quotes the dish.

Only for a member's own diet: a diet the request asks of the place itself ("pure veg lunch",
"vegetarian restaurant") or says as a must ("it has to be vegetarian") still needs the place's
own evidence (`core/traits.LESSER_TRAITS`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from kairos.core.traits import LESSER_TRAITS
from kairos.store.places import PlaceRecord
from kairos.venues.group import GroupProfile, diet_trait

__all__ = ["lesser_diets", "shown_by_dishes"]

_ATE: Final = re.compile(r"\b(?:ordered|had|tried|got|loved|enjoyed|recommend|ate)\b", re.I)
_PANNED: Final = re.compile(
    r"\b(?:disappoint\w*|horrible|terrible|awful|bland|worst|bad|sick|lose motions)\b", re.I
)


def _best_first(evidence: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The dish sentences the why quotes first: one a diner ate and did not pan ("Ordered veg
    biryani") before a complaint that names the dish ("a total disappointment in terms of the
    Veg Food")."""

    def key(e: dict[str, Any]) -> tuple[bool, bool]:
        span = str(e.get("span") or "")
        return _PANNED.search(span) is not None, _ATE.search(span) is None

    return sorted(evidence, key=key)


def lesser_diets(
    group: GroupProfile, musts: Collection[str], request_diets: Sequence[str]
) -> frozenset[str]:
    """The diets a lesser trait may show here: those members keep, unless the request asks it
    of the place or it is a must."""
    asked = {t for d in request_diets if (t := diet_trait(d))}
    return frozenset(
        t for t in group.diet_traits() if t in LESSER_TRAITS and t not in musts and t not in asked
    )


def shown_by_dishes(
    records: Mapping[int, PlaceRecord], diets: Collection[str]
) -> dict[int, PlaceRecord]:
    """Each record as the plan reads it: one holding a lesser trait of a diet in `diets` (not
    the diet itself) holds the diet too, its evidence the lesser trait's (the dish named),
    unless some evidence says it does not ("if you're a vegetarian, don't bother coming
    here"). Records are shared: changed ones are copies."""
    out = dict(records)
    for place_id, record in records.items():
        place = record.place
        held = set(place.traits)
        against = {str(e.get("trait")) for e in place.trait_evidence if not e.get("holds")}
        shown = [d for d in diets if d not in held | against and LESSER_TRAITS[d] in held]
        if not shown:
            continue
        evidence = _best_first(
            [
                {**e, "trait": diet}
                for diet in shown
                for e in place.trait_evidence
                if e.get("trait") == LESSER_TRAITS[diet]
            ]
        )
        copy = place.model_copy(
            update={
                "traits": [*place.traits, *shown],
                "trait_evidence": [*place.trait_evidence, *evidence],
            }
        )
        out[place_id] = PlaceRecord(place=copy, aspects=record.aspects)
    return out
