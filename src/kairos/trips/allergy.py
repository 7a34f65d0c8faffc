"""The trip's side of the one safety step (`pipeline.safety`): places to eat checked for the
traveller, and every slot's `AllergyCheck` as the trip shows it.

Places to eat go through `guard_places` with the traveller's allergies. Those it flags (an
anaphylactic allergen with high-confidence evidence) or excludes never become meals; every other
one becomes a meal candidate carrying `shown_check(assessment, [("you", allergies)])`, so the
planner can prefer places with no known risk and a meal shows what is known about its place. A
place to visit carries `not_food_check`: nobody is sent there to eat. This module builds no check
itself.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from kairos.core.allergens import Severity
from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.allergy_profile import AllergyProfile
from kairos.pipeline.safety import (
    AllergyCheck,
    Person,
    excluded_check,
    guard_places,
    not_food_check,
    shown_check,
)
from kairos.store.places import PlacesRepository
from kairos.trips.models import Candidate, Slot
from kairos.trips.retrieval import VISIT_KINDS

__all__ = [
    "CheckedMeals", "MissingCheck", "checked_meals", "meals_note", "people", "place_check",
    "severities", "slot_check",
]  # fmt: skip


def people(allergies: AllergyProfile) -> list[Person]:
    """Who a trip is shown to: its traveller."""
    return [("you", allergies)]


def severities(allergies: AllergyProfile) -> dict[str, Severity]:
    """The allergies a trip's checks were made for, with their severities (a trip read after
    they change is planned again)."""
    return dict(allergies.resolved_severities())


@dataclass(frozen=True)
class CheckedMeals:
    meals: tuple[Candidate, ...]
    """The places to eat the safety step passed, each with its check, in the caller's order."""
    left_out: int
    """Flagged or excluded by the safety step: never a meal."""
    with_risk: int
    """Passed, with a known risk: a meal there only when no other place fits."""


async def checked_meals(
    places: PlacesRepository, meals: Sequence[tuple[int, Candidate]], allergies: AllergyProfile
) -> CheckedMeals:
    records = await places.records([pid for pid, _ in meals])
    guarded = await guard_places(
        places, [records[pid] for pid, _ in meals if pid in records], allergies
    )
    who = people(allergies)
    key = tuple(severities(allergies).items())
    checks = {g.item.place.id: _shown(g.assessment, who, key) for g in guarded.safe}
    kept = tuple(replace(c, allergy=checks[pid]) for pid, c in meals if pid in checks)
    return CheckedMeals(
        meals=kept,
        left_out=len(meals) - len(kept),
        with_risk=sum(1 for c in kept if c.allergy is not None and c.allergy.known_risk),
    )


_SHOWN: OrderedDict[tuple[int, tuple[Any, ...]], tuple[AllergyAssessment, AllergyCheck]] = (
    OrderedDict()
)
SHOWN_MEMO = 4096
"""Checks kept by assessment: the guard memoises a cached place's assessment per profile, so the
same places for the same traveller are shown the same check without building it again (~60 µs
each, a city's ~300 places to eat on every trip)."""


def _shown(assessment: AllergyAssessment, who: list[Person], key: tuple[Any, ...]) -> AllergyCheck:
    """`shown_check`, remembered for this assessment object (held, so its id is not reused)."""
    memo = (id(assessment), key)
    found = _SHOWN.get(memo)
    if found is not None and found[0] is assessment:
        _SHOWN.move_to_end(memo)
        return found[1]
    made = shown_check(assessment, who)
    _SHOWN[memo] = (assessment, made)
    if len(_SHOWN) > SHOWN_MEMO:
        _SHOWN.popitem(last=False)
    return made


class MissingCheck(RuntimeError):
    """A meal slot without its place's check: the trip cannot be shown."""


def slot_check(slot: Slot, allergies: AllergyProfile) -> AllergyCheck:
    """A stop's check says it is not a place to eat; a meal's is its place's, from the planner."""
    if slot.kind == "stop":
        return not_food_check(people(allergies))
    if slot.allergy is None:
        raise MissingCheck(f"the {slot.kind} at {slot.name} carries no allergy check")
    return slot.allergy


async def place_check(
    places: PlacesRepository, place_id: int, kind: str, allergies: AllergyProfile
) -> AllergyCheck:
    """The check an answer about one place carries: a place to visit (or to stay) is not food;
    any other place (a restaurant, a café, a bakery) is checked as a meal would be, and one the
    safety step excludes says so."""
    who = people(allergies)
    if kind in VISIT_KINDS or kind == "lodging":
        return not_food_check(who)
    records = await places.records([place_id])
    if place_id not in records:
        raise MissingCheck(f"place {place_id} has no catalog record to check")
    result = await guard_places(places, [records[place_id]], allergies)
    guarded = (*result.safe, *result.flagged)
    if guarded:
        return shown_check(guarded[0].assessment, who)
    return excluded_check(result.excluded[0], who)


def meals_note(checked: CheckedMeals) -> str | None:
    """What the safety step did to the places to eat, never implying the rest are safe."""
    if not checked.left_out and not checked.with_risk:
        return None
    said = []
    if checked.left_out:
        places = "place to eat was" if checked.left_out == 1 else "places to eat were"
        said.append(f"{checked.left_out} {places} left out for your allergies (the shared "
                    "safety step).")  # fmt: skip
    if checked.with_risk:
        have = "has" if checked.with_risk == 1 else "have"
        said.append(f"{checked.with_risk} of the {len(checked.meals)} kept {have} a known "
                    "allergy risk: a meal goes there only when no place without one "
                    "fits.")  # fmt: skip
    said.append("That does not make the other places safe: each meal shows what is known about "
                "its place for your allergies.")  # fmt: skip
    return " ".join(said)
