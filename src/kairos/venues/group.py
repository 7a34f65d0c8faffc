"""The group: every member's allergies and diets are hard constraints, and votes re-rank.

- One safety profile for the group (`pipeline.safety.group_profile`: each allergen at the
  riskiest severity any member has), so SQL and the guard exclude what any member cannot be near.
- A venue that stays (not excluded) carries the safety step's check for every member and names
  *who* is at risk, from each member's own profile: "Sam (peanuts, anaphylactic)"
  (`venues/allergy.py`).
- Diets: a venue that serves food and shows no evidence for a member's diet names that member.
- Votes (yes / maybe / no, veto) from members through the shareable plan id: a veto blocks the
  venue (it goes last, with who vetoed it); otherwise the ranking blends the composite with the
  share of support.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import canonical_diet, diet_label
from kairos.core.place_kinds import FOOD_KINDS
from kairos.core.traits import DERIVABLE_TRAITS
from kairos.pipeline.safety import group_profile
from kairos.venues.schemas import Member, MemberRisk, VenueResult

__all__ = [
    "VOTE_WEIGHT",
    "GroupProfile",
    "diet_risks",
    "rerank_with_votes",
]

VOTE_WEIGHT: Final = 0.4
"""How much the group's votes weigh against the composite once anyone has voted."""
_SUPPORT: Final = {"yes": 1.0, "maybe": 0.5, "no": 0.0}


def _diet_trait(said: str) -> str | None:
    """The place trait a member's diet asks for ("gluten-free" → gluten_free, "plant-based" →
    vegan), read as the engine reads diets; None for one no place evidence can show."""
    diet = canonical_diet(said)
    return diet if diet in DERIVABLE_TRAITS else None


@dataclass(frozen=True)
class GroupProfile:
    members: tuple[Member, ...]
    profile: AllergyProfile
    """The union, each allergen at its riskiest severity."""

    @classmethod
    def of(
        cls,
        members: Sequence[Member],
        owner: AllergyProfile,
        owner_name: str,
        owner_diets: Sequence[str] = (),
    ) -> GroupProfile:
        """The members and the planner (`owner_name`, with the diets the request itself asks
        for: "team lunch, halal please")."""
        everyone = tuple(members)
        if not any(m.name == owner_name for m in everyone):  # the planner is in the group too
            everyone = (Member(name=owner_name, allergies=owner), *everyone)
        if owner_diets:
            everyone = tuple(
                m.model_copy(update={"diets": list(dict.fromkeys([*m.diets, *owner_diets]))})
                if m.name == owner_name
                else m
                for m in everyone
            )
        return cls(everyone, group_profile(m.allergies for m in everyone))

    def names(self) -> list[str]:
        return [m.name for m in self.members]

    def diet_traits(self) -> list[str]:
        """The place traits the members' diets ask for (vegetarian, halal), each once."""
        said = (_diet_trait(d) for m in self.members for d in m.diets)
        return list(dict.fromkeys(t for t in said if t))


def diet_risks(group: GroupProfile, kind: str, traits: Iterable[str]) -> list[MemberRisk]:
    """Members whose diet this food venue shows no evidence for."""
    if kind not in FOOD_KINDS:
        return []
    held = set(traits)
    risks = []
    for member in group.members:
        missing = [diet_label(t) for d in member.diets if (t := _diet_trait(d)) and t not in held]
        if missing:
            risks.append(
                MemberRisk(
                    name=member.name,
                    allergens=[],
                    severity="diet",
                    note=f"{member.name}: no evidence of {', '.join(missing)} options",
                )
            )
    return risks


def rerank_with_votes(
    venues: Sequence[VenueResult], votes: Mapping[str, Mapping[str, str]]
) -> list[VenueResult]:
    """`votes`: venue id → member → vote. Vetoed venues go last; ranks are renumbered."""
    scored = []
    for venue in venues:
        cast = votes.get(venue.venue_id, {})
        tally = {v: sum(1 for x in cast.values() if x == v) for v in ("yes", "maybe", "no", "veto")}
        vetoed = sorted(m for m, v in cast.items() if v == "veto")
        support = [_SUPPORT[v] for v in cast.values() if v in _SUPPORT]
        score = venue.composite
        if support:
            score = (1 - VOTE_WEIGHT) * venue.composite + VOTE_WEIGHT * sum(support) / len(support)
        updated = venue.model_copy(update={"votes": tally, "vetoed_by": vetoed})
        scored.append((bool(vetoed), -score, venue.rank, updated))
    scored.sort(key=lambda s: (s[0], s[1], s[2]))
    return [v.model_copy(update={"rank": i}) for i, (*_, v) in enumerate(scored, start=1)]
