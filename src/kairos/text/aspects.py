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
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from kairos.text import aspect_lexicon as lex

NEUTRAL = 5.0
# Readings of opinion words attached to no target ("Loved it!") carry this aspect name.
GENERAL = "general"
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
# Tokens a negator / an intensifier may sit before its cue.
NEGATION_WINDOW = 3
# A negated cue counts this much the other way. Negated complaints are litotes ("not too loud"
# is said of average places, "not bad" of average food), so they flip weakly.
NEGATION_FACTOR = -0.7
NEGATED_COMPLAINT_FACTOR = -0.3
# Lexicon weights below this are topic proxies, not opinions: "no TVs" still says "bar".
PROXY_LIMIT = 0.55
# Cues inside an "if ..." clause or a question are wishes, not observations.
HYPOTHETICAL_FACTOR = 0.3
QUESTION_FACTOR = 0.5
# A general opinion word is attached to a target this close (tokens; a clause break costs 6).
ATTACH_MAX = 8
CLAUSE_PENALTY = 6
TARGET_SENTIMENT_WEIGHT = 0.8
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


@dataclass(frozen=True, slots=True)
class Mention:
    """One reading of a sentence: `kind` "cue" (direct opinion), "opinion" (a general word
    attached to the nearest target, or to `GENERAL` when the sentence names none) or "target"
    (the aspect named, `weight` 0); `strength` is the lexicon weight before negation and
    intensity, which the ABSA evaluation uses to tell opinions from topic proxies."""

    aspect: str
    weight: float
    strength: float
    kind: Literal["cue", "opinion", "target"]


# A full stop after a title or "St." ("the St. Germain spritz") ends no sentence.
_SENTENCE_RE = re.compile(
    r"(?<=[.!?])(?<!\bSt\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bMrs\.)(?<!\bvs\.)"
    r"(?<!\be\.g\.)(?<!\bi\.e\.)\s+|\n"
    # a sentence typed without its space: "a surprise almost every time.We usually have"
    r"|(?<=[a-z][a-z][.!?])(?=[A-Z][a-z])"
)
_SENTENCE_BREAK = "\x00"
_TOKEN_RE = re.compile(r"\w+|\$+|[,;:\x00]")


def split_sentences(text: str) -> list[str]:
    """Sentences as written (for quoting); empty pieces dropped."""
    return [s.strip() for s in _SENTENCE_RE.split(text) if s and s.strip()]


def tokenize(sentence: str) -> list[str]:
    """Lower-case word tokens (apostrophes dropped, hyphens split) plus clause punctuation."""
    return _TOKEN_RE.findall(sentence.lower().replace("'", "").replace("\u2019", ""))


# (start, phrase, entry, sentence index, clause index, clause start, last "if"-like position)
_Match = tuple[int, str, lex.Entry, int, int, int, int]
_SENTENCE, _CLAUSE, _MARKER = 1, 2, 3
# Words the scanner must stop at, and what the special ones do.
_SPECIAL: dict[str, int] = {
    _SENTENCE_BREAK: _SENTENCE,
    **dict.fromkeys(lex.HYPOTHETICAL_MARKERS, _MARKER),
    **dict.fromkeys(lex.CLAUSE_BREAKS, _CLAUSE),
}
_WATCHED = frozenset(lex.ANCHORS) | frozenset(_SPECIAL)
_RADAR_SET = frozenset(lex.ALL_ASPECTS)


def _matches(tokens: Sequence[str]) -> list[_Match]:
    """Greedy longest-phrase matches, left to right, with the sentence and clause of each.

    Only anchor words and breaks are visited (a C-speed comprehension finds them), which keeps
    the scan near the cost of tokenising: most words of a review anchor no phrase.
    """
    index, anchors, special = lex.PHRASES, lex.ANCHORS, _SPECIAL
    out: list[_Match] = []
    sentence, clause, clause_start, last_marker, free, n = 0, 0, 0, -1, 0, len(tokens)
    for i in [i for i, w in enumerate(tokens) if w in _WATCHED]:
        word = tokens[i]
        kind = special.get(word)
        if kind == _SENTENCE:
            sentence, clause, clause_start, last_marker = sentence + 1, 0, i + 1, -1
            continue
        if kind == _CLAUSE:
            clause, clause_start = clause + 1, i + 1
        elif kind == _MARKER:
            last_marker = i
        for offset, size in anchors.get(word, ()):
            start = i - offset
            if start < max(free, clause_start) or start + size > n:
                continue
            phrase = word if size == 1 else " ".join(tokens[start : start + size])
            entry = index.get(phrase)
            if entry is not None:
                out.append((start, phrase, entry, sentence, clause, clause_start, last_marker))
                free = start + size
                break
    return out


def _negated(tokens: Sequence[str], start: int, clause_start: int) -> bool:
    if any(
        tuple(tokens[clause_start : clause_start + len(p)]) == p and clause_start + len(p) <= start
        for p in lex.CLAUSE_NEGATORS
    ):
        return True
    for j in range(start - 1, clause_start - 1, -1):  # "not by any means <phrase>"
        if tokens[j] in lex.NEGATORS and any(
            tuple(tokens[j + 1 : j + 1 + len(f)]) == f
            and 0 <= start - (j + 1 + len(f)) < NEGATION_WINDOW
            for f in lex.NEGATION_FILLERS
        ):
            return True
    for j in range(start - 1, max(clause_start, start - NEGATION_WINDOW) - 1, -1):
        word = tokens[j]
        if word in lex.NEGATORS and tokens[j + 1] not in lex.NEGATION_BREAKERS:
            return True
        if word == "to" and j > clause_start and tokens[j - 1] in lex.NEGATING_BEFORE_TO:
            return True
    return False


def _signed(weight: float, intensity: float, negated: bool) -> float:
    """A lexicon weight in context: intensified, or flipped by a negator (see the factors)."""
    if not negated:
        return weight * intensity
    if abs(weight) < PROXY_LIMIT:
        return weight
    return weight * (NEGATION_FACTOR if weight > 0 else NEGATED_COMPLAINT_FACTOR)


# (aspect, signed weight, lexicon strength, kind) — the tuple form of `Mention`.
_Reading = tuple[str, float, float, str]
# (start, clause, phrase, entry, intensity, negated, scale) of an opinion word awaiting a target.
_Pending = tuple[int, int, str, lex.Entry, float, bool, float]


def _attach(
    opinions: list[_Pending], targets: list[tuple[int, int, str]], out: list[_Reading]
) -> None:
    """Give each opinion word to the nearest target of its sentence (or to GENERAL)."""
    for start, clause, phrase, entry, intensity, negated, scale in opinions:
        best, best_distance = "", ATTACH_MAX + 1
        for t_start, t_clause, t_aspect in targets:
            distance = abs(t_start - start) + CLAUSE_PENALTY * abs(t_clause - clause)
            if distance < best_distance:
                best, best_distance = t_aspect, distance
        if best in entry.cue_aspects:
            continue
        best = best or GENERAL
        value = lex.TARGET_SENTIMENT.get(best, {}).get(phrase, entry.sentiment)
        if value:
            weight = _signed(value, intensity, negated) * scale * TARGET_SENTIMENT_WEIGHT
            out.append((best, weight, abs(value), "opinion"))


def _readings(tokens: Sequence[str], questions: Sequence[bool]) -> list[list[_Reading]]:
    """Readings per sentence of a token stream whose sentences are split by _SENTENCE_BREAK."""
    per_sentence: list[list[_Reading]] = [[] for _ in questions]
    targets: list[tuple[int, int, str]] = []
    opinions: list[_Pending] = []
    current = 0
    for start, phrase, entry, sentence, clause, clause_start, marker in _matches(tokens):
        if sentence != current:
            if opinions:
                _attach(opinions, targets, per_sentence[current])
            targets, opinions, current = [], [], sentence
        out = per_sentence[sentence]
        if entry.cues or entry.opinion:
            negated = _negated(tokens, start, clause_start)
            intensity = 1.0
            if not negated and start > clause_start:
                previous = tokens[start - 1]
                pair = f"{tokens[start - 2]} {previous}" if start - 2 >= clause_start else ""
                intensity = lex.INTENSIFIERS.get(pair) or lex.INTENSIFIERS.get(previous, 1.0)
            scale = HYPOTHETICAL_FACTOR if marker >= clause_start else 1.0
            if questions[sentence]:
                scale *= QUESTION_FACTOR
            if not negated and intensity == scale == 1.0:
                out.extend(entry.readings)
            else:
                for aspect, weight in entry.cues:
                    signed = _signed(weight, intensity, negated) * scale
                    out.append((aspect, signed, abs(weight), "cue"))
            if entry.opinion:
                opinions.append((start, clause, phrase, entry, intensity, negated, scale))
        for aspect in entry.targets:
            targets.append((start, clause, aspect))
            out.append((aspect, 0.0, 0.0, "target"))
    if opinions:
        _attach(opinions, targets, per_sentence[current])
    return per_sentence


# (aspect, net weight, weight of explicit statements) of one sentence, radar aspects only.
_SentenceSum = tuple[str, float, float]


@lru_cache(maxsize=REVIEW_CACHE_SIZE)
def _read_review(text: str) -> tuple[tuple[str, tuple[_SentenceSum, ...]], ...]:
    """(sentence, per-aspect sums) of one review, tokenised in one pass; cached because chat
    turns re-score the same places."""
    sentences = list(dict.fromkeys(split_sentences(text)))
    tokens = tokenize(_SENTENCE_BREAK.join(s.replace(_SENTENCE_BREAK, " ") for s in sentences))
    out = []
    for sentence, readings in zip(
        sentences, _readings(tokens, [s.endswith("?") for s in sentences]), strict=True
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


def analyse_sentence(sentence: str) -> list[Mention]:
    """Every aspect reading of one sentence: the machinery shared by the radar and the ABSA eval."""
    readings = _readings(
        tokenize(sentence.replace(_SENTENCE_BREAK, " ")), [sentence.rstrip().endswith("?")]
    )
    return [Mention(a, w, s, k) for a, w, s, k in readings[0]]  # type: ignore[arg-type]


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
