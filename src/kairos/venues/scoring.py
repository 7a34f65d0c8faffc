"""Each candidate scored for the synthesiser (moved out of `planner.py`): its why's quote, its
seating, its category as the request named it, whether it is priced above what "make it
cheaper" asked, and the members at risk there; the cost analyst's run and the neutral vibes
of an agent that did not run."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.core.diets import SOFT_FREE_DIETS, diet_label
from kairos.core.place_kinds import FOOD_KINDS, is_diet_category, named_a_cafe, serves_meals
from kairos.pipeline.trait_notes import lone_mentions, trait_notes
from kairos.search.models import PlaceSummary
from kairos.text.extractive import sentence_naming
from kairos.venues.allergy import kinds_of, members_at_risk
from kairos.venues.bars import (
    DRINKING,
    a_bar_for_children,
    bar_led,
    food_led_for_drinks,
    meal_label,
)
from kairos.venues.commander import Intent
from kairos.venues.cost import (
    CostProfile,
    cost_profile,
    off_budget,
    under_target,
    under_the_level,
)
from kairos.venues.fit import shows_a_must
from kairos.venues.followups import not_cheaper_note, price_ceiling, price_level
from kairos.venues.food_in_reviews import in_reviews_note
from kairos.venues.group import GroupProfile, centred_against, diet_risks
from kairos.venues.meal_served import meal_asked, not_the_meal
from kairos.venues.occasion import (
    an_occasion,
    below_a_nice_outing,
    casual_by_name,
    casual_chain,
    cheap_for_the_occasion,
    nice_or_occasion,
    under_the_occasion,
)
from kairos.venues.outing import (
    LARGE_PARTY,
    leads_a_meal,
    misses_the_early_meal,
    seating_note,
    service,
)
from kairos.venues.schemas import MemberRisk, RiskFlag
from kairos.venues.scout import Candidate, ScoutResult
from kairos.venues.synthesiser import Scored, VibeScore
from kairos.venues.verdict import VIBE_THRESHOLD
from kairos.venues.wholly_diet import not_wholly_note, serves_only, wholly_asked

__all__ = [
    "beside_free_evidence",
    "costs_of",
    "member_risks_at",
    "neutral_vibes",
    "outside_the_city",
    "over_the_head",
    "scored",
]

SNIPPET_CHARS: Final = 120
"""A why's quote: one sentence of the best-matching review, at most this long."""


def scored(
    c: Candidate,
    vibe_scores: dict[int, VibeScore],
    costs: dict[int, CostProfile],
    flags: dict[int, list[RiskFlag]],
    member_risks: dict[int, list[MemberRisk]],
    quoted: dict[int, str],
    intent: Intent,
    found: ScoutResult,
    musts: frozenset[str] = frozenset(),
    group: GroupProfile | None = None,
) -> Scored:
    """One candidate with every agent's output, ready for the synthesiser; `musts`: the
    place traits of the members' diets said as musts (`occasion.must_diets`)."""
    p = c.record.place
    why = c.hit.why
    review = why.best_review_id
    snippet = (
        sentence_naming(quoted.get(review, ""), why.matched_terms, SNIPPET_CHARS)
        if why.matched_terms and review is not None
        else None
    )
    by_reviews = found.food_in_reviews.get(c.place_id)
    if by_reviews and by_reviews.quote:  # a venue of the food asked by its reviews: one naming it
        snippet, review = by_reviews.quote, by_reviews.review_id
    features = intent.features
    seats, seating_check = seating_note(p, c.facts.good_for_groups, intent.group_size)
    checks = [seating_check] if seating_check else []
    if c.place_id in found.counter_kept and intent.outing:
        checks.insert(0, f"Counter service, not {intent.outing}: kept for want of others.")
    elif intent.outing and service(p, None) == "counter" and shows_a_must(c, musts):
        checks.insert(0, f"Counter service, not {intent.outing}: kept as it shows a must.")
    first = p.categories[0] if p.categories else None
    listed = _asked_category(p.categories, intent.reading.categories, first)
    if intent.activity == "meal" and listed and p.categories and listed != p.categories[0]:
        also = ", ".join(c for c in p.categories[:3] if c != listed)
        checks.append(
            f"Listed as {listed.title()} among {len(p.categories)} kinds ({also.title()} …)."
        )
    if by_reviews:
        checks.insert(0, in_reviews_note(intent.reading.categories, by_reviews))
    if c.place_id in found.alternatives and found.alternatives_note:
        checks.insert(
            0,
            f"An alternative, not {' or '.join(intent.reading.categories)}: "
            f"{found.alternatives_note[:1].lower()}{found.alternatives_note[1:]}; this is one "
            "of the nearest safe choices.",
        )
    wholly = wholly_asked(intent.said)
    not_wholly = (
        wholly is not None
        and p.kind in FOOD_KINDS
        and not serves_only(wholly, p.name, p.categories)
    )
    if wholly is not None and not_wholly:
        checks.append(not_wholly_note(wholly))
    off_meal = not_the_meal(p, meal_asked(intent.activity, intent.said), c.facts.meals)
    if off_meal:
        checks.insert(0, f"Not the kind of place asked: {off_meal}.")
    takes = True if seats else c.facts.good_for_groups
    cost = costs.get(c.place_id) or cost_profile({}, None)
    asked_kind = " or ".join(a.replace("_", " ") for a in intent.reading.categories)
    dearer = not_cheaper_note(intent.asked, cost.price_range, asked_kind or None)
    if dearer:
        checks.append(dearer)
    counter = (
        c.place_id in found.counter_kept
        or service(p, None) in ("counter", "street")
        or c.facts.table_service is False
    )
    nice = nice_or_occasion(intent.said, intent.activity)
    casual = casual_by_name(p.name)
    chain = casual_chain(c.place_id in found.chains, c.facts.table_service, cost.price_range)
    below = nice is not None and below_a_nice_outing(
        counter=counter,
        price_tier=cost.price_range,
        rating=p.rating,
        price_said=intent.budget is not None or price_ceiling(intent) is not None,
        casual=casual is not None,
        chain=chain,
        reviews=p.votes,
    )
    low = _low_vibe(vibe_scores.get(c.place_id), intent)
    if low:  # kept although it does not read as the vibe asked (few do): said
        checks.append(low)
    a_bar = bar_led(p, intent.activity, intent.prompt)
    for_children = a_bar_for_children(p, "family_friendly" in (intent.vibe, *intent.features))
    for_drinks = food_led_for_drinks(p, intent.activity)
    if for_children:
        checks.append("A bar, tavern or lounge, and children are coming: after the family places.")
    if for_drinks:
        checks.append("A restaurant or café first, not a bar, for drinks: after the bars.")
    if nice and (a_bar or below):
        checks.append(
            under_the_occasion(
                nice,
                meal_asked(intent.activity, intent.said),
                a_bar,
                p.rating,
                counter,
                casual,
                chain=chain,
                votes=p.votes,
            )
        )
    return Scored(
        venue_id=c.venue_id,
        name=p.name,
        kind=p.kind,
        category=_asked_category(
            p.categories,
            intent.reading.categories,
            meal_label(p, intent.activity, intent.prompt),
            p.name,
            drinks=intent.activity == "drinks",
        )
        or p.kind,
        address=p.address,
        city=p.city,
        lat=p.lat,
        lng=p.lng,
        rating=p.rating or None,  # 0.0 is a source's "no rating yet", not a rating
        review_count=p.votes,
        vibe=vibe_scores.get(c.place_id, VibeScore(None, 0.0, None)),
        cost=cost,
        flags=flags.get(c.place_id, []),
        member_risks=member_risks.get(c.place_id, []),
        allergy=c.allergy,
        venue_kinds=kinds_of(p.name, p.categories),
        distances=c.distances,
        traits=p.traits,
        snippet=snippet,
        snippet_review=review if snippet else None,
        features=trait_notes(p, found.features),
        # a member's diet the venue does not show is said with the member's name (`risks`)
        missing_features=[f for f in features if f not in p.traits],
        lone_mentions=lone_mentions(p, features),
        other_kind=(set(found.filters.kinds) == {"bar"} and named_a_cafe(p.name, p.categories))
        or c.place_id in found.counter_kept
        or c.place_id in found.alternatives,
        seating=seats,
        checks=checks,
        alternative=c.place_id in found.alternatives,
        alternative_closeness=found.alternative_closeness.get(c.place_id, 0),
        takes_groups=takes,
        above_ceiling=_above(p.price_tier, intent),
        not_the_meal=off_meal is not None,
        side_of_a_meal=not leads_a_meal(p, intent.activity, intent.said, intent.group_size),
        off_the_meal=intent.activity == "meal"
        and misses_the_early_meal(p, intent.said, why.matched_terms, source=c.facts.early_meal),
        bar_led=a_bar,
        bar_for_children=for_children,
        food_for_drinks=for_drinks,
        off_budget=off_budget(cost.price_range, intent.budget, cost.price_from),
        under_target=under_target(cost.price_range, intent.budget),
        under_the_occasion=(
            under_the_level(cost.price_range, intent.budget)
            and an_occasion(intent.said) is not None
        )
        or cheap_for_the_occasion(
            cost.price_range,
            intent.activity,
            intent.said,
            price_said=intent.budget is not None or price_ceiling(intent) is not None,
        ),
        unseated=intent.group_size >= LARGE_PARTY and not takes,
        must_unmet=p.kind in FOOD_KINDS and not musts <= set(p.traits),
        not_wholly_diet=not_wholly,
        centred_against_a_diet=group is not None
        and centred_against(group, p.kind, p.traits, p.categories, p.name) is not None,
        below_the_occasion=below,
        counter_for_the_occasion=below and counter,
        over_the_head_after_cheaper="cheaper" in intent.asked.changes
        and over_the_head(cost, intent),
        outside_the_city=outside_the_city(p.city, found.filters.city),
        unquiet=("quieter" in intent.asked.changes or intent.vibe == "quiet")
        and c.facts.noise != "quiet",
    )


def over_the_head(cost: CostProfile, intent: Intent) -> bool:
    """Priced over an amount a head said ("$15 each"): what the plan shows as "may exceed
    budget" (a range whose bottom may fit is not: "may fit the budget at its lower end")."""
    budget = intent.budget
    if budget is None or not budget.per_head or cost.budget_fit is None:
        return False
    if cost.budget_fit >= 1:
        return False
    return not (cost.price_from and not off_budget(cost.price_range, budget, cost.price_from))


def _low_vibe(vibe: VibeScore | None, intent: Intent) -> str | None:
    """What a venue reading under `VIBE_THRESHOLD` on the vibe asked says ("romantic 0.18"
    shown as a why, unsaid as the low reading it is)."""
    if not intent.vibe or "vibe_matcher" not in intent.active_agents or vibe is None:
        return None
    if vibe.score is None or vibe.score >= VIBE_THRESHOLD:
        return None
    label = intent.vibe.replace("_", " ")
    return (
        f"Reads as {label} at only {vibe.score:.2f} of 1 (under {VIBE_THRESHOLD}): not a "
        f"{label} pick, kept for want of others."
    )


def outside_the_city(city: str | None, searched: str | None) -> bool:
    """A venue listed under another town than the city searched (the Greater London towns
    the scout adds when London holds too few): the city named first. Unknown: not outside."""
    if not city or not searched:
        return False
    return city.strip().lower() != searched.strip().lower()


def member_risks_at(c: Candidate, group: GroupProfile) -> list[MemberRisk]:
    """Each member at risk at the venue: their allergy (from its check), their unmet diet."""
    p = c.record.place
    allergic = [beside_free_evidence(r, p) for r in members_at_risk(group, c.allergy)]
    return allergic + diet_risks(group, p.kind, p.traits, p.categories, p.name)


_FREE_OF: Final = {**SOFT_FREE_DIETS, "milk": "dairy_free"}
"""The diet trait that shows a venue serves food free of an allergen (gluten → gluten_free)."""


def beside_free_evidence(risk: MemberRisk, place: PlaceSummary) -> MemberRisk:
    """A member's allergen at a venue that also shows options free of it (a kitchen that
    commonly uses gluten and lists gluten-free dishes): the evidence is said after the risk,
    whose severity and wording stay as found; free-from options are not a safe kitchen."""
    shown = list(dict.fromkeys(t for a in risk.allergens if (t := _FREE_OF.get(a)) in place.traits))
    if not shown:
        return risk
    notes = trait_notes(place, shown)
    said = "; ".join(
        f"{n.label} options ({n.source}: {n.says})" if n.says else f"{n.label} options"
        for n in notes
    ) or " and ".join(f"{diet_label(t)} options" for t in shown)
    return risk.model_copy(
        update={
            "note": f"{risk.note}. It does list {said}: that does not rule the risk out "
            f"(shared kitchen, cross-contact), so {risk.name} should ask staff before ordering"
        }
    )


def _asked_category(
    categories: Sequence[str],
    asked: Sequence[str],
    instead: str | None = None,
    name: str = "",
    *,
    drinks: bool = False,
) -> str | None:
    """The venue's category the request asked for ("Thai" of a noodle bar listed as Thai
    too), else `instead` (`bars.meal_label`), else its first: what the plan shows it as."""
    wanted = {a.lower() for a in asked}
    for category in categories:
        if category.lower() in wanted or any(w in category.lower().split() for w in wanted):
            return category
    return instead or shown_kind(name, categories, drinks=drinks)


_NOT_WHAT_IT_IS: Final = frozenset(
    {
        "restaurants", "food", "nightlife", "desserts", "gluten-free", "vegetarian", "vegan",
        "bubble tea", "juice bars & smoothies", "coffee & tea", "soup",
        "salad", "live/raw food", "vegetarian friendly", "vegan options", "gluten free options",
    }
)  # fmt: skip
"""Categories a source lists among others that say a course, a diet or a drink, not what kind
of kitchen the place is: shown only when it lists nothing else (a sushi bar Yelp lists
"Desserts, Sushi Bars, Japanese" was shown as "desserts" for a farewell dinner, plans p31)."""


def shown_kind(name: str, categories: Sequence[str], *, drinks: bool = False) -> str | None:
    """What a venue is shown as when nothing asked names it: a kitchen its own name says
    ("1618 Asian Fusion", "Sushiemon" → Sushi Bars), else its first category that is a
    kitchen (not a course, a diet or a drink), else its first that is not a course or a diet,
    else its first. For `drinks`, a drinking category is what it is too."""
    if not categories:
        return None

    def kitchen(category: str) -> bool:
        c = category.strip().lower()
        if c in _NOT_WHAT_IT_IS or is_diet_category(c):
            return False
        return c in DRINKING if drinks else c not in DRINKING and serves_meals([c])

    folded = name.lower()
    for category in categories:
        head = category.lower().split()[0].strip("(&/")
        if len(head) >= 4 and head in folded and kitchen(category):
            return category
    kitchens = [c for c in categories if kitchen(c)]
    plain = [
        c
        for c in categories
        if c.strip().lower() not in _NOT_WHAT_IT_IS and not is_diet_category(c)
    ]
    return (kitchens or plain or list(categories))[0]


def _above(tier: str | None, intent: Intent) -> bool:
    """Priced above what "make it cheaper" or a cheap budget ("cheap eats", "students") asked."""
    level = price_level(tier)
    ceiling = price_ceiling(intent)
    return ceiling is not None and level is not None and level > max(ceiling, 1)


def neutral_vibes(ids: list[int]) -> dict[int, VibeScore]:
    return {i: VibeScore(score=None, confidence=0.0, style=None) for i in ids}


async def costs_of(candidates: list[Candidate], intent: Intent) -> dict[int, CostProfile]:
    return {
        c.place_id: cost_profile(c.facts.price_signals, intent.budget, c.facts.price_floor)
        for c in candidates
    }
