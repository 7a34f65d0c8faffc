"""Common ingredient and dish words across cuisines, checked against an independent list.

`data/common_food_allergens.tsv` was written from general food knowledge before reading Kairos'
rules; it is parsed here with its own code and its own allergen names, so a blind spot of the
knowledge base cannot hide in a shared table. Each word is read alone and inside a recipe line.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from kairos.core.allergen_detection import detect_allergens

CHECKLIST: Final = Path(__file__).resolve().parent / "data" / "common_food_allergens.tsv"

# The checklist's own allergen names → the reader's canonical names.
READER_NAME: Final = {
    "gluten": "gluten",
    "crustaceans": "shellfish",
    "molluscs": "molluscs",
    "eggs": "eggs",
    "fish": "fish",
    "peanuts": "peanuts",
    "soy": "soy",
    "milk": "dairy",
    "tree_nuts": "tree_nuts",
    "celery": "celery",
    "mustard": "mustard",
    "sesame": "sesame",
    "sulphites": "sulphites",
    "lupin": "lupin",
}


@dataclass(frozen=True)
class Word:
    term: str
    contains: frozenset[str]
    likely: frozenset[str]
    absent: frozenset[str]


def _names(cell: str) -> frozenset[str]:
    names = frozenset(part.strip() for part in cell.split(",") if part.strip())
    if names == {"all"}:
        return frozenset(READER_NAME)
    unknown = names - READER_NAME.keys()
    assert not unknown, f"checklist names unknown allergens {sorted(unknown)}"
    return names


def checklist() -> list[Word]:
    text = CHECKLIST.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line and not line.startswith("#")]
    reader = csv.reader(rows[1:], delimiter="\t")
    return [
        Word(term, _names(contains), _names(likely), _names(absent))
        for term, contains, likely, absent in reader
    ]


def found(text: str) -> set[str]:
    return {mention.allergen for mention in detect_allergens(text)}


def _lines(term: str) -> tuple[str, ...]:
    return (term, f"1 cup {term}, to serve")


def test_checklist_is_broad() -> None:
    words = checklist()
    assert len({w.term for w in words}) == len(words), "a term is listed twice"
    assert sum(1 for w in words if w.contains or w.likely) >= 400
    assert sum(1 for w in words if w.absent) >= 60


def test_every_contains_allergen_is_read() -> None:
    misses = [
        f"{line!r}: {allergen}"
        for word in checklist()
        for line in _lines(word.term)
        for allergen in sorted(word.contains)
        if READER_NAME[allergen] not in found(line)
    ]
    assert not misses, f"{len(misses)} missed:\n" + "\n".join(misses)


LIKELY_FLOOR: Final = 0.95
"""`likely` is a judgement ("most versions hold it"); the reader may leave a few out where
reading them would flag too many free versions, but not more than this share."""


def test_likely_allergens_are_read_at_least_as_may_contain() -> None:
    labels = [(word.term, allergen) for word in checklist() for allergen in sorted(word.likely)]
    misses = [f"{term!r}: {a}" for term, a in labels if READER_NAME[a] not in found(term)]
    share = 1 - len(misses) / len(labels)
    assert share >= LIKELY_FLOOR, f"{share:.3f} read; missed:\n" + "\n".join(misses)


def test_allergen_free_words_and_free_from_forms_are_not_read_as_the_allergen() -> None:
    wrong = [
        f"{line!r}: {allergen}"
        for word in checklist()
        for line in _lines(word.term)
        for allergen in sorted(word.absent)
        if READER_NAME[allergen] in found(line)
    ]
    assert not wrong, f"{len(wrong)} read wrongly:\n" + "\n".join(wrong)
