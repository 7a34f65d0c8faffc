"""Everything a plan found and left out, listed (issue 38, item 3): each venue with its reason
and the member it was left out for — a member's allergy (by the safety step, or already by the
SQL hard filter: those are found again by the same search without it), a member's diet, a veto,
the budget a follow-up asked, the critic (listed as closed), the kind of place or its size, the
noise a follow-up asked to avoid, the vibe filter. The log and the summary count this list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from kairos.core.allergy_guard import ExcludedItem
from kairos.core.allergy_warnings import display_name
from kairos.core.diets import diet_label
from kairos.store.places import PlaceRecord, PlaceSummary
from kairos.venues.group import GroupProfile, diet_trait
from kairos.venues.schemas import ExcludedVenue, ExclusionCause

__all__ = ["by_allergy", "by_diet", "counted", "left_out", "vetoed"]

_CAUSE_WORDS: dict[str, str] = {
    "allergy": "for members' allergies",
    "diet": "for members' diets",
    "veto": "vetoed",
    "budget": "over the budget",
    "critic": "advised against by the critic",
    "closed": "listed as closed",
    "kind": "not the kind of place asked",
    "capacity": "not good for a group this size",
    "noise": "listed as loud",
    "vibe": "under 0.4 on the vibe asked",
}


def left_out(
    place: PlaceSummary, reason: str, cause: ExclusionCause, members: Sequence[str] = ()
) -> ExcludedVenue:
    return ExcludedVenue(
        venue_id=f"kp_{place.id}",
        name=place.name,
        reason=reason,
        cause=cause,
        members=list(members),
        city=place.city,
    )


def by_allergy(
    excluded: Iterable[ExcludedItem[PlaceRecord]], group: GroupProfile
) -> list[ExcludedVenue]:
    """The safety step's exclusions, each with the members whose allergy it is (none: the
    request's own words asked to keep the allergen out)."""
    found = []
    for e in excluded:
        allergens = set(e.allergens)
        who = [m.name for m in group.members if allergens & set(m.allergies.resolved_severities())]
        reason = e.reason
        if who:  # "Peanuts, which Sam must avoid. Contains peanuts (anaphylactic allergy), …"
            named = ", ".join(display_name(a) for a in e.allergens)
            named = named[:1].upper() + named[1:]
            reason = f"{named}, which {', '.join(who)} must avoid. {e.reason}"
        found.append(left_out(e.item.place, reason, "allergy", who))
    return found


def by_diet(place: PlaceSummary, group: GroupProfile) -> ExcludedVenue:
    """A venue left out because other venues show what the members' diets need and it does
    not, with those members."""
    held = set(place.traits)
    missing: dict[str, list[str]] = {}
    for member in group.members:
        for diet in member.diets:
            trait = diet_trait(diet)
            if trait and trait not in held:
                missing.setdefault(diet_label(trait), []).append(member.name)
    said = "; ".join(
        f"no evidence of {label} food ({', '.join(who)})" for label, who in missing.items()
    )
    who = list(dict.fromkeys(n for names in missing.values() for n in names))
    return left_out(place, said or "shows less of what the members' diets need", "diet", who)


def vetoed(venue_id: str, name: str, city: str | None, members: Sequence[str]) -> ExcludedVenue:
    return ExcludedVenue(
        venue_id=venue_id,
        name=name,
        reason=f"vetoed by {', '.join(members)}: taken off the list, never picked",
        cause="veto",
        members=list(members),
        city=city,
    )


def counted(excluded: Sequence[ExcludedVenue]) -> str:
    """ "12 venue(s) left out: 5 for members' allergies, 4 not the kind of place asked, …"."""
    if not excluded:
        return "No venue found was left out."
    by: Mapping[str, int] = Counter(e.cause for e in excluded)
    parts = ", ".join(f"{n} {_CAUSE_WORDS[cause]}" for cause, n in by.items())
    return f"{len(excluded)} venue(s) left out ({parts}); each is listed with why and for whom."
