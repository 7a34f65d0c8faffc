"""Extractive phrasing: every sentence Kairos shows about a place is a real review sentence or a
template filled with a score and the rule that produced it, and carries the review ids behind it.

This is the offline phrasing path of issue 4 (chat message, `consolidated_review`, expanded
detail): no model writes text here, so nothing can be invented. Choices are deterministic
(strength, then review order), so the same reviews always give the same words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from kairos.text import aspect_lexicon as lex
from kairos.text.aspect_lexicon import ALL_ASPECTS
from kairos.text.aspects import (
    PROXY_LIMIT,
    AspectScore,
    AspectScores,
    ReviewText,
    analyse_sentence,
    score_aspects,
    split_sentences,
    tokenize,
)
from kairos.text.claims import supports

QUOTE_MAX_CHARS = 160
ELLIPSIS = "…"
# A sentence shorter than this rarely says anything quotable ("Wow.", "Yum!").
MIN_QUOTE_CHARS = 25
# A highlight needs this much confidence and a score this far from the neutral 5.
HIGHLIGHT_MIN_CONFIDENCE = 0.25
HIGHLIGHT_MIN_DISTANCE = 1.0
# best_for / avoid_if need this confidence and at least one explicit supporting sentence.
RULE_MIN_CONFIDENCE = 0.3
# A claim's words are found in its review by this many of their first characters.
CLAIM_HEAD_CHARS = 40
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


class Quote(BaseModel):
    """One real sentence of one review that supports what the card claims; never two reviews
    spliced together. Evidence against a claim the request made is kept apart, as `contrary`."""

    text: str = Field(description=f"at most {QUOTE_MAX_CHARS} characters of real review text")
    review_ids: list[str]
    sentences: list[str] = Field(
        default_factory=list, description="the quoted sentence, as written"
    )
    aspect: str | None = Field(default=None, description="the aspect the sentence speaks for")
    contrary: str | None = Field(
        default=None, description="a diner's sentence against a claim the request made"
    )
    contrary_review_id: str | None = None


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


_TRAILING_DOTS = re.compile(r"\s*\.{2,}$")
_INNER_DOTS = re.compile(r"\s*\.{2,}\s*(?=\S)")
_SPACE_BEFORE_MARK = re.compile(r"\s+([,;:!?])(?=\s|$|\w)|\s+(\.)(?=\s|$)")
_NO_SPACE_AFTER_COMMA = re.compile(r",(?=[^\W\d_])")


def tidy(text: str) -> str:
    """A review sentence as a quote shows it: dots run together read as one ellipsis ("good
    place..Pizzas great" → "good place… Pizzas great"), no space before a comma."""
    text = _TRAILING_DOTS.sub(ELLIPSIS, text)
    text = _INNER_DOTS.sub(ELLIPSIS + " ", text)
    return _NO_SPACE_AFTER_COMMA.sub(", ", _SPACE_BEFORE_MARK.sub(r"\1\2", text))


def trim(text: str, max_chars: int = QUOTE_MAX_CHARS) -> str:
    """Cut at the last word boundary that leaves room for the ellipsis, after `tidy`."""
    text = tidy(text)
    if len(text) <= max_chars:
        return text
    cut = text[: max_chars - len(ELLIPSIS) + 1]
    space = cut.rfind(" ")
    cut = cut[:space] if space > 0 else cut[: max_chars - len(ELLIPSIS)]
    return cut.rstrip(" ,;:-–—") + ELLIPSIS


def sentence_naming(
    text: str, words: Sequence[str], max_chars: int = QUOTE_MAX_CHARS
) -> str | None:
    """The first whole sentence of `text` naming one of `words` (a search's matched words) that
    reads as praise, else the first that does not read against, trimmed to `max_chars`: a quote
    is a sentence, never a passage across two, and never a complaint."""
    wanted = frozenset(w.lower() for w in words)
    naming = [
        flat
        for sentence in split_sentences(text)
        if len(flat := " ".join(sentence.split())) >= MIN_QUOTE_CHARS
        and wanted & set(tokenize(flat))
    ]
    chosen = next((f for f in naming if _net_sentiment(f) > 0), None) or next(
        (f for f in naming if _net_sentiment(f) == 0), None
    )
    return trim(chosen, max_chars) if chosen else None


def _direction(score: AspectScore) -> int:
    return 1 if score.value >= 5.0 else -1


def names_any(sentence: str, phrases: frozenset[str]) -> bool:
    """Whether the sentence names one of the (normalised) phrases as whole words."""
    padded = f" {' '.join(tokenize(sentence))} "
    return any(f" {phrase} " in padded for phrase in phrases)


def _says_aspect(aspect: str, sentence: str) -> bool:
    """Whether a sentence may be quoted as the reason for `aspect` (`[quote_naming]`)."""
    needed = lex.QUOTE_NAMING.get(aspect)
    return needed is None or names_any(sentence, needed)


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


# Aspects whose high score is praise: a summary may speak for these (a "divey" sentence is not).
PRAISE_ASPECTS: tuple[str, ...] = (
    "food_quality", "service", "romance", "noise_level", "vegan_options", "value_for_money",
    "kid_friendly", "group_friendly", "classy", "casual", "trendy",
)  # fmt: skip


# Praise that turns against itself ("so delicious … but I could not give 5 stars") is no summary.
_TURNS_AGAINST = re.compile(
    r"\b(?:but|however|although|though|except|yet)\b.*\b(?:not|never|no|nothing|n't|"
    r"could ?n[o']t|wasn't|didn't|won't|wouldn't|barely|hardly|scarcely)\b",
    re.IGNORECASE,
)


_TURN = re.compile(r"\b(?:but|however|although|though|yet)\b", re.IGNORECASE)
_REGRET = re.compile(r"^\W*(?:unfortunately|sadly|regrettably|sorry to say)\b", re.IGNORECASE)


def _quotable(sentence: str, sign: int) -> bool:
    """Long enough, no question, not a lead-in to what follows ("for the following reason:"),
    and, as praise, no turn against it: no negation after a "but", no opinion against after
    the last one ("… taste great for a single mouthful but ultimately leave you rather
    disappointed"), and no opening regret ("Unfortunately …")."""
    text = sentence.strip()
    if len(text) < MIN_QUOTE_CHARS or text.endswith(("?", ":")):
        return False
    if sign < 0:
        return True
    if _TURNS_AGAINST.search(text) or _REGRET.search(text):
        return False
    turns = list(_TURN.finditer(text))
    return not turns or _said_of(text[turns[-1].end() :]) >= 0


def _said_of(words: str) -> float:
    """Every opinion and explicit cue in `words` summed ("the service was slow" < 0); topic
    proxies ("a rooftop bar" nudging quietness) are no opinion."""
    return sum(
        m.weight
        for m in analyse_sentence(words)
        if m.kind == "opinion" or (m.kind == "cue" and abs(m.strength) >= PROXY_LIMIT)
    )


def _explicit(aspect: str, score: AspectScore, sign: int) -> list[tuple[str, str]]:
    """(review id, sentence) of explicit evidence with the given sign, strongest first."""
    ranked = sorted(
        (e for e in score.evidence if e.explicit and supports(aspect, e.sentence, e.weight, sign)),
        key=lambda e: -abs(e.weight),
    )
    return [
        (e.review_id, " ".join(e.sentence.split())) for e in ranked if _quotable(e.sentence, sign)
    ]


def consolidated_review(
    reviews: Sequence[ReviewText],
    focus_aspects: Sequence[str] = (),
    *,
    scores: AspectScores | None = None,
    max_chars: int = QUOTE_MAX_CHARS,
    contrary_aspects: Sequence[str] | None = None,
    unfit: frozenset[str] = frozenset(),
    claims: Sequence[tuple[str, str]] = (),
    naming: frozenset[str] = frozenset(),
    avoid: Callable[[str], bool] | None = None,
) -> Quote:
    """One real sentence that supports the card (≤ `max_chars`), from one review.

    The sentence praises what the request asked for (`focus_aspects`, in order), else the
    aspect diners are most sure of among those whose high score is praise; it is never a
    sentence against the place. A sentence against a requested aspect (`contrary_aspects`,
    default the focus) is returned apart, as `contrary` ("but one diner: …"), never as the
    summary, nor is one `avoid` marks (a dish holding the reader's allergen: "their lobster
    roll" for a shellfish allergy). A sentence naming an `unfit` phrase (the bacon, for a
    vegetarian) is no summary unless it also speaks of the diet ("the vegetarian chili beats
    the beef one"). `claims` are (review id, words) of review sentences the card rests a
    claim on ("great rooftop views"): when no focus aspect has praise, the first of them that
    is quotable praise is the summary. Among an aspect's praise, a sentence that names one of
    `naming` (what the request asked for: "brunch", "wings"; normalised words) comes first:
    a brunch card says so of brunch,
    not of "their smoky chicken dinner". No praise found: no quote.
    """
    empty = Quote(text="", review_ids=[], sentences=[])
    if not reviews:
        return empty
    scores = scores or score_aspects(reviews)
    for aspect in focus_aspects:
        if aspect not in ALL_ASPECTS:
            raise ValueError(f"unknown aspect {aspect!r}; known: {', '.join(ALL_ASPECTS)}")
    rest = sorted(PRAISE_ASPECTS, key=lambda a: (-scores.get(a).confidence, a))
    # a sentence that says anything against the place ("don't come on a date, too loud") is
    # no summary; a topic proxy ("a rooftop bar" nudging quietness down) says nothing against
    against = {
        " ".join(e.sentence.split())
        for _, score in scores.items()
        for e in score.evidence
        if e.weight < 0 and e.explicit
    }
    diet_words = lex.QUOTE_NAMING.get("vegan_options", frozenset())

    def unfit_for(sentence: str) -> bool:
        return bool(unfit) and names_any(sentence, unfit) and not names_any(sentence, diet_words)

    def fits(sentence: str) -> bool:
        # "Vegetarians beware, I would look elsewhere": a diet cue, and opinion words against
        if sentence in against or unfit_for(sentence):
            return False
        if avoid is not None and avoid(sentence):
            return False
        return _net_sentiment(sentence) >= 0

    def praise(aspect: str, named: bool = False) -> tuple[str | None, str, str] | None:
        found = next(
            (
                p
                for p in _explicit(aspect, scores.get(aspect), +1)
                if (not named or names_any(p[1], naming)) and fits(p[1])
            ),
            None,
        )
        return (aspect, *found) if found else None

    def first_praise(aspects: Sequence[str]) -> tuple[str | None, str, str] | None:
        """Praise for the first of `aspects` that has some, one naming `naming` before any."""
        tries = [(a, True) for a in aspects] if naming else []
        tries += [(a, False) for a in aspects]
        return next((c for a, named in tries if (c := praise(a, named))), None)

    chosen = first_praise(focus_aspects)
    if chosen is None and claims:
        chosen = _claimed(reviews, claims, fits)
    if chosen is None:
        chosen = first_praise([a for a in rest if a not in focus_aspects])
    asked = focus_aspects if contrary_aspects is None else contrary_aspects
    # only where diners on the whole lean against it: one odd sentence is not "one diner says"
    contrary = next(
        (
            pair
            for aspect in asked
            if scores.get(aspect).value < 5.0
            for pair in _explicit(aspect, scores.get(aspect), -1)
        ),
        None,
    )
    if chosen is None:
        quote = empty
    else:
        spoken_for, review_id, sentence = chosen
        quote = Quote(
            text=trim(sentence, max_chars), review_ids=[review_id], sentences=[sentence],
            aspect=spoken_for,
        )  # fmt: skip
    if contrary is not None:
        quote.contrary, quote.contrary_review_id = trim(contrary[1], max_chars), contrary[0]
    return quote


def _claimed(
    reviews: Sequence[ReviewText],
    claims: Sequence[tuple[str, str]],
    fits: Callable[[str], bool],
) -> tuple[str | None, str, str] | None:
    """The whole sentence of the first claim that reads as praise (no aspect speaks for it)."""
    texts = {r.id: r.text for r in reviews}
    for review_id, words in claims:
        head = " ".join(words.split())[:CLAIM_HEAD_CHARS]
        for sentence in split_sentences(texts.get(review_id, "")) if head else ():
            flat = " ".join(sentence.split())
            if head in flat and fits(flat) and reads_as_praise(flat):
                return None, review_id, flat
    return None


def reads_as_praise(sentence: str) -> bool:
    """Whether a diner's sentence can be quoted as praise: nothing in it turns against, and its
    opinion words lean for ("Pretty expensive but one of the best views…" does not)."""
    flat = " ".join(sentence.split())
    return _quotable(flat, +1) and _net_sentiment(flat) > 0


def _net_sentiment(sentence: str) -> float:
    """The sentence's general opinion words as the aspect reader weighs them, negation and
    intensity applied ("amazing views" > 0, "not good" < 0, "closed and terrible" < 0); topic
    proxies ("a rooftop bar" nudging quietness) are no opinion. A claim with no aspect of its
    own is quoted only as praise."""
    return sum(m.weight for m in analyse_sentence(sentence) if m.kind == "opinion")


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
