"""What ranks a planned venue before its composite does (moved out of `synthesiser.py`), most
important first: a member's anaphylactic allergy, an alternative to the kind asked (the
farther from it, the later), a member's severe allergy, the critic advising against it, a diet
said as a must, the kind of place and meal, the price asked, then every member's diet (issue 38: a
member's diet weighs more than a venue priced under the target, the occasion's polish or a
quiet room), then what else was asked, seating, rating and milder risks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from kairos.core.venue_identity import name_key
from kairos.venues.free_from import covered

if TYPE_CHECKING:
    from kairos.venues.synthesiser import Scored

__all__ = [
    "POOR_RATING",
    "RATED_BY",
    "SEVERE",
    "advised_against",
    "branches_after",
    "diet_venue_shown",
    "diets_unmet",
    "endangers",
    "gravely",
    "lacks_between",
    "ranked_after_because",
    "shown_for_diets",
    "standing",
]

POOR_RATING: Final = 3.0
RATED_BY: Final = 10
SEVERE: Final = frozenset({"anaphylactic", "severe"})
"""A member's allergy this severe at a venue ranks it after every venue where no one's is."""
HYGIENE: Final = frozenset({"inspection"})
"""Critic flags about a venue's hygiene record: about the place, not a member's safety."""
SHOWN_AT: Final = 3
"""The rank a venue advised against for its hygiene record only is shown at, when it is the
one venue meeting every member's diet and none above it does (`diet_venue_shown`)."""


def advised_against(s: Scored) -> bool:
    """The critic advises against it (a high flag of its own: severe violations, closed,
    heavy rain on an outdoor venue): after every venue it does not advise against."""
    return any(f.severity == "high" for f in s.flags)


def diets_unmet(s: Scored) -> int:
    """The members' diets this venue shows no evidence of (one per member and diet)."""
    return sum(r.severity == "diet" for r in s.member_risks)


def _unmet(s: Scored) -> int:
    """Features asked and members' diets this venue shows no evidence of."""
    return len(s.missing_features) + diets_unmet(s)


def endangers(s: Scored) -> bool:
    """A member has a severe or anaphylactic allergy the venue is known or suspected to carry:
    it ranks after every venue where no one is, whatever its score. A severe (not
    anaphylactic) allergen the venue lists options free of does not (`free_from.covered`): a
    coeliac member's risk at a place with a gluten-free menu is named there, and it leads."""
    return any(
        r.severity in SEVERE and not covered(r.allergens, r.severity, s.traits)
        for r in s.member_risks
    )


def gravely(s: Scored) -> bool:
    """A member's anaphylactic allergen is known or likely here (flagged as a danger): after
    every venue where no one's is, an alternative of another kind included; a member's
    severe (not anaphylactic) allergen is named with what to ask, and the venue of the kind
    asked keeps its place before the alternatives (plans panel p37)."""
    return any(r.severity == "anaphylactic" for r in s.member_risks)


def _poorly_rated(s: Scored) -> bool:
    """Rated under `POOR_RATING` by enough reviews to mean it, or no better than it by too few
    to say otherwise: after the venues that are not, whatever their price (a 2.5★ food-court
    counter led a team lunch for being cheap; a 3.0★ sandwich shop known from 5 reviews was
    second for a homecoming dinner for 9)."""
    if s.rating is None or s.rating <= 0:
        return False
    return s.rating < POOR_RATING if s.review_count >= RATED_BY else s.rating <= POOR_RATING


def _middling(s: Scored) -> bool:
    """Rated no better than `POOR_RATING` by many, or known from fewer than `RATED_BY` reviews:
    after the venues that fit as well and are rated better by enough reviews (round 7: a 3.0★
    pizza chain from 225 reviews third for a farewell dinner, a barbeque place known from 5
    reviews second for a homecoming), but not before a milder allergy risk or anything else
    the group asked (a 3.0★ $ pizzeria, safe for everyone, still leads a $15 lunch). A venue
    with no rating is the least known of all, never better known than one with few reviews:
    a 5.0★ museum from 2 reviews does not fall behind an unrated one (few reviews are low
    confidence, not a low rating); among the middling the later keys order them."""
    if s.rating is None or s.rating <= 0:
        return True
    return s.rating <= POOR_RATING or 0 < s.review_count < RATED_BY


def _mild_risk(s: Scored) -> bool:
    """A known or likely allergen of someone, none of them severe: after the venues with no
    known risk that show as much of what was asked."""
    return s.allergy.known_risk and not endangers(s)


def standing(s: Scored) -> tuple[bool | int, ...]:
    """What ranks a venue before its composite does, most important first. A member's diet
    comes after the kind of place, the meal, a price over the budget, a poor rating and the
    occasion named, and before a venue in a town around the city named, a price under the
    target and quiet: "Ravi: no evidence of vegetarian options" on each of the top three, a
    vegetarian-listed pizzeria eighth for costing less than "around $40 a head" (plans panel
    p31). The occasion (a birthday dinner, a farewell, "somewhere nice") weighs before the
    members' diets, which are named where unmet: a venue the plan flags as unfit for it
    ranks after every venue that fits it or is not known not to (a 3.0★ pizza chain flagged
    unfit for a farewell led it for one member's vegetarian listing), and one served at a
    counter after every unfit venue with tables. A bar first, for a meal that asks for no
    drink, comes before a price over the "cheaper" ceiling or the budget: a $ dive bar was
    second for a lunch meeting after "make it cheaper" (plans panel p47); after "cheaper", a
    venue priced over the amount a head said comes after those within it."""
    return (
        gravely(s),
        s.alternative,
        s.alternative_closeness,
        endangers(s),
        advised_against(s),
        s.must_unmet,
        s.not_wholly_diet,
        s.not_the_meal,
        s.side_of_a_meal,
        s.off_the_meal,
        s.bar_led,
        s.bar_for_children,
        s.food_for_drinks,
        s.above_ceiling,
        s.over_the_head_after_cheaper,
        s.off_budget and not s.under_target,
        _poorly_rated(s),
        s.under_the_occasion,
        s.below_the_occasion,
        s.counter_for_the_occasion,
        diets_unmet(s),
        s.centred_against_a_diet,
        s.outside_the_city,
        s.under_target,
        s.unquiet,
        _unmet(s),
        s.unseated,
        _mild_risk(s),
        _middling(s),
        s.other_kind,
    )


_LACKS: Final = (
    "it would put a member at risk of anaphylaxis",
    "it is not the kind or cuisine asked",
    "its cuisine is further from the one asked",
    "it would put a member at severe risk",
    "the critic advises against it",
    "it shows no evidence of a diet said as a must",
    "its listing does not say it serves only the diet asked",
    "it serves something other than the meal asked",
    "it is no place for the meal asked",
    "nothing shows it serves brunch or breakfast",
    "it is a bar first",
    "it is a bar, tavern or lounge, and children are coming",
    "it is a restaurant first, and drinks were asked",
    "it is priced above what was asked",
    "it is priced over the budget a head, and cheaper was asked",
    "it is priced outside the budget",
    "it is poorly rated",
    "it is priced well under what the group means to spend on the occasion",
    "it is below the occasion",
    "it is served at a counter, below the occasion",
    "it shows fewer of the members' diets",
    "its menu centres on what a member's diet keeps out",
    "it is outside the city named",
    "it is priced well under the target",
    "its source does not list it as quiet",
    "it shows less of what was asked",
    "nothing says it takes a group this size",
    "it carries a milder allergy risk",
    "it is rated 3★ or less, or known from few reviews or none",
    "it is mainly another kind of place",
)
"""What a venue lacks, one per key of `standing`, in its order."""
_ADVISED_KEY: Final = _LACKS.index("the critic advises against it")
_OCCASION_KEY: Final = _LACKS.index(
    "it is priced well under what the group means to spend on the occasion"
)
_BELOW_KEY: Final = _LACKS.index("it is below the occasion")


def ranked_after_because(first: Scored, later: Scored) -> str | None:
    """Why `later` ranks after `first`, in words, from the first key of `standing` on which
    they differ ("nothing shows it serves brunch or breakfast"); None when they stand equal
    (the composite orders them) or `later` stands higher."""
    for lacks, ahead, behind in zip(_LACKS, standing(first), standing(later), strict=True):
        if ahead != behind:
            return lacks if behind > ahead else None
    return None


def lacks_between(scored: Sequence[Scored], ahead: str, later: str) -> str | None:
    """`ranked_after_because` by venue ids, among `scored`; None for an id not there."""
    by_id = {s.venue_id: s for s in scored}
    if ahead not in by_id or later not in by_id:
        return None
    return ranked_after_because(by_id[ahead], by_id[later])


def branches_after(ranked: Sequence[Scored]) -> list[Scored]:
    """A chain's second branch after every other venue of its standing (same safety, same
    features met, same kind): three picks should be three places, not Clover Food Lab twice."""
    seen: set[str] = set()
    repeat: dict[str, bool] = {}
    for s in ranked:
        name = name_key(s.name)
        repeat[s.venue_id] = name in seen
        seen.add(name)
    # stable: the composite's order is kept within each group
    return sorted(ranked, key=lambda s: (*standing(s), repeat[s.venue_id]))


def _held_back(s: Scored) -> bool:
    """Ranked lower only for what `diet_venue_shown` may show it despite: its hygiene record
    alone (`hygiene_only`), a price well under an occasion's target, or being below the
    occasion with tables (`below_for_the_occasion_only`)."""
    high = [f for f in s.flags if f.severity == "high"]
    occasion = s.under_the_occasion or below_for_the_occasion_only(s)
    return hygiene_only(s) or (occasion and not high)


def below_for_the_occasion_only(s: Scored) -> bool:
    """Below the occasion and serving at tables: never a counter (a counter is never in the
    top three of an occasion meal while venues with tables are there)."""
    return s.below_the_occasion and not s.counter_for_the_occasion


def _as_if_shown(s: Scored) -> tuple[bool | int, ...]:
    """`standing` without what `_held_back` holds against it."""
    keys = list(standing(s))
    keys[_ADVISED_KEY] = False  # for its hygiene record only, by `_held_back`
    keys[_OCCASION_KEY] = False
    if below_for_the_occasion_only(s):
        keys[_BELOW_KEY] = False
    return tuple(keys)


def hygiene_only(s: Scored) -> bool:
    """Advised against for its hygiene record alone (`HYGIENE`), no other high flag."""
    high = [f for f in s.flags if f.severity == "high"]
    return bool(high) and all(f.kind in HYGIENE for f in high)


def diet_venue_shown(ranked: Sequence[Scored]) -> tuple[list[Scored], str | None]:
    """A venue advised against only for its hygiene record (severe violations at past
    inspections: a warning about the place, not about a member's safety) that shows every
    member's diet, when no venue ranked in the top `SHOWN_AT` does and it would rank there
    without the warning (same kind of place, price, an acceptable rating, no member at
    severe risk): moved to #`SHOWN_AT`, so the group sees the one place meeting the diet
    with the warning stated (plans panel p03: the only venue with vegan evidence sat sixth,
    behind five saying "Ana: no evidence of vegan options"). So is one ranked lower only for
    a price well under an occasion's target (p31: the one vegetarian-listed venue, a $
    pizzeria, no longer leads a farewell at "around $40 a head", and is still shown), or for
    being below the occasion while serving at tables (p49: a 3.0★ pizzeria, the one venue
    showing a pescatarian's options, third for a homecoming dinner, its flag kept; never
    first). Returns the order and the venue id moved, if any."""
    top = list(ranked[:SHOWN_AT])
    if len(ranked) <= SHOWN_AT or not all(diets_unmet(s) for s in top):
        return list(ranked), None
    third = standing(top[-1])
    for s in ranked[SHOWN_AT:]:
        if not _held_back(s) or diets_unmet(s) or endangers(s):
            continue
        if _as_if_shown(s) < third:  # as ranked without what held it back
            order = [v for v in ranked if v is not s]
            order.insert(SHOWN_AT - 1, s)
            return order, s.venue_id
    return list(ranked), None


def shown_for_diets(above: Sequence[Scored]) -> str:
    """Why a venue the critic advises against for its hygiene record, priced well under an
    occasion's target or below the occasion, is in the top three (`diet_venue_shown`);
    `above` ends with the venue."""
    names = dict.fromkeys(
        r.name for s in above[:-1] for r in s.member_risks if r.severity == "diet"
    )
    who = list(names)
    diet = f"{who[0]}'s diet" if len(who) == 1 else f"the diets of {' and '.join(who)}"
    if not who:
        diet = "the members' diets"
    if above[-1].under_the_occasion and not any(f.severity == "high" for f in above[-1].flags):
        return (
            f"Shown for {diet}, which none ranked above it shows evidence of; priced well under "
            "what the group means to spend on the occasion, so it does not lead."
        )
    if above[-1].below_the_occasion and not any(f.severity == "high" for f in above[-1].flags):
        return (
            f"Shown for {diet}, which none ranked above it shows evidence of; not what the "
            "occasion asks for (below), so it does not lead."
        )
    return (
        f"Shown for {diet}, which none ranked above it shows evidence of; the critic "
        "advises against it for its inspection record (below), not for anyone's allergy: "
        "read it before booking."
    )
