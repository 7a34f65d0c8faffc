"""How catalog words compare: folded, singular, without a trailing "restaurant".

One definition for every layer that matches category words (search filters, the offline
parser's vocabulary), so a word reaches the same categories wherever it is read.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["concept_tokens", "fold", "singular"]

_WORD = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lower case without accents: users type "gracia" for "Gràcia" and "cafe" for "café"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def singular(word: str) -> str:
    """A crude singular that both sides of a match share ("tacos", "steakhouses", "bakeries")."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


@lru_cache(maxsize=16384)
def concept_tokens(value: str) -> tuple[str, ...]:
    """Words of a category as a concept: singular, no "restaurant" suffix ("Tacos" == "taco")."""
    words = [singular(w) for w in _WORD.findall(fold(value))]
    while len(words) > 1 and words[-1] == "restaurant":
        words.pop()
    return tuple(words)
