"""The scout's cap (the venues a plan shows) kept to the occasion the group named.

The plan ranks a venue it flags as unfit for the occasion ("Not what "farewell" asks for")
after every venue that fits it (`standing.standing`); the cap must not have left those out
first. When the scout kept ten venues and the plan flagged every one of them, the ranking had
ignored the occasion: the fitting ones had been cut before it was read. So, among the venues
that put no member at severe risk and show the diets said as musts, those unfit for the
occasion (`occasion.below_a_nice_outing`, or a bar first for the meal) come after the others
when the cap is drawn; outside an occasion or a nice outing nothing changes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from kairos.venues.bars import bar_led
from kairos.venues.facts import Attributes
from kairos.venues.fit import Fitted
from kairos.venues.followups import price_ceiling
from kairos.venues.group import GroupProfile
from kairos.venues.occasion import (
    below_a_nice_outing,
    casual_by_name,
    casual_chain,
    nice_or_occasion,
)
from kairos.venues.outing import service
from kairos.venues.scouted import Candidate, cap_order, chains_of

if TYPE_CHECKING:
    from kairos.venues.commander import Intent

__all__ = ["capped", "unfit_for_the_occasion"]


def unfit_for_the_occasion(
    candidates: Sequence[Candidate],
    attributes: Mapping[int, Attributes],
    intent: Intent,
    fitted: Fitted,
    listings: Mapping[str, int] | None,
) -> set[int]:
    """The candidates a plan for this request would flag as unfit for the occasion or the
    nice outing asked (as `scoring.scored` does, from what the scout knows before the facts
    are read: the catalogue's price tier; `listings`: the catalogue's places per name, which
    tell a chain, `scouted.chains_of`); none when nothing of the kind was asked."""
    if nice_or_occasion(intent.said, intent.activity) is None:
        return set()
    counter_kept = fitted.counter_kept
    chains = chains_of(candidates, listings)
    price_said = intent.budget is not None or price_ceiling(intent) is not None
    unfit = set()
    for c in candidates:
        p = c.record.place
        attrs = attributes.get(c.place_id) or Attributes()
        counter = (
            c.place_id in counter_kept
            or service(p, attrs) in ("counter", "street")
            or attrs.table_service is False
        )
        chain = casual_chain(c.place_id in chains, attrs.table_service, p.price_tier)
        below = below_a_nice_outing(
            counter=counter,
            price_tier=p.price_tier,
            rating=p.rating,
            price_said=price_said,
            casual=casual_by_name(p.name) is not None,
            chain=chain,
            reviews=p.votes,
        )
        if below or bar_led(p, intent.activity, intent.prompt):
            unfit.add(c.place_id)
    return unfit


def capped(
    candidates: list[Candidate],
    cap: int,
    features: Sequence[str],
    group: GroupProfile,
    counter_kept: Collection[int],
    musts: frozenset[str] = frozenset(),
    unfit: Collection[int] = (),
) -> list[Candidate]:
    """The first `cap` candidates in `cap_order`, those showing every diet said as a must
    and those fit for the occasion (not in `unfit`) before the others of their safety."""

    def key(c: Candidate) -> tuple[bool | int, ...]:
        must_unmet = bool(musts) and not musts <= set(c.record.place.traits)
        endangers, *rest = cap_order(c, features, group, counter_kept)
        return (endangers, must_unmet, c.place_id in unfit, *rest)

    return sorted(candidates, key=key)[:cap]
