"""A catalog place named without the words of its own kind (issue 36): "just Smoken Joe's" for
Smoken Joe's Bbq (a barbecue place), "Upper Crust on Tremont" for Upper Crust Pizzeria (a
pizza place). The name's last words that name one of the place's own categories are optional;
the same words on a place of another kind stay part of its name ("Sweet Kitchen" is not
"Sweet"), which a fixed list of optional words could not tell apart. What is left is spotted as
the catalog spotter spots any name (one word: a capital, no common word, no city), and the
caller narrows the places it names by the street, ZIP or area said (`narrowing.narrow`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from kairos.signals.geocoding.catalog import CatalogGeocoder, normalise
from kairos.signals.geocoding.spotting import NameIndex, Spotted, spot_names
from kairos.text.words import concept_tokens, singular

__all__ = ["ShortNames", "merged", "without_own_kind"]

KIND_ALIASES: Final = {
    "bbq": "barbeque",
    "barbecue": "barbeque",
    "pizzeria": "pizza",
    "taqueria": "mexican",
    "trattoria": "italian",
    "osteria": "italian",
    "ristorante": "italian",
    "brasserie": "french",
    "patisserie": "bakery",
    "smokehouse": "barbeque",
}
"""A name's word for a kind that the category list spells otherwise (category words are
compared singular and folded: "Bakeries" is "bakery")."""
_JOINERS: Final = frozenset({"and", "restaurant"})
"""Dropped with the kind words they join ("Fish Pier Restaurant & Market")."""


_FUNCTION_WORDS: Final = frozenset(
    {"this", "is", "it", "its", "the", "a", "an", "of", "at", "on", "in", "to", "for", "by",
     "my", "our", "your", "we", "i", "and", "here", "that", "there", "s",
     "what", "whats", "which", "who", "how", "where", "when", "why", "one"}
)  # fmt: skip
"""A name left without its kind's words that is only these is no name: "This is Wings" (a
chicken-wings place) left "this is", spotted in every "This is Salsa's" opener of the shared
data's resolution set and put at Decatur, GA (a "Beacon Hill" left is the neighbourhood); "the
one on Boylston" is no name (The One Sushi +, Brookhaven), nor "what's the" (What the Waffle)."""


@dataclass(frozen=True)
class _Short:
    name: str
    name_key: str
    place: int
    """Index into the catalog's places."""


def without_own_kind(name_key: str, categories: Iterable[str]) -> list[str]:
    """The name with its trailing words that name its own categories left out, one at a time
    ("smoken joe s bbq" of a Barbeque place -> ["smoken joe s"]); at least one other word
    stays."""
    kinds = {t for c in categories for t in concept_tokens(c)}
    words = name_key.split()
    forms: list[str] = []
    while len(words) > 1:
        last = singular(words[-1])
        if last in _JOINERS:
            words = words[:-1]
            continue
        if last not in kinds and KIND_ALIASES.get(last) not in kinds:
            break
        words = words[:-1]
        while len(words) > 1 and words[-1] in _JOINERS:
            words = words[:-1]
        if words and singular(words[-1]) not in kinds:
            forms.append(" ".join(words))
    return forms


class ShortNames:
    """The catalog's names without their own kind's words, built once from the store's
    categories; spots index the catalog's places."""

    def __init__(
        self, catalog: CatalogGeocoder, rows: Sequence[tuple[str, float, float, list[str]]]
    ) -> None:
        self.catalog = catalog
        at = {(p.name, round(p.lat, 5), round(p.lng, 5)): i for i, p in enumerate(catalog.places)}
        shorts: list[_Short] = []
        for name, lat, lng, categories in rows:
            i = at.get((name, round(lat, 5), round(lng, 5)))
            if i is None:
                continue
            for form in without_own_kind(catalog.places[i].name_key, categories):
                if form not in catalog.area_names and not set(form.split()) <= _FUNCTION_WORDS:
                    shorts.append(_Short(form, form, i))
        self.shorts = shorts
        self.index = NameIndex(shorts)

    def spot(self, text: str) -> list[Spotted]:
        found = spot_names(text, self.index, normalise, self.catalog.area_names)
        kept = []
        for s in found:
            own = sorted({self.shorts[c].place for c in s.candidates
                          if _same_one_word(s.text, self.shorts[c].name)})  # fmt: skip
            kept += [Spotted(s.start, s.end, s.text, own, s.score)] if own else []
        return kept


def _same_one_word(said: str, form: str) -> bool:
    """A short name that is one word besides function words is said as it is: "the South"
    (of "the South End") is not The Square Deli's "the square", however close the spelling."""
    words = [w for w in form.split() if w not in _FUNCTION_WORDS]
    if len(words) != 1:
        return True
    return [w for w in normalise(said).split() if w not in _FUNCTION_WORDS] == words


def merged(first: Sequence[Spotted], more: Sequence[Spotted]) -> list[Spotted]:
    """The catalog spotter's finds, and a short name's where it found none there."""
    kept = list(first)
    for spot in more:
        if all(spot.end <= k.start or k.end <= spot.start for k in kept):
            kept.append(spot)
    return sorted(kept, key=lambda s: s.start)


def also_named(spot: Spotted, more: Sequence[Spotted]) -> list[int]:
    """The places a short name spots at the very words the catalog spotter spotted, beyond
    its own ("Upper Crust": Upper Crust Pizzeria besides The Upper Crust rows)."""
    same = [m for m in more if (m.start, m.end) == (spot.start, spot.end)]
    return sorted({i for m in same for i in m.candidates} - set(spot.candidates))
