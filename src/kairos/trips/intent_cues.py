"""The trips classifier's words (`data/intent_cues.toml`) and the whole-word matcher over them.

A message becomes a list of tokens (lower case, accents folded, apostrophes dropped), with a
typo corrected only where a token of five letters or more is one the tables do not know and is
close to one they do ("relaxd" → "relaxed", "singpore" → "singapore"). Phrases match whole
tokens, longest first, each token serving one phrase of a table at most.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from rapidfuzz.distance import DamerauLevenshtein

from kairos.signals.geocoding.cities import city_centres
from kairos.text.query.words import normalise_message

__all__ = ["Cues", "Hit", "PhraseMatcher", "cues", "tokens"]

_TOKEN: Final = re.compile(r"[a-z0-9]+")
TYPO_MIN_LENGTH: Final = 5
TYPO_CUTOFF: Final = 0.84
"""difflib ratio a misspelt token must reach: one letter wrong, missing or doubled in a word of
six or more ("relaxd" 0.92, "vancuver" 0.94) passes; "there" → "three" (0.80) does not."""


@dataclass(frozen=True)
class Hit:
    start: int
    end: int
    value: str
    phrase: str


class PhraseMatcher:
    """Phrases → values; `find(tokens)` gives non-overlapping hits, longest phrase first."""

    def __init__(self, table: Mapping[str, Iterable[str]]) -> None:
        by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for value, phrases in table.items():
            for phrase in phrases:
                words = tuple(_TOKEN.findall(phrase.replace("'", "")))
                if words:
                    by_first.setdefault(words[0], []).append((words, value))
        for entries in by_first.values():
            entries.sort(key=lambda e: len(e[0]), reverse=True)
        self._by_first = by_first
        self.words = frozenset(w for entries in by_first.values() for e in entries for w in e[0])

    def find(self, words: list[str]) -> list[Hit]:
        candidates: list[Hit] = []
        for i, word in enumerate(words):
            for phrase, value in self._by_first.get(word, ()):
                n = len(phrase)
                if tuple(words[i : i + n]) == phrase:
                    candidates.append(Hit(i, i + n, value, " ".join(phrase)))
        candidates.sort(key=lambda h: (-(h.end - h.start), h.start))
        taken = [False] * len(words)
        hits = []
        for hit in candidates:
            if True not in taken[hit.start : hit.end]:
                taken[hit.start : hit.end] = [True] * (hit.end - hit.start)
                hits.append(hit)
        return sorted(hits, key=lambda h: h.start)


@dataclass(frozen=True)
class Cues:
    intent: Mapping[str, PhraseMatcher]
    """Per intent: a matcher whose values are weights ("2.0", "1.0", "0.5")."""
    change: PhraseMatcher
    target: PhraseMatcher
    category: PhraseMatcher
    filters: PhraseMatcher
    """Values "group:value" (`budget:free`, `companions:kids`), one matcher so the longest
    phrase wins across groups ("cant walk far" is accessibility, not the walking mode)."""
    cities: PhraseMatcher
    ordinals: Mapping[str, int]
    numbers: Mapping[str, int]
    last: frozenset[str]
    relative: frozenset[str]
    prototypes: Mapping[str, tuple[str, ...]]
    vocabulary: frozenset[str]


_WEIGHTS: Final = {"strong": "2.0", "normal": "1.0", "weak": "0.5"}


@lru_cache(maxsize=1)
def cues() -> Cues:
    path = resources.files("kairos.trips") / "data" / "intent_cues.toml"
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    intent = {
        name: PhraseMatcher({_WEIGHTS[k]: v for k, v in levels.items()})
        for name, levels in data["intent"].items()
    }
    filters = PhraseMatcher(
        {
            f"{group}:{value}": phrases
            for group, values in data["filter"].items()
            for value, phrases in values.items()
        }
    )
    cities = PhraseMatcher({c.name: c.aliases for c in city_centres()})
    day = data["day"]
    matchers = [*intent.values(), filters, cities]
    change = PhraseMatcher(data["change"])
    target = PhraseMatcher(data["target"])
    category = PhraseMatcher(data["category"])
    matchers += [change, target, category]
    words = {w for m in matchers for w in m.words}
    words |= {*day["ordinals"], *day["numbers"], *day["last"], *day["relative"]}
    return Cues(
        intent=intent,
        change=change,
        target=target,
        category=category,
        filters=filters,
        cities=cities,
        ordinals={w: i + 1 for i, w in enumerate(day["ordinals"])},
        numbers={w: i + 1 for i, w in enumerate(day["numbers"])},
        last=frozenset(day["last"]),
        relative=frozenset(day["relative"]),
        prototypes={k: tuple(v) for k, v in data["prototypes"].items()},
        vocabulary=frozenset(words),
    )


@lru_cache(maxsize=8192)
def _corrected(word: str) -> str:
    vocabulary = cues().vocabulary
    if len(word) < TYPO_MIN_LENGTH or word in vocabulary or word.isdigit():
        return word
    near = [v for v in vocabulary if v[0] == word[0] and abs(len(v) - len(word)) <= 2]
    found = difflib.get_close_matches(word, near, n=1, cutoff=TYPO_CUTOFF)
    if found and (len(found[0]) >= len(word) or _doubled(word, found[0])):
        return found[0]
    # two letters swapped ("dehli", "sinagpore") is one slip, however short the word
    swapped = sorted(
        v for v in near if sorted(v) == sorted(word) and DamerauLevenshtein.distance(word, v) == 1
    )
    return swapped[0] if len(swapped) == 1 else word


def _doubled(word: str, shorter: str) -> bool:
    """`shorter` is `word` with one doubled letter written once ("relaxxed" → "relaxed") or
    without its plural s ("castles" → "castle"). A correction that drops any other letter would
    turn a real word into a table's word ("peace" → "pace"), so it is not made."""
    if word.endswith("s") and word[:-1] == shorter:
        return True
    return any(
        word[:i] + word[i + 1 :] == shorter for i in range(1, len(word)) if word[i] == word[i - 1]
    )


def tokens(text: str) -> list[str]:
    """The message's words as the tables spell them, obvious typos corrected."""
    folded = normalise_message(text).replace("'", "")
    return [_corrected(w) for w in _TOKEN.findall(folded)]
