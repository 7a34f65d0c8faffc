"""The restaurant product's own words on top of the shared reader (text/query): what people
call the catalog's categories, the dishes that name a cuisine, the catalog categories that are
not places to eat, and the meal and venue words that only count when nothing names the food.

Everything here is data. Phrases are lower case without accents, hyphens written as spaces.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from importlib.resources import files

from kairos.core.lexicon import load_toml
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.index import ProductWords
from kairos.text.query.vocabulary import phrases


def _food_words() -> dict[str, dict[str, object]]:
    """core/data/food_words.toml: what people call a food or a kind of place."""
    text = (files("kairos.core") / "data" / "food_words.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


FOOD_WORDS = _food_words()


def _strings(entry: Mapping[str, object], key: str) -> tuple[str, ...]:
    values = entry.get(key, [])
    return tuple(str(v) for v in values) if isinstance(values, Sequence) else ()


# earlier entries win a phrase two entries share: built last, written last
FOOD_ALIASES: dict[str, tuple[str, ...]] = {
    phrase: _strings(entry, "categories")
    for entry in reversed(list(FOOD_WORDS.values()))
    for phrase in _strings(entry, "say")
}
FOOD_DISHES: dict[str, str] = {
    phrase: phrase
    for entry in FOOD_WORDS.values()
    if entry.get("dish") is True
    for phrase in _strings(entry, "say")
}
FOOD_KINDS: dict[str, tuple[str, ...]] = {
    phrase: _strings(entry, "kinds")
    for entry in reversed(list(FOOD_WORDS.values()))
    for phrase in _strings(entry, "say")
    if _strings(entry, "kinds")
}
"""The kinds of place a phrase asks for, when its categories also reach others."""
FOOD_PRICES: dict[str, tuple[str, ...]] = {
    phrase: _strings(entry, "prices")
    for entry in reversed(list(FOOD_WORDS.values()))
    for phrase in _strings(entry, "say")
    if _strings(entry, "prices")
}
"""The price tiers a phrase itself means ("street food": $), cheapest first in its answer."""

# --- cuisines and dishes ----------------------------------------------------------------
# Query words the catalog spells differently; targets are kept only if the catalog has them.
_BBQ = ("barbeque", "barbecue", "bbq")
CATEGORY_ALIASES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(phrases("brunch, breakfast"), ("breakfast & brunch",)),
    **dict.fromkeys(phrases("coffee, coffee shop, coffee place, coffeehouse"), ("coffee & tea",)),
    **dict.fromkeys(phrases("drinks, a drink, drink"), ("bars",)),
    **dict.fromkeys(phrases("cocktail, cocktails"), ("cocktail bars",)),
    **dict.fromkeys(_BBQ, _BBQ),
    **dict.fromkeys(phrases("steak, steaks, steak house"), ("steakhouses",)),
    "ice cream": ("ice cream", "ice cream & frozen yogurt"),
    "gelato": ("gelato", "ice cream & frozen yogurt"),
    **dict.fromkeys(phrases("dessert, sweets"), ("desserts",)),
    **dict.fromkeys(phrases("fish and chips, chippy"), ("fish & chips",)),
    **dict.fromkeys(phrases("cajun, creole"), ("cajun/creole", "cajun & creole")),
    **dict.fromkeys(phrases("szechuan, sichuan"), ("szechuan",)),
    "dimsum": ("dim sum",),
    "tapas": ("tapas", "tapas bars", "tapas/small plates"),
    "pub": ("pubs", "pub"),
    "gastropub": ("gastropubs",),
    "boba": ("bubble tea",),
    **dict.fromkeys(phrases("juice, smoothie, smoothies"), ("juice bars & smoothies",)),
    **dict.fromkeys(phrases("sandwich, sub, subs"), ("sandwiches",)),
    "deli": ("delis", "deli"),
    "sports bar": ("sports bars",),
    "wine bar": ("wine bars",),
    "cafe": ("cafes", "cafe"),
    **FOOD_ALIASES,
}
# Venue and meal words that only make sense as a category when nothing else names the food:
# categories are OR-ed, so "south indian breakfast" must not also reach every brunch place.
SECONDARY_CATEGORY_WORDS = frozenset(
    phrases(
        "brunch, breakfast, drinks, a drink, drink, coffee, dessert, sweets, cafe, bars, bar, "
        "cocktail, cocktails"
    )
)


def _dishes(cuisine: str, text: str) -> dict[str, str]:
    return dict.fromkeys(phrases(text), cuisine)


# Dishes people name instead of a cuisine; the dish itself also goes to the vector query.
DISH_CUISINES: dict[str, str] = {
    **_dishes("italian", "pasta, risotto, lasagna, lasagne, carbonara, gnocchi"),
    **_dishes("south indian", "dosa, dosas, idli, vada, uttapam, masala dosa"),
    **_dishes("vietnamese", "pho, banh mi"),
    **_dishes("thai", "pad thai, green curry, tom yum"),
    **_dishes("spanish", "paella"),
    **_dishes("mexican", "burrito, burritos, quesadilla, enchiladas, nachos"),
    **_dishes("korean", "korean bbq, korean barbecue, bibimbap"),
    **_dishes("biryani", "hyderabadi biryani, dum biryani, biriyani"),
    **_dishes("greek", "gyro, gyros, souvlaki"),
    **_dishes("sushi", "sashimi"),
    **_dishes("japanese", "tempura"),
    **_dishes("dim sum", "dumplings, xiao long bao"),
    **_dishes("fish & chips", "fish and chips"),
    **_dishes("momos", "momo"),
    **_dishes("falafel", "falafel"),
    **_dishes("middle eastern", "shawarma"),
    **_dishes("indian", "curry house, curry houses, balti, tikka masala, vindaloo"),
    **_dishes("bakeries", "croissant, croissants"),
    **FOOD_DISHES,
}
DISH_WORDS = frozenset(
    phrases(
        "thali, fries, cake, cakes, roast, sunday roast, wings, oysters, oyster, lobster roll, "
        "chowder, clam chowder, haleem, kebabs, curry, naan, mandi, pizza, burger, burgers, "
        "tacos, ramen, noodles, biryani, sushi, steak, tasting menu, buffet, brunch, cocktails, "
        "wine, beer, craft beer, dessert, pancakes, bagels, dumplings, pasta, salad, soup, "
        "chicken, meals"
    )
)
# Catalog categories that are not places to eat, are so generic they mean "restaurant", or
# name a shop ("beer" is Yelp's "Beer, Wine & Spirits").
IGNORED_CATEGORIES = frozenset(
    phrases(
        "restaurant, restaurants, food, hotels, hotel, hotels & travel, shopping, "
        "shopping centers, local services, professional services, education, transportation, "
        "train stations, pets, pet stores, pet adoption, zoos, petting zoos, active life, "
        "fashion, shoe stores, books, mags, bookstores, music & video, art galleries, museums, "
        "art museums, arts & crafts, hobby shops, antiques, cooking schools, specialty schools, "
        "colleges & universities, vocational & technical school, financial services, "
        "banks & credit unions, public services & government, community service/non-profit, "
        "landmarks & historical buildings, beauty & spas, day spas, boating, boat charters, "
        "boat tours, tours, walking tours, historical tours, food tours, festivals, "
        "performing arts, cultural center, convenience stores, grocery, international grocery, "
        "ethical grocery, health markets, organic stores, imported food, meat shops, butcher, "
        "cheese shops, fruits & veggies, event planning & services, party & event planning, "
        "venues & event spaces, caterers, djs, adult entertainment, csa, local flavor, "
        "international, contemporary, healthy, healthy food, specialty food, ethnic food, "
        "food delivery services, beverage store, wine & spirits, beer, "
        # goods: "somewhere to watch the game" is no request for a watch shop
        "watches, jewelry, accessories, electronics, mobile phones, mobile phone accessories, "
        "cosmetics & beauty supply, home decor, furniture stores, sporting goods, toy stores"
    )
    # diets rank through `dietary`; as categories they would exclude every other place
    + phrases(
        "vegetarian, vegan, halal, kosher, gluten-free, vegetarian friendly, vegan options, "
        "gluten free options"
    )
)


RESTAURANT_WORDS = ProductWords(
    category_aliases=CATEGORY_ALIASES,
    dish_categories=DISH_CUISINES,
    dish_words=DISH_WORDS,
    ignored_categories=IGNORED_CATEGORIES,
    secondary_words=SECONDARY_CATEGORY_WORDS,
)


_CUISINE_TABLE = load_toml("cuisine_allergens.toml")
KNOWN_CUISINES = frozenset(_CUISINE_TABLE["cuisines"])
"""Cuisines the product's own tables name (core/data/cuisine_allergens.toml), whether or not a
place of the catalogue holds one."""


_LETTERS = re.compile(r"[a-z]+")


def _stem(word: str) -> str:
    """A word without its plural: "diners" and "diner", "hot dogs" and "hot dog" are one."""
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def with_known_cuisines(vocabulary: CatalogVocabulary) -> CatalogVocabulary:
    """The catalogue's categories, and the cuisines of `KNOWN_CUISINES` none of its words or the
    reader's aliases say: "ethiopian food in atlanta" over a catalogue without an Ethiopian
    place is still a request for Ethiopian food (answered "I know no Ethiopian places in
    Atlanta", with the nearest kinds said as such), never an unrecognised word."""
    said = {_stem(w) for phrase in (*vocabulary.categories, *CATEGORY_ALIASES, *DISH_CUISINES)
            for w in _LETTERS.findall(phrase)}  # fmt: skip
    missing = {c for c in KNOWN_CUISINES if not {_stem(w) for w in _LETTERS.findall(c)} <= said}
    if not missing:
        return vocabulary
    return replace(vocabulary, categories=vocabulary.categories | missing)


PLACE_KINDS_OF_DISH = frozenset(
    word
    for kind, entry in _CUISINE_TABLE["kinds"].items()
    for word in (kind, *entry.get("also", []))
)
"""Kinds of place named by what they serve (sandwich, pizza, noodle, bakery…): "cuban
sandwich" is a sandwich of a cuisine."""
