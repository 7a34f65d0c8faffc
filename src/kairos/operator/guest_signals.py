"""The guest signal snapshot (ADR-017, ADR-018): what a place's reviews say about wait times,
staffing, noise, food and service, paraphrased, with the sample size and the recency window,
and every theme traceable to review ids, dates and the place.

Noise, food and service readings come from the shared aspect reader (`text/aspects.py`: negation,
intensity and hypotheticals handled); wait time and staffing, which it does not read, from the
cue lists below, sentence by sentence, a negator just before a cue flipping it ("no wait").
Quotes are short fragments, given only when the operator asks for the evidence.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib.resources import files
from typing import Final, Literal

from kairos.operator.schemas import EvidenceItem, GuestSnapshot, ThemeSignal
from kairos.store.operator import ReviewRow
from kairos.text.aspects import analyse_sentence, split_sentences

__all__ = [
    "QUOTE_MIN_WORDS",
    "SPARSE_REVIEWS",
    "STALE_DAYS",
    "ThemeHit",
    "names_theme",
    "quotable",
    "read_themes",
    "snapshot",
]

Theme = Literal["wait_time", "staffing", "noise", "food", "service"]
Polarity = Literal["negative", "positive"]

SPARSE_REVIEWS: Final = 8
"""Fewer reviews than this in the window: the snapshot is sparse and lowers confidence."""
STALE_DAYS: Final = 365
"""A newest review older than this (before the day asked about) makes the snapshot old."""
WINDOW_REVIEWS: Final = 120
"""The newest reviews read; the window is their date range."""
SNIPPET_CHARS: Final = 90
EVIDENCE_PER_THEME: Final = 3
QUOTE_MIN_WORDS: Final = 4
"""A review sentence that names no theme is quoted only when it says something: at least this
many words (panel half A, o53: a one-word review, "mmm", was quoted as the place's evidence)."""

_WAIT_NEGATIVE = re.compile(
    r"\b(?:waited|wait(?:ing)? (?:time|times|for|over|almost|more than|about|forever)|long wait"
    r"|took forever|took (?:over |almost |about )?(?:an hour|\d+ ?(?:min|minutes))|slow service"
    r"|so slow|very slow|too slow|long line|line (?:was|out the door)|hour to be seated"
    r"|never came)\b",
    re.I,
)
_WAIT_POSITIVE = re.compile(
    r"\b(?:no wait|seated (?:right away|immediately|quickly)|quick(?:ly)? (?:service|seated)"
    r"|fast service|came out (?:quickly|fast)|didn'?t (?:have to )?wait|short wait)\b",
    re.I,
)
_STAFF_NEGATIVE = re.compile(
    r"\b(?:under-?staffed|short-?staffed|not enough (?:staff|servers|people|waiters)|only one "
    r"(?:server|waiter|waitress|bartender|person)|overwhelmed|swamped|couldn'?t find (?:our|a) "
    r"(?:server|waiter|waitress)|no one (?:came|was) (?:to|around)|nobody (?:came|was around)"
    r"|(?:server|waiter|waitress) (?:was|were) (?:nowhere|busy|slammed))\b",
    re.I,
)
_STAFF_POSITIVE = re.compile(
    r"\b(?:attentive|well[- ]staffed|plenty of staff|always (?:someone|a server) (?:around|"
    r"there)|staff (?:was|were) (?:great|friendly|wonderful|amazing|attentive|on top))\b",
    re.I,
)
_WAITING_FOR_SOMEONE = re.compile(r"\bwait(?:ed|ing)? for (?:me|him|her)\b", re.I)
"""Friends waiting for the writer is no wait for a table (panel half A, o01: "My three friends
were waiting for me when I arrived" was quoted as a complaint of waits)."""
QUOTE_TONE: Final = 0.5
"""A sentence whose opinions lean the other way by more than this is not quoted under a theme's
polarity (o01: "The ambiance was excellent with the general noise" quoted as a noise complaint)."""


@lru_cache(maxsize=1)
def _words() -> tuple[dict[str, re.Pattern[str]], re.Pattern[str]]:
    """The words a quote must name for each theme, and the cues that say busy, not short-staffed
    (`operator/data/quote_words.toml`)."""
    text = (files("kairos.operator") / "data" / "quote_words.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)

    def pattern(words: list[str]) -> re.Pattern[str]:
        said = (re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in words)
        return re.compile(r"\b(?:" + "|".join(said) + r")\b", re.I)

    named = {theme: pattern(words) for theme, words in data["named"].items()}
    return named, pattern(data["busy_cues"]["cues"])


def names_theme(theme: str, sentence: str) -> bool:
    """Whether the sentence says the theme in words ("service", "our server", "so loud"), not
    only through a proxy the aspect reader counts ("the wine list is good" as service)."""
    named = _words()[0].get(theme)
    return named is None or named.search(sentence) is not None


def quotable(theme: str, polarity: Polarity, sentence: str) -> bool:
    """A sentence shown to a manager as evidence of a theme: it names the theme, and its own
    opinions do not lean against the label (panel half A, o01/o07: "It's always nice to have an
    'in'" quoted as praise of the service, "The restaurant was crowded, fun and played great
    music" as a noise complaint)."""
    if not names_theme(theme, sentence):
        return False
    tone = sum(m.weight for m in analyse_sentence(sentence) if m.kind == "opinion")
    return tone <= QUOTE_TONE if polarity == "negative" else tone >= -QUOTE_TONE


_ASPECT_THEME: Final[dict[str, Theme]] = {
    "noise_level": "noise",
    "food_quality": "food",
    "service": "service",
}
_PARAPHRASE: Final[dict[Theme, tuple[str, str]]] = {
    "wait_time": ("guests mention long waits", "guests mention being seated and served quickly"),
    "staffing": ("guests say the floor looked short-staffed", "guests praise attentive staff"),
    "noise": ("guests find it loud", "guests find it comfortable to talk"),
    "food": ("guests criticise the food", "guests praise the food"),
    "service": ("guests complain about service", "guests praise the service"),
}


@dataclass(frozen=True, slots=True)
class ThemeHit:
    review_id: int
    theme: Theme
    polarity: Polarity
    sentence: str


@lru_cache(maxsize=50_000)
def read_themes(review: ReviewRow) -> tuple[ThemeHit, ...]:
    """A review's themes, at most one reading per theme (its strongest). Cached: a place's
    reviews are read again on every turn about it."""
    found: dict[Theme, tuple[float, Polarity, str]] = {}

    def keep(theme: Theme, weight: float, sentence: str) -> None:
        polarity: Polarity = "negative" if weight < 0 else "positive"
        if theme not in found or abs(weight) > abs(found[theme][0]):
            found[theme] = (weight, polarity, sentence)

    named, busy = _words()
    for sentence in split_sentences(review.text):
        someone = _WAITING_FOR_SOMEONE.search(sentence) is not None
        if _WAIT_NEGATIVE.search(sentence) and not _WAIT_POSITIVE.search(sentence) and not someone:
            keep("wait_time", -1.0, sentence)
        elif _WAIT_POSITIVE.search(sentence):
            keep("wait_time", 0.8, sentence)
        short = _STAFF_NEGATIVE.search(sentence)
        if short and (not busy.fullmatch(short.group(0)) or named["staffing"].search(sentence)):
            keep("staffing", -1.0, sentence)
        elif _STAFF_POSITIVE.search(sentence):
            keep("staffing", 0.6, sentence)
        for mention in analyse_sentence(sentence):
            theme = _ASPECT_THEME.get(mention.aspect)
            if theme is not None and mention.kind != "target" and abs(mention.weight) >= 0.5:
                keep(theme, mention.weight, sentence)
    return tuple(ThemeHit(review.id, t, p, s) for t, (_, p, s) in found.items())


def _snippet(sentence: str) -> str:
    text = " ".join(sentence.split())
    if len(text) <= SNIPPET_CHARS:
        return text
    cut = text[:SNIPPET_CHARS].rsplit(" ", 1)[0]
    return f"{cut}…"


def snapshot(
    *,
    place: str,
    place_id: int,
    reviews: Sequence[ReviewRow],
    as_of: date,
    expand: bool,
) -> GuestSnapshot:
    """The snapshot of the newest `WINDOW_REVIEWS` reviews. `expand` adds short quotes."""
    window = list(reviews[:WINDOW_REVIEWS])
    dated = [r.review_date for r in window if r.review_date is not None]
    start, end = (min(dated), max(dated)) if dated else (None, None)
    by_id = {r.id: r for r in window}
    hits = [h for r in window for h in read_themes(r)]
    themes: list[ThemeSignal] = []
    evidence: list[EvidenceItem] = []
    for theme in _PARAPHRASE:
        mine = [h for h in hits if h.theme == theme]
        if not mine:
            continue
        negative = sum(h.polarity == "negative" for h in mine)
        positive = len(mine) - negative
        leaning: Polarity = "negative" if negative >= positive else "positive"
        said = _PARAPHRASE[theme][0 if leaning == "negative" else 1]
        themes.append(
            ThemeSignal(
                theme=theme,
                mentions=len(mine),
                negative=negative,
                positive=positive,
                summary=f"{said} ({max(negative, positive)} of {len(window)} reviews)",
            )
        )
        ordered = sorted(mine, key=lambda h: (h.polarity != leaning, -(h.review_id)))
        shown = [h for h in ordered if quotable(theme, h.polarity, h.sentence)]
        for hit in shown[:EVIDENCE_PER_THEME]:
            review = by_id[hit.review_id]
            evidence.append(
                EvidenceItem(
                    review_id=hit.review_id,
                    place=place,
                    date=review.review_date,
                    theme=theme,
                    polarity=hit.polarity,
                    snippet=_snippet(hit.sentence) if expand else None,
                )
            )
    if expand and not evidence:  # reviews that name no theme are still quoted when asked for
        for review in window:
            if len(evidence) >= EVIDENCE_PER_THEME:
                break
            full = (t for t in split_sentences(review.text) if len(t.split()) >= QUOTE_MIN_WORDS)
            first = next(full, "")
            if first.strip():
                low = review.rating is not None and review.rating < 3
                evidence.append(EvidenceItem(review_id=review.id, place=place,
                                             date=review.review_date, theme="general",
                                             polarity="negative" if low else "positive",
                                             snippet=_snippet(first)))  # fmt: skip
    themes.sort(key=lambda t: -t.mentions)
    old = end is None or (as_of - end).days > STALE_DAYS
    sparse = len(window) < SPARSE_REVIEWS or old
    span = (f"{start:%b %Y}" if f"{start:%b %Y}" == f"{end:%b %Y}" else f"{start:%b %Y}–{end:%b %Y}"
            ) if start and end else "undated"  # fmt: skip
    counted = "1 review" if len(window) == 1 else f"{len(window)} reviews"
    if not window:
        summary = f"No reviews of {place} in the catalog."
    elif not themes:
        says = "says" if len(window) == 1 else "say"
        summary = f"{counted} of {place} ({span}) {says} little about waits or staffing."
    else:
        top = "; ".join(t.summary for t in themes[:3])
        summary = f"From {counted} of {place} ({span}): {top}."
    if window and old:
        summary += f" The newest review is from {end:%b %Y}: old evidence." if end else ""
    elif window and len(window) < SPARSE_REVIEWS:
        summary += " Few reviews: treat this as a hint."
    return GuestSnapshot(
        place=place,
        place_id=place_id,
        sample_size=len(window),
        window_start=start,
        window_end=end,
        themes=themes,
        summary=summary,
        sparse=sparse,
        evidence=evidence,
    )
