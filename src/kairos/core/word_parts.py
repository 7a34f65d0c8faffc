"""Allergen words hidden inside longer words: compounds and inflected stems.

Label languages that build one word from several (German, Dutch, the Scandinavian languages,
Finnish) put the allergen inside the word: "Hartweizengrieß", "Magermilchpulver",
"scharreleigeel", "vetemjöl". Languages that inflect (Polish, Czech) change its ending:
"płatki owsiane", "pszennej", "gorczycę". A whole-word lexicon cannot list every such word, so
the lexicon also names *parts*:

- an `inside` part names its allergen anywhere inside a word ("weizen" in "Hartweizengrieß");
- a `start` part only where a word starts (the stem "owsian" of "owsiane", "owsianka"), for
  short stems that would otherwise hide in unrelated words.

False friends are longer parts that contain an allergen part and mean something else
("buchweizen" is buckwheat, "kokosmilch" coconut milk, "milchsäure" lactic acid, "erdnuss" a
peanut, not a tree nut). Inside one word, a part covered by a longer part is ignored, so the
longer one decides. A word that ends in a "free" suffix right after its parts ("glutenfrei",
"laktosfri", "melkvrij", "laktoositon", "glutenless") or starts with "bez" ("bezglutenowy")
negates them and names nothing.

Words the whole-word lexicon already matched are left to it: parts only read the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

__all__ = ["WordParts", "build_word_parts"]

_NEGATED_REST: Final = re.compile(
    r"[\-‐‑–]?(?:frei(?:e[nmrs]?)?|vrije?|fri(?:tt|a)?|free|less|ton|tön)", re.IGNORECASE
)
_NEGATED_START: Final = re.compile(r"bez", re.IGNORECASE)
_NONE: Final[tuple[str, ...]] = ()


def _is_letter(char: str) -> bool:
    return char.isalpha()


@dataclass(frozen=True, slots=True)
class WordParts:
    """The parts of one lexicon, compiled: part -> allergens (false friends map to theirs)."""

    allergens: Mapping[str, tuple[str, ...]]
    start_only: frozenset[str]
    pattern: re.Pattern[str]
    """Every part at every position (overlapping), in any case."""
    lower_pattern: re.Pattern[str]
    """The same, for text already lowercased."""

    def candidates(
        self, scan: str, lowered: bool, taken: list[tuple[int, int]]
    ) -> Iterator[tuple[tuple[int, int], tuple[str, ...]]]:
        """(word span, allergens) of each word of `scan` that names allergens through its parts.

        `taken` holds the spans the whole-word lexicon matched, in order; words overlapping one
        are skipped.
        """
        if not self.allergens:
            return
        pattern = self.lower_pattern if lowered else self.pattern
        words: dict[int, tuple[int, list[tuple[int, int, str]]]] = {}
        spans = iter(taken)
        taken_start, taken_end = next(spans, (-1, -1))
        for match in pattern.finditer(scan):
            start = match.start()
            while taken_end <= start and taken_end >= 0:
                taken_start, taken_end = next(spans, (-1, -1))
            if taken_start <= start < taken_end:
                continue  # inside a word the whole-word lexicon read
            part = match.group(1)
            end = start + len(part)
            word_start = start
            while word_start and _is_letter(scan[word_start - 1]):
                word_start -= 1
            key = part if lowered else part.lower()
            if key in self.start_only and word_start != start:
                continue
            word = words.get(word_start)
            if word is None:
                word_end = end
                while word_end < len(scan) and _is_letter(scan[word_end]):
                    word_end += 1
                word = words[word_start] = (word_end, [])
            word[1].append((start, end, key))
        for word_start, (word_end, parts) in words.items():
            if any(s < word_end and word_start < e for s, e in taken):
                continue
            allergens = self._resolve(scan, word_start, word_end, parts)
            if allergens:
                yield (word_start, word_end), allergens

    def _resolve(
        self, scan: str, word_start: int, word_end: int, parts: list[tuple[int, int, str]]
    ) -> tuple[str, ...]:
        kept = [
            (s, e, key)
            for s, e, key in parts
            if not any(s2 <= s and e <= e2 and e2 - s2 > e - s for s2, e2, _ in parts)
        ]
        naming = [(s, e, key) for s, e, key in kept if self.allergens.get(key, _NONE)]
        if not naming:
            return _NONE
        first, last = min(s for s, _, _ in naming), max(e for _, e, _ in naming)
        if _NEGATED_REST.fullmatch(scan, last, word_end) or (
            first - word_start == 3 and _NEGATED_START.match(scan, word_start)
        ):
            return _NONE
        found: list[str] = []
        for _, _, key in sorted(naming):
            found += [a for a in self.allergens[key] if a not in found]
        return tuple(found)


def build_word_parts(
    parts: Mapping[str, tuple[str, ...]],
    start_only: Iterable[str],
    trie: Callable[[Iterable[str]], str],
) -> WordParts:
    """Compile parts (lowercase part -> allergens; false friends map to theirs, often none).

    `trie` is the lexicon's trie-regex builder, so that both matchers share one shape.
    """
    regex = r"(?=(" + trie(sorted(parts)) + r"))" if parts else r"(?!)"
    return WordParts(
        allergens=dict(parts),
        start_only=frozenset(start_only),
        pattern=re.compile(regex, re.IGNORECASE),
        lower_pattern=re.compile(regex),
    )
