"""A request keeping out an allergen as a diet ("Jen is coeliac so it really has to be gluten
free") and the venues that show options free of it (issue 38, round 7).

Coeliac disease is a medical need: the allergen stays kept out, at the member's own severity,
and every risk at a venue is still named (`scoring.beside_free_evidence` says the free-from
evidence after it). What changes is which venues a request-level exclusion drops: a venue
known to contain gluten that also shows explicit gluten-free evidence (a "Gluten-Free"
category, a gluten-free menu, reviews saying so) is the place a coeliac group looks for, not
one to drop — it stays, with the risk said, and it ranks before the venues that show no such
evidence. Venues known to contain the allergen without that evidence are dropped as before.
An anaphylactic allergy is never eased: `core.hard_filter` keeps every anaphylactic allergen
of the profile out in SQL and in the guard, whatever a venue lists (the core rule is right for
every product; this is the venue planner's reading of a diet said in its request).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from kairos.core.allergy_guard import GuardResult
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import SOFT_FREE_DIETS
from kairos.pipeline.safety import guard_places, hard_set
from kairos.store.places import PlaceRecord, PlacesRepository

__all__ = ["EASED_SEVERITY", "covered", "eased_clause", "free_said", "guard_free_said", "hard_sets"]

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


def eased_clause(labels: Sequence[str]) -> str:
    """What the plan's "Left out every venue known to contain gluten, which Jen (severe) must
    avoid" adds when the venues listing options free of it were kept."""
    if not labels:
        return ""
    return f", save those listing {' or '.join(labels)} options: kept, the risk named on each"


def covered(allergens: Sequence[str], severity: str, traits: Iterable[str]) -> bool:
    """A severe (not anaphylactic) risk whose every allergen the venue lists options free of:
    named on it, but no reason to rank it after the venues that list none."""
    held = set(traits)
    return (
        severity == EASED_SEVERITY
        and bool(allergens)
        and all(SOFT_FREE_DIETS.get(a) in held for a in allergens)
    )


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
