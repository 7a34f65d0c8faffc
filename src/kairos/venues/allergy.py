"""The allergy check every venue of a plan carries, and why a venue with a risk is kept.

- Every venue shown (ranked, backup, shared, voted on, sent over the WebSocket) carries the one
  safety step's `AllergyCheck` (`pipeline.safety.shown_check`), made for every member with
  their own profile and for the planner ("you"): who each risk is for is read from each
  person's allergies, never from the group's union. `members_at_risk` is read from it.
- When the planner keeps a venue with a known risk in the top three (every bakery found may
  hold tree nuts; a rooftop asked that only a venue with a risk shows), `kept_with_risk` says
  why, with the kind of venue's reason and the members it is a risk for.
- A plan stored before venues carried their check is checked again when it is read
  (`checked_again`): by the same safety step, for the plan's members and its planner now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kairos.core.allergens import SEVERITY_RISK
from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.place_allergens import VenueKind, venue_kinds
from kairos.core.traits import evidence_phrase
from kairos.pipeline.safety import AllergyCheck, CheckedRisk, Person, guard_places, shown_check
from kairos.store.places import PlacesRepository
from kairos.venues.group import GroupProfile
from kairos.venues.schemas import Member, MemberRisk

if TYPE_CHECKING:
    from kairos.venues.synthesiser import Scored

__all__ = [
    "checked_again",
    "kept_with_risk",
    "kinds_of",
    "members_at_risk",
    "people",
    "venue_check",
]


def people(group: GroupProfile) -> list[Person]:
    """Everyone a plan is for, each with their own allergies: the members and "you"."""
    return [(m.name, m.allergies) for m in group.members]


def venue_check(assessment: AllergyAssessment, group: GroupProfile) -> AllergyCheck:
    """The safety step's assessment of one venue (made for the group's union), as shown to
    every member and the planner."""
    return shown_check(assessment, people(group))


def members_at_risk(group: GroupProfile, check: AllergyCheck) -> list[MemberRisk]:
    """Each person the check names at this venue, with what and their own severity: the
    seed's `members_at_risk`, read from the check so the two never disagree."""
    found = []
    for member in group.members:
        hits = [r for r in check.risks if member.name in r.who]
        if not hits:
            continue
        severities = member.allergies.resolved_severities()
        worst = max(hits, key=lambda r: SEVERITY_RISK[severities[r.allergen]])
        named = ", ".join(f"{r.name} ({_status(r)})" for r in hits)
        found.append(
            MemberRisk(
                name=member.name,
                allergens=[r.allergen for r in hits],
                severity=severities[worst.allergen],
                note=f"{member.name}: {named} — {_severity_said(severities[worst.allergen])}",
            )
        )
    return found


def _severity_said(severity: str) -> str:
    """ "anaphylactic allergy", "moderate allergy"; an intolerance as one, never "intolerance
    allergy" (plans panel p33, p49: a lactose intolerance read as an allergy)."""
    return "intolerance" if severity == "intolerance" else f"{severity} allergy"


def _status(risk: CheckedRisk) -> str:
    return "contains" if risk.status == "contains" else "may contain"


def kinds_of(name: str, categories: Sequence[str]) -> tuple[VenueKind, ...]:
    """The kinds of venue a place is, by its categories and its own name, each once."""
    found: dict[str, VenueKind] = {}
    for text in (*categories, name):
        for _, kind in venue_kinds(text):
            found.setdefault(kind.key, kind)
    return tuple(found.values())


def _why_likely(venue: Scored, risk: CheckedRisk) -> tuple[str, str]:
    """(what one such venue is called, why the allergen is likely there) for a risk: the kind
    of venue's reason when the venue is a kind that commonly holds it, else its cuisine's."""
    for kind in venue.venue_kinds:
        reason = kind.reason(risk.allergen)
        if reason:
            return kind.label, reason
    return "venue", ""


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _lacks(other: Scored) -> str:
    """What a venue with no known risk lacks that the request or a member asked."""
    missing = [f"no evidence of {evidence_phrase(f)}" for f in other.missing_features]
    missing += [r.note.split(": ", 1)[-1] for r in other.member_risks if r.severity == "diet"]
    return "; ".join(missing) or "less of what was asked"


def kept_with_risk(venue: Scored, scored: Sequence[Scored]) -> str | None:
    """Why a venue with a known risk is among the top three, naming who it is a risk for;
    None for a venue with none. `scored` is every candidate, in the plan's order."""
    if not venue.allergy.risks:
        return None
    risk = venue.allergy.risks[0]  # the riskiest (the guard orders them)
    who = _names(risk.who)
    here = f"here {who} {'is' if len(risk.who) == 1 else 'are'} at risk from {risk.name}."
    free = [s for s in scored if not s.allergy.risks]
    if not free:
        label, reason = _why_likely(venue, risk)
        holding = sum(any(r.allergen == risk.allergen for r in s.allergy.risks) for s in scored)
        where = f" in {venue.city}" if venue.city else ""
        if holding == len(scored):
            because = f" ({reason})" if reason else ""
            avoid = "must avoid" if risk.severity in ("anaphylactic", "severe") else "react to"
            avoid = "reacts to" if avoid == "react to" and len(risk.who) == 1 else avoid
            return (
                f"Kept for want of a safer choice: every {label} found{where} may hold "
                f"{risk.name}{because}, which {who} {avoid}."
            )
        return (
            f"Kept for want of a safer choice: every venue found{where} carries a known risk "
            f"for someone in the group; {here}"
        )
    after = [s for s in free if scored.index(s) > scored.index(venue)]
    if after:
        other = after[0]
        return (
            f"Ranked above {other.name}, which carries no known allergy risk but shows "
            f"{_lacks(other)}; {here}"
        )
    count = len(free)
    return (
        f"Only {count} venue{'s' if count > 1 else ''} found carr{'y' if count > 1 else 'ies'} "
        f"no known allergy risk for the group, and {'they come' if count > 1 else 'it comes'} "
        f"first; {here}"
    )


async def checked_again(
    result: dict[str, Any],
    request: dict[str, Any],
    owner: AllergyProfile,
    places: PlacesRepository,
) -> dict[str, Any]:
    """A stored plan whose venues lack their allergy check (stored before venues carried
    one), each venue checked now by the safety step for the plan's members and its planner.
    A venue now known to contain a member's anaphylactic allergen is moved to `excluded`, with
    the reason, as a new plan would leave it out."""
    shown = [*result.get("venues", []), *([result["backup"]] if result.get("backup") else [])]
    if all("allergy" in v for v in shown):
        return result
    members = [Member.model_validate(m) for m in request.get("members", [])]
    group = GroupProfile.of(members, owner, "you")
    ids = list(dict.fromkeys(int(str(v["venue_id"]).removeprefix("kp_")) for v in shown))
    records = await places.records(ids)
    guarded = await guard_places(places, [records[i] for i in ids if i in records], group.profile)
    checks = {
        g.item.place.id: venue_check(g.assessment, group) for g in (*guarded.safe, *guarded.flagged)
    }
    excluded = [
        {"venue_id": f"kp_{e.item.place.id}", "name": e.item.place.name, "reason": e.reason}
        for e in guarded.excluded
    ]

    def checked(venue: dict[str, Any]) -> dict[str, Any] | None:
        check = checks.get(int(str(venue["venue_id"]).removeprefix("kp_")))
        if check is None:
            return None
        risks = members_at_risk(group, check)
        diets = [r for r in venue.get("members_at_risk", []) if r.get("severity") == "diet"]
        return {
            **venue,
            "allergy": check.model_dump(mode="json"),
            "members_at_risk": [r.model_dump(mode="json") for r in risks] + diets,
        }

    venues = [v for v in map(checked, result.get("venues", [])) if v is not None]
    backup = checked(result["backup"]) if result.get("backup") else None
    return {
        **result,
        "venues": [{**v, "rank": i} for i, v in enumerate(venues, start=1)],
        "backup": backup,
        "excluded": [*result.get("excluded", []), *excluded],
    }
