"""Verdicts that follow the group (issue 34 item 5, issue 38 item 4): the consensus never
calls a venue the critic advises against, or one a member vetoed, the best; it is written again
after every vote, with a sentence on the vote in the summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kairos.venues.cost import shown_price
from kairos.venues.schemas import VenueResult

__all__ = ["TOP", "VIBE_THRESHOLD", "consensus", "vote_sentence"]

TOP: Final = 3
VIBE_THRESHOLD: Final = 0.4
"""Under this on the vibe asked, a venue does not read as it (the seed's filter)."""


def _pickable(v: VenueResult) -> bool:
    return not v.vetoed_by and not v.veto


def _traits(best: VenueResult) -> str:
    traits = []
    if best.vibe_score is not None:
        traits.append(f"vibe {best.vibe_score:.2f} of 1")
    if best.price_range:
        price = shown_price(best.price_range, best.price_from)
        traits.append(f"{price} ({best.price_confidence} confidence)")
    if best.rating is not None:
        traits.append(f"{best.rating:.1f}★")
    traits.append("no risks found" if not best.risk_flags else f"{len(best.risk_flags)} caution(s)")
    return ", ".join(traits)


def _no_best(venues: Sequence[VenueResult]) -> str:
    """When every venue is vetoed or advised against: what ranks first and why it is not
    called the best."""
    standing = [v for v in venues if not v.vetoed_by]
    if not standing:
        who = "; ".join(f"{v.name} by {', '.join(v.vetoed_by)}" for v in venues[:4])
        return f"Every venue on the list was vetoed ({who}): plan again with another request."
    first = standing[0]
    high = next((f for f in first.risk_flags if f.severity == "high"), None)
    why = f": {high.description}" if high else ""
    return (
        f"No venue here passes every check: {first.name} ranks first, but the critic advises "
        f"against it{why}."
    )


def _voted_against(first: VenueResult, pickable: Sequence[VenueResult]) -> str:
    """The venue ranked first has a member's "no": it is not called the best (a member
    voted against it); the first venue nobody voted against is named, when there is one."""
    tally = ", ".join(f"{k} {n}" for k, n in first.votes.items() if n)
    against = first.votes.get("no", 0)
    sentence = (
        f"{first.name} ranks first on the votes ({tally}), but {against} member(s) voted "
        "against it, so it is not called the best pick"
    )
    agreed = next((v for v in pickable[1:] if not v.votes.get("no")), None)
    if agreed is not None:
        sentence += f"; {agreed.name} is the first that nobody voted against ({_traits(agreed)})"
    return sentence + "."


def _another_kind(first: VenueResult, pickable: Sequence[VenueResult]) -> str:
    """The venue ranked first is not the kind of place asked (a counter kept for want of
    others): it is not called the best overall pick (an outside audit: a bagel counter "kept
    for want of others" called "the best overall pick"); the first that is the kind asked is
    named, when there is one."""
    sentence = (
        f"{first.name} ranks first ({_traits(first)}), but it is not the kind of place asked "
        "(kept for want of others), so it is not called the best pick"
    )
    fits = next((v for v in pickable[1:] if not v.other_kind), None)
    if fits is not None:
        sentence += f"; {fits.name} is the first of the kind asked ({_traits(fits)})"
    else:
        sentence += "; no venue on the list that can be picked is the kind of place asked"
    return sentence + "."


def consensus(venues: Sequence[VenueResult], vibe_name: str | None = None) -> str | None:
    """One comparative sentence about the best pick, across price, rating, risk and vibe; it
    says so when none of the top picks reads as the vibe asked. The best pick is the first
    venue no member vetoed and the critic does not advise against; with none, it says what
    ranks first and why it is not the best."""
    if not venues:
        return None
    pickable = [v for v in venues if _pickable(v)]
    if not pickable:
        return _no_best(venues)
    best = pickable[0]
    if best.votes.get("no"):
        return _voted_against(best, pickable)
    if best.other_kind:
        return _another_kind(best, pickable)
    rest = [v for v in pickable[1:TOP]]
    scored = [v.vibe_score for v in venues[:TOP] if v.vibe_score is not None]
    sentence = f"{best.name} is the best overall pick ({_traits(best)})"
    cheaper = next(
        (
            v
            for v in rest
            if v.price_range and best.price_range and len(v.price_range) < len(best.price_range)
        ),
        None,
    )
    vibier = next(
        (
            v
            for v in rest
            if v.vibe_score is not None
            and best.vibe_score is not None
            and v.vibe_score > best.vibe_score + 0.05
        ),
        None,
    )
    if cheaper is not None:
        sentence += f"; {cheaper.name} is cheaper ({cheaper.price_range})"
    if vibier is not None:
        sentence += f"; {vibier.name} matches the vibe more closely ({vibier.vibe_score:.2f})"
    if vibe_name and scored and max(scored) < VIBE_THRESHOLD:
        label = vibe_name.replace("_", " ")
        sentence += f"; none of the top picks reads as {label} (at best {max(scored):.2f} of 1)"
    return sentence + "."


def vote_sentence(
    venues: Sequence[VenueResult],
    votes: Mapping[str, Mapping[str, str]],
    before: Mapping[str, int] | None = None,
) -> str:
    """What the votes came to: who leads and with what, what was vetoed by whom, and the
    venues that moved up into the top `TOP` in the vetoed ones' place, with their rank before
    the votes (`before`: venue id → rank), so the group knows they were lower picks."""
    if not any(votes.values()):
        return ""
    cast = sum(len(v) for v in votes.values())
    leader = next((v for v in venues if _pickable(v)), None)
    text = f"After {cast} vote(s): "
    if leader is not None:
        tally = ", ".join(f"{k} {n}" for k, n in leader.votes.items() if n)
        text += f"{leader.name} leads" + (f" ({tally})" if tally else " (no votes on it yet)")
    else:
        text += "no venue is left that nobody vetoed and the critic does not advise against"
    vetoed = [f"{v.name} (by {', '.join(v.vetoed_by)})" for v in venues if v.vetoed_by]
    if vetoed:
        text += f"; vetoed, taken off the list: {'; '.join(vetoed)}"
    kept = [v for v in venues if not v.vetoed_by][:TOP]
    moved = [v for v in kept if before and before.get(v.venue_id, 0) > TOP]
    if vetoed and moved:
        ranks = ", ".join(
            f"{v.name} (#{before[v.venue_id]} before the votes)" for v in moved if before
        )
        text += f"; moved up into the top {TOP} in their place: {ranks}"
    standing = sum(not v.vetoed_by for v in venues)
    if vetoed and standing < TOP:
        text += f"; {standing} venue(s) left on the list: this plan found no more"
    return text + "."
