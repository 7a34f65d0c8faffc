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

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import SOFT_FREE_DIETS, canonical_diet, diet_label
from kairos.core.place_kinds import FOOD_KINDS
from kairos.core.traits import DERIVABLE_TRAITS
from kairos.pipeline.safety import group_profile
from kairos.venues.schemas import Member, MemberRisk, VenueResult

__all__ = [
    "VOTE_WEIGHT",
    "GroupProfile",
    "diet_risks",
    "diet_trait",
    "rerank_with_votes",
]

VOTE_WEIGHT: Final = 0.4
"""How much the group's votes weigh against the composite once anyone has voted."""
_SUPPORT: Final = {"yes": 1.0, "maybe": 0.5, "no": 0.0}


_NEEDS: Final = {"coeliac": "gluten_free", "celiac": "gluten_free"}
"""Needs a member may write as a condition rather than a diet: read as the diet they ask for,
and said as written ("Jen (coeliac)")."""


def diet_trait(said: str) -> str | None:
    """The place trait a member's diet asks for ("gluten-free" → gluten_free, "plant-based" →
    vegan, "coeliac" → gluten_free), read as the engine reads diets; None for one no place
    evidence can show."""
    key = said.strip().lower()
    diet = _NEEDS.get(key) or canonical_diet(said)
    return diet if diet in DERIVABLE_TRAITS else None


def _holds(member: Member, trait: str) -> bool:
    """The member keeps this diet, or an allergy of theirs asks for it (gluten for a
    gluten-free wish)."""
    if any(diet_trait(d) == trait for d in member.diets):
        return True
    return any(SOFT_FREE_DIETS.get(a) == trait for a in member.allergies.resolved_severities())


_CLAUSE: Final = re.compile(r"[.;:!?,()\n]|\s[-–—]\s|\b(?:and|but|while|whereas)\b")


def _named_with(
    prompt: str, trait: str | None, members: Sequence[Member], owner_name: str
) -> list[str]:
    """The members named in the same clause of `prompt` as a word for the diet `trait`
    ("Jen is coeliac", "vegan Priya"); none when the diet is said on its own."""
    if not trait or not prompt:
        return []
    found: list[str] = []
    for clause in _CLAUSE.split(prompt.lower()):
        words = re.findall(r"[a-z][a-z'-]*", clause)
        grams = words + [f"{a} {b}" for a, b in pairwise(words)]
        if not any(diet_trait(g) == trait for g in grams):
            continue
        found += [
            m.name
            for m in members
            if m.name != owner_name
            and m.name.strip()
            and re.search(rf"\b{re.escape(m.name.strip().lower())}\b", clause)
        ]
    return list(dict.fromkeys(found))


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
        prompt: str = "",
    ) -> GroupProfile:
        """The members and the planner (`owner_name`, with the diets the request itself asks
        for: "team lunch, halal please"). A diet the `prompt` says beside a member's name
        ("Priya is vegan") is that member's, not the planner's ("You: no evidence of vegan
        options" for Priya's need)."""
        everyone = tuple(members)
        if not any(m.name == owner_name for m in everyone):  # the planner is in the group too
            everyone = (Member(name=owner_name, allergies=owner), *everyone)
        # a diet the request names is the members' who keep it, or whose allergy asks for it
        # ("Jen is coeliac, it has to be gluten free"); the planner's only when nobody's
        for said in owner_diets:
            trait = diet_trait(said)
            holders = [
                m.name for m in everyone if m.name != owner_name and trait and _holds(m, trait)
            ]
            named = holders or _named_with(prompt, trait, everyone, owner_name) or [owner_name]
            everyone = tuple(
                m.model_copy(update={"diets": [*m.diets, said]})
                if m.name in named and not (trait and any(diet_trait(d) == trait for d in m.diets))
                else m
                for m in everyone
            )
        return cls(everyone, group_profile(m.allergies for m in everyone))

    def names(self) -> list[str]:
        return [m.name for m in self.members]

    def diet_traits(self) -> list[str]:
        """The place traits the members' diets ask for (vegetarian, halal), each once."""
        said = (diet_trait(d) for m in self.members for d in m.diets)
        return list(dict.fromkeys(t for t in said if t))


_MEAT_CENTRED: Final = (
    "steakhouse", "barbeque", "barbecue", "bbq", "smokehouse", "burgers", "hot dogs",
    "chicken wings", "chicken shop", "rotisserie chicken",
)  # fmt: skip
"""Kinds of place whose menus centre on meat: said for a member whose diet no place evidence
can show but whose diet keeps meat out (a pescatarian; vegetarians and vegans have evidence)."""
_NO_MEAT_DIETS: Final = frozenset({"pescatarian"})
_FISH_FOOD: Final = ("seafood", "fish", "sushi", "poke", "oyster")
"""Categories that show fish on the menu: what a pescatarian eats beyond vegetarian dishes."""
_MEATLESS_TRAITS: Final = frozenset({"vegetarian", "vegan"})


def _meat_centred(categories: Sequence[str]) -> str | None:
    for category in categories:
        said = category.lower()
        if any(k in said for k in _MEAT_CENTRED):
            return category
    return None


_CENTRED_AGAINST: Final = frozenset({"vegetarian", "vegan", "kosher"})
"""Diets a meat- or seafood-centred menu is furthest from (a steakhouse, a wings bar or an
oyster house for a vegan, a pure-vegetarian or a kosher ask)."""
_SEAFOOD_CENTRED: Final = ("seafood", "oyster", "fish & chips", "crab", "lobster")


def centred_against(
    group: GroupProfile, kind: str, traits: Iterable[str], categories: Sequence[str], name: str
) -> str | None:
    """The kind of place ("steakhouses", "oyster") whose menu centres on what a member's
    vegan, vegetarian or kosher diet keeps out, when the venue shows no evidence of that
    diet: it ranks after the places that are not (`standing`), said."""
    if kind not in FOOD_KINDS:
        return None
    held = set(traits)
    meat = _meat_centred([*categories, name])
    if meat and _keeps_meat_out(group) and not _serves_no_meat(held, categories):
        return meat  # a pescatarian at a barbeque place (plans panel p49)
    wanted = {diet_trait(d) for m in group.members for d in m.diets} & _CENTRED_AGAINST
    if not wanted or wanted <= held:
        return None
    return _centred_word([*categories, name])


def _keeps_meat_out(group: GroupProfile) -> bool:
    """A member's diet no trait shows but that keeps meat out (a pescatarian)."""
    return any(canonical_diet(d) in _NO_MEAT_DIETS for m in group.members for d in m.diets)


def _centred_word(words: Sequence[str]) -> str | None:
    """The category or name that centres a menu on meat or seafood, if any."""
    return _meat_centred(words) or next(
        (w for w in words if any(k in w.lower() for k in _SEAFOOD_CENTRED)), None
    )


def diet_risks(
    group: GroupProfile,
    kind: str,
    traits: Iterable[str],
    categories: Sequence[str] = (),
    name: str = "",
) -> list[MemberRisk]:
    """Members whose diet this food venue shows no evidence for, and members whose diet no
    trait can show (pescatarian) at a place whose menu centres on meat, or at one showing
    neither fish nor vegetarian dishes (a pescatarian was never named at a taqueria)."""
    if kind not in FOOD_KINDS:
        return []
    held = set(traits)
    risks = []
    meat = _meat_centred(categories)
    for member in group.members:
        said = {t: d for d in reversed(member.diets) if (t := diet_trait(d)) and t not in held}
        no_meat = [d for d in member.diets if canonical_diet(d) in _NO_MEAT_DIETS]
        if no_meat and not said:
            who = f"{member.name} ({no_meat[0].strip().lower()})"
            if meat:
                note = f"{who}: listed under {meat.lower()}, whose menus centre on meat"
            elif not _serves_no_meat(held, categories):
                note = f"{who}: no evidence of fish or vegetarian options"
            else:
                note = ""
            if note:
                risks.append(MemberRisk(name=member.name, allergens=[], severity="diet", note=note))
        if said:
            needs = [_as_written(d, t) for t, d in said.items()]
            centred = _centred_word([*categories, name]) if set(said) & _CENTRED_AGAINST else None
            also = f" (listed as {centred}: a menu centred on what it keeps out)" if centred else ""
            risks.append(
                MemberRisk(
                    name=member.name,
                    allergens=[],
                    severity="diet",
                    note=f"{member.name}{needs[0][0]}: no evidence of "
                    f"{', '.join(n for _, n in needs)} options{also}",
                )
            )
    return risks


def _serves_no_meat(traits: set[str], categories: Sequence[str]) -> bool:
    """Evidence a pescatarian can eat here: fish on the menu (a seafood or sushi place) or
    vegetarian dishes."""
    fish = any(k in c.lower() for c in categories for k in _FISH_FOOD)
    return fish or bool(traits & _MEATLESS_TRAITS)


def _as_written(said: str, trait: str) -> tuple[str, str]:
    """(" (coeliac)" when the member wrote a condition, the diet's label)."""
    label = diet_label(trait)
    condition = said.strip().lower()
    return (f" ({condition})" if condition in _NEEDS else ""), label


def rerank_with_votes(
    venues: Sequence[VenueResult], votes: Mapping[str, Mapping[str, str]]
) -> list[VenueResult]:
    """`votes`: venue id → member → vote. Venues the critic advises against come after every
    venue it does not, whatever the votes (a "no" on the leader once put an advised-against
    venue first, under a summary naming another as the leader); vetoed venues go last; ranks
    are renumbered. A venue more members voted against ("no") than for comes after every
    venue they did not: a venue the group voted down never leads.

    Votes blend with the venue's place in the plan, not its bare composite: the plan ranks by
    more than the composite (a member endangered, a bank's café for a dinner, a bar for a nice
    dinner go after the rest), so the k-th venue counts the k-th highest composite, and a
    venue nobody voted on never climbs over those the plan put before it."""
    placed = sorted((v.composite for v in venues), reverse=True)
    in_order = sorted(venues, key=lambda v: v.rank)
    at = {v.venue_id: placed[i] for i, v in enumerate(in_order)}
    scored = []
    for venue in venues:
        cast = votes.get(venue.venue_id, {})
        tally = {v: sum(1 for x in cast.values() if x == v) for v in ("yes", "maybe", "no", "veto")}
        vetoed = sorted(m for m, v in cast.items() if v == "veto")
        support = [_SUPPORT[v] for v in cast.values() if v in _SUPPORT]
        score = at[venue.venue_id]
        if support:
            score = (1 - VOTE_WEIGHT) * score + VOTE_WEIGHT * sum(support) / len(support)
        updated = venue.model_copy(update={"votes": tally, "vetoed_by": vetoed})
        against = tally["no"] > tally["yes"]
        scored.append((bool(vetoed), venue.veto, against, -score, venue.rank, updated))
    scored.sort(key=lambda s: s[:5])
    return [v.model_copy(update={"rank": i}) for i, (*_, v) in enumerate(scored, start=1)]
