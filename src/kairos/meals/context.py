"""The context bundle (seed 001): the hard constraints of one request — the cook's, or the
household's union — and the soft ones (preference facts, memories, recent meals).

Hard: allergies (every member's for the household, at the riskiest severity any member has,
through the shared `group_profile`), dislikes, diets, equipment, time, skill, units. Soft:
the top 10 preference facts and the 5 memory items closest to the request.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kairos.core.allergy_profile import AllergyProfile
from kairos.meals.schemas import CoachContext
from kairos.meals.understanding import MealInput
from kairos.pipeline.safety import Person, group_profile
from kairos.profiles.schemas import UserPublic
from kairos.recipes import CookConstraints
from kairos.recipes.models import Skill, Units
from kairos.recipes.tags import EQUIPMENT

__all__ = ["Context", "build_constraints", "household_profile"]

TOP_FACTS = 10
TOP_MEMORIES = 5


def household_profile(user: UserPublic) -> AllergyProfile:
    """The cook and every household member as one profile (riskiest severity wins)."""
    return group_profile([user.allergies, *(m.allergies for m in user.cook.household)])


def _equipment(user: UserPublic, request: MealInput) -> tuple[str, ...] | None:
    if request.equipment_only:  # "only a microwave": nothing else, whatever the profile says
        return tuple(request.equipment_only)
    have = user.cook.equipment
    if have is None and not request.equipment_without:
        return None
    names = list(EQUIPMENT) if have is None else list(have)
    names = [n for n in names if n not in request.equipment_without]
    names += [n for n in request.equipment_with if n not in names]
    return tuple(names)


def build_constraints(user: UserPublic, request: MealInput, *, household: bool) -> CookConstraints:
    cook = user.cook
    profile = household_profile(user) if household else user.allergies
    dislikes = list(cook.dislikes)
    diets = [*([cook.diet_style] if cook.diet_style else []), *user.preferences.dietary,
             *request.diets]  # fmt: skip
    if household:
        for member in cook.household:
            dislikes += member.dislikes
            diets += [member.diet_style] if member.diet_style else []
    skill: Skill | None = cook.skill
    return CookConstraints.from_profile(
        profile,
        dislikes=dislikes,
        diets=diets,
        equipment=_equipment(user, request),
        max_minutes=request.max_minutes or cook.time_per_meal_minutes,
        skill=skill,
    ).model_copy(
        update={"swap_to": tuple(request.swap_to), "owners": _owners(user) if household else {}}
    )


def _owners(user: UserPublic) -> dict[str, tuple[str, ...]]:
    """Whose allergy, diet or dislike each household rule is, so a message names them."""
    cook = user.cook
    people = [
        (
            "you",
            user.allergies,
            cook.dislikes,
            [*([cook.diet_style] if cook.diet_style else []), *user.preferences.dietary],
        )
    ]
    people += [(m.name, m.allergies, m.dislikes, [m.diet_style] if m.diet_style else [])
               for m in cook.household]  # fmt: skip
    owners: dict[str, list[str]] = {}
    for name, allergies, dislikes, diets in people:
        own = CookConstraints.from_profile(allergies, dislikes=dislikes, diets=diets)
        keys = [f"allergen:{a}" for a in own.allergens]
        keys += [f"dislike:{d}" for d in own.dislikes] + [f"diet:{d}" for d in own.diets]
        for key in keys:
            owners.setdefault(key, []).append(name)
    return {key: tuple(names) for key, names in owners.items()}


@dataclass
class Context:
    user: UserPublic
    request: MealInput
    household: bool
    constraints: CookConstraints
    facts: list[tuple[str, float]] = field(default_factory=list)
    memories: list[str] = field(default_factory=list)

    @property
    def people(self) -> list[Person]:
        """Who the meal is cooked for, as the allergy check names them: "you", and each
        household member when it is for the household."""
        members = self.user.cook.household if self.household else []
        return [("you", self.user.allergies), *((m.name, m.allergies) for m in members)]

    @property
    def units(self) -> Units:
        """The units the message asked for, else the profile's."""
        return self.request.units or self.user.cook.units

    @property
    def servings(self) -> float | None:
        if self.request.servings:
            return float(self.request.servings)
        if self.household:
            return float(1 + len(self.user.cook.household))
        return None

    def public(self) -> CoachContext:
        c = self.constraints
        who = [name for name, _ in self.people]
        return CoachContext(
            cooking_for=who,
            avoided_allergens=sorted(c.allergens),
            dislikes=list(c.dislikes),
            diets=list(c.diets),
            equipment=None if c.equipment is None else list(c.equipment),
            max_minutes=c.max_minutes,
            skill=c.skill,
            units=self.units,
            understood=list(self.request.read),
            preference_facts=[f"{key} ({strength:+.1f})" for key, strength in self.facts],
            memories=list(self.memories),
        )
