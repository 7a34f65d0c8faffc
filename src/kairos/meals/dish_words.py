"""A dish name as the catalogue spells it: typos read against the words of the recipe titles
and the food names ("spagetti" → spaghetti, "chiken" → chicken, "helthy" → healthy), and the
spelling variants a title search must accept ("lasagne" and "lasagna").

A word is corrected only when it is of `MIN_LENGTH` letters or more, known to neither the
titles nor the food names, and within one edit (two from `TWO_EDITS_FROM` letters, a swap
counted as one) of a known word; the nearest word wins, then the one more titles use.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping
from typing import Final

from rapidfuzz.distance import DamerauLevenshtein

from kairos.core.lexicon import default_lexicon
from kairos.meals.name_spellings import same_name_word

__all__ = [
    "MIN_LENGTH", "TitleWords", "corrected_dish", "shared_words", "spelling_variants",
    "title_names", "title_words",
]  # fmt: skip

MIN_LENGTH: Final = 5
TWO_EDITS_FROM: Final = 8
_WORD: Final = re.compile(r"[a-z]+")
_LINKING: Final = frozenset(("a", "an", "and", "the", "of", "with", "in", "on", "n"))
REQUEST_WORDS: Final = ("healthy", "healthier", "lighter", "family", "please", "recipe")
"""Words of a request that are not the dish, known so that their typos are read too."""
COOKING_WORDS: Final = (
    "marinade",
    "marinated",
    "overnight",
    "grilled",
    "roasted",
    "baked",
    "fried",
    "steamed",
    "sauteed",
    "braised",
    "smoked",
    "stuffed",
    "glazed",
    "crispy",
    "spicy",
    "creamy",
    "homemade",
    "leftover",
    "leftovers",
    "skillet",
    "sheet",
    "casserole",
    "stew",
    "soup",
    "salad",
    "bowl",
    "traybake",
    "one-pot",
    "vegetarian",
    "vegan",
    "gluten",
    "dairy",
)
"""Words cooks use around a dish that titles may lack: known, so never "corrected"."""


class TitleWords(dict[str, int]):
    """How many titles use each word (0 for the request, cooking and food words known beside
    them), with the used words in order for a search by their start."""

    _used: list[str] | None = None

    def starting_with(self, stem: str) -> list[str]:
        """The words some title uses that start with `stem`, in order (the index is built on
        first use: the vocabulary is read once per catalogue, searched on every request)."""
        if self._used is None:
            self._used = sorted(word for word, count in self.items() if count > 0)
        found = []
        for word in self._used[bisect_left(self._used, stem) :]:
            if not word.startswith(stem):
                break
            found.append(word)
        return found


def title_words(titles: list[str]) -> TitleWords:
    """How many titles use each word."""
    counts = TitleWords()
    for title in titles:
        for word in set(_WORD.findall(title.lower())):
            counts[word] = counts.get(word, 0) + 1
    for word in (*REQUEST_WORDS, *COOKING_WORDS, *_food_words()):
        counts.setdefault(word, 0)
    return counts


def _food_words() -> frozenset[str]:
    """The food names the allergen knowledge knows, one word each ("marinade", "tahini")."""
    return frozenset(w for w in default_lexicon().known_foods if w.isalpha() and len(w) <= 14)


def _nearest(word: str, vocabulary: Mapping[str, int]) -> str | None:
    if len(word) < MIN_LENGTH or not word.isalpha() or word in vocabulary:
        return None
    limit = 2 if len(word) >= TWO_EDITS_FROM else 1
    found: list[tuple[int, int, str]] = []
    for known, count in vocabulary.items():
        if abs(len(known) - len(word)) > limit or len(known) < MIN_LENGTH - 1:
            continue
        distance = DamerauLevenshtein.distance(word, known, score_cutoff=limit)
        if distance <= limit:
            found.append((distance, -count, known))
    return min(found)[2] if found else None


def corrected_dish(name: str, vocabulary: Mapping[str, int]) -> tuple[str, list[str]]:
    """The name with its misspelt words read, and each reading in words ("'spagetti' read as
    'spaghetti'")."""
    words = name.split()
    notes: list[str] = []
    for i, word in enumerate(words):
        better = _nearest(word.lower(), vocabulary)
        if better is not None:
            notes.append(f"'{word}' read as '{better}'")
            words[i] = better
    return " ".join(words), notes


def spelling_variants(word: str, vocabulary: TitleWords) -> list[str]:
    """The word and the titles' other spellings of it (words some title uses): one letter
    changed, added or dropped after a common stem of all but its last two letters ("lasagne" /
    "lasagna"); a shorter word, its other spellings of one name ("tso" / "tsao")."""
    variants = [word]
    if not word.isalpha() or len(word) < 3:
        return variants
    if len(word) < 6:  # a short name in another spelling ("tso", "tsao"): see name_spellings
        found = (k for k in vocabulary.starting_with(word[:1]) if same_name_word(word, k))
        return sorted({word, *found})
    for known in vocabulary.starting_with(word[:-2]):
        if (
            known != word
            and abs(len(known) - len(word)) <= 1
            and DamerauLevenshtein.distance(word, known, score_cutoff=1) <= 1
        ):
            variants.append(known)
    return sorted(variants)


def _same_word(asked: str, written: str) -> bool:
    if asked == written or same_name_word(asked, written):
        return True
    longer, shorter = (asked, written) if len(asked) > len(written) else (written, asked)
    if longer in (shorter + "s", shorter + "es"):
        return True
    return (
        len(shorter) >= 6
        and longer.startswith(shorter[:-2])
        and DamerauLevenshtein.distance(asked, written, score_cutoff=1) <= 1
    )


def shared_words(title: str, dish: str) -> int:
    """How many of the dish's words the title uses ("Lentil Bolognese" shares one with
    "spaghetti bolognese")."""
    written = _WORD.findall(title.lower().replace("'", ""))
    asked = [w for w in _WORD.findall(dish.lower().replace("'", "")) if w not in _LINKING]
    return sum(1 for a in asked if any(_same_word(a, w) for w in written))


def title_names(title: str, dish: str) -> bool:
    """Every word of the dish (plurals and spelling variants accepted) is a word of the title:
    "Oven-Fried Chicken" names fried chicken, "Avocado Chicken Stir-Fry" does not, though a
    stemmed title search takes "fried" and "fry" for one word."""
    written = _WORD.findall(title.lower().replace("'", ""))
    asked = [w for w in _WORD.findall(dish.lower().replace("'", "")) if w not in _LINKING]
    return bool(asked) and all(any(_same_word(a, w) for w in written) for a in asked)
