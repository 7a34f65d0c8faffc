"""Lookup tables built once from the catalog's words, a product's words and the general ones.

Exact lookups are dictionary hits; fuzzy matching (typos like "itallian", "bostn") runs only on
words that are in no table and no word list, so a typical message costs one or two rapidfuzz
calls at most.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from kairos.core.allergens import named_allergens, names_allergen_class
from kairos.core.lexicon import default_lexicon
from kairos.core.pricing import PriceTier
from kairos.text.query.catalog_words import (
    CatalogVocabulary,
    concept_form,
    qualifier_first,
    unqualified,
)
from kairos.text.query.numbers import Currency
from kairos.text.query.vocabulary import (
    AREA_ALIASES,
    CITY_ALIASES,
    DIETARY,
    GENERIC_WORDS,
    KNOWN_AREAS,
    NEGATABLE_VIBES,
    NOT_DIETARY,
    PRICE_WORDS,
    RATING_PHRASES,
    VIBES,
    word_set,
)

# A typo of a short word must be one inserted or dropped letter ("piza"); longer words may
# also have one swapped or wrong letter ("indain", "mexcian").
FUZZY_CUTOFF_SHORT = 88.0
FUZZY_CUTOFF = 80.0
# Place names are proper nouns, and so are the restaurant names around them ("harlow" is not
# "harrow"): they need a closer match.
FUZZY_CUTOFF_PLACE = 85.0
FUZZY_MIN_LENGTH = 4
SHORT_TYPO_LETTERS = 6

LexiconValue = str | float | tuple[PriceTier, ...]
LexiconHit = tuple[str, LexiconValue]
_JOINERS = word_set("and or nor & ,")
_NEGATION_WORDS = word_set("no not non nothing nonveg isn't doesn't")
_COMMON_WORDS = word_set(
    """work wifi seating seats options menu list music live authentic fresh healthy portion
    portions service staff vibe vibes atmosphere ambience ambiance parking reservation
    reservations book table clients parents daughter son kids birthday celebration celebrate
    wedding meat chicken beef pork lamb mutton veggies sweet salty spicy mild sunday roast
    accessible wheelchair dog dogs pet friendly outlet outlets quickly takeaway takeout
    delivery deliver pickup open hours closing closed early brunch dinner lunch tonight
    visiting tourist tourists local locals hidden gem gems underrated overrated popular famous
    classic traditional modern fusion homemade portion view terrace rooftop beach station
    airport hotel office campus university college work home beer wine cocktail cocktails
    tea juice shake shakes smoothie drinks dessert desserts cake cakes meals thali snacks
    bakery chain chains msg onion garlic plates sharing small big large huge cozy quiet want
    wants wanted reviews review rated rating ratings stars star price prices priced budget
    cheap place spot joint either neither both each every while during since until before
    after really should somewhere else something list ideas better worse best similar like
    likes liked love loved lovely nicer cheaper closer further farther different difference
    between same another there their these those where which while with without within would
    could might must shall about above below under over after again against because being
    doing having other others ever never always often sometimes usually maybe probably
    definitely actually basically please thanks thank sorry welcome hello morning evening
    night weekend holiday vacation business meeting friends family wife husband partner mom
    dad mother father sister brother cousin colleague colleagues boss team group people
    person couple kids children baby toddler toddlers pregnant diet healthy light heavy
    filling tasty delicious yummy amazing awesome great good nice decent okay fine solid
    best worst favourite favorite recommend suggestion suggestions option choice choices
    enough plenty serve serves serving served order ordering orders takeaway eat ate eaten
    drink drank cook cooked cooking raw grilled fried baked steamed vegetables veggie fruit
    fruits rice bread cheese butter cream sauce spice spices flavour flavor flavours flavors
    street road avenue square market mall center centre downtown uptown corner block side
    north south east west central near nearby around close walk walking drive driving
    parking bus train metro subway tube station stop"""
)


@dataclass(frozen=True)
class ProductWords:
    """A product's own words on top of the general ones: what people call its categories.

    `category_aliases` maps a query phrase to catalog categories ("brunch" → "breakfast &
    brunch"); `dish_categories` a dish to the category it implies ("pad thai" → "thai");
    `dish_words` are dishes that search semantically; `ignored_categories` are catalog
    categories that never become a filter; `secondary_words` name a meal or venue and become
    a category only when nothing else names the food ("south indian breakfast").
    `amounts_in` is the currency of an amount said without one in a city of no known currency;
    None guesses from its size (`guess_currency`: "under 500" is rupees for two).
    """

    category_aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    dish_categories: Mapping[str, str] = field(default_factory=dict)
    dish_words: frozenset[str] = frozenset()
    ignored_categories: frozenset[str] = frozenset()
    secondary_words: frozenset[str] = frozenset()
    amounts_in: Currency | None = None


@dataclass(frozen=True)
class FuzzyHit:
    kind: str  # category | city | area | lexicon | generic
    key: str
    score: float


_GENERIC_PLACE_WORDS = frozenset({"city", "valley", "region", "area", "metro", "county"})


def spoken_forms(city: str) -> set[str]:
    """How people type a catalog city whose source name has punctuation or a generic word:
    "washington, d.c." → "washington dc", "washington"; "kathmandu valley" → "kathmandu";
    "new york city" → "new york". The caller drops a form two cities share."""
    plain = " ".join(city.replace(".", "").replace(",", " ").split())
    forms = {plain}
    if "," in city:
        forms.add(" ".join(city.split(",")[0].split()))
    words = plain.split()
    if len(words) > 1 and words[-1] in _GENERIC_PLACE_WORDS:
        forms.add(" ".join(words[:-1]))
    return {f for f in forms if f and f != city}


class QueryIndex:
    """Every phrase the parser can recognise, keyed by its normalised spelling."""

    def __init__(self, vocabulary: CatalogVocabulary, product: ProductWords) -> None:
        self.vocabulary = vocabulary
        self.product = product
        ignored = {concept_form(c) for c in product.ignored_categories}
        self.categories: dict[str, tuple[str, ...]] = {}
        for category in sorted(vocabulary.categories):
            said = (category, qualifier_first(category), unqualified(category))
            for form in {concept_form(c) for c in said}:
                if form and form not in ignored:
                    self.categories[form] = (*self.categories.get(form, ()), category)
        self.aliases: dict[str, tuple[str, ...]] = {}
        for phrase, targets in product.category_aliases.items():
            found = tuple(dict.fromkeys(c for t in targets for c in self._exact_category(t)))
            if found:
                self.aliases[phrase] = found
        self.dishes: dict[str, tuple[str, ...]] = {}
        for dish, cuisine in product.dish_categories.items():
            found = self.aliases.get(cuisine) or self._exact_category(cuisine)
            if found:
                self.dishes[dish] = found
        self.cities: dict[str, str] = {c: c for c in vocabulary.cities}
        self.cities.update({a: c for a, c in CITY_ALIASES.items() if c in vocabulary.cities})
        spoken: dict[str, set[str]] = {}
        for name in vocabulary.cities:
            for form in spoken_forms(name):
                spoken.setdefault(form, set()).add(name)
        self.cities.update(
            {f: next(iter(c)) for f, c in spoken.items() if len(c) == 1 and f not in self.cities}
        )
        self.areas: dict[str, tuple[str, str | None]] = {}
        for area, city in KNOWN_AREAS.items():
            if area in self.cities:  # the catalog files places under it as a town of its own
                continue
            if city is None or city in vocabulary.cities:
                self.areas[area] = (area, city)
        for area, city in vocabulary.areas.items():
            if area not in self.cities:
                self.areas[area] = (area, city)
        for alias, area in AREA_ALIASES.items():
            if area in self.areas:
                self.areas[alias] = self.areas[area]
        self.lexicon: dict[str, list[LexiconHit]] = {}
        for vibe, phrases in VIBES.items():
            for phrase in phrases:
                self.lexicon.setdefault(phrase, []).append(("vibe", vibe))
        for diet, phrases in DIETARY.items():
            for phrase in phrases:
                self.lexicon.setdefault(phrase, []).append(("dietary", diet))
        for phrase, tiers in PRICE_WORDS.items():
            self.lexicon.setdefault(phrase, []).append(("price", tiers))
        for phrase, rating in RATING_PHRASES.items():
            self.lexicon.setdefault(phrase, []).append(("rating", rating))
        for phrase in NOT_DIETARY:
            self.lexicon.setdefault(phrase, []).append(("none", phrase))
        self.negated_lexicon = frozenset(
            p for p in self.lexicon if _NEGATION_WORDS & set(p.split())
        )
        self.max_phrase = max(len(p.split()) for p in (*self.lexicon, *self.areas, *self.aliases))
        self.lexicon_starts = frozenset(p.split()[0] for p in self.lexicon)
        self.place_starts = frozenset(p.split()[0] for p in (*self.areas, *self.cities))
        self.category_starts = frozenset(
            p.split()[0]
            for p in (*self.aliases, *self.dishes, *self.categories, *vocabulary.categories)
        )
        self.dish_words = product.dish_words | vocabulary.dishes
        self._fuzzy: dict[str, list[tuple[str, str]]] = {}
        self._build_fuzzy()
        self.known_words = self._known_words()

    def _exact_category(self, phrase: str) -> tuple[str, ...]:
        return self.categories.get(concept_form(phrase), ())

    def category(self, phrase: str) -> tuple[str, ...]:
        """Catalog categories an exact phrase names: aliases, dishes, then the catalog's own."""
        return self.aliases.get(phrase) or self.dishes.get(phrase) or self._exact_category(phrase)

    def is_food(self, phrase: str) -> bool:
        """A dish or a category of the catalog: something to eat, not an allergen's name."""
        return bool(self.category(phrase)) or phrase in self.dish_words

    def _recognise(self, phrase: str) -> tuple[str, ...]:
        """Allergens through core's lexicon only. A food that merely contains one ("pizza",
        "pad thai") is a thing to eat or to avoid, not an allergen the person named."""
        if self.is_food(phrase) and not names_allergen_class(phrase):
            return ()
        return named_allergens(phrase)

    def allergens(self, phrase: str) -> tuple[str, ...]:
        """Allergens a phrase names. A recogniser that finds allergens inside longer text
        ("peanuts please" → peanuts) would let a window swallow its neighbours, so a phrase
        whose first or last word adds nothing is left to the shorter window."""
        words = phrase.split()
        if _JOINERS.intersection(words):
            return ()  # "til or groundnut" is two items, read one by one
        if len(words) > 1 and any(self.is_food(w) for w in (words[0], words[-1])):
            return ()  # "dairy pizza": the allergen is read alone, the dish stays a dish
        found = self._recognise(phrase)
        if found and len(words) > 1:
            for edge, rest in ((words[-1], words[:-1]), (words[0], words[1:])):
                if not self._recognise(edge) and set(self._recognise(" ".join(rest))) >= set(found):
                    return ()
        return found

    def is_dietary(self, phrase: str) -> bool:
        return any(kind == "dietary" for kind, _ in self.lexicon.get(phrase, ()))

    def _build_fuzzy(self) -> None:
        def put(choice: str, kind: str, key: str) -> None:
            if len(choice.replace(" ", "")) >= FUZZY_MIN_LENGTH:
                self._fuzzy.setdefault(choice, []).append((kind, key))

        for form in self.categories:
            put(form, "category", form)
        for phrase in (*self.aliases, *self.dishes):
            put(phrase, "category", phrase)
        for name in self.cities:
            put(name, "city", name)
        for name in self.areas:
            if name not in AREA_ALIASES or " " in name:
                put(name, "area", name)
        for phrase in self.lexicon:
            if " " not in phrase and len(phrase) >= 5:
                put(phrase, "lexicon", phrase)
        for word in ("restaurant", "restaurants", "somewhere", "something", "recommend"):
            put(word, "generic", word)
        self._fuzzy_by_length: dict[int, list[str]] = {}
        for choice in sorted(self._fuzzy):
            self._fuzzy_by_length.setdefault(len(choice), []).append(choice)

    def _known_words(self) -> frozenset[str]:
        words: set[str] = set(GENERIC_WORDS | _COMMON_WORDS)
        for phrases in (
            self.lexicon,
            self.aliases,
            self.dishes,
            self.areas,
            self.cities,
            NEGATABLE_VIBES,
        ):
            for phrase in phrases:
                words.update(phrase.split())
        lexicon = default_lexicon()
        words.update(k for k in (*lexicon.class_keys, *lexicon.umbrellas) if " " not in k)
        for form in self.categories:
            words.update(form.split())
        for category in self.vocabulary.categories:
            words.update(category.split())
        words.update(w for d in self.dish_words for w in d.split())
        return frozenset(words)

    def fuzzy(self, query: str) -> FuzzyHit | None:
        """The closest known phrase, if it is one typo away: short words may differ by one
        letter in length, longer ones by two ("irani" is not "biryani")."""
        cutoff = FUZZY_CUTOFF_SHORT if len(query) <= FUZZY_MIN_LENGTH else FUZZY_CUTOFF
        slack = 1 if len(query) <= 6 else 2
        choices = [
            c
            for length in range(len(query) - slack, len(query) + slack + 1)
            for c in self._fuzzy_by_length.get(length, ())
        ]
        for choice, score, _ in process.extract(
            query, choices, scorer=fuzz.ratio, score_cutoff=cutoff, limit=3
        ):
            kind, key = self._fuzzy[choice][0]
            # a proper noun's typo keeps its first letter: "nashville" is not "ashville"
            if kind in {"city", "area"} and (score < FUZZY_CUTOFF_PLACE or choice[0] != query[0]):
                continue
            # so does a short word's: another first letter makes another word ("catch" is not
            # "watch", "bake" not "cake"), where a long word stays recognisable
            if len(query) <= SHORT_TYPO_LETTERS and choice[0] != query[0]:
                continue
            return FuzzyHit(kind, key, float(score))
        return None
