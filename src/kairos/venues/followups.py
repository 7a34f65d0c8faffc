"""Follow-ups that change the plan (issue 38, item 4): "make it cheaper", "somewhere quieter",
"closer". Each is met by the venues themselves, or the plan says it cannot be and what is
nearest.

- cheaper: below the last plan's first pick (the planner's stored plan for the prompt it
  follows up), else below the budget that plan asked; venues priced at or under that come
  first, pricier ones are left out (listed) when at least `ENOUGH` cheaper ones fit, and the
  summary says what "cheaper" meant here, or that nothing cheaper was found.
- quieter: venues their source lists as loud are left out (listed) when enough others fit;
  those listed as quiet come first; the summary says how many rest on a source's noise level
  and that the others are judged from reviews.
- closer: with members' locations the plan is ordered by the longest trip (the meeting point);
  without, the summary asks for them.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from kairos.core.place_kinds import SERVING_KINDS
from kairos.store.database import Database
from kairos.text.query.numbers import in_dollar_bands
from kairos.venues.cost import TIER_SPEND, TIERS
from kairos.venues.schemas import Budget, VenueResult

if TYPE_CHECKING:
    from kairos.venues.commander import Intent

__all__ = [
    "ENOUGH",
    "Asked",
    "Change",
    "asked_changes",
    "cheap_sentence",
    "cheaper_budget",
    "closer_sentence",
    "earlier_top_level",
    "earlier_top_names",
    "not_cheaper_note",
    "price_ceiling",
]

Change = Literal["cheaper", "quieter", "closer"]
ENOUGH: Final = 3
_CHANGES: Final[dict[Change, re.Pattern[str]]] = {
    "cheaper": re.compile(
        r"\b(cheaper|less expensive|less pricey|lower price\w*|too (?:pricey|pricy|expensive|much|"
        r"dear|steep|spendy|posh|fancy)|more affordable|budget friendlier|cost less|spend less|"
        r"inexpensive|can ?not afford|can'?t afford|(?:tighter|smaller|lower) budget|"
        r"less money|save money|over (?:our|my|the) budget)\b"
    ),
    "quieter": re.compile(
        r"\b(quieter|less noisy|less loud|calmer|too (?:loud|noisy)|more quiet)\b"
    ),
    "closer": re.compile(r"\b(closer|nearer|less far|too far)\b"),
}
_LEVEL_CEILING: Final = {"low": 1, "medium": 1, "high": 2}
"""Cheaper than a budget asked before, when the last plan itself is not known."""
_EARLIER_PLAN = (
    "SELECT result -> 'venues' AS venues FROM plans WHERE owner = :uid AND prompt = :prompt "
    "ORDER BY created_at DESC LIMIT 1"
)


@dataclass(frozen=True, slots=True)
class Asked:
    """What a follow-up asks to change, and the price ceiling "cheaper" means here."""

    changes: tuple[Change, ...] = ()
    ceiling: int | None = None
    """The highest price level (1–4) that is cheaper than before; 0: nothing can be."""
    before: str | None = None
    """What "before" was, in words: "the last plan's first pick was $$$"."""
    earlier_top: tuple[str, ...] = ()
    """The top three of the plan this follows up (their names): what "closer" changed."""


def asked_changes(prompt: str) -> tuple[Change, ...]:
    text = " ".join(prompt.lower().replace("-", " ").split())
    return tuple(change for change, pattern in _CHANGES.items() if pattern.search(text))


async def earlier_top_names(db: Database, uid: uuid.UUID, prompt: str) -> tuple[str, ...]:
    """The names of the top three of the planner's latest plan for `prompt`, if stored."""
    rows = await db.fetch(_EARLIER_PLAN, {"uid": uid, "prompt": prompt})
    venues = rows[0]["venues"] if rows else None
    if not isinstance(venues, list):
        return ()
    return tuple(str(v.get("name")) for v in venues[:3] if isinstance(v, dict) and v.get("name"))


async def earlier_top_level(db: Database, uid: uuid.UUID, prompt: str) -> int | None:
    """The price level (1–4) of the first priced venue among the top three of the planner's
    latest plan for `prompt` (the message a follow-up follows), if it is stored."""
    rows = await db.fetch(_EARLIER_PLAN, {"uid": uid, "prompt": prompt})
    venues = rows[0]["venues"] if rows else None
    if not isinstance(venues, list):
        return None
    for venue in venues[:3]:
        price = venue.get("price_range") if isinstance(venue, dict) else None
        if isinstance(price, str) and price in TIERS:
            return len(price)
    return None


def ceiling_for(top: int | None, earlier_level: str | None) -> tuple[int, str | None]:
    """(the highest level that is cheaper, what it is cheaper than)."""
    if top is not None:
        return top - 1, f"the last plan's first pick was {TIERS[top - 1]}"
    if earlier_level is not None:
        return _LEVEL_CEILING[earlier_level], f"the last plan asked for a {earlier_level} budget"
    return 2, None


def cheaper_budget(ceiling: int) -> Budget:
    tier = TIERS[max(1, ceiling) - 1]
    return Budget(level="low", per_head=TIER_SPEND[tier], currency="USD", text="cheaper")


Because = Callable[[str, str], str | None]
"""What a venue (id) ranked lower lacks that one ranked higher has, in words, if known."""
_TOP: Final = 3
"""The top picks a follow-up's sentence speaks for."""


def price_level(tier: str | None) -> int | None:
    return len(tier) if tier in TIERS else None


def not_cheaper_note(asked: Asked, price_range: str | None, kind: str | None) -> str | None:
    """After "make it cheaper", what a venue shown that is not cheaper than before says under
    watch out, with why it is shown (`kind`: the food or outing asked, if any): a venue priced
    above the level asked, or of unknown price, is never shown as if it were cheaper (plans
    panel p39: $$ tapas bars led a "cheaper" plan, each reading only "may exceed budget")."""
    if "cheaper" not in asked.changes:
        return None
    level, ceiling = price_level(price_range), max(asked.ceiling or 0, 1)
    if level is not None and level <= ceiling:
        return None
    before = f" ({asked.before})" if asked.before else ""
    if level is None:
        return f"Price unknown, so not known to be priced {' or '.join(TIERS[:ceiling])}{before}."
    of_kind = f" {kind}" if kind else ""
    return (
        f"Not cheaper than before: {price_range}{before}; shown for want of enough cheaper"
        f"{of_kind} places that fit."
    )


def _why_not(v: VenueResult) -> str:
    """Why a venue ranks where it does although it is cheaper: the critic's or a member's
    high flag, or a veto."""
    if v.vetoed_by:
        return f"vetoed by {', '.join(v.vetoed_by)}"
    high = next((f.description for f in v.risk_flags if f.severity == "high"), None)
    if high is None and v.other_kind:
        return "it is mainly another kind of place than asked"
    return high or "it shows less of what was asked"


def _lowest_again(
    venues: Sequence[VenueResult], before: str, place: str, because: Because | None
) -> str:
    """ "Cheaper" after a plan led by a $ venue: nothing is cheaper, and which of the top
    picks are priced above $ and why they stay, never "these are the least expensive places"
    over $$ venues second and third (plans panel p47)."""
    said = f"Nothing is cheaper than $, the lowest price level{before}"
    top = venues[:_TOP]
    pricier = [v for v in top if (level := price_level(v.price_range)) is not None and level > 1]
    if not pricier:
        return f"{said}: these are the least expensive places{place} again."
    dear = " and ".join(f"{v.name} ({v.price_range}, #{v.rank})" for v in pricier)
    cheap = [v for v in venues if price_level(v.price_range) == 1]
    if not cheap:
        return f"{said}, and no venue{place} is priced $: {dear} cost more."
    named = ", ".join(f"{v.name} (#{v.rank})" for v in cheap[:_TOP])
    lower = next((v for v in cheap if v.rank > pricier[0].rank), None)
    lacks = because(pricier[0].venue_id, lower.venue_id) if lower and because else None
    why = (
        f"ranked before {lower.name} ($, #{lower.rank}: {lacks or _why_not(lower)})"
        if lower
        else "kept for want of more $ places that fit"
    )
    return f"{said}. Priced ${place}: {named}; {dear} cost more, {why}."


def cheaper_sentence(
    asked: Asked,
    venues: Sequence[VenueResult],
    left_out: int,
    place: str,
    because: Because | None = None,
    kind: str | None = None,
) -> str:
    """What "make it cheaper" came to, read from the plan as ranked: the cheaper venues when
    they lead; else that they do not, why, and the nearest alternative. `because(ahead,
    later)`: what the venue `later` lacks that `ahead` has, in words (`standing`); `kind`:
    the food asked, when only venues of other kinds are cheaper (p39: "none can lead: … the
    nearest alternative is" a $$ tapas bar, read as if it were one of those cheaper)."""
    ceiling = asked.ceiling or 0
    before = f" ({asked.before})" if asked.before else ""
    if ceiling <= 0:
        return _lowest_again(venues, before, place, because)
    tiers = " or ".join(TIERS[:ceiling])
    cheap = [v for v in venues if (level := price_level(v.price_range)) and level <= ceiling]
    first = venues[0] if venues else None
    if first is None:
        return f"Nothing cheaper was found{place}: no venue here is priced {tiers}{before}."
    if not cheap:
        return (
            f"Nothing cheaper was found{place}: no venue here is priced {tiers}{before}; the "
            f"nearest alternative is {first.name} ({first.price_range or 'price unknown'})."
        )
    leading = 0
    for v in venues:
        if v not in cheap:
            break
        leading += 1
    out = f"; {left_out} pricier venue(s) left out" if left_out else ""
    if leading == len(cheap):
        return f"Cheaper, as asked: {leading} venue(s) priced {tiers}{before} come first{out}."
    if leading:
        return (
            f"Cheaper, as asked: {leading} venue(s) priced {tiers}{before} come first; "
            f"{len(cheap) - leading} more rank lower ({_why_not(cheap[leading])}){out}."
        )
    if kind and all(v.other_kind for v in cheap):
        return (
            f"No {kind} place{place} is priced {tiers}{before}: the {kind} places found lead, "
            f"each saying it is not cheaper, and the {len(cheap)} cheaper venue(s) after them "
            f"are other kinds of place, each marked as one{out}."
        )
    named = "; ".join(f"{v.name} ({v.price_range}, #{v.rank}): {_why_not(v)}" for v in cheap[:2])
    return (
        f"Only {len(cheap)} venue(s){place} are priced {tiers}{before}, and none can lead: "
        f"{named}. The nearest alternative is {first.name} "
        f"({first.price_range or 'price unknown'})."
    )


def quieter_sentence(
    venues: Sequence[VenueResult],
    quiet: set[str],
    loud_left_out: int,
    because: str | None = None,
) -> str:
    """What "quieter" came to, read from the plan as ranked (`quiet`: the venue ids their
    source lists as quiet): those leading, or where the quiet ones rank and why (`because`:
    what the first of them lacks that the first venue has, `standing.ranked_after_because`),
    never "come first" over a quiet venue shown third (plans panel p43)."""
    out = f"; {loud_left_out} its source lists as loud left out" if loud_left_out else ""
    listed = [v for v in venues if v.venue_id in quiet]
    if not listed:
        return (
            f"No venue here is listed as quiet by its source{out}: how quiet the others are is "
            "judged from reviews only, a weak signal — ask for a quiet table."
        )
    leading = 0
    for v in venues:
        if v.venue_id not in quiet:
            break
        leading += 1
    if leading:
        lower = listed[leading:]
        more = f"; {len(lower)} more rank lower" if lower else ""
        return (
            f"Quieter, as asked: {leading} venue(s) listed as quiet by their source come "
            f"first{more}{out}; for the others, quiet is judged from reviews, a weak signal."
        )
    named = ", ".join(f"{v.name} (#{v.rank})" for v in listed[:2])
    why = (
        f"because {because}"
        if because
        else "which fits the group's other needs better (the kind of place or meal, a diet, "
        "safety or rating)"
    )
    return (
        f"Quieter, as asked: listed as quiet by its source: {named}, ranked after "
        f"{venues[0].name}, {why}{out}; how quiet the others are is judged from reviews only, "
        "a weak signal."
    )


def closer_sentence(
    located: bool,
    area: str | None,
    venues: Sequence[VenueResult],
    earlier: Sequence[str],
    *,
    placed: bool = True,
) -> str:
    """What "closer" came to: to where (the area asked, or the members' trips), and how the
    top three changed from the plan it follows up (`earlier`: that plan's top three).
    `placed`: the area asked is on the map (venues were looked for around it); when it is not,
    the nearest alternative: the members' trips when they are located, else what to share."""
    unplaced = "no place I know is listed under it or names it in its address"
    if area and not placed and located:
        # the nearest thing to it that is on the map: where the members come from
        text = (
            f"{area.title()} is not on the map ({unplaced}), so closer is measured from where "
            "the members are: ordered by the longest trip any member makes"
        )
    elif area and not placed:
        text = (
            f"Closer to {area.title()} could not be met: it is not on the map; share where the "
            "members are coming from, or name a street nearby, and the plan is ordered by distance"
        )
    elif area:
        text = f"Closer to {area.title()}, as asked"
    elif located:
        text = "Closer, as asked: ordered by the longest trip any member makes"
    else:
        text = (
            "Closer to what? Share where the members are (their locations) or name an area, "
            "and the plan is ordered by distance"
        )
    top = [v.name for v in venues[:3]]
    if earlier and top:
        new = [n for n in top if n not in earlier]
        if not new:
            text += "; the top 3 are the same as before"
        else:
            text += f"; new in the top 3: {', '.join(new)}"
            gone = [n for n in earlier if n not in top]
            if gone:
                text += f" (no longer: {', '.join(gone)})"
    return text + "."


def price_ceiling(intent: Intent) -> int | None:
    """The highest price level the group asked for: after "make it cheaper", the level it
    asked; for food or drink on a cheap budget ("cheap eats", "students", "on a budjet", "$12
    each"), $; else None."""
    if "cheaper" in intent.asked.changes:
        return intent.asked.ceiling or 0
    budget, kinds = intent.budget, set(intent.activity_kinds)
    if budget is None or budget.level != "low" or not kinds or not kinds <= SERVING_KINDS:
        return None  # a court or a museum is not found by its price tier
    if budget.per_head is not None:  # an amount: $ only when it is what $ costs a head
        return 1 if in_dollar_bands(budget.per_head, budget.currency) <= TIER_SPEND["$"] else None
    return 1


def cheap_sentence(venues: Sequence[VenueResult], place: str) -> str | None:
    """What a cheap budget came to, read from the plan as ranked: the $ venues leading, or
    that none is known and the cheapest there is."""
    cheap = [v for v in venues if price_level(v.price_range) == 1]
    if not venues:
        return None
    if not cheap:
        first = venues[0]
        return (
            f"A cheap budget was asked, and no venue priced $ fits{place}: the nearest "
            f"alternative is {first.name} ({first.price_range or 'price unknown'})."
        )
    leading = 0
    for v in venues:
        if v not in cheap:
            break
        leading += 1
    if leading:
        return f"Cheap, as asked: {leading} venue(s) priced $ come first."
    first, named = venues[0], ", ".join(v.name for v in cheap[:2])
    return (
        f"A cheap budget was asked: {first.name} ({first.price_range or 'price unknown'}) "
        f"leads, and the venues priced $ ({named}) come after it, lower on the group's other "
        "needs (the kind of place, a diet, safety or rating)."
    )
