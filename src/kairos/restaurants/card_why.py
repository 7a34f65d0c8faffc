"""A card's "why": what the person asked for that the place's own words hold, and the review
sentence that shows it.

The search's matched words are every word of its full-text query a place holds, "open",
"now" and "dinner" included, each word alone ("ice cream" read as "cream, ice"), and its
snippet is a passage around any of them, or the review's first words when none is there ("I was
disappointed to find that this location has closed"). A card says instead:

- matched: the foods, dishes, cuisines or attributes asked for ("ice cream", "spicy"), a dish
  of several words as one phrase, never a time, a meal, an opening hour or a filler word
  ("open", "now", "tonight", "dinner", "somewhere", "place");
- the snippet: the first sentence of the place's best review that names one of those and reads
  as praise (else one that reads neither way), never a complaint, never a report that the
  place has closed, and never the card's own quote again; none when no sentence shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kairos.core.lexicon import default_lexicon, term_key
from kairos.restaurants.schemas import RestaurantResult
from kairos.search.models import MatchExplanation
from kairos.text.aspect_reading import split_sentences, tokenize
from kairos.text.closures import closure_said
from kairos.text.query.vocabulary import GENERIC_WORDS, STOPWORDS, word_set
from kairos.text.quoting import MIN_QUOTE_CHARS, net_sentiment, quotable, trim

__all__ = ["NOT_ASKED", "NOT_SEARCHED", "asked_phrases", "card_why", "sentence_showing"]

NOT_ASKED = GENERIC_WORDS | word_set(
    """open opens opened opening closed closing close hours hour late early tonight today
    tomorrow now right asap currently still yet available availability delivery takeout
    takeaway pickup reservation reservations book booking table tables"""
)
"""When, which meal, whether it is open, and filler ("somewhere", "place"): what a request
says besides what to eat. Delivery and booking are services the card's own fields speak to."""
NOT_SEARCHED = NOT_ASKED - STOPWORDS
"""What the full-text query leaves out: the times, meals and opening words ("dinner", "open",
"tonight"); a joining word stays ("fish and chips" is one dish)."""

_PHRASE_WORDS = 3
"""The longest dish read as one phrase ("fish and chips", "soup dumplings")."""
_CLOSING = frozenset({"closed", "closing", "shut", "shutdown", "bankrupt"})


def asked_phrases(query: str, said: Iterable[str] = ()) -> list[str]:
    """The things asked for in the full-text query's words, in order: a run of words that is a
    phrase the request said (`said`: "ice cream") or a food the lexicon knows ("fish and
    chips") as one phrase; every other word that is no time, meal, opening or filler word."""
    words = query.lower().split()
    known = default_lexicon().known_foods
    phrases = {" ".join(p.lower().split()) for p in said}
    found: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(_PHRASE_WORDS, len(words) - i), 1, -1):
            phrase = " ".join(words[i : i + size])
            if phrase in phrases or term_key(phrase) in known:
                found.append(phrase)
                i += size
                break
        else:
            if words[i] not in NOT_ASKED and len(words[i]) > 1:
                found.append(words[i])
            i += 1
    return list(dict.fromkeys(found))


def _fold(word: str) -> str:
    """A word without its plural ending, so "pizzas" names "pizza" and "noodle" "noodles"."""
    for ending in ("es", "s"):
        if len(word) > 3 + len(ending) - 1 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def _folded(text: str) -> list[str]:
    return [_fold(w) for w in tokenize(text) if w.isalnum()]


def _names(sentence: str, phrases: Sequence[str]) -> bool:
    padded = f" {' '.join(_folded(sentence))} "
    return any(f" {' '.join(_folded(p))} " in padded for p in phrases)


def _searched(phrase: str) -> set[str]:
    """The words of a phrase the full-text search matches ("fish and chips": fish, chips)."""
    words = phrase.split()
    return {w for w in words if w not in GENERIC_WORDS} or set(words)


def _reports_closing(sentence: str) -> bool:
    """A closure report ("this location has closed", "They are closed!!") or any word of
    closing: a sentence about it is no reason to go, whatever else it says."""
    return closure_said(sentence) is not None or bool(_CLOSING & set(tokenize(sentence)))


def sentence_showing(text: str, phrases: Sequence[str], unlike: str | None = None) -> str | None:
    """The first sentence of `text` naming one of `phrases` that reads as praise, else the
    first that reads neither way; never a complaint, a turn against, a closure report (nor any
    sentence of a review that makes one), or `unlike` (the card's quote) again."""
    if not phrases or closure_said(text) is not None:
        return None  # a review saying the place has closed speaks of it no longer
    same = " ".join((unlike or "").split()).rstrip("…").strip()
    naming = [
        flat
        for sentence in split_sentences(text)
        if len(flat := " ".join(sentence.split())) >= MIN_QUOTE_CHARS
        and quotable(flat, +1)
        and not _reports_closing(flat)
        and _names(flat, phrases)
        and not (same and (flat.startswith(same) or same.startswith(flat)))
    ]
    chosen = next((f for f in naming if net_sentiment(f) > 0), None) or next(
        (f for f in naming if net_sentiment(f) == 0), None
    )
    return trim(chosen) if chosen else None


def card_why(
    result: RestaurantResult, asked: Sequence[str], best_review: str | None
) -> RestaurantResult:
    """`result` with its why saying only what was asked for that the place holds, and the
    best review's sentence showing it (none when no sentence does). Nothing else of the card
    changes: the allergy fields are never touched."""
    why = result.why
    if why is None:
        return result
    held = {t.lower() for t in why.matched_terms}
    matched = [p for p in asked if (words := _searched(p)) and words <= held]
    snippet = None
    if matched and best_review:
        quote = result.summary.text if result.summary else None
        snippet = sentence_showing(best_review, matched, quote)
    explained: MatchExplanation = why.model_copy(
        update={"matched_terms": matched, "snippet": snippet}
    )
    return result.model_copy(update={"why": explained})
