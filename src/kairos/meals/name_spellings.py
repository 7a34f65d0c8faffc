"""One dish name written in two spellings of a word taken from another script or language:
"Tso" and "Tsao" (General Tso's chicken), "dal", "dhal" and "daal", "chili" and "chilli",
"pita" and "pitta", "kebab" and "kabob" are one name, so a title that spells it otherwise still
names the dish the cook asked for.

Three readings, each of what transliterations vary and English food words do not: a doubled
letter ("daal", "chilli"), an "h" after b, d, g or k ("dhal", "bhaji"), a vowel of its own beside
another ("tsao"). The last is taken only for words that are not food names, so "bean" is
never "ban" and "boat" never "bat"; a possessive or plural "s" is set aside first ("Tsao's").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from kairos.core.lexicon import default_lexicon

__all__ = ["same_name_word"]

_VOWELS: Final = frozenset("aeiou")
_DOUBLED: Final = re.compile(r"([a-z])\1+")
_SOFT_H: Final = re.compile(r"(?<=[bdgk])h")
_SHORTEST: Final = 3


@cache
def _food_words() -> frozenset[str]:
    return frozenset(w for w in default_lexicon().known_foods if w.isalpha())


def _skeleton(word: str) -> str:
    return _DOUBLED.sub(r"\1", _SOFT_H.sub("", word))


def _forms(word: str) -> tuple[str, ...]:
    """The word, and without a possessive or plural "s" ("tsaos" from "Tsao's")."""
    if len(word) > _SHORTEST and word.endswith("s") and not word.endswith("ss"):
        return (word, word[:-1])
    return (word,)


def _vowel_beside_vowel(longer: str, shorter: str) -> bool:
    """`longer` is `shorter` with one vowel more, next to a vowel ("tsao" and "tso")."""
    if len(longer) != len(shorter) + 1 or len(shorter) < _SHORTEST:
        return False
    if longer in _food_words() or shorter in _food_words():
        return False
    for i, letter in enumerate(longer):
        if letter not in _VOWELS or longer[:i] + longer[i + 1 :] != shorter:
            continue
        beside = {longer[i - 1] if i else "", longer[i + 1] if i + 1 < len(longer) else ""}
        if beside & _VOWELS:
            return True
    return False


def same_name_word(asked: str, written: str) -> bool:
    """Whether two words are one name spelt two ways (see the module's readings)."""
    asked, written = asked.lower(), written.lower()
    for a in _forms(asked):
        for w in _forms(written):
            if a == w or (len(min(a, w, key=len)) >= _SHORTEST and _skeleton(a) == _skeleton(w)):
                return True
            longer, shorter = (a, w) if len(a) > len(w) else (w, a)
            if _vowel_beside_vowel(longer, shorter):
                return True
    return False
