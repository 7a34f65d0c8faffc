"""How the derived rules' and the taxonomy table's words join the hand lexicon: a word gains
allergens with their status (contains wins over likely), and a longer word carries what the
hand-listed words inside it and a derived head word carry."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from kairos.core.lexicon_forms import term_key

GENERIC_HEADS: Final = frozenset(
    {"butter", "milk", "flour", "bran", "cream", "meal", "oil", "cheese", "spread", "paste"}
)
"""Last words that name a form, not a food: in "hazelnut butter" or "lupin flour" the
allergen comes from the first word, not from butter or flour."""


def with_parts(
    text_terms: dict[str, tuple[str, ...]],
    usually: dict[str, tuple[str, ...]],
    hand: frozenset[str],
    added: Mapping[str, str],
    heads: frozenset[str] = frozenset(),
) -> None:
    """A longer word the derived rules or the taxonomy add ("dark soy sauce", "cheese
    tortellini") hides the shorter hand-listed words inside it at the same position, so it also
    carries what they carry ("soy sauce": gluten; "tortellini": gluten, eggs), with their
    status — except a generic last word after a food that has its own ("hazelnut butter").
    Where the hand-listed parts only usually bring an allergen, so does the longer word
    ("partially hydrogenated soybean oil": refined soybean oil is exempt)."""
    for key, form in added.items():
        words = [term_key(w) for w in form.split()]
        if len(words) < 2:
            continue
        parts = _hand_parts(words, hand)
        if not parts or not parts[-1][1]:
            _lend_head(text_terms, usually, key, _derived_head(words, heads))
        certain: set[str] = set()
        doubtful: set[str] = set()
        for part, last in parts:
            if last and part in GENERIC_HEADS and text_terms.get(key):
                continue
            for allergen in text_terms[part]:
                usual = allergen in usually.get(part, ())
                (doubtful if usual else certain).add(allergen)
        for allergen in sorted(certain | doubtful):
            if allergen not in text_terms[key]:
                text_terms[key] = (*text_terms[key], allergen)
                if allergen not in certain:
                    usually[key] = (*usually.get(key, ()), allergen)
            elif allergen not in certain and allergen not in usually.get(key, ()):
                usually[key] = (*usually.get(key, ()), allergen)


def _hand_parts(words: list[str], hand: frozenset[str]) -> list[tuple[str, bool]]:
    """The longest hand-listed words inside `words`, left to right, each with whether it ends
    the phrase (the phrase itself excluded)."""
    found: list[tuple[str, bool]] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            part = "".join(words[start:end])
            if end - start < len(words) and part in hand:
                found.append((part, end == len(words)))
                start = end
                break
        else:
            start += 1
    return found


def _derived_head(words: list[str], heads: frozenset[str]) -> str | None:
    """The longest derived word ending `words` (the phrase itself excluded): the head names
    what the thing is, so "pecan pie" is a pie (wheat) as well as pecans."""
    for start in range(1, len(words)):
        part = "".join(words[start:])
        if part in heads:
            return part
    return None


def _lend_head(
    text_terms: dict[str, tuple[str, ...]],
    usually: dict[str, tuple[str, ...]],
    key: str,
    head: str | None,
) -> None:
    """Add a derived head's allergens the longer word does not name itself, with the head's
    status; what the longer word says of an allergen stands."""
    if head is None or head in GENERIC_HEADS:
        return
    for allergen in text_terms.get(head, ()):
        if allergen in text_terms[key]:
            continue
        text_terms[key] = (*text_terms[key], allergen)
        if allergen in usually.get(head, ()):
            usually[key] = (*usually.get(key, ()), allergen)


def merge(
    text_terms: dict[str, tuple[str, ...]],
    usually: dict[str, tuple[str, ...]],
    reasons: dict[str, dict[str, str]],
    key: str,
    allergens: Iterable[str],
    likely: bool,
    reason: str,
) -> None:
    """Add `allergens` to a word: `contains` wins over `likely` for the same allergen."""
    known = text_terms.get(key, ())
    text_terms[key] = known + tuple(a for a in allergens if a not in known)
    for allergen in allergens:
        held = allergen in known and allergen not in usually.get(key, ())
        if likely and not held:
            usually[key] = (*usually.get(key, ()), allergen)
        elif not likely and allergen in usually.get(key, ()):
            usually[key] = tuple(a for a in usually[key] if a != allergen)
        if reason:
            reasons.setdefault(key, {}).setdefault(allergen, reason)
