"""A chat message as words that extraction steps claim one by one.

Each step marks the words it used, so a later step never reads them again: "no seafood" is
claimed by the negation step and cannot also become a wanted category, "£40" by the price step
and cannot become a party size. Separators (punctuation, "but") bound phrases.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Iterator

from kairos.text.query.catalog_words import fold

_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_WORD_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)*|[$£€₹]+|&|[,.;!?:()/\"+-]")
_SEPARATORS = frozenset(',.;!?:()/"-') | {"but", "though", "however", "also"}


PhraseTable = dict[str, list[tuple[str, ...]]]


def phrase_table(phrases: Iterable[tuple[str, ...]]) -> PhraseTable:
    """Phrases by first word, longest first, so matching at a word is one dict lookup."""
    table: PhraseTable = {}
    for phrase in sorted(set(phrases), key=len, reverse=True):
        table.setdefault(phrase[0], []).append(phrase)
    return table


def normalise_message(message: str) -> str:
    """Lower case, no accents, plain quotes; "kid-friendly" reads as "kid friendly"."""
    text = fold(message.translate(_QUOTES))
    return _WORD_HYPHEN.sub(" ", text)


class Words:
    """Tokens of a normalised message with the characters they span and who claimed them."""

    __slots__ = ("blocked", "ends", "is_sep", "starts", "text", "used", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.words: list[str] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        for match in _TOKEN.finditer(text):
            self.words.append(match.group())
            self.starts.append(match.start())
            self.ends.append(match.end())
        self.is_sep = [w in _SEPARATORS for w in self.words]
        self.used = [False] * len(self.words)
        self.blocked = list(self.is_sep)  # used or a separator: no phrase may include it

    def __len__(self) -> int:
        return len(self.words)

    def claim(self, start: int, end: int) -> None:
        for i in range(start, end):
            self.used[i] = True
            self.blocked[i] = True

    def claim_span(self, char_start: int, char_end: int) -> None:
        """Claims every word overlapping a character span found by a regular expression."""
        for i, (s, e) in enumerate(zip(self.starts, self.ends, strict=True)):
            if s < char_end and e > char_start:
                self.used[i] = True
                self.blocked[i] = True

    def free(self, start: int, end: int) -> bool:
        return 0 <= start < end <= len(self.words) and True not in self.blocked[start:end]

    def phrase(self, start: int, end: int) -> str:
        return " ".join(self.words[start:end])

    def windows(
        self, max_len: int, first_words: Container[str] | None = None
    ) -> Iterator[tuple[int, int]]:
        """Free word spans, longest first, left to right: the longest phrase wins. With
        `first_words`, only spans starting with one of them (a cheap way to skip most)."""
        blocked = self.blocked
        starts = [
            i
            for i, word in enumerate(self.words)
            if not blocked[i] and (first_words is None or word in first_words)
        ]
        for n in range(max_len, 0, -1):
            for start in starts:
                if True not in blocked[start : start + n] and start + n <= len(blocked):
                    yield start, start + n

    def prev_word(self, index: int) -> str:
        return self.words[index - 1] if index > 0 else ""

    def next_word(self, index: int) -> str:
        return self.words[index] if index < len(self.words) else ""

    def match(self, i: int, table: PhraseTable) -> int:
        """Length of the longest phrase of `table` starting at word `i` among unused words."""
        for phrase in table.get(self.words[i], ()) if i < len(self.words) else ():
            n = len(phrase)
            if tuple(self.words[i : i + n]) == phrase and True not in self.used[i : i + n]:
                return n
        return 0

    def leftover(self) -> list[str]:
        return [
            w
            for w, used, sep in zip(self.words, self.used, self.is_sep, strict=True)
            if not used and not sep
        ]
