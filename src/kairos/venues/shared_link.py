"""What a plan's shared link shows whoever holds it (issue 40, M2): the venues, their times and
places, the scores and the other risks (weather, crowds, inspections), the members' first names
and their votes. Not the group's health: no allergen, no severity, no one named at risk, no venue
left out for someone's allergy or diet, no hard exclusions, and nothing of the owner (profile,
uid, request, pending action). Each venue says it was checked for the group's allergies, in the
same words everywhere, so the link tells nobody which venue holds a risk for whom; the plan's
owner, with their credential, sees the whole check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.pipeline.safety import AllergyCheck, Verdict, withheld_check
from kairos.venues.schemas import ExclusionCause, PlanResponse, VenueResult
from kairos.venues.verdict import consensus

__all__ = ["CHECKED_ON_LINK", "link_view"]

CHECKED_ON_LINK: Final = (
    "Checked for the group's allergies and diets. What was found here, and for whom, is shown "
    "only to the person who made this plan: ask them, and the staff, before ordering."
)
_SHAREABLE_EXCLUSIONS: Final[frozenset[ExclusionCause]] = frozenset(
    {"veto", "budget", "closed", "kind", "capacity", "noise", "vibe"}
)  # not "allergy" or "diet" (whose), nor "critic" (its reason may quote an allergy)
_OWN_VERDICTS: Final[frozenset[Verdict]] = frozenset({"no_allergies", "not_food"})


def _check(check: AllergyCheck) -> AllergyCheck:
    """The same words on every venue: 'caution' (ask before ordering) wherever anyone's
    allergy was checked, never a promise that nothing was found."""
    if check.verdict in _OWN_VERDICTS:
        return check.model_copy(update={"allergens": [], "risks": [], "unread": [], "note": None})
    return withheld_check(check.checked_for, CHECKED_ON_LINK)


def _venue(venue: VenueResult) -> VenueResult:
    flags = [flag for flag in venue.risk_flags if flag.kind != "allergy"]
    watch_out = " ".join(f"{f.description[:1].upper()}{f.description[1:]}." for f in flags)
    return venue.model_copy(
        update={
            "allergy": _check(venue.allergy),
            "members_at_risk": [],
            "risk_flags": flags,
            "watch_out": watch_out,
        }
    )


def _summary(venues: Sequence[VenueResult], members: Sequence[str], votes_said: str) -> str:
    if not venues:
        return f"Nothing planned. {votes_said}".strip()
    who = ", ".join(members[:-1]) + f" and {members[-1]}" if len(members) > 1 else "the group"
    text = f"{len(venues)} venue(s) planned for {who}, each checked for the group's allergies."
    return f"{text} {votes_said}".strip()


def link_view(plan: PlanResponse, *, votes_said: str, vibe: str | None) -> PlanResponse:
    """`plan` as its link shows it; `votes_said`: what the votes came to, `vibe`: the vibe
    asked, for the consensus written again from the venues as shown."""
    venues = [_venue(v) for v in plan.venues]
    return plan.model_copy(
        update={
            "user_profile": {},
            "parsed_intent": {},
            "action_request": None,
            "venues": venues,
            "backup": _venue(plan.backup) if plan.backup else None,
            "excluded": [e for e in plan.excluded if e.cause in _SHAREABLE_EXCLUSIONS],
            "hard_excluded_allergens": {},
            "global_consensus": consensus(venues, vibe),
            "execution_summary": _summary(venues, plan.members, votes_said),
        }
    )
