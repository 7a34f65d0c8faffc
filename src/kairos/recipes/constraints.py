"""The merged hard constraints one cooking request must respect.

The coach builds one `CookConstraints` per request: for a single cook from their profile, for a
household from the union of every member (`CookConstraints.union`). Allergens are the profile's
canonical names or custom ingredients ("garlic") with the riskiest severity seen; dislikes are
foods to keep out of the dish (substituted where a substitute exists, else the recipe is
refused); diets are the names of `kairos.core.diets` (vegan, vegetarian, pescatarian,
gluten_free, dairy_free, egg_free, soy_free...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, field_validator

from kairos.core.allergens import SEVERITY_RISK, Severity, expand_allergen
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import canonical_diet
from kairos.recipes.models import Skill

__all__ = ["CookConstraints"]


def _clean_words(values: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for value in values:
        word = " ".join(value.lower().split())
        if word:
            seen.setdefault(word, None)
    return tuple(seen)


class CookConstraints(BaseModel):
    """Everything a recipe must respect. Allergens and diets are hard; equipment, time and
    skill narrow the choice of recipes (the repository filters on them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    allergens: dict[str, Severity] = {}
    dislikes: tuple[str, ...] = ()
    diets: tuple[str, ...] = ()
    equipment: tuple[str, ...] | None = None
    """Equipment the cook has (names of `tags.EQUIPMENT`); None when unknown (no filter)."""
    max_minutes: int | None = None
    skill: Skill | None = None
    owners: dict[str, tuple[str, ...]] = {}
    """For a household, whose need each rule is: "diet:vegan" → ("Ana",), "allergen:peanuts"
    → ("you", "Tom"); empty for one cook. The wording names them ("Ana's vegan diet")."""
    swap_to: tuple[str, ...] = ()
    """Foods the cook named to use in place of a main protein they keep out ("could chicken
    work?"): tried first, and only when every allergen, dislike and diet allows them."""

    @field_validator("allergens", mode="before")
    @classmethod
    def _canonical_allergens(cls, value: Mapping[str, Severity]) -> dict[str, Severity]:
        merged: dict[str, Severity] = {}
        for term, severity in dict(value).items():
            for name in expand_allergen(term):
                current = merged.get(name)
                if current is None or SEVERITY_RISK[severity] > SEVERITY_RISK[current]:
                    merged[name] = severity
        return merged

    @field_validator("dislikes", mode="before")
    @classmethod
    def _clean_dislikes(cls, value: Iterable[str]) -> tuple[str, ...]:
        return _clean_words(value)

    @field_validator("diets", mode="before")
    @classmethod
    def _canonical_diets(cls, value: Iterable[str]) -> tuple[str, ...]:
        return _clean_words(canonical_diet(v) or v for v in value)

    @classmethod
    def from_profile(
        cls,
        profile: AllergyProfile,
        *,
        dislikes: Iterable[str] = (),
        diets: Iterable[str] = (),
        equipment: Iterable[str] | None = None,
        max_minutes: int | None = None,
        skill: Skill | None = None,
    ) -> CookConstraints:
        return cls(
            allergens=profile.resolved_severities(),
            dislikes=tuple(dislikes),
            diets=tuple(diets),
            equipment=None if equipment is None else tuple(equipment),
            max_minutes=max_minutes,
            skill=skill,
        )

    @classmethod
    def union(cls, members: Iterable[CookConstraints]) -> CookConstraints:
        """A household: every member's allergens (riskiest severity), dislikes and diets; the
        equipment, time and skill of the first member (the cook)."""
        members = list(members)
        if not members:
            return cls()
        allergens: dict[str, Severity] = {}
        for member in members:
            for name, severity in member.allergens.items():
                current = allergens.get(name)
                if current is None or SEVERITY_RISK[severity] > SEVERITY_RISK[current]:
                    allergens[name] = severity
        cook = members[0]
        return cls(
            allergens=allergens,
            dislikes=tuple(d for m in members for d in m.dislikes),
            diets=tuple(d for m in members for d in m.diets),
            equipment=cook.equipment,
            max_minutes=cook.max_minutes,
            skill=cook.skill,
        )
