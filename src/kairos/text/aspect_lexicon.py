"""The aspect lexicon (`data/aspect_lexicon.toml`) loaded into the tables the scorer reads.

The words live in a data file so the lexicon can grow without touching scoring rules, and so a
reviewer sees every phrase and weight in one place. Phrases are matched on lower-case words with
apostrophes dropped and hyphens read as spaces ("kid-friendly" = "kid friendly"). Weights are
signed: + pushes an aspect's 0–10 score up. A weight of 0.6 or more is an explicit opinion
("romantic", "too loud") that a negator flips; below 0.55 it is a topic proxy (a wine list for
romance, taps and a DJ for noise) that only nudges a score. A phrase may serve several aspects.

Proxy weights were chosen by domain knowledge and checked on one half of the shared Yelp places,
never on the held-out split: they are words about kinds of place, not rules about restaurants.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kairos.text.embedding_provider import EmbeddingProvider

LEXICON_FILE = Path(__file__).with_name("data") / "aspect_lexicon.toml"

# The radar dimensions of seed 000 §5 Step 4, then the dimensions the aspects evaluation checks,
# then service (the fifth SemEval category; shown in highlights, not on the radar).
RADAR_ASPECTS = ("romance", "noise_level", "food_quality", "vegan_options", "value_for_money")
EXTRA_ASPECTS = ("group_friendly", "kid_friendly", "classy", "casual", "trendy", "divey", "service")
ALL_ASPECTS = RADAR_ASPECTS + EXTRA_ASPECTS


def normalise_phrase(phrase: str) -> str:
    """The normal form shared by lexicon and text: lower case, no apostrophes, hyphen = space."""
    phrase = phrase.lower().replace("'", "").replace("\u2019", "").replace("-", " ")
    return " ".join(phrase.split())


def _phrases(text: str) -> list[str]:
    """A "|"-separated string (line breaks ignored) → normalised phrases, in order."""
    joined = "".join(line.strip() for line in text.splitlines())
    return [k for p in joined.split("|") if (k := normalise_phrase(p))]


def _words(text: str) -> frozenset[str]:
    return frozenset(_phrases(text))


def _table(rows: list[dict[str, Any]], vocabularies: dict[str, str]) -> dict[str, float]:
    """Weighted rows → {phrase: weight}. The first row naming a phrase wins, which is why an
    aspect lists its own phrases before the shared vocabularies it borrows."""
    out: dict[str, float] = {}
    for row in rows:
        text = vocabularies[row["vocabulary"]] if "vocabulary" in row else row["phrases"]
        for phrase in _phrases(text):
            out.setdefault(phrase, float(row["weight"]))
    return out


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        data: dict[str, Any] = tomllib.load(handle)
    unknown = set(data["cues"]) - set(ALL_ASPECTS)
    if unknown:
        raise ValueError(f"{path}: cues for unknown aspects {sorted(unknown)}")
    return data


_DATA = _load(LEXICON_FILE)
_VOCABULARIES: dict[str, str] = _DATA["vocabularies"]
_GRAMMAR: dict[str, str] = _DATA["grammar"]

CUES: dict[str, dict[str, float]] = {
    aspect: _table(rows, _VOCABULARIES) for aspect, rows in _DATA["cues"].items()
}
TARGETS: dict[str, frozenset[str]] = {a: _words(t) for a, t in _DATA["targets"].items()}
SENTIMENT: dict[str, float] = _table(_DATA["sentiment"], _VOCABULARIES)
TARGET_SENTIMENT: dict[str, dict[str, float]] = {
    aspect: _table(rows, _VOCABULARIES) for aspect, rows in _DATA["target_sentiment"].items()
}
INTENSIFIERS: dict[str, float] = _table(_DATA["intensifiers"], _VOCABULARIES)
NEGATORS = _words(_GRAMMAR["negators"])
NEGATING_BEFORE_TO = _words(_GRAMMAR["negating_before_to"])
NEGATION_FILLERS = tuple(
    tuple(phrase.split()) for phrase in _GRAMMAR["negation_fillers"].split("|")
)
CLAUSE_NEGATORS = frozenset(
    tuple(phrase.split()) for phrase in _GRAMMAR["clause_negators"].split("|")
)
NEGATION_BREAKERS = _words(_GRAMMAR["negation_breakers"])
CLAUSE_BREAKS = _words(_GRAMMAR["clause_breaks"])
HYPOTHETICAL_MARKERS = _words(_GRAMMAR["hypothetical_markers"])
FUNCTION_WORDS = _words(_GRAMMAR["function_words"])
CROWD_CUES: dict[str, frozenset[str]] = {s: _words(t) for s, t in _DATA["crowd"].items()}
QUOTE_NAMING: dict[str, frozenset[str]] = {
    aspect: _words(text) for aspect, text in _DATA.get("quote_naming", {}).items()
}
"""Aspects quoted as a reason only in a sentence that names one of their words."""


@dataclass(frozen=True, slots=True)
class PrototypeText:
    """An aspect in one sentence, with the similarity band calibrated for all-MiniLM-L6-v2."""

    text: str
    center: float
    top: float


PROTOTYPE_TEXTS: dict[str, PrototypeText] = {
    aspect: PrototypeText(str(p["text"]), float(p["center"]), float(p["top"]))
    for aspect, p in _DATA["prototypes"].items()
}


@dataclass(frozen=True, slots=True)
class Entry:
    """Everything one phrase means: direct cues, targets named, general opinion value."""

    cues: tuple[tuple[str, float], ...]
    readings: tuple[tuple[str, float, float, str], ...]  # the cues as read with no modifier
    cue_aspects: frozenset[str]
    targets: tuple[str, ...]
    sentiment: float
    opinion: bool  # a general opinion word, or one with a target-specific reading


def _compile() -> dict[str, Entry]:
    cues: dict[str, list[tuple[str, float]]] = {}
    targets: dict[str, list[str]] = {}
    for aspect, table in CUES.items():
        for phrase, weight in table.items():
            cues.setdefault(phrase, []).append((aspect, weight))
    for aspect, words in TARGETS.items():
        for phrase in words:
            targets.setdefault(phrase, []).append(aspect)
    targeted = {p for table in TARGET_SENTIMENT.values() for p in table}
    phrases = set(cues) | set(targets) | set(SENTIMENT) | targeted
    return {
        p: Entry(
            cues=tuple(cues.get(p, ())),
            readings=tuple((a, w, abs(w), "cue") for a, w in cues.get(p, ())),
            cue_aspects=frozenset(a for a, _ in cues.get(p, ())),
            targets=tuple(sorted(targets.get(p, ()))),
            sentiment=SENTIMENT.get(p, 0.0),
            opinion=p in SENTIMENT or p in targeted,
        )
        for p in phrases
    }


def phrase_lengths(phrases: set[str] | dict[str, Any]) -> dict[str, tuple[int, ...]]:
    """First word → lengths in words of the phrases it starts, longest first."""
    lengths: dict[str, set[int]] = {}
    for p in phrases:
        first, *rest = p.split(" ")
        lengths.setdefault(first, set()).add(1 + len(rest))
    return {w: tuple(sorted(ls, reverse=True)) for w, ls in lengths.items()}


def _anchors(phrases: dict[str, Entry]) -> dict[str, tuple[tuple[int, int], ...]]:
    """Word → (offset of the word in the phrase, phrase length) of every phrase it anchors; a
    phrase is anchored on its first word that is not a function word. Earliest start first, then
    longest, which is the greedy leftmost-longest order of a plain left-to-right scan."""
    anchors: dict[str, set[tuple[int, int]]] = {}
    for phrase in phrases:
        words = phrase.split(" ")
        offset = next((k for k, w in enumerate(words) if w not in FUNCTION_WORDS), 0)
        anchors.setdefault(words[offset], set()).add((offset, len(words)))
    return {w: tuple(sorted(c, key=lambda c: (-c[0], -c[1]))) for w, c in anchors.items()}


# Compiled once: the scanner looks phrases up here.
PHRASES: dict[str, Entry] = _compile()
ANCHORS = _anchors(PHRASES)
# Crowd phrases have their own index so they never shadow an aspect phrase in a greedy match.
CROWD_PHRASES: dict[str, tuple[str, ...]] = {
    p: tuple(sorted(s for s, words in CROWD_CUES.items() if p in words))
    for p in set().union(*CROWD_CUES.values())
}
CROWD_LENGTHS = phrase_lengths(CROWD_PHRASES)


@dataclass(frozen=True)
class Prototype:
    """An aspect description's unit vector and the similarity band over which it counts."""

    vector: np.ndarray
    center: float
    top: float


def aspect_prototypes(embedder: EmbeddingProvider) -> dict[str, Prototype]:
    """Embed the lexicon's aspect descriptions once; pass the result to `score_aspects`.

    The bands are calibrated for all-MiniLM-L6-v2: another model needs its own `center`/`top`.
    """
    texts = PROTOTYPE_TEXTS
    vectors = embedder.embed([p.text for p in texts.values()])
    return {
        aspect: Prototype(vectors[i], p.center, p.top)
        for i, (aspect, p) in enumerate(texts.items())
    }
