"""Reading review sentences for aspects: a lexicon (`aspect_lexicon.py`) matched phrase by
phrase, with negation ("not romantic", "wasn't loud", "hard to hear"), intensity ("too noisy")
and hypotheticals ("if you want quiet, ...") handled, and general opinion words attached to the
nearest target ("the prices were fair" → value). `aspects.py` scores places from these readings;
the ABSA evaluation and the quote rules read sentences with them directly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from kairos.text import aspect_lexicon as lex

# Readings of opinion words attached to no target ("Loved it!") carry this aspect name.
GENERAL = "general"
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
SENTENCE_BREAK = "\x00"
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
    SENTENCE_BREAK: _SENTENCE,
    **dict.fromkeys(lex.HYPOTHETICAL_MARKERS, _MARKER),
    **dict.fromkeys(lex.CLAUSE_BREAKS, _CLAUSE),
}
_WATCHED = frozenset(lex.ANCHORS) | frozenset(_SPECIAL)


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
Reading = tuple[str, float, float, str]
# (start, clause, phrase, entry, intensity, negated, scale) of an opinion word awaiting a target.
_Pending = tuple[int, int, str, lex.Entry, float, bool, float]


def _attach(
    opinions: list[_Pending], targets: list[tuple[int, int, str]], out: list[Reading]
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


def sentence_readings(tokens: Sequence[str], questions: Sequence[bool]) -> list[list[Reading]]:
    """Readings per sentence of a token stream whose sentences are split by SENTENCE_BREAK."""
    per_sentence: list[list[Reading]] = [[] for _ in questions]
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


def analyse_sentence(sentence: str) -> list[Mention]:
    """Every aspect reading of one sentence: the machinery shared by the radar and the ABSA eval."""
    readings = sentence_readings(
        tokenize(sentence.replace(SENTENCE_BREAK, " ")), [sentence.rstrip().endswith("?")]
    )
    return [Mention(a, w, s, k) for a, w, s, k in readings[0]]  # type: ignore[arg-type]
