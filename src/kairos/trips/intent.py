"""Intent classification (seed 003, stage 2): discovery, refine_trip_day or enrich_petal.

Rules first: whole-word cues (`data/intent_cues.toml`) give each intent a score, and the
pieces a message names weigh in (a day of the trip and a change → a refinement; a question's
frame with a named place → enrichment; a city, a length, activities → discovery). When the
rules are sure (`SURE_SCORE`, `SURE_MARGIN`) that is the answer. Otherwise, with an embedder,
the message is compared to a few prototype sentences per intent (MiniLM, cosine) and both
readings are blended; without one, the rules' best guess stands with a lower confidence.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

import numpy as np
from pydantic import BaseModel

from kairos.text.embedding_provider import F32, EmbeddingProvider
from kairos.trips.intent_cues import cues, tokens
from kairos.trips.intent_parts import (
    ChangeKind,
    DayRef,
    FoundChange,
    day_reference,
    find_change,
    find_petal,
)
from kairos.trips.intent_request import (
    IntentFilters,
    IntentRequest,
    Near,
    normalise,
    text_filters,
)

__all__ = [
    "INTENTS",
    "DayChange",
    "Intent",
    "IntentEntities",
    "IntentFilters",
    "IntentRequest",
    "IntentType",
    "Near",
    "TripWindow",
    "classify",
    "normalise",
    "text_filters",
]

IntentType = Literal["discovery", "refine_trip_day", "enrich_petal"]
INTENTS: Final[tuple[IntentType, ...]] = ("discovery", "refine_trip_day", "enrich_petal")

SURE_SCORE: Final = 2.0
SURE_MARGIN: Final = 1.5
"""The rules decide alone when the best intent scores at least 2 and leads by 1.5: a strong cue
and nothing against it, or a cue plus a piece (a day, a named place, a city and a length)."""
RULE_TEMPERATURE: Final = 1.0
EMBED_TEMPERATURE: Final = 0.05
"""Softmax temperatures turning rule scores and cosine similarities into shares; cosines of
MiniLM prototypes differ by a few hundredths, hence the small one."""
EMBED_WEIGHT: Final = 0.4
"""Share of the embedding reading in the blend when the rules are unsure."""


@dataclass(frozen=True)
class TripWindow:
    """The active trip's dates, so "tomorrow", "saturday" or "the last day" become a day index."""

    start: date
    days: int


class IntentEntities(BaseModel):
    locations: list[str] = []
    temporal: list[str] = []
    categories: list[str] = []


class DayChange(BaseModel):
    kind: ChangeKind | None = None
    """None: the message asks to change a day without saying how."""
    target: str | None = None
    stop: str | None = None
    phrase: str | None = None


class Intent(BaseModel):
    intent_type: IntentType
    confidence: float
    method: Literal["rules", "embedding", "default"]
    entities: IntentEntities
    scores: dict[str, float]
    day_index: int | None = None
    """1-based, as the traveller counts ("day 2", "the second day", "tomorrow" on a trip)."""
    day_date: date | None = None
    last_day: bool = False
    change: DayChange | None = None
    petal: str | None = None
    """The place an enrichment question names, as written."""


@dataclass(frozen=True)
class _Parts:
    day: DayRef | None
    change: FoundChange | None
    petal: str | None


def _rule_scores(
    request: IntentRequest, words: list[str], trip: TripWindow | None
) -> tuple[dict[str, float], _Parts]:
    table = cues()
    scores: dict[str, float] = {
        name: sum(float(hit.value) for hit in table.intent[name].find(words)) for name in INTENTS
    }
    said = request.text_filters
    day = day_reference(
        words,
        today=request.today,
        trip_start=trip.start if trip else None,
        trip_days=trip.days if trip else None,
    )
    change = find_change(words, request.raw_text)
    petal = find_petal(request.raw_text)
    on_trip = request.trip_id is not None or trip is not None
    if day is not None and day.explicit:
        scores["refine_trip_day"] += 3.0
    elif day is not None and on_trip and change is not None:
        scores["refine_trip_day"] += 1.5
    if change is not None:
        scores["refine_trip_day"] += 2.0 if change.strong else 0.5
        if on_trip:
            scores["refine_trip_day"] += 0.5
    if petal is not None:
        scores["enrich_petal"] += 2.0
        if said.city and said.city.lower() in petal.lower():
            scores["discovery"] -= 1.0
    else:
        # a question's frame with no place named is more often a search ("what's open in …")
        scores["enrich_petal"] *= 0.5
    if said.city:
        scores["discovery"] += 1.0
    if said.days:
        scores["discovery"] += 1.5
    if said.tags and petal is None:
        scores["discovery"] += 0.5
    if said.companions or said.pace or said.budget:
        scores["discovery"] += 0.5
    return scores, _Parts(day, change, petal)


def _softmax(values: list[float], temperature: float) -> list[float]:
    top = max(values)
    exps = [math.exp((v - top) / temperature) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


_prototype_lock = threading.Lock()
_prototype_cache: dict[tuple[int, str], tuple[F32, list[int]]] = {}


def _prototypes(embedder: EmbeddingProvider) -> tuple[F32, list[int]]:
    """The prototype sentences' vectors (embedded once per provider) and each one's intent."""
    key = (id(embedder), embedder.name)
    with _prototype_lock:
        found = _prototype_cache.get(key)
        if found is None:
            sentences: list[str] = []
            owners: list[int] = []
            for i, name in enumerate(INTENTS):
                for sentence in cues().prototypes[name]:
                    sentences.append(sentence)
                    owners.append(i)
            found = (embedder.embed(sentences), owners)
            _prototype_cache[key] = found
        return found


def _embedding_shares(text: str, embedder: EmbeddingProvider) -> list[float]:
    vectors, owners = _prototypes(embedder)
    similarity = vectors @ embedder.embed_one(text)
    best = [-1.0] * len(INTENTS)
    for owner, value in zip(owners, similarity.tolist(), strict=True):
        best[owner] = max(best[owner], float(value))
    return _softmax(best, EMBED_TEMPERATURE)


def classify(
    request: IntentRequest,
    *,
    embedder: EmbeddingProvider | None = None,
    trip: TripWindow | None = None,
) -> Intent:
    """The request's intent with its entities; rules alone unless they are unsure and an
    embedder is given. Deterministic for one request, trip and embedder."""
    words = tokens(request.raw_text)
    scores, parts = _rule_scores(request, words, trip)
    ranked = sorted(INTENTS, key=lambda n: (-scores[n], INTENTS.index(n)))
    best, second = ranked[0], ranked[1]
    margin = scores[best] - scores[second]
    shares = _softmax([scores[n] for n in INTENTS], RULE_TEMPERATURE)
    method: Literal["rules", "embedding", "default"] = "rules"
    if scores[best] >= SURE_SCORE and margin >= SURE_MARGIN:
        chosen, confidence = best, shares[INTENTS.index(best)]
    elif embedder is not None and request.raw_text.strip():
        reading = _embedding_shares(request.raw_text, embedder)
        blend = [
            (1 - EMBED_WEIGHT) * r + EMBED_WEIGHT * e for r, e in zip(shares, reading, strict=True)
        ]
        index = int(np.argmax(blend))
        chosen, confidence, method = INTENTS[index], blend[index], "embedding"
    elif scores[best] > 0:
        chosen, confidence = best, shares[INTENTS.index(best)] * 0.8
    else:
        chosen, confidence, method = "discovery", 0.34, "default"
    return _intent(request, chosen, confidence, method, scores, parts)


def _intent(
    request: IntentRequest,
    chosen: IntentType,
    confidence: float,
    method: Literal["rules", "embedding", "default"],
    scores: dict[str, float],
    parts: _Parts,
) -> Intent:
    said: IntentFilters = request.text_filters
    day, change, petal = parts.day, parts.change, parts.petal
    locations = [said.city] if said.city else []
    if petal is not None and chosen == "enrich_petal":
        locations.append(petal)
    filters = request.filters
    temporal = [t for t in (day.text if day else None,) if t]
    if filters.start:
        temporal.append(filters.start.isoformat())
    if filters.days:
        temporal.append(f"{filters.days} days")
    entities = IntentEntities(locations=locations, temporal=temporal, categories=filters.tags)
    intent = Intent(
        intent_type=chosen,
        confidence=round(confidence, 3),
        method=method,
        entities=entities,
        scores={k: round(v, 2) for k, v in scores.items()},
    )
    if chosen == "refine_trip_day":
        intent.day_index = day.index if day else None
        intent.day_date = day.date if day else None
        intent.last_day = bool(day and day.last)
        intent.change = DayChange(
            kind=change.kind if change else None,
            target=change.target if change else None,
            stop=change.stop if change else None,
            phrase=change.phrase if change else None,
        )
    elif chosen == "enrich_petal":
        intent.petal = petal
    return intent
