"""Three places a group can go, when the kind or cuisine asked leaves fewer (issue 38).

"Seafood dinner for 6" with a member anaphylactic to shellfish leaves one seafood place in
Boston that is not known to hold shellfish, and it may; "biryani lunch in Hyderabad" with an
anaphylactic tree-nut allergy leaves one biryani place. A plan of one venue is no plan for a
group: when the categories asked leave fewer than `TOP` venues the group can use (every one
shown but those flagged as a danger for an anaphylactic member: `alternative_fit.shown_count`),
the scout searches again without them (the same city, kinds, budget, group size, the same
allergy filter and safety step, and the request's own words for the vector arm, so the
nearest cuisines come first), and the venues found that suit the outing fill the plan after
those of the kind asked, the nearest cuisines first (`alternative_fit`), each labelled an
alternative with the reason. The allergy filter is never relaxed to fill: an alternative that
puts a member at severe risk is not added. None suiting, the plan shows fewer and says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final

from kairos.core.place_kinds import SERVING_KINDS
from kairos.venues.alternative_fit import arranged, dearest, nearest_kinds, shown_count
from kairos.venues.food_in_reviews import ReviewLookup, with_food_in_reviews
from kairos.venues.scout_query import plain, without
from kairos.venues.verdict import TOP

if TYPE_CHECKING:
    from kairos.venues.commander import Intent
    from kairos.venues.scouted import ScoutResult

__all__ = [
    "alternatives_note",
    "merge_alternatives",
    "needs_alternatives",
    "shown_count",
    "with_alternatives",
    "without_categories",
]

CAP: Final = 10


def needs_alternatives(intent: Intent, found: ScoutResult) -> bool:
    """The categories asked ("seafood", "biryani") of places to eat or drink leave fewer than
    `TOP` venues the group can use (`shown_count`) in a place the catalogue holds, and nothing
    else was planned instead of them already."""
    if not intent.reading.categories or found.unknown_city or found.instead:
        return False
    kinds = set(found.filters.kinds)
    if not kinds or not kinds <= SERVING_KINDS:  # a museum asked: none is said, not a garden
        return False
    return shown_count(found.candidates) < TOP


def without_categories(intent: Intent, *, in_words: bool = False) -> Intent:
    """The same request, its categories dropped: searched for the nearest other venues; with
    `in_words`, their words dropped from the request too, for when the nearest venues are all
    of the same cuisine and as risky (every Thai-like place in town may hold peanuts)."""
    reading = intent.reading.model_copy(update={"categories": []})
    if not in_words:
        return dataclasses.replace(intent, reading=reading)
    words = {w: None for c in intent.reading.categories for w in plain(c).split()}
    return dataclasses.replace(intent, reading=reading, prompt=without(intent.prompt, words))


def _asked(intent: Intent) -> str:
    return " or ".join(c.replace("_", " ") for c in intent.reading.categories)


def alternatives_note(intent: Intent, found: ScoutResult, where: str) -> str:
    """Why alternatives fill the plan: "Only 1 seafood place in Boston is safe for Sam"."""
    safe = shown_count(found.candidates)
    at_risk = list(
        dict.fromkeys(
            [
                *(m for e in found.excluded if e.cause == "allergy" for m in e.members),
                *(
                    who
                    for c in found.candidates
                    for r in c.allergy.risks
                    if r.severity == "anaphylactic"
                    for who in r.who
                    if who != "you"
                ),
            ]
        )
    )
    kind = _asked(intent)
    places = "place" if safe == 1 else "places"
    if at_risk:
        whom = ", ".join(at_risk)
        head = (
            f"No {kind} place{where} is safe for {whom}"
            if safe == 0
            else f"Only {safe} {kind} {places}{where} {'is' if safe == 1 else 'are'} safe for "
            f"{whom}"
        )
    elif safe == 0:
        head = f"No {kind} place found{where}"
    else:
        head = f"Only {safe} {kind} {places} found{where}"
    return head


def merge_alternatives(
    found: ScoutResult, other: ScoutResult, note: str, intent: Intent
) -> ScoutResult:
    """`found` with `other`'s safe venues that suit the outing after its own (to `CAP`), the
    nearest cuisines first (`alternative_fit.arranged`), each marked an alternative with
    `note`, and the venues `other` left out for a member's allergy listed too (once each):
    what the wider search cut for other reasons (a kind, a size) was never the group's ask."""
    have = {c.place_id for c in found.candidates}
    fitting = [c for c in other.candidates if c.place_id not in have and not c.endangers]
    asked = [c for c in found.candidates if c.place_id not in found.alternatives]
    extra = arranged(fitting, intent, dearest(asked))
    # to `CAP` venues, and never fewer than the usable ones missing from three: a plan full of
    # venues flagged as a danger keeps them (listed, after), and gains three safe ones
    extra = extra[: max(CAP - len(found.candidates), TOP - shown_count(found.candidates))]
    if not extra:
        return found
    said = found.alternatives_note is not None
    listed = {e.venue_id for e in found.excluded}
    ids = {c.venue_id for c in found.candidates}
    excluded = [
        *found.excluded,
        *(
            e
            for e in other.excluded
            if e.cause == "allergy" and e.venue_id not in listed and e.venue_id not in ids
        ),
    ]
    return dataclasses.replace(
        found,
        candidates=[*found.candidates, *(c for c, _ in extra)],
        excluded=excluded,
        alternatives=found.alternatives | {c.place_id for c, _ in extra},
        alternative_closeness=found.alternative_closeness | {c.place_id: near for c, near in extra},
        alternatives_note=note,
        notes=[
            *found.notes,
            *(
                []
                if said
                else [
                    f"{note}: the other picks are the nearest safe alternatives of other kinds, "
                    "each marked as one and checked for the same allergies."
                ]
            ),
        ],
        chains=found.chains | other.chains,
    )


def _pooled(first: ScoutResult, then: ScoutResult) -> ScoutResult:
    """`first`'s venues, then those of `then` it does not hold; both's left-out venues."""
    have = {c.place_id for c in first.candidates}
    listed = {e.venue_id for e in first.excluded}
    return dataclasses.replace(
        first,
        candidates=[*first.candidates, *(c for c in then.candidates if c.place_id not in have)],
        excluded=[*first.excluded, *(e for e in then.excluded if e.venue_id not in listed)],
        chains=first.chains | then.chains,
    )


async def with_alternatives(
    find: Callable[[Intent], Awaitable[ScoutResult]],
    intent: Intent,
    found: ScoutResult,
    lookup: ReviewLookup | None = None,
) -> ScoutResult:
    """`found`, filled with the nearest safe venues of other kinds that suit the outing when
    the categories asked leave fewer than `TOP` usable ones: `find` searched for the kinds
    nearest to those asked (`nearest_kinds`) and again without the categories, then, if
    still short, without their words too. With `lookup`, the venues found whose own name or
    reviews show the food asked stand as ones of it first
    (`food_in_reviews.with_food_in_reviews`), before any alternative."""
    if not needs_alternatives(intent, found):
        return found
    where = f" in {found.filters.city.title()}" if found.filters.city else ""
    other = await find(without_categories(intent))
    near = nearest_kinds(intent.reading.categories)
    if near:
        reading = intent.reading.model_copy(update={"categories": near})
        other = _pooled(await find(dataclasses.replace(intent, reading=reading)), other)
    filled = found
    if lookup is not None:
        filled = await with_food_in_reviews(found, other, intent, lookup)
        if shown_count(filled.candidates) >= TOP:
            return filled
    note = alternatives_note(intent, filled, where)
    filled = merge_alternatives(filled, other, note, intent)
    if shown_count(filled.candidates) < TOP:  # the nearest by the request's words, then any
        other = await find(without_categories(intent, in_words=True))
        filled = merge_alternatives(filled, other, note, intent)
    return filled
