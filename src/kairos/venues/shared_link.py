"""What a plan's shared link shows whoever holds it (issue 40, M2): the venues, their times and
places, the scores and the other risks (weather, crowds, inspections), the members' first names
and their votes. Not the group's health: no allergen, no severity, no one named at risk, no
member's diet, no venue left out for someone's allergy or diet, no hard exclusions, and nothing
of the owner (profile, uid, request, pending action). Each venue says it was checked for the
group's allergies, in the same words everywhere, so the link tells nobody which venue holds a
risk for whom; the plan's owner, with their credential, sees the whole check."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from kairos.pipeline.safety import AllergyCheck, Verdict, withheld_check
from kairos.venues.schemas import ExclusionCause, PlanResponse, VenueResult
from kairos.venues.verdict import consensus

__all__ = ["CHECKED_ON_LINK", "link_view", "shown_names"]

CHECKED_ON_LINK: Final = (
    "Checked for the group's allergies and diets. What was found here, and for whom, is shown "
    "only to the person who made this plan: ask them, and the staff, before ordering."
)
_SHAREABLE_EXCLUSIONS: Final[frozenset[ExclusionCause]] = frozenset(
    {"veto", "budget", "closed", "kind", "capacity", "noise", "vibe"}
)  # not "allergy" or "diet" (whose), nor "critic" (its reason may quote an allergy)
_OWN_VERDICTS: Final[frozenset[Verdict]] = frozenset({"no_allergies", "not_food"})
_SHAREABLE_FLAGS: Final = frozenset(
    {"weather", "events", "inspection", "busy", "capacity", "closed", "history"}
)  # not "allergy" or "diet": whose need it is


def shown_names(members: Sequence[str]) -> dict[str, str]:
    """Each member's name as the link shows it: the first name ("Nia Okafor" → "Nia"), with
    the last name's initial where two members share a first name, whole where that still
    collides."""
    first = [m.split()[0] if m.split() else m for m in members]
    shown = {}
    for member, name in zip(members, first, strict=True):
        if first.count(name) > 1 and len(member.split()) > 1:
            name = f"{name} {member.split()[-1][0]}."
        shown[member] = name
    if len(set(shown.values())) < len(shown):
        return {m: m for m in members}
    return shown


def _renamed(text: str, names: Mapping[str, str]) -> str:
    for full, short in sorted(names.items(), key=lambda kv: -len(kv[0])):
        if full != short:
            text = re.sub(rf"(?<!\w){re.escape(full)}(?!\w)", short, text)
    return text


def _check(check: AllergyCheck) -> AllergyCheck:
    """The same words on every venue: 'caution' (ask before ordering) wherever anyone's
    allergy was checked, never a promise that nothing was found."""
    if check.verdict in _OWN_VERDICTS:
        return check.model_copy(update={"allergens": [], "risks": [], "unread": [], "note": None})
    return withheld_check(check.checked_for, CHECKED_ON_LINK)


def _venue(venue: VenueResult, names: Mapping[str, str]) -> VenueResult:
    flags = [flag for flag in venue.risk_flags if flag.kind in _SHAREABLE_FLAGS]
    watch_out = " ".join(f"{f.description[:1].upper()}{f.description[1:]}." for f in flags)
    return venue.model_copy(
        update={
            "allergy": _check(venue.allergy).model_copy(
                update={"checked_for": [names.get(m, m) for m in venue.allergy.checked_for]}
            ),
            "evidence": [e for e in venue.evidence if not e.startswith("member ")],
            "members_at_risk": [],
            "risk_flags": flags,
            "watch_out": _renamed(watch_out, names),
            "why": _renamed(venue.why, names),
            "member_distances": [
                d.model_copy(update={"name": names.get(d.name, d.name)})
                for d in venue.member_distances
            ],
            "vetoed_by": [names.get(m, m) for m in venue.vetoed_by],
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
    names = shown_names(plan.members)
    venues = [_venue(v, names) for v in plan.venues]
    excluded = [
        e.model_copy(
            update={
                "members": [names.get(m, m) for m in e.members],
                "reason": _renamed(e.reason, names),
            }
        )
        for e in plan.excluded
        if e.cause in _SHAREABLE_EXCLUSIONS
    ]
    meeting = plan.meeting_point
    return plan.model_copy(
        update={
            "user_profile": {},
            "parsed_intent": {},
            "action_request": None,
            "venues": venues,
            "backup": _venue(plan.backup, names) if plan.backup else None,
            "members": [names[m] for m in plan.members],
            "excluded": excluded,
            "hard_excluded_allergens": {},
            "meeting_point": meeting.model_copy(
                update={"explanation": _renamed(meeting.explanation, names)}
            )
            if meeting
            else None,
            "global_consensus": _renamed(consensus(venues, vibe) or "", names) or None,
            "execution_summary": _renamed(
                _summary(venues, [names[m] for m in plan.members], votes_said), names
            ),
        }
    )
