"""What the source files say about each place: the chat suite's ground truth.

The chat suite grades Kairos' answers against the rows it ingested, read here independently of
Kairos' own derivations (its categories, allergen inference and city handling are what is being
measured, so none of them is reused). Everything is a rule over the files' own fields:

- **labels**: every category of a row (`cuisines`, `categories_raw`, `categories`), lower-cased,
  a parenthesised qualifier moved in front ("american (new)" -> "new american"), split into
  words with simple plurals folded ("sushi bars" -> sushi, bar) and the words "restaurant" and
  "and" dropped ("Thai restaurant" -> thai). A request's cuisine is satisfied by a label holding
  all its words, so narrower labels count ("north indian" answers "indian").
- **locality**: TripAdvisor files every place of Greater London under "London"; a UK postcode
  district of Greater London (`GREATER_LONDON_DISTRICTS`, the grader's own table: Kingston upon
  Thames, Richmond or Dagenham are London boroughs, as the judged set's rubric reads "London")
  makes it "london"; otherwise the ranking text ("#3 of 131 Restaurants in Windsor") names the
  town it competes in, else the address names it before the UK postcode ("…, Egham TW20 9EY
  England"). Every other row keeps its own `city`,
  but a town sharing a world city's name in another country is named with its state
  (`WORLD_CITIES`: London, Ohio is "london, oh").
- **diets**: a label naming the diet ("Vegan", "Vegan Options", "Vegetarian Friendly", "Halal",
  "Gluten-Free", "Gluten Free Options"), or Yelp's `DietaryRestrictions` attribute where a file
  carries it. A vegan label is evidence for vegetarian too.
- **occasions**: the Yelp attribute that answers each one (`OCCASIONS`); `None` when a row does
  not say, which is never counted as a yes.
- **allergens**: `CERTAIN_ALLERGENS`, the categories whose kitchens make an allergen certain
  (seafood, raw and oyster bars, sushi), and `USUAL_ALLERGENS`, those where it is usual (Thai,
  Chinese and African cooking with peanuts).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from kairos.evals.retrieval_queries import read_jsonl

Words = frozenset[str]
Attrs = dict[str, Any]

DROPPED_WORDS = frozenset({"restaurant", "restaurants", "and"})
_PAREN = re.compile(r"^(.+?)\s*\((.+)\)$")
_RANKING_TOWN = re.compile(r"Restaurants in (.+?)\s*$")
_UK_POSTCODE_DISTRICT = re.compile(r"\b([A-Z]{1,2})(\d[A-Z\d]?)\s+\d[A-Z]{2}\b")
_INNER_LONDON_AREAS = frozenset({"E", "EC", "N", "NW", "SE", "SW", "W", "WC"})
GREATER_LONDON_DISTRICTS: dict[str, frozenset[int]] = {
    "BR": frozenset(range(1, 8)), "CR": frozenset({0, 2, 4, 5, 7, 8, 9}),
    "DA": frozenset({5, 6, 7, 8, 14, 15, 16, 17, 18}), "EN": frozenset(range(1, 6)),
    "HA": frozenset(range(0, 10)), "IG": frozenset({1, 2, 3, 4, 5, 6, 8, 11}),
    "KT": frozenset({1, 2, 3, 4, 5, 6, 9}), "RM": frozenset({1, 2, 3, *range(5, 15)}),
    "SM": frozenset(range(1, 7)), "TW": frozenset(range(1, 15)),
    "UB": frozenset({*range(1, 9), 10, 11}),
}  # fmt: skip
"""The outer postcode districts inside Greater London (Royal Mail's areas straddle its edge:
TW15 Ashford and KT7 Thames Ditton are Surrey, IG10 Loughton Essex, UB9 Denham Bucks); every
district of the inner areas (E, EC, N, NW, SE, SW, W, WC) is London."""
_UK_POSTCODE_TOWN = re.compile(r"(?:^|,)\s*([^,]+?)\s+[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b")


def fold(word: str) -> str:
    """Simple plural folding, the same on both sides of every comparison."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us")):
        return word[:-1]
    return word


def label_words(label: str) -> Words:
    text = label.strip().lower()
    if match := _PAREN.fullmatch(text):
        text = f"{match.group(2)} {match.group(1)}"
    return frozenset(fold(w) for w in re.findall(r"[a-z0-9]+", text) if w not in DROPPED_WORDS)


def typed_label(label: str) -> str:
    """A label as a person would type it: "american (new)" -> "new american"."""
    text = label.strip().lower()
    if match := _PAREN.fullmatch(text):
        text = f"{match.group(2)} {match.group(1)}"
    return re.sub(r"\s+restaurants?$", "", text)


def normalise_city(city: str) -> str:
    return re.sub(r"\s+", " ", city.split("(", 1)[0]).strip().lower()


WORLD_CITIES: dict[str, str] = {
    "london": "GB", "paris": "FR", "rome": "IT", "barcelona": "ES", "dublin": "IE",
    "birmingham": "GB", "manchester": "GB", "hyderabad": "IN", "delhi": "IN",
}  # fmt: skip
"""City names the world means one place by: London, Ohio is "london, oh" to a person who
asked for London. The grader's own table."""


def locality(row: dict[str, Any]) -> str | None:
    """The town a place is in, from its own fields (see the module docstring); a town sharing
    a world city's name elsewhere is named with its state ("london, oh")."""
    town = _town(row)
    usual = WORLD_CITIES.get(town or "")
    country, state = _country(row), row.get("state")
    if usual and country and country != usual:
        return f"{town}, {str(state or country).strip().lower()}"
    return town


def in_greater_london(address: str) -> bool:
    """The address' UK postcode district is one of Greater London's."""
    match = _UK_POSTCODE_DISTRICT.search(address)
    if match is None:
        return False
    area, district = match.group(1), match.group(2)
    if area in _INNER_LONDON_AREAS:
        return True
    digits = re.match(r"\d+", district)
    return digits is not None and int(digits.group()) in GREATER_LONDON_DISTRICTS.get(area, ())


def _town(row: dict[str, Any]) -> str | None:
    address = row.get("address")
    england = isinstance(address, str) and address.rstrip().endswith("England")
    if england and in_greater_london(str(address)):
        return "london"
    ranking = (row.get("attributes") or {}).get("ranking")
    if isinstance(ranking, str) and (match := _RANKING_TOWN.search(ranking)):
        return normalise_city(match.group(1))
    if isinstance(address, str) and (match := _UK_POSTCODE_TOWN.search(address)):
        return normalise_city(match.group(1))
    city = row.get("city")
    return normalise_city(city) if isinstance(city, str) and city.strip() else None


def _flag(key: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        value = attrs.get(key)
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        return value if isinstance(value, bool) else None

    return read


def _choice(key: str, *wanted: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        value = attrs.get(key)
        if not isinstance(value, str) or value.lower() in ("none", "null", ""):
            return None
        return value.strip("u'\"").lower() in wanted

    return read


def _any_of(box: str, *keys: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        values = attrs.get(box)
        if not isinstance(values, dict) or not any(isinstance(values.get(k), bool) for k in keys):
            return None
        return any(values.get(k) is True for k in keys)

    return read


OCCASIONS: dict[str, Callable[[Attrs], bool | None]] = {
    "group": _flag("RestaurantsGoodForGroups"),
    "kids": _flag("GoodForKids"),
    "outdoor": _flag("OutdoorSeating"),
    "wifi": _choice("WiFi", "free"),
    "date": _any_of("Ambience", "romantic", "intimate"),
    "quiet": _choice("NoiseLevel", "quiet"),
    "late_night": _any_of("GoodForMeal", "latenight"),
}
"""Occasion -> the source attribute answering it. Rooftop/view and business meals have no
attribute in these formats (Yelp's BusinessAcceptsCreditCards is about payment, not
business meals), so the suite does not ask for them rather than guess from names."""

DIETS: dict[str, tuple[Words, ...]] = {
    "vegan": (frozenset({"vegan"}),),
    "vegetarian": (frozenset({"vegetarian"}), frozenset({"vegan"})),
    "halal": (frozenset({"halal"}),),
    "kosher": (frozenset({"kosher"}),),
    "gluten_free": (frozenset({"gluten", "free"}),),
}
"""Diet -> label word sets that are evidence of it (any one suffices)."""

_DIET_ATTRIBUTE_KEYS = {"gluten-free": "gluten_free", "gluten_free": "gluten_free"}


def _rules(*phrases: str) -> tuple[Words, ...]:
    return tuple(frozenset(p.split()) for p in phrases)


CERTAIN_ALLERGENS: dict[str, tuple[Words, ...]] = {
    "shellfish": _rules("seafood", "raw bar", "oyster", "lobster", "crab", "shrimp", "crawfish"),
    "fish": _rules("seafood", "sushi", "fish", "poke", "raw bar"),
}
"""Allergen -> category word sets whose kitchens serve it in nearly every dish (a raw bar, a
sushi counter), read in a place's labels and in its name. No safe answer exists inside such a
cuisine for an anaphylactic user (issue 12 item 8 hard-filters them), so the allergy family never
asks for one; shown anywhere without a warning, they are still a violation."""

USUAL_ALLERGENS: dict[str, tuple[Words, ...]] = {
    "peanuts": _rules("thai", "chinese", "szechuan", "sichuan", "african", "senegalese",
                      "vietnamese", "indonesian", "malaysian", "burmese", "satay"),
    "shellfish": _rules("cajun", "creole", "dim sum", "cantonese", "tapa", "spanish"),
    "fish": _rules("thai", "vietnamese", "japanese", "peruvian", "korean"),
    "sesame": _rules("middle eastern", "lebanese", "falafel", "israeli", "hummus", "korean"),
    "tree_nuts": _rules("indian", "pakistani", "persian", "afghan", "mughlai", "biryani"),
}  # fmt: skip
"""Allergen -> category word sets whose kitchens usually use it (peanuts in Thai, Chinese and
West African cooking, fish sauce in Thai and Vietnamese): a place there is fine for an allergic
user when its card warns of the allergen. The grader's own table, deliberately not Kairos'
lexicon: an allergen Kairos does not infer must still count against it."""


@dataclass
class TruthPlace:
    key: str
    name: str
    labels: list[Words] = field(default_factory=list)
    raw_labels: list[str] = field(default_factory=list)
    attributes: Attrs = field(default_factory=dict)
    price_level: int | None = None
    locality: str | None = None
    country: str | None = None
    rating: float | None = None

    @cached_property
    def name_words(self) -> Words:
        return label_words(self.name)

    def has_label(self, words: Words) -> bool:
        return any(words <= label for label in self.labels)

    def matches_any(self, alternatives: Iterable[Words]) -> bool:
        return any(self.has_label(words) for words in alternatives)

    def occasion(self, name: str) -> bool | None:
        return OCCASIONS[name](self.attributes)

    def diet(self, name: str) -> bool:
        if self.matches_any(DIETS[name]):
            return True
        box = self.attributes.get("DietaryRestrictions")
        if isinstance(box, dict):
            said = {_DIET_ATTRIBUTE_KEYS.get(k.lower(), k.lower()) for k, v in box.items() if v}
            return name in said or (name == "vegetarian" and "vegan" in said)
        return False

    def certainly_contains(self, allergen: str) -> bool:
        """By a label, or by its own name ("O Sushi", filed as Korean and Japanese): a place
        called after what it serves is no answer for an anaphylactic user either."""
        rules = CERTAIN_ALLERGENS.get(allergen, ())
        return self.matches_any(rules) or any(words <= self.name_words for words in rules)

    def likely_contains(self, allergen: str) -> bool:
        """Certain or usual by its categories: shown without a warning, a violation."""
        return self.certainly_contains(allergen) or self.matches_any(
            USUAL_ALLERGENS.get(allergen, ())
        )


def _labels(row: dict[str, Any]) -> list[str]:
    values = [*(row.get("cuisines") or []), *(row.get("categories_raw") or [])]
    values += row.get("category_raw") or []  # points of interest
    values += row.get("categories") or []
    return list(dict.fromkeys(str(v).strip() for v in values if str(v).strip()))


def _price(row: dict[str, Any]) -> int | None:
    level = row.get("price_level")
    if level is None:  # the Yelp 2015 file keeps it among the attributes
        level = (row.get("attributes") or {}).get("Price Range")
    if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= 4:
        return level
    return None


def _country(row: dict[str, Any]) -> str | None:
    """The metadata file has a US `state` and no `country`."""
    country = row.get("country")
    if isinstance(country, str) and country.strip():
        return country.strip().upper()
    return "US" if isinstance(row.get("state"), str) else None


def truth_from_row(row: dict[str, Any]) -> TruthPlace:
    raw = _labels(row)
    attrs = row.get("attributes")
    rating = row.get("rating", row.get("stars"))
    return TruthPlace(
        key=str(row.get("restaurant_id") or row.get("business_id") or row.get("poi_id")),
        name=str(row.get("name") or ""),
        labels=[label_words(r) for r in raw],
        raw_labels=raw,
        attributes=dict(attrs) if isinstance(attrs, dict) else {},
        price_level=_price(row),
        locality=locality(row),
        country=_country(row),
        rating=float(rating) if isinstance(rating, int | float) else None,
    )


def merge(first: TruthPlace, other: TruthPlace) -> TruthPlace:
    """One real place seen in two files (or merged by Kairos): labels unioned, gaps filled."""
    raw = list(dict.fromkeys([*first.raw_labels, *other.raw_labels]))
    return TruthPlace(
        key=first.key,
        name=first.name or other.name,
        labels=[label_words(r) for r in raw],
        raw_labels=raw,
        attributes={**other.attributes, **first.attributes},
        price_level=first.price_level if first.price_level is not None else other.price_level,
        locality=first.locality or other.locality,
        country=first.country or other.country,
        rating=first.rating if first.rating is not None else other.rating,
    )


def read_truth(files: Iterable[Path]) -> dict[str, TruthPlace]:
    """Source id -> its truth, over a restaurants file and a metadata file (same ids merge)."""
    places: dict[str, TruthPlace] = {}
    for path in files:
        for row in read_jsonl(path):
            place = truth_from_row(row)
            if place.key in ("None", ""):
                continue
            known = places.get(place.key)
            places[place.key] = place if known is None else merge(known, place)
    return places


def iter_localities(places: Iterable[TruthPlace]) -> Iterator[str]:
    for place in places:
        if place.locality:
            yield place.locality
