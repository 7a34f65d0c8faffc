"""The chat suite's requests: six families, written as people type, subjects drawn from the files.

Phrasings are written by hand here; which places answer a request never is. Subjects come from
the catalogue itself: places are taken in the order of a SHA-256 of (family, source id), and each
anchor place proposes a subject from its own city, labels, attributes or price (so common
cuisines in big cities come up as often as people ask for them). A subject is kept when at least
`MIN_RELEVANT` places of the files satisfy it and its city has not used up its share
(`CITY_SHARE`), so the same files always give the same requests and several cities take part.

Families: `cuisine_city`, `occasion` (group, kids, outdoor, wifi, date, quiet, late night — see
`chat_truth.OCCASIONS`), `price` (level 1 for cheap, 3–4 for upscale, alone or with a cuisine),
`dietary` (vegan, vegetarian, halal, kosher, gluten-free), `allergy` (an anaphylactic profile
asking for a cuisine whose kitchens usually, not always, use the allergen), and `follow_up` (a
cuisine + city turn, then a refinement, graded on both turns' constraints together).
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from kairos.evals.chat_truth import (
    CERTAIN_ALLERGENS,
    DIETS,
    OCCASIONS,
    USUAL_ALLERGENS,
    TruthPlace,
    Words,
    label_words,
    typed_label,
)

FAMILIES = ("cuisine_city", "occasion", "price", "dietary", "allergy", "follow_up")
MIN_RELEVANT = 3  # fewer answers in the files and "top 5" would grade the catalogue, not Kairos
MIN_CITY_PLACES = 10  # a town with fewer places is not a city a request names
MIN_CITY_SHARE = 0.02  # ... nor one holding under 2 % of its country's places (suburbs, towns)
CITY_SHARE = 3  # no city takes more than a third of a family (at least 2 requests)
PER_FAMILY = 12
ALLERGENS = ("peanuts", "shellfish", "fish", "sesame", "tree_nuts")

NOT_CUISINES = frozenset(label_words(x) for x in (
    "restaurants", "food", "nightlife", "bars", "bar", "event planning & services", "caterers",
    "hotels & travel", "hotels", "hotel", "arts & entertainment", "venues & event spaces",
    "local flavor", "ethnic food", "specialty food", "food stands", "street vendors", "shopping",
    "shopping centers", "education", "grocery", "international grocery", "convenience stores",
    "wine & spirits", "beer", "food delivery services", "active life", "automotive",
    "gas stations", "beauty & spas", "tours", "local services", "home services",
    "health & medical", "professional services", "real estate", "fitness & instruction",
    "wedding planning", "party & event planning", "music venues", "performing arts",
    "dinner theater", "cinema", "golf", "bowling", "pool halls", "arcades", "amusement parks",
    "karaoke", "art galleries", "arts & crafts", "home & garden", "resorts", "bed & breakfast",
    "personal chefs", "do-it-yourself food", "food court", "internet cafes", "dance clubs",
    "jazz & blues", "flowers & gifts", "fashion", "health markets", "organic stores",
    "farmers market", "meat shops", "butcher", "seafood markets", "cheese shops", "imported food",
    "fruits & veggies", "beverages", "finger food", "international", "contemporary", "fusion",
    "healthy", "healthy food", "street food", "comfort food", "local", "modern european",
))  # fmt: skip
"""Labels no one asks for as a kind of food: generic tags, services, shops, vague styles."""

TYPED: dict[Words, str] = {
    label_words(label): typed for label, typed in (
        ("sushi bars", "sushi"), ("barbeque", "bbq"), ("breakfast & brunch", "brunch"),
        ("coffee & tea", "coffee"), ("cajun/creole", "cajun"), ("himalayan/nepalese", "nepalese"),
        ("persian/iranian", "persian"), ("tapas/small plates", "tapas"),
        ("ice cream & frozen yogurt", "ice cream"), ("juice bars & smoothies", "smoothies"),
        ("american (traditional)", "american food"), ("chicken wings", "wings"),
        ("patisserie/cake shop", "patisserie"), ("steakhouses", "steakhouse"),
        ("hot dogs", "hot dogs"), ("fish & chips", "fish and chips"),
    )
}  # fmt: skip
"""How people type the labels that read awkwardly in a sentence."""


@dataclass(frozen=True)
class Cuisine:
    typed: str
    alternatives: tuple[Words, ...]


@dataclass(frozen=True)
class Constraints:
    city: str
    cuisine: Cuisine | None = None
    occasion: str | None = None
    price_levels: frozenset[int] | None = None
    diet: str | None = None
    allergen: str | None = None

    def content_ok(self, place: TruthPlace) -> bool:
        """Every constraint the catalogue alone can answer (the allergy flag is the answer's).
        A place certain to contain the profile's allergen is no answer a safe reply can show."""
        return (
            place.locality == self.city
            and (self.cuisine is None or place.matches_any(self.cuisine.alternatives))
            and (self.occasion is None or place.occasion(self.occasion) is True)
            and (self.price_levels is None or place.price_level in self.price_levels)
            and (self.diet is None or place.diet(self.diet))
            and (self.allergen is None or not place.certainly_contains(self.allergen))
        )

    def describe(self) -> str:
        parts = [f"city={self.city}"]
        parts += [f"cuisine={self.cuisine.typed}"] if self.cuisine else []
        parts += [f"occasion={self.occasion}"] if self.occasion else []
        parts += [f"price in {sorted(self.price_levels)}"] if self.price_levels else []
        parts += [f"diet={self.diet}"] if self.diet else []
        parts += [f"anaphylactic {self.allergen}"] if self.allergen else []
        return ", ".join(parts)


@dataclass(frozen=True)
class EvalRequest:
    family: str
    turns: tuple[str, ...]
    constraints: Constraints
    candidates: int


def stable(*parts: str) -> int:
    return int(hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:12], 16)


def pick(options: tuple[str, ...], *salt: str) -> str:
    return options[stable(*salt) % len(options)]


def anchors(places: Iterable[TruthPlace], salt: str, cities: set[str]) -> list[TruthPlace]:
    """Places of the named cities, one city at a time in turn (each city's places in hash
    order), so a city with few places — London beside 28k US ones — still gets its requests."""
    by_city: dict[str, list[TruthPlace]] = {}
    for place in sorted(places, key=lambda p: (stable(salt, p.key), p.key)):
        if place.locality in cities:
            by_city.setdefault(place.locality, []).append(place)
    order = sorted(by_city, key=lambda c: (stable(salt, c), c))
    queues = [by_city[c] for c in order]
    return [q[i] for i in range(max(map(len, queues), default=0)) for q in queues if i < len(q)]


FILLER_WORDS = frozenset({"food"})  # typed for the sentence's sake, not part of the cuisine


def cuisine_of(label: str) -> Cuisine:
    words = label_words(label)
    typed = TYPED.get(words, typed_label(label))
    alternatives = tuple(dict.fromkeys([words, label_words(typed) - FILLER_WORDS]))
    return Cuisine(typed=typed, alternatives=alternatives)


def cuisine_labels(place: TruthPlace) -> list[str]:
    """The place's labels a person could ask for as a kind of food, in a stable order."""
    return sorted(
        (raw for raw, words in zip(place.raw_labels, place.labels, strict=True)
         if words and words not in NOT_CUISINES
         and not any(any(w <= words for w in ws) for ws in DIETS.values())),
        key=lambda raw: (stable(place.key, raw), raw),
    )  # fmt: skip


class Picker:
    """Keeps subjects with enough answers, no repeats, and a bounded share per city."""

    def __init__(self, places: list[TruthPlace], cities: set[str], wanted: int) -> None:
        self.places, self.cities, self.wanted = places, cities, wanted
        self.cap = max(2, math.ceil(wanted / CITY_SHARE))
        self.per_city: Counter[str] = Counter()
        self.seen: set[Constraints] = set()
        self.requests: list[EvalRequest] = []

    def full(self) -> bool:
        return len(self.requests) >= self.wanted

    def count(self, constraints: Constraints) -> int:
        return sum(1 for p in self.places if constraints.content_ok(p))

    def offer(self, family: str, turns: tuple[str, ...], constraints: Constraints) -> bool:
        if self.full() or constraints in self.seen or constraints.city not in self.cities:
            return False
        if self.per_city[constraints.city] >= self.cap:
            return False
        if self.count(constraints) < MIN_RELEVANT:
            return False
        self.seen.add(constraints)
        self.per_city[constraints.city] += 1
        self.requests.append(EvalRequest(family, turns, constraints, self.businesses(constraints)))
        return True

    def businesses(self, constraints: Constraints) -> int:
        """The relevant places a list can show: one per business name in a town (two rows of one
        chain in a town are one line to a person, and the judged rubric grades a repeat 0)."""
        return len(
            {(p.name.casefold(), p.locality) for p in self.places if constraints.content_ok(p)}
        )


def city_names(places: Iterable[TruthPlace]) -> set[str]:
    """Localities people name in a request: big enough in absolute terms and within their
    country (so London counts beside 28k US places, and Norwell, MA does not)."""
    located = [(p.locality, p.country or "") for p in places if p.locality]
    per_country = Counter(country for _, country in located)
    counts = Counter(located)
    return {
        city for (city, country), n in counts.items()
        if n >= MIN_CITY_PLACES and n >= MIN_CITY_SHARE * per_country[country]
    }  # fmt: skip


def round_robin(
    keys: tuple[str, ...], places: list[TruthPlace], salt: str, cities: set[str]
) -> Iterator[tuple[str, TruthPlace]]:
    """(key, anchor) pairs taking each key's anchors in turn, so every key gets its chance."""
    queues = {key: iter(anchors(places, f"{salt}:{key}", cities)) for key in keys}
    while queues:
        for key in list(queues):
            anchor = next(queues[key], None)
            if anchor is None:
                del queues[key]
            else:
                yield key, anchor


def cheaper_levels(places: list[TruthPlace], constraints: Constraints) -> frozenset[int] | None:
    """ "Anything cheaper?" means below the median known price level of the first turn's answers."""
    levels = [p.price_level for p in places if constraints.content_ok(p) and p.price_level]
    if not levels:
        return None
    median = math.floor(statistics.median(levels))
    return frozenset(range(1, median)) or None


def with_cuisine(constraints: Constraints, cuisine: Cuisine) -> Constraints:
    return replace(constraints, cuisine=cuisine)


def allergen_labels(place: TruthPlace, allergen: str) -> list[str]:
    """Labels to ask for with this allergen: usual in the cuisine, never certain (a cuisine that
    always serves it has no safe answer to grade, see `chat_truth.CERTAIN_ALLERGENS`)."""
    usual, certain = USUAL_ALLERGENS[allergen], CERTAIN_ALLERGENS.get(allergen, ())
    return [
        raw for raw in cuisine_labels(place)
        if any(r <= label_words(raw) for r in usual)
        and not any(r <= label_words(raw) for r in certain)
    ]  # fmt: skip


OCCASION_NAMES = tuple(OCCASIONS)
