"""The personalised feed (seed 000 §11): candidates with the anaphylactic hard filter → guard →
FitScorer on the guard's verdict → top N → extractive consolidated reviews. Cached per user and
calendar day; `expand` is never cached."""

from __future__ import annotations

import asyncio
from contextvars import ContextVar
from datetime import UTC, date, datetime
from typing import Literal

from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.diets import DIETS, canonical_diet, quote_unfit
from kairos.core.fit_scorer import FitScorer
from kairos.core.place_kinds import MEAL_KINDS
from kairos.core.traits import DERIVABLE_TRAITS, evidence_phrase
from kairos.core.vibes import canonical_vibe
from kairos.pipeline.safety import (
    excluded_check,
    guard_places,
    hard_set,
    quote_avoids,
    shown_check,
)
from kairos.pipeline.turn import until_no_turn
from kairos.profiles.schemas import UserPublic
from kairos.restaurants import evaluation
from kairos.restaurants.place_traits import fit_candidate
from kairos.restaurants.results import review_claims, to_result
from kairos.restaurants.schemas import (
    AllergyDetail,
    AllergySummary,
    ExpandedDetail,
    RecommendationItem,
    RecommendationPayload,
)
from kairos.search.catalog import Catalog
from kairos.store.places import PlaceRecord, PlacesRepository
from kairos.text import extractive

FEED_MAX = 25
CANDIDATES = 50
FEED_REVIEWS_PER_PLACE = 12
EXPAND_REVIEWS_PER_PLACE = 60
ADVICE = {
    "danger": "Do not eat here without speaking to the staff first; carry your adrenaline pen.",
    "warning": "Tell the staff about your allergy and ask how dishes are prepared.",
    "caution": "Ask whether dishes may contain traces before you order.",
    "info": "Check the menu for ingredients you tolerate poorly.",
}


def feed_cache_key(user: UserPublic, day: date | None = None, city: str | None = None) -> str:
    """Keyed by the stored profile's version: a feed cached by any process is never served for
    a profile changed since, wherever the change was made (the user row is read every request);
    and by the city it is for, which recent chats can move."""
    where = (city or "anywhere").lower()
    return f"feed:{user.cache_identity}:{(day or date.today()).isoformat()}:{where}"


Located = tuple[str | None, Literal["profile", "recent_requests"] | None]


PREWARMING: ContextVar[bool] = ContextVar("feed_prewarming", default=False)
"""Set while a feed is built ahead of any request for it (`RestaurantProduct.prewarm`)."""


async def _let_others_run() -> None:
    """A feed scores each candidate in a few ms of pure Python, ~100 ms for a whole feed; between
    candidates the event loop serves other requests, and a feed built ahead of time waits while
    any turn is being answered (one prewarmed for each new profile held an operator's first turn
    in the same process for up to 2 s on a loaded machine: first insight p95 2.2 s)."""
    if PREWARMING.get():
        await until_no_turn()
    else:
        await asyncio.sleep(0)


MIN_LOCAL = 5  # fewer places than this in the city, and the feed looks everywhere (and says so)


async def build_feed(
    places: PlacesRepository, catalog: Catalog, user: UserPublic, located: Located = (None, None)
) -> RecommendationPayload:
    """Always FEED_MAX items (the route slices to the requested limit), in the person's city
    when Kairos knows it: the profile's home city, else the city of their recent requests."""
    profile = user.allergies
    hard = hard_set(profile)
    liked = sorted(
        {c for w in user.preferences.cuisine_affinity for c in catalog.expand_category(w)}
    )
    wanted = wanted_traits(user)
    city, source = located
    cities = catalog.resolve_city(city) if city else []
    country = catalog.city_country(cities)
    candidates = await places.top_rated(
        exclude_allergens=hard, cuisines=liked, kinds=sorted(MEAL_KINDS), cities=cities,
        country=country, traits=wanted, limit=CANDIDATES,
    )  # fmt: skip
    note = _where(city, source) if cities else ""
    if cities and len(candidates) < MIN_LOCAL:
        # the city's places known from listings only (no review to quote) before anything
        # elsewhere: most of a catalog's places in most cities have no reviews
        candidates = await places.top_rated(
            exclude_allergens=hard, cuisines=liked, kinds=sorted(MEAL_KINDS), cities=cities,
            country=country, traits=wanted, limit=CANDIDATES, reviewed_only=False,
        )  # fmt: skip
    if cities and len(candidates) < MIN_LOCAL:
        note = f"Few places I know are in {city.title()}; picks from everywhere."  # type: ignore[union-attr]
        city, source = None, None
        candidates = await places.top_rated(
            exclude_allergens=hard, cuisines=liked, kinds=sorted(MEAL_KINDS), traits=wanted,
            limit=CANDIDATES,
        )  # fmt: skip
    elif not cities:
        city, source = None, None
    verdict = await guard_places(places, candidates, profile)
    scorer = FitScorer(user.preferences)
    requested = _requested(user)
    diets = set(wanted) & set(DIETS)
    scored = []
    for i, g in enumerate(verdict.safe):
        fit = scorer.score(fit_candidate(g.item), g.assessment)
        scored.append((fit, -_composite(g.item, requested), i, g))
        await _let_others_run()
    # equal fit: a place showing the person's diets first (a diet is a need, a vibe a wish: a
    # quiet food truck led a vegetarian's vegetarian cafés at equal points), then what diners
    # say of the asked-for axes (a sports bar that matched "romantic" no longer leads a quiet
    # person's feed), then the rating order
    # the feed chooses on the person's behalf: a place with no known risk for their allergies
    # before one with a warning, whatever else it scores (a lobster shack led a shellfish
    # allergy's feed, quoting its lobster roll)
    scored.sort(key=lambda s: (
        not s[3].assessment.is_safe, -s[0].score, not diets <= set(s[3].item.place.traits),
        s[1], s[2],
    ))  # fmt: skip
    chosen = scored[:FEED_MAX]
    reviews = await places.reviews(
        [g.item.place.id for _, _, _, g in chosen], per_place=FEED_REVIEWS_PER_PLACE
    )
    focus = sorted(requested)
    unfit = quote_unfit(user.preferences.dietary)
    avoid = quote_avoids(profile)
    people = [("you", profile)]
    wanted = wanted_traits(user)
    items = []
    for rank, (fit, _, _, guarded) in enumerate(chosen, start=1):
        await _let_others_run()
        record, assessment = guarded.item, guarded.assessment
        place_reviews = reviews[record.place.id]
        claims = review_claims(record, wanted)
        quote = extractive.consolidated_review(
            place_reviews,
            focus or ([] if claims else ["food_quality"]),
            scores=record.aspects,
            unfit=unfit,
            claims=claims,
            avoid=avoid,
        )
        scores = evaluation.radar(
            evaluation.aspects_for(place_reviews, record.aspects, record.place.price_tier)
        )
        items.append(
            RecommendationItem(
                rank=rank,
                fit_score=fit.score,
                fit_points=fit.points,
                fit_tags=list(fit.tags),
                consolidated_review=quote,
                allergy_summary=_summary(assessment),
                restaurant=to_result(
                    record,
                    assessment,
                    shown_check(assessment, people),
                    wanted=wanted,
                    scores=scores,
                    summary=quote,
                ),
            )
        )
    if chosen and not chosen[0][3].assessment.is_safe and profile.allergens:
        note = (
            f"{note} Every place I could pick here has a known risk for your allergies; each "
            "card says which, and what to ask."
        ).strip()
    held = sum(diets <= set(g.item.place.traits) for _, _, _, g in chosen)
    if diets and chosen and held < len(chosen):
        asked = " and ".join(evidence_phrase(d) for d in sorted(diets))
        shown = "None of these shows" if not held else f"Only {held} of these show"
        if held == 1:
            shown = "Only one of these shows"
        note = f"{note} {shown} evidence of {asked}; each card says what it rests on.".strip()
    return RecommendationPayload(
        uid=str(user.uid),
        generated_at=datetime.now(UTC),
        recommendations=items,
        hard_excluded_allergens=list(verdict.hard_excluded_allergens),
        location=city.title() if city else None,
        location_source=source,
        note=note,
    )


def wanted_traits(user: UserPublic) -> list[str]:
    """The diets and vibes of the profile as place traits (`core/traits.py`)."""
    said = [canonical_diet(d) for d in user.preferences.dietary]
    said += [canonical_vibe(v) for v in user.preferences.vibes]
    return sorted({t for t in said if t in DERIVABLE_TRAITS})


def _requested(user: UserPublic) -> set[str]:
    """The radar axes the profile weighs more: its vibes' and its diets' (a vegan's quote
    praises the vegan dishes when a diner did)."""
    return evaluation.requested_axes([*user.preferences.vibes, *user.preferences.dietary])


def _composite(record: PlaceRecord, requested: set[str]) -> float:
    """The chat's composite over the radar, the requested axes weighed more and penalised
    where diners contradict them, from the place's stored aspect scores."""
    aspects = evaluation.aspects_for([], record.aspects, record.place.price_tier)
    return evaluation.composite(evaluation.radar(aspects), requested)


def _where(city: str | None, source: str | None) -> str:
    if city is None:
        return ""
    why = "your home city" if source == "profile" else "where you have been asking about"
    return f"Picks in {city.title()}, {why}."


def _summary(assessment: AllergyAssessment) -> AllergySummary:
    return AllergySummary(
        is_safe=assessment.is_safe,
        summary=assessment.summary,
        warnings=list(assessment.warnings),
        confidence_note=assessment.confidence_note,
    )


async def expand(
    places: PlacesRepository, user: UserPublic, place_id: int
) -> ExpandedDetail | None:
    """The full card for one place and this user, computed fresh every time."""
    records = await places.records([place_id])
    if place_id not in records:
        return None
    reviews = (await places.reviews([place_id], per_place=EXPAND_REVIEWS_PER_PLACE))[place_id]
    verdict = await guard_places(places, [records[place_id]], user.allergies)
    people = [("you", user.allergies)]
    guarded = (verdict.safe or verdict.flagged or (None,))[0]
    check = (
        shown_check(guarded.assessment, people)
        if guarded is not None
        else excluded_check(verdict.excluded[0], people)
    )
    record = guarded.item if guarded is not None else records[place_id]
    assessment = guarded.assessment if guarded is not None else None
    aspects = evaluation.aspects_for(reviews, record.aspects, record.place.price_tier)
    scores = evaluation.radar(aspects)
    focus = sorted(_requested(user)) or ["food_quality"]
    fit = (
        FitScorer(user.preferences).score(fit_candidate(record), assessment)
        if assessment is not None
        else None
    )
    return ExpandedDetail(
        restaurant_id=place_id,
        review_summary=extractive.consolidated_review(
            reviews,
            focus,
            scores=aspects,
            unfit=quote_unfit(user.preferences.dietary),
            avoid=quote_avoids(user.allergies),
        ),
        highlights=extractive.highlights(reviews, aspects),
        crowd_profile=extractive.crowd_profile(reviews),
        best_for=extractive.best_for(aspects),
        avoid_if=extractive.avoid_if(aspects),
        radar_scores=scores,
        why_fit_paragraph=_why_fit(record, [t.label for t in fit.tags] if fit else []),
        allergy=check,
        allergy_detail=_allergy_detail(assessment),
        fit_score=fit.score if fit else 0,
    )


def _why_fit(record: PlaceRecord, labels: list[str]) -> str:
    """Built from the fit rules that fired, so every clause traces to a rule."""
    rating = f"rated {record.place.rating:.1f}★" if record.place.rating is not None else "unrated"
    base = f"{record.place.name} is {rating}"
    if record.place.price_tier:
        base += f" and priced {record.place.price_tier}"
    if not labels:
        return base + ". It does not match your saved preferences closely yet."
    return base + ". " + "; ".join(labels) + "."


def _allergy_detail(assessment: AllergyAssessment | None) -> AllergyDetail:
    if assessment is None:
        return AllergyDetail(
            summary="This place is known to contain an allergen you react to severely; "
            "it is excluded from your recommendations.",
            statuses=[],
            recommendations=[ADVICE["danger"]],
        )
    levels = [w.level for w in assessment.warnings]
    advice = [
        ADVICE[level] for level in ("danger", "warning", "caution", "info") if level in levels
    ]
    return AllergyDetail(
        summary=assessment.summary,
        statuses=list(assessment.statuses),
        recommendations=advice,
        confidence_note=assessment.confidence_note,
    )
