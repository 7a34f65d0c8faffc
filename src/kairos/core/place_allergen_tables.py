"""What a place's cuisine, categories, name and kind of venue say of allergens: the tables of
`data/cuisine_allergens.toml`, read in whole words (a key never matches inside a word:
"thailand" is not "thai"), plurals folded."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final, TypeVar

from kairos.core.lexicon import CANONICAL_SET, load_toml

V = TypeVar("V")
WORDS: Final = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


@cache
def _cuisine_map() -> dict[str, tuple[str, ...]]:
    return _by_key(load_toml("cuisine_allergens.toml")["cuisines"])


@cache
def _certain_map(section: str = "categories_certain") -> dict[str, tuple[str, ...]]:
    return _by_key(load_toml("cuisine_allergens.toml").get(section, {}))


def _by_key(table: Mapping[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """A section of the data file (name -> allergens) keyed by `_cuisine_key`; an allergen
    that is not canonical is refused."""
    result: dict[str, tuple[str, ...]] = {}
    for name, allergens in table.items():
        unknown = [a for a in allergens if a not in CANONICAL_SET]
        if unknown:
            raise ValueError(f"cuisine_allergens.toml: {name}: unknown allergen(s) {unknown}")
        result[_cuisine_key(name)] = tuple(allergens)
    return result


def category_certain_allergens(category: str) -> tuple[str, ...]:
    """Allergens a category's places certainly serve (an oyster bar: molluscs); whole names."""
    return _certain_map().get(_cuisine_key(category), ())


def name_certain_allergens(name: str) -> list[tuple[str, tuple[str, ...]]]:
    """(words of the name, allergens) for each certain-serving kind of place the name says in
    whole words, longest first: "O Sushi Restaurant & Bar" -> [("Sushi", ("fish",))];
    "Crabtree Kittle" -> []."""
    return list(dict(_whole_runs(name, _certain_map() | _certain_map("names_certain"))).items())


def _whole_runs(text: str, table: Mapping[str, V]) -> list[tuple[str, V]]:
    """(words as written, value) for each key of `table` that `text` says in whole words,
    longest first, no two sharing a word."""
    tokens = list(WORDS.finditer(text))
    keys = [_singular(token.group().lower()) for token in tokens]
    found: list[tuple[str, V]] = []
    covered: set[int] = set()
    for size in range(len(tokens), 0, -1):
        for start in range(len(tokens) - size + 1):
            run = range(start, start + size)
            value = table.get(" ".join(keys[start : start + size]))
            if value is not None and covered.isdisjoint(run):
                covered.update(run)
                found.append((text[tokens[start].start() : tokens[run[-1]].end()], value))
    return found


_IRREGULAR: Final = {"delis": "deli"}
"""Plurals the rules below would leave alone ("-is" guards "tennis", "paris")."""


def _singular(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 4 and word.endswith(("ies", "ie")):  # a key, not a word: "creperie" and
        return word.removesuffix("s")[:-2] + "y"  # "creperies" both read "crepery"
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "sses", "zzes")):
        return word[:-2]  # "sandwiches", "dishes", "boxes"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@dataclass(frozen=True, slots=True)
class VenueKind:
    """A kind of venue and what its counters commonly hold (`[kinds]` in the data file)."""

    key: str
    label: str
    """What one such venue is called in sentences: "every bakery found here"."""
    reasons: tuple[tuple[str, str], ...]
    """(allergen, why it is likely there), in the file's order."""

    @property
    def allergens(self) -> tuple[str, ...]:
        return tuple(allergen for allergen, _ in self.reasons)

    def reason(self, allergen: str) -> str | None:
        return dict(self.reasons).get(allergen)


@cache
def _kind_map() -> dict[str, VenueKind]:
    """Every name of every kind (its key and its `also`), folded, to the kind."""
    table = load_toml("cuisine_allergens.toml").get("kinds", {})
    result: dict[str, VenueKind] = {}
    for key, entry in table.items():
        reasons = tuple((a, str(r)) for a, r in entry.items() if a not in ("label", "also"))
        unknown = [a for a, _ in reasons if a not in CANONICAL_SET]
        if unknown or not reasons:
            raise ValueError(f"cuisine_allergens.toml: kinds.{key}: allergens {unknown or '[]'}")
        kind = VenueKind(key=key, label=str(entry.get("label", key)), reasons=reasons)
        for said in (key, *entry.get("also", ())):
            folded = _cuisine_key(said)
            if result.get(folded, kind) != kind:
                raise ValueError(f"cuisine_allergens.toml: {said!r} names two kinds")
            result[folded] = kind
    return result


def venue_kinds(text: str) -> list[tuple[str, VenueKind]]:
    """(words as written, kind) for each kind of venue a category or a name says in whole
    words, longest first, each kind once: "Patisserie/Cake Shop" -> the pastry shop;
    "Ice Cream & Frozen Yogurt" -> ice cream and frozen yogurt; "Sandwiches" -> sandwich."""
    found: dict[str, tuple[str, VenueKind]] = {}
    for said, kind in _whole_runs(text, _kind_map()):
        found.setdefault(kind.key, (said, kind))
    return list(found.values())


def _cuisine_key(name: str) -> str:
    return " ".join(_singular(word) for word in WORDS.findall(name.lower()))


def cuisine_allergens(cuisine: str) -> tuple[str, tuple[str, ...]] | None:
    """The heuristic entry for one cuisine name: (matched key, allergens), or None.

    Whole names first, then the longest run of whole words ("south indian restaurant" ->
    "south indian"); a key never matches inside a word ("thailand" is not "thai").
    """
    table = _cuisine_map()
    words = _cuisine_key(cuisine).split()
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            key = " ".join(words[start : start + size])
            if key in table:
                return key, table[key]
    return None
