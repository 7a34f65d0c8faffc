"""The chat turn's evaluation of the places found: the allergy guard over the top ten, each
place's aspects, radar and composite from its reviews, the model's judgement when one is
reachable, and the quote each shown place will carry (chosen later, for the five shown only)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.diets import quote_unfit
from kairos.llm.chain import ModelChain
from kairos.pipeline.free_from import beside_free_from, guard_free_said
from kairos.pipeline.safety import quote_avoids, shown_check
from kairos.pipeline.turn import TurnRecord
from kairos.restaurants import evaluation, model_tasks
from kairos.restaurants.chat_rules import recomposed, subject_words
from kairos.restaurants.results import review_claims, to_result
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.models import SearchHit
from kairos.store.places import PlaceRecord, PlacesRepository
from kairos.text.extractive import Quote, consolidated_review


@dataclass(frozen=True)
class Evaluated:
    """The places the guard let through, scored, in search order."""

    scored: list[RestaurantResult]
    records: dict[int, PlaceRecord]
    assessed: dict[int, AllergyAssessment]
    flagged_ids: set[int]
    hard_excluded: list[str]
    quoting: dict[int, Callable[[], Quote]]
    """Each place's quote, chosen when called: the costliest part of evaluating ten."""
    requested: set[str]
    """The radar axes the request asks about (romance, quiet, vegan options, value)."""


async def evaluate_places(
    places: PlacesRepository,
    chain: ModelChain,
    record: TurnRecord,
    hits: Sequence[SearchHit],
    profile: AllergyProfile,
    hard: list[str],
    decomposition: Decomposition,
    traits_asked: list[str],
) -> Evaluated:
    records = await places.records_at([(h.place.id, h.version or "") for h in hits])
    verdict = await guard_free_said(places, [records[h.place.id] for h in hits], profile, hard)
    people = [("you", profile)]
    guarded = [*verdict.safe, *verdict.flagged]
    checks = {
        g.item.place.id: beside_free_from(shown_check(g.assessment, people), g.item.place)
        for g in guarded
    }
    assessed = {g.item.place.id: g.assessment for g in guarded}
    flagged_ids = {g.item.place.id for g in verdict.flagged}
    top = [h for h in hits if h.place.id in assessed]  # the guard's exclusions never shown
    reviews = await places.reviews([h.place.id for h in top])
    tiers = set(decomposition.filters.price_tiers)
    budget = ["cheap"] if tiers and tiers <= {"$", "$$"} else []
    requested = evaluation.requested_axes([*decomposition.vibes, *decomposition.dietary, *budget])
    unfit = quote_unfit(decomposition.dietary)
    avoid = quote_avoids(profile)
    naming = subject_words(decomposition)
    scored: list[RestaurantResult] = []
    quoting: dict[int, Callable[[], Quote]] = {}
    for hit in top:
        place = records[hit.place.id]
        aspects = evaluation.aspects_for(
            reviews[hit.place.id], place.aspects, place.place.price_tier
        )
        scores = evaluation.radar(aspects)
        claims = review_claims(place, traits_asked)
        focus = sorted(requested) or ([] if claims else ["food_quality"])
        quoting[hit.place.id] = functools.partial(
            consolidated_review,
            reviews[hit.place.id],
            focus,
            scores=aspects,
            contrary_aspects=sorted(requested),
            unfit=unfit,
            claims=claims,
            naming=naming,
            avoid=avoid,
        )
        scored.append(
            to_result(
                place,
                assessed[hit.place.id],
                checks[hit.place.id],
                wanted=traits_asked,
                scores=scores,
                composite=evaluation.composite(
                    scores, requested, reviewed=bool(reviews[hit.place.id])
                ),
                why=hit.why,
            )
        )
    if not chain.is_offline:
        judged = await model_tasks.evaluate(
            chain, scored, reviews, profile, decomposition.vector_query
        )
        record.fallbacks.extend(judged.fallbacks)
        scored = [
            recomposed(model_tasks.apply_evaluation(r, judged.value), requested, reviews)
            for r in scored
        ]
    return Evaluated(
        scored, records, assessed, flagged_ids, list(verdict.hard_excluded_allergens), quoting,
        requested,
    )  # fmt: skip
