"""One rule for every product: a severe (not anaphylactic) allergy kept out as a diet — a
coeliac's gluten — and the places that show explicit evidence of food free of it (issue 39).

Coeliac disease is a medical need: the allergen stays kept out, at the person's own severity,
and every risk at a place is still named. What the rule decides is which places a request-level
exclusion drops: a place known to contain gluten that also shows explicit gluten-free evidence
(a "Gluten-Free" category, a gluten-free menu, reviews saying "celiac-friendly" or a dedicated
fryer: the `gluten_free` trait) is the place a coeliac looks for, not one to drop — it stays,
with the risk named and "confirm with staff". Places known to contain the allergen without that
evidence are dropped as before. An anaphylactic allergy is never eased: `core.hard_filter` keeps
every anaphylactic allergen out in SQL and in the guard, whatever a place lists. Chat
(`restaurants.chat`) and group plans (`venues.scout`) both call `hard_sets` for the SQL
exclusions and `guard_free_said` for the safety step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from kairos.core.allergy_guard import GuardResult
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import SOFT_FREE_DIETS, diet_label
from kairos.pipeline.safety import AllergyCheck, guard_places, hard_set
from kairos.pipeline.trait_notes import trait_notes
from kairos.search.models import PlaceSummary
from kairos.store.places import PlaceRecord, PlacesRepository

__all__ = [
    "EASED_SEVERITY",
    "FREE_FROM_EVIDENCE",
    "beside_free_from",
    "covered",
    "free_kept",
    "free_said",
    "guard_free_said",
    "hard_sets",
    "lacks_free_from",
]

FREE_FROM_EVIDENCE: Final[dict[str, frozenset[str]]] = {
    allergen: frozenset({trait, *(("vegan",) if allergen in ("dairy", "eggs") else ())})
    for allergen, trait in SOFT_FREE_DIETS.items()
}
"""The traits that show a place serves food free of an allergen: its free-from diet (gluten →
gluten_free), and vegan food for dairy and eggs (a vegan dish holds neither). What a card says
beside the risk and what puts a place first; easing a request's exclusion takes the free-from
diet only (`free_said`)."""

EASED_SEVERITY: Final = "severe"
"""The one severity whose risk a venue's free-from evidence keeps from ranking it last: a
severe (not anaphylactic) allergy, at a venue that lists options free of that allergen."""


def free_said(exclude: Iterable[str], profile: AllergyProfile) -> frozenset[str]:
    """Of the allergens a request keeps out, those a venue's free-from options answer (gluten
    → gluten_free): none a member is anaphylactic to."""
    levels = profile.resolved_severities()
    return frozenset(a for a in exclude if a in SOFT_FREE_DIETS and levels.get(a) != "anaphylactic")


def hard_sets(profile: AllergyProfile, exclude: Sequence[str]) -> tuple[list[str], list[str]]:
    """(every allergen the request and the profile keep out, those SQL keeps out): SQL does
    not drop the allergens in `free_said`, so that the guard keeps the venues listing options
    free of them (`guard_free_said`) and drops the rest, with the reason."""
    every = hard_set(profile, exclude)
    free = free_said(exclude, profile)
    return every, [a for a in every if a not in free]


def covered(allergens: Sequence[str], severity: str, traits: Iterable[str]) -> bool:
    """A severe (not anaphylactic) risk whose every allergen the venue lists options free of:
    named on it, but no reason to rank it after the venues that list none."""
    held = set(traits)
    return (
        severity == EASED_SEVERITY
        and bool(allergens)
        and all(SOFT_FREE_DIETS.get(a) in held for a in allergens)
    )


def free_kept(
    exclude: Iterable[str],
    profile: AllergyProfile,
    shown: Iterable[tuple[Iterable[str], Iterable[str]]],
) -> list[str]:
    """The free-from foods ("gluten-free") for which a shown place known or likely to hold an
    allergen the request keeps out was kept: `shown` is each place's (traits, allergens at
    risk). What an answer adds to "I left out every place that shows gluten"."""
    eased = free_said(exclude, profile)
    held = [(set(traits), set(risks)) for traits, risks in shown]
    return [
        diet_label(SOFT_FREE_DIETS[a])
        for a in sorted(eased)
        if any(a in risks and SOFT_FREE_DIETS[a] in traits for traits, risks in held)
    ]


def lacks_free_from(traits: Iterable[str], allergens: Iterable[str]) -> bool:
    """Whether a place known or likely to hold one of `allergens` shows no evidence of food
    free of it, for an allergen where such evidence exists (gluten, dairy, eggs, soy): such a
    place comes after those that show it, or that show no risk of it."""
    held = set(traits)
    return any(
        (evidence := FREE_FROM_EVIDENCE.get(a)) is not None and not held & evidence
        for a in allergens
    )


def beside_free_from(check: AllergyCheck, place: PlaceSummary) -> AllergyCheck:
    """A shown place's check with each non-anaphylactic risk whose allergen the place shows
    explicit free-from evidence for (gluten at a place listing gluten-free food) saying that
    evidence after the risk, and to confirm with staff: the risk, its severity and verdict stay
    as found, for free-from options are not a safe kitchen. Anaphylactic risks are unchanged."""
    risks = []
    for risk in check.risks:
        evidence = FREE_FROM_EVIDENCE.get(risk.allergen, frozenset())
        shown = sorted(t for t in evidence if t in place.traits)  # dairy_free before vegan
        if risk.severity == "anaphylactic" or not shown:
            risks.append(risk)
            continue
        notes = trait_notes(place, shown[:1])
        said = (
            f"{notes[0].label} food ({notes[0].source}: {notes[0].says})"
            if notes and notes[0].says
            else f"{diet_label(shown[0])} food"
        )
        message = (
            f"{risk.message} It does show {said}: that does not rule out cross-contact, so "
            "confirm with staff what is made without it."
        )
        risks.append(risk.model_copy(update={"message": message}))
    return check.model_copy(update={"risks": risks})


async def guard_free_said(
    places: PlacesRepository,
    records: Sequence[PlaceRecord],
    profile: AllergyProfile,
    exclude: Sequence[str],
) -> GuardResult[PlaceRecord]:
    """The safety step for `records`, each venue listing options free of an allergen in `free`
    guarded without that allergen among the request's exclusions (its risk is still checked
    and named, at the member's severity); every other venue as the request asks."""
    free = free_said(exclude, profile)
    if not free:
        return await guard_places(places, records, profile, exclude=exclude)
    groups: dict[tuple[str, ...], list[PlaceRecord]] = {}
    for record in records:
        held = set(record.place.traits)
        eased = {a for a in free if SOFT_FREE_DIETS[a] in held}
        key = tuple(a for a in exclude if a not in eased)
        groups.setdefault(key, []).append(record)
    results = [
        await guard_places(places, part, profile, exclude=list(key)) for key, part in groups.items()
    ]
    if len(results) == 1:
        return results[0]
    order = {id(r): i for i, r in enumerate(records)}
    return GuardResult(
        safe=tuple(sorted((g for r in results for g in r.safe), key=lambda g: order[id(g.item)])),
        flagged=tuple(
            sorted((g for r in results for g in r.flagged), key=lambda g: order[id(g.item)])
        ),
        excluded=tuple(
            sorted((e for r in results for e in r.excluded), key=lambda e: order[id(e.item)])
        ),
        hard_excluded_allergens=tuple(
            sorted({a for r in results for a in r.hard_excluded_allergens})
        ),
        has_any_warnings=any(r.has_any_warnings for r in results),
    )
