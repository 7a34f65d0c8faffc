"""The words of a trip request that name a kind of place to visit: one list for the whole trip
product, so that what retrieval reads as "a kind was asked" and what the unmet-words note
(`unmet_words.py`) reads as a kind's word are the same words.

The list is the union of the tables that already say what a kind is called: the intent cues'
categories and swap targets (`data/intent_cues.toml`, not `food`: a meal, not a sight), the kind
groups' kinds and words (`data/kind_groups.toml`), the kinds of place the notes say are missing
(`interest_gaps.KINDS`), the interests by era or style (`data/interest_words.toml`), and the
words `EXTRA_KIND_WORDS` a place's name ends with ("Central Park", "Bamboo Forest").

A request whose words name none of them ("4 days in Delhi with my family", an empty
interests field) asks for no kind: retrieval lets notability rank rather than the likeness of
a place's category to words that say nothing of places (`retrieval.KIND_ARM_UNSAID`).
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources
from typing import Final

from kairos.trips.intent_cues import tokens
from kairos.trips.interest_gaps import KINDS
from kairos.trips.interest_words import interest_words
from kairos.trips.kind_groups import kind_groups

__all__ = ["EXTRA_KIND_WORDS", "kind_phrases", "names_a_kind"]

EXTRA_KIND_WORDS: Final = ("forest", "market", "district", "street", "show")
"""Words that end a place's name and say its kind, found in no table."""
_NOT_KINDS: Final = frozenset({"food"})
"""Intent-cue categories that are no kind of sight (a meal)."""
_WORD: Final = re.compile(r"[a-z0-9]+")


def _plain(phrase: str) -> str:
    return " ".join(_WORD.findall(phrase.lower().replace("_", " ")))


@lru_cache(maxsize=1)
def kind_phrases() -> frozenset[str]:
    """Every phrase that names a kind of place, lower-case words separated by one space."""
    path = resources.files("kairos.trips") / "data" / "intent_cues.toml"
    cues = tomllib.loads(path.read_text(encoding="utf-8"))
    phrases: set[str] = set(EXTRA_KIND_WORDS)
    for table in ("category", "target"):
        for name, said in cues[table].items():
            if name not in _NOT_KINDS:
                phrases |= {name, *said}
    for group in kind_groups().values():
        phrases |= {*group.kinds, *group.words}
    for kind in KINDS:
        phrases |= {kind.label, *kind.asked_by}
    for interest in interest_words():
        phrases |= set(interest.asked_by)
    return frozenset(p for p in (_plain(p) for p in phrases) if p)


def names_a_kind(text: str) -> bool:
    """Whether the words name any kind of place (typos corrected as the intent reads them:
    "musuem", "temlpes")."""
    said = f" {' '.join(tokens(text))} "
    return any(f" {phrase} " in said for phrase in kind_phrases())
