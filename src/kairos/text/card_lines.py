"""The card's lines about a place beyond its summary quote: highlights (the strongest aspects,
each with a supporting sentence), best-for / avoid-if lines (a documented rule filled with a
score) and the crowd profile (who reviewers say they came with)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from kairos.text import aspect_lexicon as lex
from kairos.text.aspect_reading import split_sentences, tokenize
from kairos.text.aspects import AspectScore, AspectScores, ReviewText, score_aspects
from kairos.text.claims import supports
from kairos.text.quoting import MIN_QUOTE_CHARS, trim

# A highlight needs this much confidence and a score this far from the neutral 5.
HIGHLIGHT_MIN_CONFIDENCE = 0.25
HIGHLIGHT_MIN_DISTANCE = 1.0
# best_for / avoid_if need this confidence and at least one explicit supporting sentence.
RULE_MIN_CONFIDENCE = 0.3
# A crowd segment is reported once this many reviews mention it.
CROWD_MIN_REVIEWS = 2

ASPECT_LABELS = {
    "romance": "romance",
    "noise_level": "quietness",
    "food_quality": "food quality",
    "vegan_options": "vegan options",
    "value_for_money": "value for money",
    "group_friendly": "group-friendliness",
    "kid_friendly": "kid-friendliness",
    "classy": "classiness",
    "casual": "casualness",
    "trendy": "trendiness",
    "divey": "diviness",
    "service": "service",
}
# (aspect, ">=" or "<=", threshold, phrase): documented rules, applied in this order.
BEST_FOR_RULES: tuple[tuple[str, str, float, str], ...] = (
    ("romance", ">=", 7.0, "Date night"),
    ("noise_level", ">=", 7.0, "A quiet conversation"),
    ("food_quality", ">=", 8.0, "Food lovers"),
    ("vegan_options", ">=", 7.0, "Vegans and vegetarians"),
    ("value_for_money", ">=", 7.0, "Eating well on a budget"),
    ("group_friendly", ">=", 7.0, "Groups"),
    ("kid_friendly", ">=", 7.0, "Families with kids"),
    ("classy", ">=", 7.0, "A special occasion"),
    ("casual", ">=", 7.0, "A casual meal"),
    ("trendy", ">=", 7.0, "A trendy night out"),
    ("service", ">=", 8.0, "Attentive service"),
)
AVOID_IF_RULES: tuple[tuple[str, str, float, str], ...] = (
    ("noise_level", "<=", 3.5, "You want a quiet conversation"),
    ("romance", "<=", 3.0, "You want a romantic setting"),
    ("food_quality", "<=", 4.0, "Food quality matters most"),
    ("vegan_options", "<=", 3.0, "You need vegan options"),
    ("value_for_money", "<=", 3.5, "You are on a tight budget"),
    ("group_friendly", "<=", 3.0, "You are a large group"),
    ("kid_friendly", "<=", 3.0, "You are bringing small children"),
    ("divey", ">=", 7.0, "You want somewhere polished"),
    ("service", "<=", 3.5, "You need attentive service"),
)

CrowdName = Literal["couples", "families", "groups", "students", "business"]


class Highlight(BaseModel):
    text: str
    review_id: str
    aspect: str


class RuleLine(BaseModel):
    """A best-for / avoid-if line: a template filled by a score and its threshold."""

    text: str
    aspect: str
    score: float
    rule: str
    review_ids: list[str]


class CrowdSegment(BaseModel):
    segment: CrowdName
    reviews: int
    share: float
    review_ids: list[str]
    example: str
    example_review_id: str


class CrowdProfile(BaseModel):
    text: str
    reviews_read: int
    segments: list[CrowdSegment]


def crowd_mentions(sentence: str) -> set[str]:
    """Crowd segments (couples, families, groups, students, business) a sentence names."""
    tokens = tokenize(sentence)
    found: set[str] = set()
    i, n = 0, len(tokens)
    while i < n:
        step = 1
        for size in lex.CROWD_LENGTHS.get(tokens[i], ()):
            segments = lex.CROWD_PHRASES.get(" ".join(tokens[i : i + size]))
            if segments and i + size <= n:
                found.update(segments)
                step = size
                break
        i += step
    return found


def _direction(score: AspectScore) -> int:
    return 1 if score.value >= 5.0 else -1


def _supporting(aspect: str, score: AspectScore) -> list[tuple[str, str]]:
    """(review id, sentence) of explicit evidence that backs the score, strongest first;
    topic proxies (a wine list, a pizza) move a score but are never quoted as its reason, nor
    is a sentence that concedes or rations the aspect (`text/claims`). Whitespace runs are
    shown as one space."""
    sign = _direction(score)
    return [
        (e.review_id, " ".join(e.sentence.split()))
        for e in score.evidence
        if e.explicit and supports(aspect, e.sentence, e.weight, sign)
    ]


def highlights(
    reviews: Sequence[ReviewText], scores: AspectScores | None = None, *, limit: int = 4
) -> list[Highlight]:
    """The strongest, most confident aspects, each with its best supporting sentence."""
    scores = scores or score_aspects(reviews)
    ranked = sorted(
        (
            (abs(s.value - 5.0) * s.confidence, aspect, s)
            for aspect, s in scores.items()
            if s.confidence >= HIGHLIGHT_MIN_CONFIDENCE
            and abs(s.value - 5.0) >= HIGHLIGHT_MIN_DISTANCE
        ),
        key=lambda t: (-t[0], t[1]),
    )
    out: list[Highlight] = []
    used: set[str] = set()
    for _, aspect, score in ranked:
        for review_id, sentence in _supporting(aspect, score):
            if sentence not in used and len(sentence) >= MIN_QUOTE_CHARS:
                used.add(sentence)
                out.append(Highlight(text=trim(sentence), review_id=review_id, aspect=aspect))
                break
        if len(out) >= limit:
            break
    return out


def _apply(rules: tuple[tuple[str, str, float, str], ...], scores: AspectScores) -> list[RuleLine]:
    lines = []
    for aspect, op, threshold, phrase in rules:
        score = scores.get(aspect)
        hit = score.value >= threshold if op == ">=" else score.value <= threshold
        ids = list(dict.fromkeys(review_id for review_id, _ in _supporting(aspect, score)))
        if hit and score.confidence >= RULE_MIN_CONFIDENCE and ids:
            lines.append(
                RuleLine(
                    text=f"{phrase} ({ASPECT_LABELS[aspect]} {score.value:.1f}/10)",
                    aspect=aspect,
                    score=score.value,
                    rule=f"{aspect} {op} {threshold:g}",
                    review_ids=ids,
                )
            )
    return lines


def best_for(scores: AspectScores) -> list[RuleLine]:
    """Occasions the place suits, by `BEST_FOR_RULES`."""
    return _apply(BEST_FOR_RULES, scores)


def avoid_if(scores: AspectScores) -> list[RuleLine]:
    """Needs the place serves badly, by `AVOID_IF_RULES`."""
    return _apply(AVOID_IF_RULES, scores)


def crowd_profile(reviews: Sequence[ReviewText]) -> CrowdProfile:
    """Who reviewers say they came with, counted once per review, with an example sentence."""
    hits: dict[str, list[tuple[str, str]]] = {}
    for review in reviews:
        seen: set[str] = set()
        for sentence in split_sentences(review.text):
            for segment in sorted(crowd_mentions(sentence) - seen):
                seen.add(segment)
                hits.setdefault(segment, []).append((review.id, sentence))
    n = len(reviews)
    segments = []
    for segment, found in hits.items():
        if len(found) < CROWD_MIN_REVIEWS:
            continue
        example_id, example = min(found, key=lambda f: (len(f[1]) < MIN_QUOTE_CHARS, len(f[1])))
        segments.append(
            CrowdSegment(
                segment=segment,
                reviews=len(found),
                share=round(len(found) / n, 3),
                review_ids=[rid for rid, _ in found],
                example=trim(example),
                example_review_id=example_id,
            )
        )
    segments.sort(key=lambda s: (-s.reviews, s.segment))
    if segments:
        parts = [f"{s.segment} ({s.reviews} of {n} reviews)" for s in segments]
        text = "Reviewers mention " + ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "")
        text += parts[-1]
    else:
        text = f"No crowd is mentioned in more than one of {n} reviews."
    return CrowdProfile(text=text, reviews_read=n, segments=segments)
