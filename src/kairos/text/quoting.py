"""A review sentence as a quote: tidied and trimmed, whether it names what was asked for, and
whether it may be quoted as praise (no turn against itself, opinion words leaning for)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kairos.text.aspect_reading import PROXY_LIMIT, analyse_sentence, split_sentences, tokenize

QUOTE_MAX_CHARS = 160
ELLIPSIS = "…"
# A sentence shorter than this rarely says anything quotable ("Wow.", "Yum!").
MIN_QUOTE_CHARS = 25

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


def names_any(sentence: str, phrases: frozenset[str]) -> bool:
    """Whether the sentence names one of the (normalised) phrases as whole words."""
    padded = f" {' '.join(tokenize(sentence))} "
    return any(f" {phrase} " in padded for phrase in phrases)


# Praise that turns against itself ("so delicious … but I could not give 5 stars") is no summary.
_TURNS_AGAINST = re.compile(
    r"\b(?:but|however|although|though|except|yet)\b.*\b(?:not|never|no|nothing|n't|"
    r"could ?n[o']t|wasn't|didn't|won't|wouldn't|barely|hardly|scarcely)\b",
    re.IGNORECASE,
)


_TURN = re.compile(r"\b(?:but|however|although|though|yet)\b", re.IGNORECASE)
_REGRET = re.compile(r"^\W*(?:unfortunately|sadly|regrettably|sorry to say)\b", re.IGNORECASE)


def quotable(sentence: str, sign: int) -> bool:
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
    return not turns or said_of(text[turns[-1].end() :]) >= 0


def said_of(words: str) -> float:
    """Every opinion and explicit cue in `words` summed ("the service was slow" < 0); topic
    proxies ("a rooftop bar" nudging quietness) are no opinion."""
    return sum(
        m.weight
        for m in analyse_sentence(words)
        if m.kind == "opinion" or (m.kind == "cue" and abs(m.strength) >= PROXY_LIMIT)
    )


def reads_as_praise(sentence: str) -> bool:
    """Whether a diner's sentence can be quoted as praise: nothing in it turns against, and its
    opinion words lean for ("Pretty expensive but one of the best views…" does not)."""
    flat = " ".join(sentence.split())
    return quotable(flat, +1) and net_sentiment(flat) > 0


def net_sentiment(sentence: str) -> float:
    """The sentence's general opinion words as the aspect reader weighs them, negation and
    intensity applied ("amazing views" > 0, "not good" < 0, "closed and terrible" < 0); topic
    proxies ("a rooftop bar" nudging quietness) are no opinion. A claim with no aspect of its
    own is quoted only as praise."""
    return sum(m.weight for m in analyse_sentence(sentence) if m.kind == "opinion")


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
    chosen = next((f for f in naming if net_sentiment(f) > 0), None) or next(
        (f for f in naming if net_sentiment(f) == 0), None
    )
    return trim(chosen, max_chars) if chosen else None
