"""Misspelt allergen words: "shelfish", "peantus", "seasame", "glutten", "diary".

A profile entry or an allergy a person types that the lexicon does not know would otherwise
become a custom ingredient nothing matches, and every place would look free of it. A word the
lexicon does not know at all, one or two letters (or a swap of two) away from exactly one
allergen word, is read as that word. Known foods are never corrected ("oats" stays oats), and
short words are left alone: at four letters one edit reaches too many words ("nuts", "oats").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein, Levenshtein

from kairos.core.lexicon import CANONICAL_ALLERGENS, default_lexicon, term_key

MIN_LENGTH: Final = 5
"""Shorter words are never corrected."""
TWO_EDITS_FROM: Final = 8
"""Words this long may be two edits away; shorter ones one."""


@lru_cache(maxsize=1)
def _vocabulary() -> dict[str, tuple[str, ...]]:
    """Single allergen words people write in a profile, with what each denotes."""
    lexicon = default_lexicon()
    words: dict[str, tuple[str, ...]] = {}
    for key, allergens in lexicon.text_terms.items():
        if " " not in key and len(key) >= MIN_LENGTH - 1 and allergens:
            words[key] = allergens
    for key, canonical in lexicon.class_keys.items():
        words[key] = (canonical,)
    for key, allergens in lexicon.umbrellas.items():
        words[key] = allergens
    for name in CANONICAL_ALLERGENS:
        words.setdefault(term_key(name), (name,))
    return words


@lru_cache(maxsize=1)
def _words() -> list[str]:
    return list(_vocabulary())


def _near_words(key: str, limit: int) -> list[str]:
    """The vocabulary's words within `limit` edits of `key` with a swap counted as one, and a
    few more, in the vocabulary's order. A swap is two edits to Levenshtein, so its distance
    is at most twice the asked one; it is computed over the whole vocabulary in C, where the
    swap-aware distance word by word took 3-9 ms a new word."""
    words = _words()
    near = process.extract(
        key, words, scorer=Levenshtein.distance, score_cutoff=2 * limit, limit=None
    )
    return [
        words[index]
        for _, _, index in sorted(near, key=lambda found: found[2])
        if abs(len(words[index]) - len(key)) <= limit
    ]


@lru_cache(maxsize=4096)
def corrected_allergen_word(word: str) -> str | None:
    """The allergen word `word` misspells, or None when it is known, too short, or close to
    no allergen word or to several that denote different allergens."""
    key = term_key(word)
    if " " in key or len(key) < MIN_LENGTH or not key.isalpha():
        return None
    vocabulary = _vocabulary()
    if key in vocabulary or key in default_lexicon().known_foods:
        return None
    limit = 2 if len(key) >= TWO_EDITS_FROM else 1
    best: list[str] = []
    best_distance = limit + 1
    for candidate in _near_words(key, limit):
        distance = DamerauLevenshtein.distance(key, candidate, score_cutoff=limit)
        if distance > limit:
            continue
        if distance < best_distance:
            best, best_distance = [candidate], distance
        elif distance == best_distance:
            best.append(candidate)
    meanings = {vocabulary[c] for c in best}
    if len(meanings) != 1:
        return None
    return min(best, key=len)
