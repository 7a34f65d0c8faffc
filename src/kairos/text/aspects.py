"""Review-derived aspect scores: the radar of the chat pipeline's evaluation step (seed 000 §5).

Scores are built from sentences diners wrote, so every number can cite the reviews behind it, and
no model is needed: a lexicon (`aspect_lexicon.py`) read sentence by sentence with negation
("not romantic", "wasn't loud", "hard to hear"), intensity ("too noisy") and hypotheticals ("if
you want quiet, ...") handled, general opinion words attached to the nearest target ("the prices
were fair" → value), ratings for food quality, and optionally the price tier for value.

Evidence is pooled per review (a gushing review counts once, capped at `REVIEW_CAP`), then turned
into a 0–10 score with a Beta prior centred on 5: a place nobody talks about scores a neutral 5 with
zero confidence instead of an extreme score from one sentence.

Review embeddings are an optional extra input (`review_vectors` + `prototypes`), because embedding
a city's reviews takes minutes; the lexicon path alone gives a complete answer.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from kairos.text import aspect_lexicon as lex

AspectName = Literal[
    "romance",
    "noise_level",
    "food_quality",
    "vegan_options",
    "value_for_money",
    "group_friendly",
    "kid_friendly",
    "classy",
    "casual",
    "trendy",
    "divey",
    "service",
]

NEUTRAL = 5.0
# Readings of opinion words attached to no target ("Loved it!") carry this aspect name.
GENERAL = "general"
# Pseudo-mentions on each side of the Beta prior: one explicit mention moves a score 5 → 6.7.
PRIOR_STRENGTH = 1.0
# Evidence mass at which confidence reaches one half (about three explicit mentions).
CONFIDENCE_HALF = 3.0
# One review's net say on one aspect, whatever its length.
REVIEW_CAP = 1.5
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
# Sentences whose readings are remembered (about 300 bytes each).
SENTENCE_CACHE_SIZE = 50_000
# Evidence sentences kept per aspect (strongest first).
MAX_EVIDENCE = 6
# Embedding path: cosine similarity to an aspect prototype above the centre is weak evidence.
EMBED_CENTER = 0.30
EMBED_SPREAD = 0.15
EMBED_WEIGHT = 0.5


class ReviewText(BaseModel):
    """One review as the scorer sees it; `rating` on a 1–5 scale when known."""

    model_config = ConfigDict(frozen=True)

    id: str
    text: str
    rating: float | None = None


class Evidence(BaseModel):
    """A real review sentence behind a score; `weight` is its signed say (+ raises the score)."""

    review_id: str
    sentence: str
    weight: float


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


_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n")
_TOKEN_RE = re.compile(r"\$+|[^\W_]+|[,;:]")


def split_sentences(text: str) -> list[str]:
    """Sentences as written (for quoting); empty pieces dropped."""
    return [s.strip() for s in _SENTENCE_RE.split(text) if s and s.strip()]


def tokenize(sentence: str) -> list[str]:
    """Lower-case word tokens (apostrophes dropped, hyphens split) plus clause punctuation."""
    return _TOKEN_RE.findall(sentence.lower().replace("'", "").replace("\u2019", ""))


@dataclass(frozen=True, slots=True)
class _Entry:
    cues: tuple[tuple[str, float], ...]
    cue_aspects: frozenset[str]
    targets: tuple[str, ...]
    sentiment: float
    opinion: bool  # general sentiment, or a word with a target-specific reading


@cache
def _phrase_index() -> tuple[dict[str, _Entry], dict[str, int]]:
    """Every lexicon phrase → what it means, plus the longest phrase starting with each word."""
    cues: dict[str, list[tuple[str, float]]] = {}
    targets: dict[str, list[str]] = {}
    for aspect, table in lex.CUES.items():
        for phrase, weight in table.items():
            cues.setdefault(phrase, []).append((aspect, weight))
    for aspect, words in lex.TARGETS.items():
        for phrase in words:
            targets.setdefault(phrase, []).append(aspect)
    targeted = {p for table in lex.TARGET_SENTIMENT.values() for p in table}
    phrases = set(cues) | set(targets) | set(lex.SENTIMENT) | targeted
    index = {
        p: _Entry(
            tuple(cues.get(p, ())),
            frozenset(a for a, _ in cues.get(p, ())),
            tuple(sorted(targets.get(p, ()))),
            lex.SENTIMENT.get(p, 0.0),
            p in lex.SENTIMENT or p in targeted,
        )
        for p in phrases
    }
    return index, _longest(phrases)


def _longest(phrases: Iterable[str]) -> dict[str, int]:
    """First word → length in words of the longest phrase it starts."""
    longest: dict[str, int] = {}
    for p in phrases:
        first, *rest = p.split(" ")
        longest[first] = max(longest.get(first, 0), 1 + len(rest))
    return longest


@cache
def _crowd_index() -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """Crowd phrases get their own index so they never shadow an aspect phrase."""
    segments: dict[str, list[str]] = {}
    for segment, words in lex.CROWD_CUES.items():
        for phrase in words:
            segments.setdefault(phrase, []).append(segment)
    return {p: tuple(sorted(s)) for p, s in segments.items()}, _longest(segments)


# (start, phrase, entry, clause index, clause start, position of the last "if"-like word)
_Match = tuple[int, str, _Entry, int, int, int]


@cache
def _watched() -> frozenset[str]:
    """Words the scanner must stop at: phrase starts, clause breaks, hypothetical markers."""
    return frozenset(_phrase_index()[1]) | lex.CLAUSE_BREAKS | lex.HYPOTHETICAL_MARKERS


def _matches(tokens: Sequence[str]) -> list[_Match]:
    """Greedy longest-phrase matches, left to right, with the clause each one sits in.

    Only watched words are visited (a C-speed comprehension finds them), which keeps the scan
    near the cost of tokenising: most words of a review start no phrase.
    """
    index, longest = _phrase_index()
    breaks, markers, watched = lex.CLAUSE_BREAKS, lex.HYPOTHETICAL_MARKERS, _watched()
    out: list[_Match] = []
    clause, clause_start, last_marker, free, n = 0, 0, -1, 0, len(tokens)
    for i in [i for i, w in enumerate(tokens) if w in watched]:
        if i < free:
            continue
        word = tokens[i]
        if word in breaks:
            clause, clause_start = clause + 1, i + 1
        elif word in markers:
            last_marker = i
        for length in range(min(longest.get(word, 0), n - i), 0, -1):
            phrase = word if length == 1 else " ".join(tokens[i : i + length])
            entry = index.get(phrase)
            if entry is not None:
                out.append((i, phrase, entry, clause, clause_start, last_marker))
                free = i + length
                break
    return out


def _negated(tokens: Sequence[str], start: int, clause_start: int) -> bool:
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


@lru_cache(maxsize=SENTENCE_CACHE_SIZE)
def _read(sentence: str) -> tuple[_Reading, ...]:
    """All readings of one sentence; cached because chat turns re-score the same places."""
    tokens = tokenize(sentence)
    if not tokens:
        return ()
    question = QUESTION_FACTOR if sentence.rstrip().endswith("?") else 1.0
    out: list[_Reading] = []
    targets: list[tuple[int, int, str]] = []
    opinions: list[tuple[int, int, str, _Entry, float, bool, float]] = []
    for start, phrase, entry, clause, clause_start, marker in _matches(tokens):
        if entry.cues or entry.opinion:
            negated = _negated(tokens, start, clause_start)
            intensity = 1.0
            if not negated and start > clause_start:
                pair = (
                    f"{tokens[start - 2]} {tokens[start - 1]}" if start - 2 >= clause_start else ""
                )
                intensity = lex.INTENSIFIERS.get(pair) or lex.INTENSIFIERS.get(
                    tokens[start - 1], 1.0
                )
            scale = question * (HYPOTHETICAL_FACTOR if marker >= clause_start else 1.0)
            for aspect, weight in entry.cues:
                out.append(
                    (aspect, _signed(weight, intensity, negated) * scale, abs(weight), "cue")
                )
            if entry.opinion:
                opinions.append((start, clause, phrase, entry, intensity, negated, scale))
        for aspect in entry.targets:
            targets.append((start, clause, aspect))
            out.append((aspect, 0.0, 0.0, "target"))
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
        if not value:
            continue
        weight = _signed(value, intensity, negated) * scale * TARGET_SENTIMENT_WEIGHT
        out.append((best, weight, abs(value), "opinion"))
    return tuple(out)


def analyse_sentence(sentence: str) -> list[Mention]:
    """Every aspect reading of one sentence: the machinery shared by the radar and the ABSA eval."""
    return [Mention(a, w, s, k) for a, w, s, k in _read(sentence)]  # type: ignore[arg-type]


def crowd_mentions(sentence: str) -> set[str]:
    """Crowd segments (couples, families, groups, students, business) a sentence names."""
    index, longest = _crowd_index()
    tokens = tokenize(sentence)
    found: set[str] = set()
    i, n = 0, len(tokens)
    while i < n:
        for length in range(min(longest.get(tokens[i], 0), n - i), 0, -1):
            segments = index.get(" ".join(tokens[i : i + length]))
            if segments:
                found.update(segments)
                i += length - 1
                break
        i += 1
    return found


# (signed weight, review index, sentence index, review id, sentence)
_Candidate = tuple[float, int, int, str, str]


def _finish(positive: float, negative: float, candidates: list[_Candidate]) -> AspectScore:
    """Beta-prior mean on 0–10 plus the strongest evidence (ties: earlier review, sentence)."""
    total = positive + negative
    value = 10.0 * (positive + PRIOR_STRENGTH) / (total + 2.0 * PRIOR_STRENGTH)
    best = heapq.nsmallest(MAX_EVIDENCE, candidates, key=lambda c: (-abs(c[0]), c[1], c[2]))
    return AspectScore(
        value=round(value, 1),
        confidence=round(total / (total + CONFIDENCE_HALF), 3),
        evidence=[Evidence(review_id=c[3], sentence=c[4], weight=round(c[0], 3)) for c in best],
    )


def score_aspects(
    reviews: Sequence[ReviewText],
    *,
    review_vectors: np.ndarray | None = None,
    prototypes: Mapping[str, np.ndarray] | None = None,
    price_level: int | None = None,
) -> AspectScores:
    """Score one place from its reviews; deterministic for the same input.

    `review_vectors` (n × d, L2-normalised, one row per review in order) with `prototypes`
    (aspect → unit vector, see `aspect_prototypes`) add weak semantic evidence; `price_level`
    (1–4) adds pseudo-evidence to value. Both are optional and off in the aspects evaluation,
    which must score from review texts alone.
    """
    if review_vectors is not None and len(review_vectors) != len(reviews):
        raise ValueError(f"{len(review_vectors)} review vectors for {len(reviews)} reviews")
    positive = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
    negative = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
    candidates: dict[str, list[_Candidate]] = {a: [] for a in lex.ALL_ASPECTS}
    for r_index, review in enumerate(reviews):
        per_review = dict.fromkeys(lex.ALL_ASPECTS, 0.0)
        for s_index, sentence in enumerate(dict.fromkeys(split_sentences(review.text))):
            per_sentence: dict[str, float] = {}
            for aspect, weight, _, _ in _read(sentence):
                if weight and aspect in per_review:
                    per_sentence[aspect] = per_sentence.get(aspect, 0.0) + weight
            for aspect, weight in per_sentence.items():
                per_review[aspect] += weight
                candidates[aspect].append((weight, r_index, s_index, review.id, sentence))
        if review.rating is not None:
            per_review["food_quality"] += RATING_WEIGHT * (review.rating - 3.0) / 2.0
        if review_vectors is not None and prototypes:
            for aspect, proto in prototypes.items():
                sim = float(review_vectors[r_index] @ proto)
                shift = max(-1.0, min(1.0, (sim - EMBED_CENTER) / EMBED_SPREAD))
                per_review[aspect] += EMBED_WEIGHT * shift
        for aspect, total in per_review.items():
            capped = max(-REVIEW_CAP, min(REVIEW_CAP, total))
            if capped > 0:
                positive[aspect] += capped
            else:
                negative[aspect] -= capped
    if price_level in PRICE_TIER_EVIDENCE:
        tier = PRICE_TIER_EVIDENCE[price_level]
        positive["value_for_money"] += max(tier, 0.0)
        negative["value_for_money"] += max(-tier, 0.0)
    return AspectScores.model_validate(
        {a: _finish(positive[a], negative[a], candidates[a]) for a in lex.ALL_ASPECTS}
    )
