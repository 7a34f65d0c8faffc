"""Synthesiser (seed 002 §6): the composite, the ranking, and every sentence from evidence.

composite = w_vibe · vibe + w_cost · value + w_risk · risk, with the commander's weights (the
seed's 0.33 / 0.40 / 0.27 by default). A missing value counts as neutral 0.5, a missing vibe
as 0.5 or the lowest vibe read in the plan when lower (`unknown_vibe`), so an unknown never
beats a known good, nor outranks evidence. Value is the cost analyst's value score moved toward the
budget fit when a budget was given. Allergy and diet risks for a member lower the risk score
like any other flag and are named in `watch_out`, never hidden. Every venue carries its allergy
check (`VenueResult.allergy`); the top three prefer venues with no known risk for anyone, and a
top-three venue kept with one says why (`venues/allergy.kept_with_risk`).

`why` and `watch_out` cite what they rest on (review ids, inspection dates, check-in counts);
`global_consensus` is one comparative sentence; an indoor backup is offered when the top pick
carries a weather risk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from kairos.core.place_allergens import VenueKind
from kairos.core.traits import evidence_phrase
from kairos.pipeline.safety import AllergyCheck
from kairos.pipeline.trait_notes import TraitNote
from kairos.store.places import weighted_rating
from kairos.venues.allergy import kept_with_risk
from kairos.venues.cost import CostProfile
from kairos.venues.critic import OUTDOOR_KINDS, risk_score
from kairos.venues.schemas import MemberDistance, MemberRisk, RiskFlag, VenueResult
from kairos.venues.standing import (
    SEVERE,
    advised_against,
    branches_after,
    diet_venue_shown,
    endangers,
    shown_for_diets,
    standing,
)
from kairos.venues.verdict import VIBE_THRESHOLD, consensus

__all__ = [
    "NEUTRAL",
    "SEVERE",
    "VIBE_THRESHOLD",
    "Scored",
    "VibeScore",
    "backup_for",
    "consensus",
    "member_flags",
    "synthesise",
]

NEUTRAL: Final = 0.5


@dataclass(frozen=True, slots=True)
class VibeScore:
    score: float | None
    confidence: float
    style: str | None
    evidence: tuple[int, ...] = ()
    """Review ids whose words carry the requested vibe."""


@dataclass
class Scored:
    """One candidate with every agent's output, before ranking."""

    venue_id: str
    name: str
    kind: str
    category: str | None
    address: str | None
    city: str | None
    lat: float | None
    lng: float | None
    rating: float | None
    review_count: int
    vibe: VibeScore
    cost: CostProfile
    flags: list[RiskFlag]
    allergy: AllergyCheck
    """The safety step's check, for every member and the planner."""
    member_risks: list[MemberRisk] = field(default_factory=list)
    """Read from `allergy` (each member's own severity), and the members' unmet diets."""
    venue_kinds: tuple[VenueKind, ...] = ()
    """The kinds of venue it is (a bakery, a pub): what their counters commonly hold, and why."""
    distances: list[MemberDistance] = field(default_factory=list)
    traits: Sequence[str] = ()
    snippet: str | None = None
    """A review sentence that matched the request's words (never an unrelated one)."""
    snippet_review: int | None = None
    features: list[TraitNote] = field(default_factory=list)
    """The evidence for each feature asked (a rooftop, live music) the venue holds."""
    missing_features: list[str] = field(default_factory=list)
    """Features asked that the evidence does not show this venue has."""
    lone_mentions: list[TraitNote] = field(default_factory=list)
    """Of those, the ones a single review mentions (not enough to hold, said as such)."""
    other_kind: bool = False
    """Of the kind asked, but mainly another: a café that serves beer, for drinks."""
    seating: str | None = None
    """What says it takes a large group ("good for groups, its source says")."""
    checks: list[str] = field(default_factory=list)
    """What the group should check that no flag says: seating unknown, counter service."""
    alternative: bool = False
    """Not of the categories asked: added because those left fewer than three venues the
    group can use (`alternatives.py`); after every venue of the kind asked but one flagged as
    a danger for an anaphylactic member."""
    alternative_closeness: int = 0
    """An alternative's cuisine's distance from the one asked (`alternative_fit.closeness`):
    the nearest first."""
    takes_groups: bool | None = None
    above_ceiling: bool = False
    """Priced above what "make it cheaper" asked: after every venue that is not."""
    not_the_meal: bool = False
    """Serves something other than the lunch or dinner asked (`meal_served.not_the_meal`: a
    coffee shop, a pastry shop, an escape room): after every place to eat, a counter too."""
    side_of_a_meal: bool = False
    """A bank's café, a grocery or a bakery for a group's lunch or dinner (`leads_a_meal`):
    after every place to eat."""
    off_budget: bool = False
    """Priced outside the budget asked (`cost.off_budget`): after every venue that may fit."""
    under_target: bool = False
    """Of those, priced well under an amount a head said as a target (`cost.under_target`):
    after the venues showing the members' diets, not before them."""
    centred_against_a_diet: bool = False
    """A steakhouse, a wings bar or an oyster house (`group.centred_against`) for a member's
    vegan, vegetarian or kosher diet it shows no evidence of: after the places that are not
    centred on what the diet keeps out."""
    under_the_occasion: bool = False
    """Priced well under an amount a head said as a target for an occasion (a farewell, a
    birthday: `occasion.an_occasion`): the level the group means to spend, so before the
    members' diets (a $ 3.5★ pizzeria led a farewell at "around $40 a head" for one member's
    vegetarian listing); shown third when it alone shows their diets (`diet_venue_shown`)."""
    bar_led: bool = False
    """A bar first for a meal that asks for no drink (`bars.bar_led`): after the places
    whose food leads, even those below a nice outing (a lounge is no kind of place for "a nice
    dinner": a 3.5★ restaurant comes first, said as below the occasion)."""
    bar_for_children: bool = False
    """Children coming and a bar, tavern or lounge (`bars.a_bar_for_children`)."""
    food_for_drinks: bool = False
    """Drinks asked and a kitchen first (`bars.food_led_for_drinks`)."""
    unseated: bool = False
    """A party of `LARGE_PARTY` or more, and nothing says the venue takes groups: after those
    listed as good for groups."""
    off_the_meal: bool = False
    """A brunch asked, and nothing shows it serves one (`outing.misses_the_early_meal`)."""
    must_unmet: bool = False
    """No evidence of a member's diet said as a must (`occasion.must_diets`): after every
    venue that shows it, whatever its kind."""
    not_wholly_diet: bool = False
    """A diet asked of the whole kitchen ("pure veg") and its own listing does not say it is
    one (`wholly_diet.serves_only`): after every venue that does."""
    below_the_occasion: bool = False
    """Not what a nice outing or an occasion asks (`occasion.below_a_nice_outing`): after
    every venue that is (or is not known not to be), before the members' diets."""
    counter_for_the_occasion: bool = False
    """Of those, served at a counter or fast food (a burrito counter for a birthday dinner):
    after every unfit venue that serves at tables."""
    over_the_head_after_cheaper: bool = False
    """"Make it cheaper" asked and priced over the amount a head said (`cost.budget_fit`
    under 1, "may exceed budget"): after the venues within it."""
    outside_the_city: bool = False
    """In a town around the city named (Hayes for London: `scoring.outside_the_city`): after
    the venues in the city itself that stand as well."""
    unquiet: bool = False
    """Quiet asked ("somewhere quieter", a quiet vibe) and its source does not list it as
    quiet: after those it lists as quiet (the plan said they came first; they did not)."""


def member_flags(risks: Sequence[MemberRisk]) -> list[RiskFlag]:
    """Each member's allergy or unmet diet at a venue, as the flags the venue shows."""
    return [
        RiskFlag(
            description=r.note,
            severity="high"
            if r.severity in ("anaphylactic", "severe")
            else "medium"
            if r.severity != "diet"
            else "low",
            kind="allergy" if r.severity != "diet" else "diet",
            evidence=[f"member {r.name}"],
        )
        for r in risks
    ]


def _risk_flags(s: Scored) -> list[RiskFlag]:
    return [*member_flags(s.member_risks), *s.flags]


def _value(cost: CostProfile) -> float | None:
    if cost.value_score is None:
        return None
    if cost.budget_fit is None:
        return cost.value_score
    return round(0.5 * cost.value_score + 0.5 * cost.budget_fit, 3)


def unknown_vibe(scored: Sequence[Scored]) -> float:
    """What a venue whose vibe could not be read counts as: `NEUTRAL`, or the lowest vibe read
    among the others when lower, so that an unknown never outranks evidence (a neutral 0.5
    beat venues read at 0.17)."""
    known = [s.vibe.score for s in scored if s.vibe.score is not None]
    return min([NEUTRAL, *known])


def composite(s: Scored, weights: Mapping[str, float], unknown: float = NEUTRAL) -> float:
    vibe = s.vibe.score if s.vibe.score is not None else unknown
    value = _value(s.cost)
    risk = risk_score(_risk_flags(s))
    return round(
        weights.get("vibe_matcher", 0.0) * vibe
        + weights.get("cost_analyst", 0.0) * (value if value is not None else NEUTRAL)
        + weights.get("critic", 0.0) * risk,
        4,
    )


def _why(s: Scored, vibe_name: str | None, budget_text: str | None) -> tuple[str, list[str]]:
    parts: list[str] = []
    evidence: list[str] = []
    # a vibe that is also a feature the venue shows no evidence of ("live music" read from
    # "electronic music") is not claimed in the why beside "Nothing I read shows live music"
    if s.vibe.score is not None and vibe_name and vibe_name not in s.missing_features:
        cited = ", ".join(f"#{r}" for r in s.vibe.evidence[:2])
        label = vibe_name.replace("_", " ")
        parts.append(f"{label} {s.vibe.score:.2f}" + (f" (reviews {cited})" if cited else ""))
        evidence += [f"review {r}" for r in s.vibe.evidence[:2]]
    elif s.vibe.style:
        parts.append(f"reads as {s.vibe.style.replace('_', ' ')}")
    for note in s.features:
        parts.append(_feature_part(note))
        evidence.append(f"{note.source} {note.ref}")
    if s.seating:
        parts.append(s.seating)
    if s.rating is not None and s.review_count:
        reviews = "review" if s.review_count == 1 else "reviews"
        parts.append(f"{s.rating:.1f}★ from {s.review_count} {reviews}")
    elif s.rating is not None:
        parts.append(f"{s.rating:.1f}★")
    if s.cost.price_range:
        fit = ""
        if s.cost.budget_fit is not None and budget_text:
            within = s.cost.budget_fit >= 1 and not s.above_ceiling  # $$ for "cheap eats": not
            fit = " — within budget" if within else " — may exceed budget"
            if not within and s.cost.price_from and not s.above_ceiling and not s.off_budget:
                fit = " — may fit the budget at its lower end"
        parts.append(f"{s.cost.shown} ({s.cost.note}){fit}")
    if s.snippet and s.snippet_review is not None:
        parts.append(f'"{s.snippet}" (review #{s.snippet_review})')
        evidence.append(f"review {s.snippet_review}")
    if s.distances:
        worst = max(s.distances, key=lambda d: d.km)
        parts.append(f"no one travels more than {worst.km:.1f} km")
    return ("; ".join(parts) + ".") if parts else "", evidence


def _feature_part(note: TraitNote) -> str:
    if note.source == "review":
        return f'{note.label}: "{note.says}" (review #{note.ref})'
    if note.source == "attribute":
        return f"{note.label} ({note.says})"
    if note.source == "category":  # "vegetarian (listed as vegan)", "halal (listed as halal)"
        return f"{note.label} (listed as {note.says})"
    return f"{note.label} ({note.source} {note.says})"


def _watch_out(
    flags: Sequence[RiskFlag],
    missing: Sequence[str],
    lone: Sequence[TraitNote] = (),
    kept: str | None = None,
    checks: Sequence[str] = (),
) -> tuple[str, list[str]]:
    # every member's allergy is said, then the other flags while there is room
    allergies = [f for f in flags if f.kind == "allergy"]
    others = [f for f in flags if f.kind != "allergy"][: max(0, 4 - len(allergies))]
    sentences = [
        f"{f.description[0].upper()}{f.description[1:]}."
        for f in allergies + others
        if f.description
    ]
    mentioned = {note.trait: note for note in lone}
    unseen = [m for m in missing if m not in mentioned]
    evidence = [f"review {mentioned[m].ref}" for m in missing if m in mentioned]
    for m in reversed(missing):
        if m in mentioned:
            note = mentioned[m]
            sentences.insert(
                0,
                f'Only one review mentions {evidence_phrase(m)}: "{note.says}" '
                f"(review #{note.ref}).",
            )
    if unseen:
        asked = " or ".join(evidence_phrase(m) for m in unseen)
        sentences.insert(0, f"Nothing I read shows {asked} here.")
    if kept:  # why a venue with a risk is among the top three, before anything else
        sentences.insert(0, kept)
    sentences += list(checks)
    return " ".join(sentences), [*evidence, *(e for f in flags for e in f.evidence)][:6]


def synthesise(
    scored: Sequence[Scored],
    weights: Mapping[str, float],
    *,
    vibe_name: str | None,
    budget_text: str | None,
) -> list[VenueResult]:
    """Ranked venues in the order `_standing` gives (those endangering a member last, those
    without evidence of a diet said as a must next, ... those rated under 3★ by at least 10
    reviews after the rest, then those with a milder known risk), then by composite;
    `why` and `watch_out` are written for the top 3 (the rest carry their flags and scores),
    and a top-3 venue with a risk says why it is kept."""
    unknown = unknown_vibe(scored)
    ranked = sorted(
        scored,
        # equal composites (museums: no vibe read, no price) by the honest rating, then in the
        # scout's order, which is the search's relevance (by id, "Janaki paints" led sightseeing)
        key=lambda s: (
            *standing(s),
            -composite(s, weights, unknown),
            s.vibe.score is None,  # tied with the lowest vibe read: evidence first
            -weighted_rating(s.rating, s.review_count),
        ),
    )
    ranked, moved = diet_venue_shown(branches_after(ranked))
    results = []
    for rank, s in enumerate(ranked, start=1):
        flags = _risk_flags(s)
        # every venue on the shortlist may move up after vetoes: each says why and what to
        # watch (a venue moved up into the top 3 once stood there with neither)
        why, why_evidence = _why(s, vibe_name, budget_text)
        kept = shown_for_diets(ranked[:rank]) if s.venue_id == moved else None
        watch, watch_evidence = _watch_out(
            flags, s.missing_features, s.lone_mentions, kept or kept_with_risk(s, ranked), s.checks
        )
        results.append(
            VenueResult(
                rank=rank,
                venue_id=s.venue_id,
                name=s.name,
                address=s.address,
                lat=s.lat,
                lng=s.lng,
                rating=s.rating,
                review_count=s.review_count,
                category=s.category,
                kind=s.kind,
                city=s.city,
                vibe_score=s.vibe.score,
                vibe_confidence=s.vibe.confidence,
                vibe_style=s.vibe.style,
                price_range=s.cost.price_range,
                price_confidence=s.cost.confidence,
                price_sources=s.cost.sources,
                price_from=s.cost.price_from,
                value_score=s.cost.value_score,
                budget_fit=s.cost.budget_fit,
                risk_score=risk_score(flags),
                composite=composite(s, weights, unknown),
                why=why,
                watch_out=watch,
                evidence=why_evidence + watch_evidence,
                risk_flags=flags,
                veto=advised_against(s) or endangers(s),  # a coeliac's GF venue: named
                members_at_risk=s.member_risks,
                allergy=s.allergy,
                member_distances=s.distances,
                takes_groups=s.takes_groups,
                other_kind=s.other_kind,
            )
        )
    return results


def _indoor(v: VenueResult) -> bool:
    return v.kind not in OUTDOOR_KINDS and not any(f.kind == "weather" for f in v.risk_flags)


def backup_for(venues: Sequence[VenueResult]) -> VenueResult | None:
    """When the top pick has a weather risk: the best-ranked indoor venue without one."""
    if not venues or not any(f.kind == "weather" for f in venues[0].risk_flags):
        return None
    for venue in venues[1:]:
        if _indoor(venue) and not venue.veto:
            return venue.model_copy(update={"is_backup": True})
    return None
