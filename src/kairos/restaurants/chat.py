"""The bounded chat orchestrator (seed 000 §4–§5): context → decomposition → (clarification) →
hybrid search (≤ 15) → evaluation of the top 10 → composite → top 5 → AllergyGuard → payload.

It is an async generator of typed events; the transport decides how they reach the client.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.llm.chain import ModelChain
from kairos.pipeline.events import Result, Thinking, TurnEvent
from kairos.profiles.schemas import UserPublic
from kairos.restaurants import evaluation, model_tasks, phrasing
from kairos.restaurants.place_data import load_places, load_reviews, with_custom_evidence
from kairos.restaurants.results import annotate, guard, to_result
from kairos.restaurants.schemas import ChatRequest, GenerativeUIPayload, RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.filters import SearchFilters
from kairos.search.models import SearchResult
from kairos.store.database import Database
from kairos.text.aspects import ReviewText
from kairos.text.extractive import consolidated_review

SEARCH_LIMIT = 15
EVALUATE_TOP = 10
ANSWER_TOP = 5
# One broadening round when nothing matches: first the filters around the request (rating,
# price, neighbourhood, radius), and only if that still finds nothing, the cuisine itself.
# Allergen exclusions are never relaxed.
RELAX_STAGES = (("min_rating", "price_tiers", "area", "near"), ("categories",))


class ChatDeps(Protocol):
    """What a turn needs from the product: its database, its parser and its search."""

    db: Database
    chain: ModelChain

    async def decompose(
        self,
        user: UserPublic,
        message: str,
        history: Sequence[str],
        pending: str | None,
        record: TurnRecord,
    ) -> Decomposition: ...

    async def search(self, query: str, filters: SearchFilters) -> SearchResult: ...


@dataclass
class TurnRecord:
    """What the turn did, for the interaction log and the canonical turn-completed event."""

    turn_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started: float = field(default_factory=time.perf_counter)
    decomposition: Decomposition | None = None
    payload: GenerativeUIPayload | None = None
    fallbacks: list[str] = field(default_factory=list)
    search_strategy: str = "none"
    candidates: int = 0
    previous: Decomposition | None = None
    """The conversation's last request, from stored state (None: read the client's history)."""
    pending: str | None = None
    resumed: bool = False
    turn_index: int = 1


def turn_profile(profile: AllergyProfile, turn_allergens: list[str]) -> AllergyProfile:
    """Allergies named in a message count for this turn only (as severe), never stored."""
    if not turn_allergens:
        return profile
    severity = {**profile.resolved_severities()}
    for allergen in turn_allergens:
        severity.setdefault(allergen, "severe")
    return AllergyProfile(severity=dict(severity))


def relax(filters: SearchFilters, names: tuple[str, ...]) -> tuple[SearchFilters, list[str]]:
    updates: dict[str, object] = {}
    relaxed: list[str] = []
    for name in names:
        value = getattr(filters, name)
        if value:
            updates[name] = [] if isinstance(value, list) else None
            relaxed.append(name.replace("_", " "))
            if name == "near":
                updates["radius_km"] = None
    return filters.model_copy(update=updates), relaxed


async def run_turn(
    product: ChatDeps, user: UserPublic, request: ChatRequest, record: TurnRecord
) -> AsyncIterator[TurnEvent]:
    yield Thinking(step="fetching_context", message="Reading your profile and the conversation")
    history = [m.content for m in request.conversation_history if m.role == "user"]
    last_assistant = next(
        (m.content for m in reversed(request.conversation_history) if m.role == "assistant"), None
    )
    pending = last_assistant if last_assistant and last_assistant.strip().endswith("?") else None
    if record.resumed:
        pending = record.pending

    yield Thinking(step="decomposing", message="Working out what you are asking for")
    decomposition = await product.decompose(user, request.message, history, pending, record)
    record.decomposition = decomposition
    if decomposition.needs_clarification or decomposition.intent in ("greeting", "other"):
        question = decomposition.clarification_question or decomposition.reply or ""
        record.payload = GenerativeUIPayload(
            ui_type="text",
            message=decomposition.reply or question,
            follow_up_questions=[question] if decomposition.needs_clarification else None,
            assumptions=decomposition.assumptions,
            turn_id=record.turn_id,
        )
        yield Result(payload=record.payload)
        return

    profile = turn_profile(user.allergies, decomposition.turn_allergens)
    hard = sorted(hard_excluded_allergens(profile, decomposition.filters.exclude_allergens))
    filters = decomposition.filters.model_copy(update={"exclude_allergens": hard})

    yield Thinking(step="searching", message="Searching places, reviews and menus")
    found = await product.search(decomposition.vector_query, filters)
    relaxed: list[str] = []
    broader = filters
    for stage in RELAX_STAGES:
        if found.hits:
            break
        broader, more = relax(broader, stage)
        if more:
            relaxed += more
            found = await product.search(decomposition.vector_query, broader)
    record.search_strategy = found.strategy
    record.candidates = len(found.hits)
    request_text = phrasing.describe_request(
        decomposition.filters.categories, decomposition.vibes + decomposition.dietary,
        decomposition.filters.city,
    )  # fmt: skip
    if not found.hits:
        record.payload = GenerativeUIPayload(
            ui_type="text",
            message=phrasing.no_results_message(request_text, relaxed),
            follow_up_questions=["Try a different area?", "Widen the price range?"],
            hard_excluded_allergens=hard,
            relaxed_filters=relaxed,
            turn_id=record.turn_id,
        )
        yield Result(payload=record.payload)
        return

    yield Thinking(step="evaluating", message="Scoring romance, quiet, food, vegan options, value")
    top = found.hits[:EVALUATE_TOP]
    ids = [h.place.id for h in top]
    async with product.db.session() as session:
        loaded = await load_places(session, ids)
        guarded = await with_custom_evidence(session, list(loaded.values()), profile)
        records = {r.place.id: r for r in guarded}
        reviews = await load_reviews(session, ids)
    tiers = set(decomposition.filters.price_tiers)
    budget = ["cheap"] if tiers and tiers <= {"$", "$$"} else []
    requested = evaluation.requested_axes([*decomposition.vibes, *decomposition.dietary, *budget])
    scored: list[RestaurantResult] = []
    for hit in top:
        place = records[hit.place.id]
        aspects = evaluation.aspects_for(
            reviews[hit.place.id], place.aspects, place.place.price_tier
        )
        scores = evaluation.radar(aspects)
        focus = sorted(requested) or ["food_quality"]
        quote = consolidated_review(reviews[hit.place.id], focus, scores=aspects)
        scored.append(
            to_result(
                place,
                scores=scores,
                composite=evaluation.composite(
                    scores, requested, reviewed=bool(reviews[hit.place.id])
                ),
                summary=quote,
                why=hit.why,
            )
        )
    if not product.chain.is_offline:
        judged = await model_tasks.evaluate(
            product.chain, scored, reviews, profile, decomposition.vector_query
        )
        record.fallbacks.extend(judged.fallbacks)
        scored = [
            _recomposed(model_tasks.apply_evaluation(r, judged.value), requested, reviews)
            for r in scored
        ]
    order = evaluation.blended_order([r.composite_score or 0.0 for r in scored])
    chosen = [scored[i] for i in order[:ANSWER_TOP]]

    yield Thinking(step="checking_allergies", message="Checking every place against your allergies")
    by_id = {r.id: r for r in chosen}
    verdict = guard([records[r.id] for r in chosen], profile, hard)
    safe = [annotate(by_id[g.item.place.id], g.assessment) for g in verdict.safe]
    flagged = [annotate(by_id[g.item.place.id], g.assessment) for g in verdict.flagged]
    ui_type = decomposition.ui_preference
    if ui_type == "text":
        ui_type = "restaurant_list"
    cited = [rid for r in safe + flagged if r.summary for rid in r.summary.review_ids]
    message = phrasing.answer_message(
        request=request_text,
        safe=safe,
        flagged=flagged,
        hard_excluded=hard,
        relaxed=relaxed,
        assumptions=decomposition.assumptions,
        requested=sorted(requested),
        contradicted_below=evaluation.CONTRADICTED_BELOW,
    )
    if not product.chain.is_offline:
        phrased = await model_tasks.phrase(product.chain, message, safe + flagged, profile)
        record.fallbacks.extend(phrased.fallbacks)
        message = phrased.value.message
    record.payload = GenerativeUIPayload(
        ui_type=ui_type,
        message=message,
        restaurants=safe,
        flagged_restaurants=flagged,
        has_allergy_warnings=verdict.has_any_warnings,
        hard_excluded_allergens=list(verdict.hard_excluded_allergens),
        relaxed_filters=relaxed,
        assumptions=decomposition.assumptions,
        cited_review_ids=cited,
        turn_id=record.turn_id,
    )
    yield Result(payload=record.payload)


def _recomposed(
    result: RestaurantResult, requested: set[str], reviews: dict[int, list[ReviewText]]
) -> RestaurantResult:
    if result.scores is None:
        return result
    value = evaluation.composite(result.scores, requested, reviewed=bool(reviews[result.id]))
    return result.model_copy(update={"composite_score": value})
