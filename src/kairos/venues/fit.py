"""Fitting the scout's candidates to the outing, each cut listed (issue 38, items 2–4).

First, always: places to visit whose name says they are a business, an office or a home
(`core.notability.not_a_sight`: "Sweet knife shop", "ward 9- 0ffice"), which no group goes
out to, and venues their source lists as closed, which are no alternative however few the
others. Then, in order, each leaving venues out only when at least `ENOUGH` others remain
(else they stay, ordered after, and the plan says why they are there): for a sit-down meal,
food trucks and counters (`outing.service`); for a group of `LARGE_GROUP` or more, venues
their source says are not good for groups (for such a group, these two cuts need only
`UNUSABLE_ENOUGH` venue left); for `CAPACITY_SAID` or more, venues their source says take
no reservations; for "make it cheaper", venues priced above the
ceiling; for "quieter" (or a quiet vibe), venues their source lists as loud. Before those two,
venues rated 3★ or less by enough reviews (`poorly_rated`). The last five
count only the others that fit the outing (`fits`: no bar first or bank café for a meal, no
counter kept for want of others, no severe hygiene record, no member at severe risk); with
fewer, those cut that fit stay. What is left out is returned as `ExcludedVenue`s with the
reason; what a cut could not do is a note.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from kairos.core.notability import not_a_sight
from kairos.venues import followups
from kairos.venues.bars import bar_led, bar_without_food
from kairos.venues.facts import Attributes
from kairos.venues.leftout import left_out
from kairos.venues.meal_served import meal_asked, not_the_meal
from kairos.venues.outing import (
    CAPACITY_SAID,
    LARGE_GROUP,
    a_brunch_counter,
    leads_a_meal,
    service,
    service_reason,
)
from kairos.venues.schemas import ExcludedVenue, ExclusionCause, VenueResult

if TYPE_CHECKING:
    from kairos.venues.commander import Intent
    from kairos.venues.scout import Candidate

__all__ = ["ENOUGH", "UNUSABLE_ENOUGH", "Fitted", "fit", "poorly_rated", "shows_a_must"]

ENOUGH: Final = 3
UNUSABLE_ENOUGH: Final = 1
"""Venues a group of `LARGE_GROUP` or more cannot use as asked — a counter or a truck for its
sit-down meal, one its source says is not good for groups — are left out while one venue that
fits stays: fewer venues, said ("Only 2 venue(s) … fit"), rather than one the group cannot sit
at (plans panel: a sandwich counter its source calls not good for groups kept for 8, a
delivery counter for a lunch for 25, each graded unusable although it said so)."""
VISIT_KINDS: Final = frozenset(
    {"attraction", "artwork", "viewpoint", "information", "landmark", "historic_site", "other"}
)
"""Kinds of place whose name alone may show they are no place to go (a restaurant called
"Hotel X Restaurant" is one to eat at)."""
LOUD: Final = frozenset({"loud", "very_loud"})


@dataclass
class Fitted:
    candidates: list[Candidate]
    excluded: list[ExcludedVenue] = field(default_factory=list)
    closed: int = 0
    notes: list[str] = field(default_factory=list)
    """Sentences for the summary: what "cheaper" or "quieter" came to, kinds kept for want of
    others."""
    counter_kept: set[int] = field(default_factory=set)
    """Place ids kept although not the kind of place the outing needs (too few others)."""
    meal_kept: set[int] = field(default_factory=set)
    """Place ids kept although they do not serve the lunch or dinner asked (too few others
    that do: `meal_served.not_the_meal`)."""

    @property
    def kept_after(self) -> set[int]:
        """Kept for want of others: the cap keeps them last."""
        return self.counter_kept | self.meal_kept


def _cut(
    fitted: Fitted,
    out: Callable[[Candidate], str | None],
    cause: ExclusionCause,
    members: Sequence[str] = (),
    *,
    safety_first: bool = True,
    fits: Callable[[Candidate], bool] | None = None,
    enough: int = ENOUGH,
) -> list[Candidate]:
    """Leaves out the candidates `out` gives a reason for, when enough others stay — and,
    with `safety_first`, when enough of the others put no member at severe risk or none of
    those cut is such a venue (a vegetarian counter safe for everyone is not cut to leave
    two restaurants with a member's severe allergen); returns those that stayed although
    `out` had a reason (ordered after the others). With `fits` (the venue is the kind of
    place the outing needs), only the others that fit count toward `ENOUGH`: when too few
    do, those cut that fit stay and those that do not are still left out (a dive bar and a
    bank's café are no reason to drop every pricier restaurant from a lunch meeting).
    `enough`: how many others must stay (`UNUSABLE_ENOUGH` for a venue the group cannot use
    at all: fewer venues, said, rather than one it cannot sit at)."""
    reasons = {c.place_id: r for c in fitted.candidates if (r := out(c))}
    if not reasons:
        return []
    kept = [c for c in fitted.candidates if c.place_id not in reasons]
    safe_kept = sum(not c.endangers for c in kept)
    safe_cut = any(not c.endangers for c in fitted.candidates if c.place_id in reasons)
    short = len(kept) < enough or (safety_first and safe_kept < enough and safe_cut)
    if not short and fits is not None and sum(map(fits, kept)) < enough:
        stayed = [c for c in fitted.candidates if c.place_id in reasons and fits(c)]
        if stayed:  # the fitting ones stay; those that fit no better are still left out
            reasons = {i: r for i, r in reasons.items() if i not in {c.place_id for c in stayed}}
            fitted.excluded += [
                left_out(c.record.place, reasons[c.place_id], cause, members)
                for c in fitted.candidates
                if c.place_id in reasons
            ]
            fitted.candidates = kept + stayed
            return stayed
    if short:
        stayed = [c for c in fitted.candidates if c.place_id in reasons]
        fitted.candidates = kept + stayed
        return stayed
    fitted.excluded += [
        left_out(c.record.place, reasons[c.place_id], cause, members)
        for c in fitted.candidates
        if c.place_id in reasons
    ]
    fitted.candidates = kept
    return []


def shows_a_must(c: Candidate, musts: frozenset[str]) -> bool:
    """Shows evidence of every diet said as a must, and puts no member at severe risk."""
    return bool(musts) and musts <= set(c.record.place.traits) and not c.endangers


def fit(
    candidates: list[Candidate],
    attributes: Mapping[int, Attributes],
    intent: Intent,
    musts: frozenset[str] = frozenset(),
    keep: int = ENOUGH,
    meets_diets: Callable[[Candidate], bool] | None = None,
) -> Fitted:
    """`musts`: the place traits of members' diets said as musts (`occasion.must_diets`): a
    counter showing them, safe for everyone, is not cut for a sit-down meal (it may lead; a
    food truck or stand still is). `keep`: how many venues the plan keeps (three more than
    its members, for their vetoes): a rating cut never leaves fewer. `meets_diets`: the venue
    shows every member's diet; while fewer than `ENOUGH` better-rated venues do, a rating cut
    spares those that do (a pescatarian's only options are not cut for a 3★ rating)."""
    fitted = Fitted(candidates=list(candidates))

    def attrs(c: Candidate) -> Attributes:
        return attributes.get(c.place_id) or Attributes()

    nowhere = {
        c.place_id: why
        for c in fitted.candidates
        if c.record.place.kind in VISIT_KINDS
        and (why := not_a_sight(c.record.place.name, c.record.place.kind, {}))
    }
    fitted.excluded += [
        left_out(c.record.place, f"not a place to go: {nowhere[c.place_id]}", "kind")
        for c in fitted.candidates
        if c.place_id in nowhere
    ]
    fitted.candidates = [c for c in fitted.candidates if c.place_id not in nowhere]

    # a closed venue is no alternative, however few the others: always left out (listed)
    closed = [c for c in fitted.candidates if attrs(c).closed]
    fitted.excluded += [
        left_out(c.record.place, "listed as closed by its source", "closed") for c in closed
    ]
    fitted.candidates = [c for c in fitted.candidates if not attrs(c).closed]
    fitted.closed = len(closed)
    if intent.outing:
        outing = intent.outing

        def not_sit_down(c: Candidate) -> str | None:
            if attrs(c).delivery_said and not shows_a_must(c, musts):
                return f"{attrs(c).delivery_said}: no tables for {outing}"
            how = service(c.record.place, attrs(c))
            if how == "counter" and shows_a_must(c, musts):
                return None
            if how == "counter" and a_brunch_counter(c.record.place, intent.said):
                return None
            return (
                service_reason(c.record.place, how, outing)
                if how in ("counter", "street")
                else None
            )

        strict = UNUSABLE_ENOUGH if intent.group_size >= LARGE_GROUP else ENOUGH
        kept = _cut(fitted, not_sit_down, "kind", enough=strict)
        fitted.counter_kept = {c.place_id for c in kept}
        if kept:
            tables = len(fitted.candidates) - len(kept)
            few = (
                f"Few venues here that put no member at severe risk serve {outing} at tables"
                if tables >= ENOUGH
                else f"Few venues here serve {outing} at tables"
            )
            fitted.notes.append(f"{few}: {len(kept)} counter or street venue(s) are {KEPT_AFTER}")
    size = intent.group_size
    meal = meal_asked(intent.activity, intent.said)

    def fits(c: Candidate) -> bool:
        """The kind of place the outing needs, counted toward the cuts' `ENOUGH`: no counter
        kept for want of others, no bar first or bank café for a meal, none that does not
        serve the lunch or dinner asked, no severe hygiene record, no member at severe risk."""
        p = c.record.place
        return (
            c.place_id not in fitted.counter_kept
            and not c.endangers
            and not attrs(c).severe_record
            and leads_a_meal(p, intent.activity, intent.said, size)
            and not bar_led(p, intent.activity, intent.prompt)
            and not_the_meal(p, meal, attrs(c).meals) is None
        )

    def serves_no_meal(c: Candidate) -> str | None:
        p, meals = c.record.place, attrs(c).meals
        return not_the_meal(p, meal, meals) or bar_without_food(
            p, intent.activity, intent.prompt, meals
        )

    _not_the_meal(fitted, serves_no_meal, fits)

    if size >= LARGE_GROUP:
        _cut(
            fitted,
            lambda c: (
                f"its source says it is not good for groups; the group is {size}"
                if attrs(c).good_for_groups is False
                else None
            ),
            "capacity",
            fits=fits,
            enough=UNUSABLE_ENOUGH,
        )
    if size >= CAPACITY_SAID:
        _cut(
            fitted,
            lambda c: (
                f"its source says it takes no reservations; a group of {size} needs a table booked"
                if attrs(c).reservations is False
                else None
            ),
            "capacity",
            fits=fits,
        )
    spared: set[int] = set()
    if meets_diets is not None:
        meeting = [c for c in fitted.candidates if meets_diets(c)]
        if sum(poorly_rated(c) is None for c in meeting) < ENOUGH:
            spared = {c.place_id for c in meeting}

    def rated_out(c: Candidate) -> str | None:
        return None if c.place_id in spared else poorly_rated(c)

    _cut(fitted, rated_out, "critic", fits=fits, enough=max(ENOUGH, keep))
    if "cheaper" in intent.asked.changes:
        _cheaper(fitted, intent, fits)
    if "quieter" in intent.asked.changes or intent.vibe == "quiet":
        _quieter(fitted, attrs, fits)
    return fitted


POOR_RATING: Final = 3.0
RATED_BY: Final = 10


def poorly_rated(c: Candidate) -> str | None:
    """Rated `POOR_RATING` or less by at least `RATED_BY` reviews: no place a group chooses
    when `ENOUGH` others fit (plans panel: a 2.5★ pub and a 3.0★ takeaway among the top three
    for a dinner and a team lunch, each graded weak). Why, or None."""
    p = c.record.place
    if p.rating is None or p.rating <= 0 or p.votes < RATED_BY or p.rating > POOR_RATING:
        return None
    return f"rated {p.rating:.1f}★ from {p.votes} reviews: others here are rated better"


def _not_the_meal(
    fitted: Fitted, why: Callable[[Candidate], str | None], fits: Callable[[Candidate], bool]
) -> None:
    """Venues that do not serve the meal asked (a coffee shop, a pastry shop, an escape room,
    a brunch place for a dinner, a bar listing no food: `bars.bar_without_food`) left out,
    each with why, while one venue that fits the outing stays (`UNUSABLE_ENOUGH`: an escape
    room was third for a celebration lunch, "kept for want of others"); else they stay, after
    those (`Scored.not_the_meal`), said."""
    reasons = {c.place_id: r for c in fitted.candidates if (r := why(c))}
    if not reasons:
        return
    if sum(fits(c) for c in fitted.candidates if c.place_id not in reasons) >= UNUSABLE_ENOUGH:
        fitted.excluded += [
            left_out(c.record.place, reasons[c.place_id], "kind")
            for c in fitted.candidates
            if c.place_id in reasons
        ]
        fitted.candidates = [c for c in fitted.candidates if c.place_id not in reasons]
        return
    fitted.meal_kept = set(reasons)
    fitted.candidates.sort(key=lambda c: c.place_id in reasons)
    fitted.notes.append(
        f"Few venues found here serve the meal asked: {len(reasons)} venue(s) serving something "
        "else (a café, a bakery, an activity) are kept, after them, each saying so."
    )


def _cheaper(fitted: Fitted, intent: Intent, fits: Callable[[Candidate], bool]) -> None:
    """Venues priced above the ceiling left out when at least `ENOUGH` cheaper ones fit the
    outing (`fits`); else the pricier ones that fit stay, after the cheaper, and are said."""
    ceiling = intent.asked.ceiling or 0
    level = {
        c.place_id: followups.price_level(c.record.place.price_tier) for c in fitted.candidates
    }
    pricier = {i for i, lv in level.items() if lv is not None and lv > max(ceiling, 1)}
    stayed = _cut(
        fitted,
        lambda c: (
            f"{c.record.place.price_tier}: not cheaper than before"
            if c.place_id in pricier
            else None
        ),
        "budget",
        fits=fits,
    )
    cheaper_fit = sum(fits(c) for c in fitted.candidates if c.place_id not in pricier)
    # none, or nothing can be cheaper than $: the "cheaper" sentence says so, not this count
    if stayed and 0 < cheaper_fit < ENOUGH and ceiling >= 1:
        outing = intent.outing or "this outing"
        fitted.notes.append(
            f"Only {cheaper_fit} cheaper venue(s) here are the kind of place {outing} needs, "
            f"so {len(stayed)} pricier one(s) of that kind stay, after them, each with its price."
        )
    # cheaper first, unknown prices next, pricier (kept for want of others) last, by price
    fitted.candidates.sort(
        key=lambda c: (
            c.place_id in pricier,
            level[c.place_id] is None,
            level[c.place_id] or 0 if c.place_id in pricier else 0,
        )
    )
    # what "cheaper" came to is said from the ranked plan (`followups.cheaper_sentence`)


def _quieter(
    fitted: Fitted, attrs: Callable[[Candidate], Attributes], fits: Callable[[Candidate], bool]
) -> None:
    """Loud venues left out when enough others fit, those listed as quiet first; what
    "quieter" came to is said from the ranked plan (`followups.quieter_sentence`)."""
    _cut(
        fitted,
        lambda c: (
            f"its source lists it as {str(attrs(c).noise).replace('_', ' ')}"
            if attrs(c).noise in LOUD
            else None
        ),
        "noise",
        fits=fits,
    )
    fitted.candidates.sort(key=lambda c: attrs(c).noise != "quiet")


KEPT_AFTER: Final = "kept, after the others."
"""How the note on counter venues kept for want of others ends while none ranks before a venue
that fits (`counter_order_said` says it again from the order shown)."""


def counter_order_said(
    notes: list[str], venues: Sequence[VenueResult], counter_ids: Collection[str]
) -> None:
    """The note "… counter venue(s) are kept, after the others." said from the order shown: a
    counter venue kept for want of others may rank before one that fits (a member's diet, a
    price or a rating weighs first), and the note then names it where it stands (an outside
    audit: Thinking Cup, a bagel counter, ranked first beside "kept, after the others").
    `notes` is updated in place."""
    order = [v.venue_id in counter_ids for v in venues]
    if not any(order) or order == sorted(order):
        return
    ahead = [
        f"{v.name} ranks #{v.rank}"
        for i, v in enumerate(venues)
        if v.venue_id in counter_ids and not all(order[i:])
    ]
    said = f"kept for want of others, not all after them: {', '.join(ahead[:3])}, each for what "
    said += "else it shows."
    for i, note in enumerate(notes):
        if note.endswith(KEPT_AFTER):
            notes[i] = note[: -len(KEPT_AFTER)] + said
