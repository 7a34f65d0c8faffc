"""Extractive phrasing: every sentence Kairos shows about a place is a real review sentence or a
template filled with a score and the rule that produced it, and carries the review ids behind it.

This is the offline phrasing path of issue 4 (chat message, `consolidated_review`, expanded
detail): no model writes text here, so nothing can be invented. Choices are deterministic
(strength, then review order), so the same reviews always give the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, Field

from kairos.text import aspect_lexicon as lex
from kairos.text.aspect_lexicon import ALL_ASPECTS
from kairos.text.aspect_reading import split_sentences
from kairos.text.aspects import AspectScore, AspectScores, ReviewText, score_aspects
from kairos.text.card_lines import (
    CrowdProfile,
    Highlight,
    RuleLine,
    avoid_if,
    best_for,
    crowd_mentions,
    crowd_profile,
    highlights,
)
from kairos.text.claims import supports
from kairos.text.quoting import (
    ELLIPSIS,
    QUOTE_MAX_CHARS,
    names_any,
    net_sentiment,
    quotable,
    reads_as_praise,
    sentence_naming,
    tidy,
    trim,
)

__all__ = [
    "ELLIPSIS",
    "QUOTE_MAX_CHARS",
    "CrowdProfile",
    "Highlight",
    "Quote",
    "RuleLine",
    "avoid_if",
    "best_for",
    "consolidated_review",
    "crowd_mentions",
    "crowd_profile",
    "highlights",
    "names_any",
    "reads_as_praise",
    "sentence_naming",
    "tidy",
    "trim",
]

# A claim's words are found in its review by this many of their first characters.
CLAIM_HEAD_CHARS = 40


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


# Aspects whose high score is praise: a summary may speak for these (a "divey" sentence is not).
PRAISE_ASPECTS: tuple[str, ...] = (
    "food_quality", "service", "romance", "noise_level", "vegan_options", "value_for_money",
    "kid_friendly", "group_friendly", "classy", "casual", "trendy",
)  # fmt: skip


def _explicit(aspect: str, score: AspectScore, sign: int) -> list[tuple[str, str]]:
    """(review id, sentence) of explicit evidence with the given sign, strongest first."""
    ranked = sorted(
        (e for e in score.evidence if e.explicit and supports(aspect, e.sentence, e.weight, sign)),
        key=lambda e: -abs(e.weight),
    )
    return [
        (e.review_id, " ".join(e.sentence.split())) for e in ranked if quotable(e.sentence, sign)
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
        return net_sentiment(sentence) >= 0

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
