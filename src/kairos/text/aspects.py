"""Review-derived aspect scores: the radar of the chat pipeline's evaluation step (seed 000 §5).

Scores are built from sentences diners wrote, so every number can cite the reviews behind it, and
no model is needed: a lexicon (`aspect_lexicon.py`) read sentence by sentence with negation
("not romantic", "wasn't loud", "hard to hear"), intensity ("too noisy") and hypotheticals ("if
you want quiet, ...") handled, general opinion words attached to the nearest target ("the prices
were fair" → value), ratings for food quality, and optionally the price tier for value.

Evidence is pooled per review (a gushing review counts once, capped at `REVIEW_CAP`), then turned
into a 0–10 score with a Beta prior centred on 5: a place nobody talks about scores a neutral 5 with
zero confidence instead of an extreme score from one sentence. Explicit statements ("too loud")
and topic proxies (taps and a DJ say "bar", so "not quiet") are kept apart: proxies move a score a
little, barely raise its confidence, and are never quoted as the reason for it.

Review embeddings are an optional extra input (`review_vectors` + `prototypes`), because embedding
a city's reviews takes minutes; the lexicon path alone gives a complete answer.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from kairos.text import aspect_lexicon as lex
from kairos.text.aspect_reading import (
    PROXY_LIMIT,
    SENTENCE_BREAK,
    Mention,
    analyse_sentence,
    sentence_readings,
    split_sentences,
    tokenize,
)

__all__ = [
    "NEUTRAL",
    "PROXY_LIMIT",
    "AspectScore",
    "AspectScores",
    "Evidence",
    "Mention",
    "ReviewText",
    "analyse_sentence",
    "score_aspects",
    "split_sentences",
    "tokenize",
]

NEUTRAL = 5.0
# Pseudo-mentions on each side of the Beta prior: one explicit mention moves a score 5 → 6.7.
PRIOR_STRENGTH = 1.0
# Evidence mass at which confidence reaches one half (about three explicit statements).
CONFIDENCE_HALF = 3.0
# One review's net say on one aspect, whatever its length: explicit statements, then topic
# proxies (capped lower, so "bagels" never outweighs "quiet"); proxies count this much towards
# confidence, which should mean "diners said so".
REVIEW_CAP = 1.5
PROXY_REVIEW_CAP = 0.5
PROXY_SUPPORT = 0.25
# Star ratings feed food quality: a 5★ review adds +RATING_WEIGHT, a 1★ review −RATING_WEIGHT.
RATING_WEIGHT = 0.6
# Optional price-tier pseudo-evidence for value (1 = cheapest tier, 4 = priciest).
PRICE_TIER_EVIDENCE = {1: 1.5, 2: 0.5, 3: -0.5, 4: -1.5}
# Reviews whose readings are remembered (a few kB each): a chat turn re-scores the same places.
REVIEW_CACHE_SIZE = 8_192
# Evidence sentences kept per aspect (strongest first).
MAX_EVIDENCE = 6
# Embedding path: a review close to an aspect's description (`lex.aspect_prototypes`) adds up to
# this much proxy evidence; positive only, since not resembling "romantic" says little.
EMBED_WEIGHT = 0.5


class ReviewText(BaseModel):
    """One review as the scorer sees it; `rating` on a 1–5 scale when known."""

    model_config = ConfigDict(frozen=True)

    id: str
    text: str
    rating: float | None = None


class Evidence(BaseModel):
    """A real review sentence behind a score; `weight` is its signed say (+ raises the score),
    `explicit` whether it states the aspect outright rather than hinting at it through a topic
    proxy (only explicit sentences are quoted as reasons)."""

    review_id: str
    sentence: str
    weight: float
    explicit: bool


class AspectScore(BaseModel):
    value: float = Field(ge=0.0, le=10.0, description="0–10, one decimal; 5 = no evidence")
    confidence: float = Field(ge=0.0, le=1.0, description="0 = nobody talks about it")
    evidence: list[Evidence] = Field(default_factory=list)


class AspectScores(BaseModel):
    """All aspects of one place. `noise_level` is quietness: 10 = silent (seed 000 §5 Step 4)."""

    romance: AspectScore
    noise_level: AspectScore
    food_quality: AspectScore
    vegan_options: AspectScore
    value_for_money: AspectScore
    group_friendly: AspectScore
    kid_friendly: AspectScore
    classy: AspectScore
    casual: AspectScore
    trendy: AspectScore
    divey: AspectScore
    service: AspectScore

    def get(self, aspect: str) -> AspectScore:
        if aspect not in lex.ALL_ASPECTS:
            raise KeyError(f"unknown aspect {aspect!r}; known: {', '.join(lex.ALL_ASPECTS)}")
        score: AspectScore = getattr(self, aspect)
        return score

    def items(self) -> Iterator[tuple[str, AspectScore]]:
        for aspect in lex.ALL_ASPECTS:
            yield aspect, self.get(aspect)

    def radar(self) -> dict[str, float]:
        """The five radar dimensions of the chat payload."""
        return {aspect: self.get(aspect).value for aspect in lex.RADAR_ASPECTS}


_RADAR_SET = frozenset(lex.ALL_ASPECTS)


# (aspect, net weight, weight of explicit statements) of one sentence, radar aspects only.
_SentenceSum = tuple[str, float, float]


@lru_cache(maxsize=REVIEW_CACHE_SIZE)
def _read_review(text: str) -> tuple[tuple[str, tuple[_SentenceSum, ...]], ...]:
    """(sentence, per-aspect sums) of one review, tokenised in one pass; cached because chat
    turns re-score the same places."""
    sentences = list(dict.fromkeys(split_sentences(text)))
    tokens = tokenize(SENTENCE_BREAK.join(s.replace(SENTENCE_BREAK, " ") for s in sentences))
    out = []
    for sentence, readings in zip(
        sentences, sentence_readings(tokens, [s.endswith("?") for s in sentences]), strict=True
    ):
        sums: dict[str, list[float]] = {}
        for aspect, weight, strength, kind in readings:
            if weight and aspect in _RADAR_SET:
                pair = sums.setdefault(aspect, [0.0, 0.0])
                pair[0] += weight
                if kind != "cue" or strength >= PROXY_LIMIT:
                    pair[1] += weight
        if sums:
            out.append((sentence, tuple((a, t, e) for a, (t, e) in sums.items())))
    return tuple(out)


# (signed weight, explicit, review index, sentence index, review id, sentence)
_Candidate = tuple[float, bool, int, int, str, str]


def _finish(
    positive: float, negative: float, support: float, candidates: list[_Candidate]
) -> AspectScore:
    """Beta-prior mean on 0–10, confidence from the evidence mass, and the strongest evidence
    (ties: earlier review, then earlier sentence)."""
    value = 10.0 * (positive + PRIOR_STRENGTH) / (positive + negative + 2.0 * PRIOR_STRENGTH)
    best = heapq.nsmallest(
        MAX_EVIDENCE, candidates, key=lambda c: (not c[1], -abs(c[0]), c[2], c[3])
    )
    return AspectScore(
        value=round(value, 1),
        confidence=round(support / (support + CONFIDENCE_HALF), 3),
        evidence=[
            Evidence(review_id=c[4], sentence=c[5], weight=round(c[0], 3), explicit=c[1])
            for c in best
        ],
    )


def score_aspects(
    reviews: Sequence[ReviewText],
    *,
    review_vectors: np.ndarray | None = None,
    prototypes: Mapping[str, lex.Prototype] | None = None,
    price_level: int | None = None,
) -> AspectScores:
    """Score one place from its reviews; deterministic for the same input.

    `review_vectors` (n × d, L2-normalised, one row per review in order) with `prototypes`
    (from `aspect_lexicon.aspect_prototypes`) add weak semantic evidence; `price_level`
    (1–4) adds pseudo-evidence to value. Both are optional and off in the aspects evaluation,
    which must score from review texts alone.
    """
    if review_vectors is not None and len(review_vectors) != len(reviews):
        raise ValueError(f"{len(review_vectors)} review vectors for {len(reviews)} reviews")
    if prototypes and (unknown := set(prototypes) - set(lex.ALL_ASPECTS)):
        raise ValueError(f"prototypes for unknown aspects {sorted(unknown)}")
    positive = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
    negative = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
    support = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
    candidates: dict[str, list[_Candidate]] = {a: [] for a in lex.ALL_ASPECTS}
    for r_index, review in enumerate(reviews):
        explicit: dict[str, float] = {}
        proxy: dict[str, float] = {}
        for s_index, (sentence, sums) in enumerate(_read_review(review.text)):
            for aspect, total, said in sums:
                explicit[aspect] = explicit.get(aspect, 0.0) + said
                proxy[aspect] = proxy.get(aspect, 0.0) + total - said
                is_stated = said * total > 0
                candidates[aspect].append((total, is_stated, r_index, s_index, review.id, sentence))
        if review.rating is not None:
            rating = RATING_WEIGHT * (review.rating - 3.0) / 2.0
            explicit["food_quality"] = explicit.get("food_quality", 0.0) + rating
        if review_vectors is not None and prototypes:
            for aspect, proto in prototypes.items():
                sim = float(review_vectors[r_index] @ proto.vector)
                closeness = min(1.0, (sim - proto.center) / (proto.top - proto.center))
                if closeness > 0:
                    proxy[aspect] = proxy.get(aspect, 0.0) + EMBED_WEIGHT * closeness
        for aspect in explicit.keys() | proxy.keys():
            said = max(-REVIEW_CAP, min(REVIEW_CAP, explicit.get(aspect, 0.0)))
            hinted = max(-PROXY_REVIEW_CAP, min(PROXY_REVIEW_CAP, proxy.get(aspect, 0.0)))
            support[aspect] += abs(said) + PROXY_SUPPORT * abs(hinted)
            total = said + hinted
            if total > 0:
                positive[aspect] += total
            else:
                negative[aspect] -= total
    if price_level in PRICE_TIER_EVIDENCE:
        tier = PRICE_TIER_EVIDENCE[price_level]
        positive["value_for_money"] += max(tier, 0.0)
        negative["value_for_money"] += max(-tier, 0.0)
        support["value_for_money"] += PROXY_SUPPORT * abs(tier)
    return AspectScores.model_validate(
        {a: _finish(positive[a], negative[a], support[a], candidates[a]) for a in lex.ALL_ASPECTS}
    )
