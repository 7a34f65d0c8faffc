"""What kind of place a place is, from its categories.

Sources tag nearly everything they list "Restaurants" — walking tours, groceries, caterers, a
cat café — so "Restaurants" says nothing. A place serves meals (`restaurant`) when one of its
categories names a cuisine or a dish; otherwise its other categories say what it is. The order
of `_GROUPS` decides between several: a tour or a grocery that also sells coffee is still a
tour or a grocery. Categories are compared lower case, as ingestion stores them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

__all__ = [
    "ALSO_SERVED_BY_RESTAURANTS",
    "DRINK_KINDS",
    "FOOD_KINDS",
    "KINDS",
    "MEAL_KINDS",
    "SERVING_KINDS",
    "SIGHT_KINDS",
    "STATED_DIET_KINDS",
    "is_diet_category",
    "is_kind_name",
    "is_store",
    "kind_categories",
    "kind_of",
    "serves_meals",
]

KINDS: Final = (
    "restaurant", "cafe", "bar", "bakery", "dessert", "market", "tour", "caterer",
    "event_service", "venue", "attraction", "museum", "park", "viewpoint", "religious_site",
    "lodging", "shop", "other",
)  # fmt: skip
MEAL_KINDS: Final = frozenset({"restaurant"})
STATED_DIET_KINDS: Final = frozenset({"restaurant", "cafe", "bakery", "dessert"})
"""Where a diet-only request ("kosher food in boston") also looks for places that state the diet
when too few meal places do: places that serve food to eat there, not markets or services."""
DRINK_KINDS: Final = frozenset({"cafe", "bar"})
SIGHT_KINDS: Final = frozenset({"attraction", "museum", "park", "viewpoint", "religious_site"})
"""Places one visits to see: never a business's own premises (a bookshop café, a club or an
event space may be; a museum at a like address is not)."""


def _set(text: str) -> frozenset[str]:
    return frozenset(p.strip() for p in text.split(",") if p.strip())


# Categories that say nothing about what a place is.
_GENERIC: Final = _set("restaurants, restaurant, food, nightlife, local flavor, ethnic food")
# Categories that are not meals: drinks, sweets, shops, services, things to do.
_NOT_MEALS: Final = _set(
    "bars, pubs, cocktail bars, wine bars, beer bar, dive bars, lounges, sports bars, "
    "gay bars, hookah bars, tiki bars, whiskey bars, irish pub, beer gardens, breweries, "
    "brewpubs, wineries, karaoke, dance clubs, jazz & blues, music venues, comedy clubs, "
    "coffee & tea, cafes, coffee roasteries, tea rooms, internet cafes, bubble tea, "
    "juice bars & smoothies, acai bowls, bakeries, desserts, ice cream & frozen yogurt, "
    "gelato, donuts, cupcakes, custom cakes, patisserie/cake shop, shaved ice, "
    "chocolatiers & shops, candy stores, pretzels, grocery, international grocery, "
    "ethnic grocery, ethical grocery, wholesale stores, convenience stores, specialty food, "
    "health markets, organic stores, farmers market, "
    "meat shops, butcher, seafood markets, cheese shops, fruits & veggies, imported food, "
    "beer, wine & spirits, pasta shops, tours, food tours, walking tours, hotels & travel, "
    "hotels, resorts, bed & breakfast, event planning & services, party & event planning, "
    "wedding planning, venues & event spaces, caterers, personal chefs, cooking schools, "
    "cooking classes, food delivery services, arts & entertainment, performing arts, "
    "dinner theater, cinema, arcades, bowling, pool halls, amusement parks, active life, "
    "kids activities, indoor playcentre, shopping, shopping centers, gift shops, "
    "flowers & gifts, florists, books, mags, music & video, fashion, pets, pet adoption, "
    "pet stores, beauty & spas, health & medical, drugstores, gas stations, tobacco shops, "
    "education, specialty schools, professional services, local services, home services, "
    "home & garden, real estate, automotive, fitness & instruction, golf, art galleries, "
    "arts & crafts, food court, do-it-yourself food, street vendors, vegan, vegetarian, "
    "gluten-free, halal, kosher, vegetarian friendly, vegan options, gluten free options, "
    "festivals, beverage store"
)
# Drinks made or poured where they are made, and bars under other names: a cidery that also
# brews kombucha serves no meals ("BOCO Cider": Bars, Cideries, Kombucha, Breweries).
_DRINK_MAKERS: Final = _set(
    "cideries, kombucha, distilleries, meaderies, wine tasting room, champagne bars, "
    "cigar bars, piano bars, speakeasies, hotel bar, drive-thru bars"
)
# Checked in this order when no category names a meal.
_GROUPS: Final = (
    ("tour", _set("tours, food tours, walking tours, historical tours, boat tours, bus tours")),
    ("market", _set(
        "grocery, international grocery, ethnic grocery, ethical grocery, convenience stores, "
        "gas stations, wholesale stores, specialty food, health markets, organic stores, "
        "farmers market, meat shops, butcher, seafood markets, cheese shops, "
        "fruits & veggies, imported food, beer, wine & spirits, pasta shops, food court, "
        "beverage store, public markets")),
    ("caterer", _set("caterers, personal chefs, food delivery services")),
    ("event_service", _set(
        "event planning & services, party & event planning, wedding planning, "
        "cooking schools, cooking classes")),
    ("lodging", _set("hotels, resorts, bed & breakfast, hotels & travel")),
    ("bar", _set(
        "bars, pubs, cocktail bars, wine bars, beer bar, dive bars, lounges, sports bars, "
        "gay bars, hookah bars, tiki bars, whiskey bars, irish pub, beer gardens, breweries, "
        "brewpubs, wineries") | _DRINK_MAKERS),
    ("bakery", _set("bakeries, patisserie/cake shop, custom cakes, cupcakes, donuts, pretzels")),
    ("dessert", _set(
        "desserts, ice cream & frozen yogurt, gelato, shaved ice, chocolatiers & shops, "
        "candy stores")),
    ("cafe", _set(
        "coffee & tea, cafes, coffee roasteries, tea rooms, internet cafes, bubble tea, "
        "juice bars & smoothies, acai bowls")),
    ("venue", _set(
        "music venues, venues & event spaces, arts & entertainment, performing arts, "
        "comedy clubs, dinner theater, cinema, karaoke, dance clubs, jazz & blues, arcades, "
        "bowling, pool halls, festivals")),
    ("museum", _set("museums, art museums, art galleries")),
    ("park", _set("parks, gardens, botanical gardens, zoos, beaches")),
    ("attraction", _set(
        "landmarks & historical buildings, amusement parks, active life, kids activities, "
        "indoor playcentre")),
    ("shop", _set(
        "shopping, shopping centers, gift shops, flowers & gifts, florists, books, mags, "
        "fashion, pets, pet adoption, pet stores")),
)  # fmt: skip


ALSO_SERVED_BY_RESTAURANTS: Final = frozenset({"bar", "cafe", "bakery", "dessert"})
"""Kinds a restaurant may also be (a tapas place that is a cocktail bar): its own kind stays
`restaurant`, its categories say the rest (`kind_categories`)."""


def kind_categories(kind: str) -> frozenset[str]:
    """The categories that make a place of `kind` when no category names a meal."""
    return next((members for name, members in _GROUPS if name == kind), frozenset())


def restates_kinds(categories: Iterable[str], kinds: Iterable[str]) -> bool:
    """True when every category only names one of the kinds ("cafe" or "coffee & tea" for
    `cafe`), in the source's plural or as a request says it: a search for the kind itself."""
    own = {c for kind in kinds for c in kind_categories(kind)}
    return all(c in own or _plural(c) in own for c in (c.strip().lower() for c in categories))


_NOT_A_MEAL: Final = (
    _NOT_MEALS | _DRINK_MAKERS | frozenset(c for _, members in _GROUPS for c in members)
)
_DIETS: Final = _set(
    "vegan, vegetarian, gluten-free, halal, kosher, vegetarian friendly, vegan options, "
    "gluten free options"
)
SERVING_KINDS: Final = frozenset({"restaurant", "cafe", "bar", "bakery", "dessert"})
"""Places one goes to eat or drink at: what stands in for a kind of them the catalog lacks."""
FOOD_KINDS: Final = frozenset(
    {"restaurant", "cafe", "bar", "bakery", "dessert", "market", "tour", "caterer",
     "event_service"}
)  # fmt: skip
"""Kinds a food source's categories decide; a museum or a park keeps the kind its source gave."""


# Words no cuisine or dish category holds: "Party Bus Rentals", "Event Planning & Services",
# "Appliances & Repair" name a service whatever the source files the place under.
_SERVICE_WORDS: Final = _set(
    "rental, rentals, services, service, planning, planners, repair, supplies, equipment, "
    "agencies, agency, dealers, clinics, photographers, limos, insurance"
)


# Words that name a shop, whatever it sells ("Hobby Shops", "Department Stores"); "Chicken
# Shop" (a meal) is singular.
_SHOP_WORDS: Final = _set("shops, stores, salons, clothing, boutiques")


def _names_a_service(category: str) -> bool:
    words = category.replace("&", " ").replace("/", " ").split()
    return not (_SERVICE_WORDS | _SHOP_WORDS).isdisjoint(words)


# A business that is not a place to eat: a tour, a rental, a contractor, a taxi. Yelp tags a
# few such places with a cuisine ("Boston Segway Tours": Italian, Historical Tours, Contractors).
# Food trades (catering, event planning, delivery) and hotels are left out: restaurants carry
# them (1,592 Yelp restaurants say "Event Planning & Services", hotel restaurants "Hotels").
_BUSINESS_WORDS: Final = _SERVICE_WORDS | _set(
    "tours, tour, segway, segways, contractors, transportation, taxis, shuttles, travel, agents"
)
_FOOD_TRADES: Final = _set(
    "event planning & services, party & event planning, wedding planning, "
    "food delivery services, couriers & delivery services, hotels & travel, home services, "
    "local services"
)


def _names_a_business(category: str) -> bool:
    words = category.replace("&", " ").replace("/", " ").split()
    return category not in _FOOD_TRADES and not _BUSINESS_WORDS.isdisjoint(words)


def run_as_business(categories: Iterable[str]) -> bool:
    """More categories name a business that is not a place to eat (tours, rentals, travel
    services, contractors) than name a cuisine or a dish: a Segway tour tagged "Italian" is a
    tour. A restaurant with one stray tag ("Pizza, Auto Repair, Salad, Chicken Wings") stays
    a restaurant; a tie too ("Mexican, Appliances & Repair")."""
    cats = [c.strip().lower() for c in categories]
    business = sum(_names_a_business(c) for c in cats)
    meals = sum(
        c not in _GENERIC
        and not _not_a_meal(c)
        and not _names_a_service(c)
        and not _names_a_business(c)
        for c in cats
    )
    return business > meals


def is_kind_name(category: str) -> bool:
    """Whether a category only names a kind ("desserts", "bakeries", "cafe"): unlike "ice cream &
    frozen yogurt" or "donuts", a restaurant tagged so is not one."""
    category = category.strip().lower()
    return any(category in (kind, _plural(kind)) for kind in KINDS)


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def _not_a_meal(category: str) -> bool:
    """A category of drinks, sweets, shops or services, in the source's plural or as a request
    says it ("cafe", "bakery", "pub")."""
    return category in _NOT_A_MEAL or _plural(category) in _NOT_A_MEAL


def serves_meals(categories: Iterable[str]) -> bool:
    """True when a category names a cuisine or a dish ("thai", "sandwiches", "breakfast &
    brunch", "food trucks"): the place serves meals, whatever else it is."""
    return any(
        c not in _GENERIC and not _not_a_meal(c) and not _names_a_service(c) for c in categories
    )


_STORES: Final = _set(
    "grocery, international grocery, ethnic grocery, ethical grocery, convenience stores, "
    "gas stations, drugstores, wholesale stores, department stores"
)


def is_store(categories: Iterable[str]) -> bool:
    """A shop that also sells food (a supermarket's deli, a grocery tagged "Thai", a gas
    station's tacos): a meal place by its cuisine tags, but a meal request ranks it after
    places that are only places to eat."""
    return any(c.strip().lower() in _STORES for c in categories)


_CAFE_NAME: Final = re.compile(
    r"\b(?:coffee|coffeehouse|espresso|caf[eé]|caff[eèé]|kaffe|tea ?house|tea ?room|tea ?bar|"
    r"bubble tea|boba|kava|roasters?|roastery)\b",
    re.IGNORECASE,
)
"""A café's own name, as its owners spell it: "Caffe Paradiso" and "Caffè Vittoria" (Italian),
"Limoo Tea Bar", a kava bar (plans16: a night out was offered coffee bars whose names the
English spellings missed)."""


def named_a_cafe(name: str, categories: Iterable[str]) -> bool:
    """A café that also serves beer ("Spokesman Coffee": Beer Bar, Cafes): its categories and
    its own name both say café, so a night out for drinks ranks it after the bars."""
    cafe = kind_categories("cafe")
    return any(c.strip().lower() in cafe for c in categories) and bool(_CAFE_NAME.search(name))


def is_diet_category(category: str) -> bool:
    """ "Kosher", "Vegan": a category that says how a place cooks, not what kind it is."""
    return category.strip().lower() in _DIETS


_AREA_MARKS: Final = _set(
    "public services & government, landmarks & historical buildings, shopping centers, "
    "transportation"
)


def is_area_listing(categories: Iterable[str]) -> bool:
    """A neighbourhood Yelp lists as a business ("Harvard Square", "The North End",
    "Chinatown"): "Local Flavor" beside a civic, landmark, mall or transport category, with the
    cuisines of the restaurants in it. Not a place to eat itself."""
    cats = frozenset(c.strip().lower() for c in categories)
    return "local flavor" in cats and bool(cats & _AREA_MARKS)


def _is_meal(category: str) -> bool:
    return category not in _GENERIC and not _not_a_meal(category) and not _names_a_service(category)


# What a restaurant carries beside its meals: the catering and event trades, a hotel, a bar, a
# café or a bakery it also is, a diet it states. These never outweigh its meals.
_CARRIED: Final = (
    _GENERIC
    | _DIETS
    | _FOOD_TRADES
    | frozenset(
        c for name in ("caterer", "event_service", "lodging", "bar", "cafe", "bakery")
        for c in dict(_GROUPS)[name]
    )
    # tags restaurants wear broadly: a deli's "Specialty Food", a bar's "Beer, Wine & Spirits",
    # a theme park's restaurants' "Amusement Parks", a menu's "Desserts"
    | _set(
        "venues & event spaces, street vendors, specialty food, beer, wine & spirits, desserts, "
        "arts & entertainment, active life, amusement parks, kids activities, shopping, "
        "food court, home & garden, flowers & gifts"
    )
)  # fmt: skip


def other_kind_outweighs(categories: Iterable[str]) -> bool:
    """More categories say another kind of place (a music venue, an ice-cream stand, a shop, a
    school) than name a meal: "Shaved Ice, Ice Cream & Frozen Yogurt, Cajun/Creole" is a
    shaved-ice stand, "Music Venues, Festivals, Education, Arts & Entertainment, Breakfast &
    Brunch" a club. What restaurants carry beside meals (`_CARRIED`) is not counted; a tie
    stays a restaurant."""
    cats = [c.strip().lower() for c in categories]
    meals = sum(_is_meal(c) for c in cats)
    others = sum(not _is_meal(c) and c not in _CARRIED and _plural(c) not in _CARRIED for c in cats)
    return others > meals


# A name that says the trade, with a category of it: "Season to Taste Catering" (Caterers,
# Breakfast & Brunch) caters, "Lan Viet Market" (Specialty Food, Vietnamese) is a grocery.
_TRADE_NAMES: Final = (
    ("caterer", re.compile(r"\bcater(?:ing|ers?)\b", re.IGNORECASE)),
    ("market", re.compile(
        r"\b(?:market|supermarket|grocery|groceries|grocer|mart|supplies|supply)\b",
        re.IGNORECASE)),
)  # fmt: skip


# "Pastalina's Restaurant & Catering", "Mack's Bar B Que & Catering": a kitchen that also caters
_ALSO_A_KITCHEN: Final = re.compile(
    r"(?:&|\band)\s+cater|\b(?:restaurant|ristorante|cafe|caf\u00e9|grill|diner|bistro|kitchen|"
    r"eatery|pizzeria|taqueria|cuisine)\b",
    re.IGNORECASE,
)
# where the place is, not what: "Inna's Kitchen - Boston Public Market", "Kappo at East End Market"
_LOCATED: Final = re.compile(r"\s(?:-|\u2013|@|at)\s", re.IGNORECASE)


def _named_trade(name: str, cats: frozenset[str]) -> str | None:
    name = _LOCATED.split(name, maxsplit=1)[0]
    if _ALSO_A_KITCHEN.search(name):
        return None
    return next(
        (kind for kind, said in _TRADE_NAMES if said.search(name) and cats & kind_categories(kind)),
        None,
    )


def _outweighing_kind(cats: frozenset[str]) -> str | None:
    """The kind of the categories that outweigh the meals: what they say, not what the place
    also carries (a music club's bar)."""
    said = frozenset(c for c in cats if c not in _CARRIED)
    return next((kind for kind, members in _GROUPS if said & members), None)


def kind_of(categories: Iterable[str], name: str = "") -> str | None:
    """The kind the categories show, or None when they show nothing (keep what the source
    said: a museum from a points-of-interest file stays a museum). `name`, when given, decides
    for a place whose name says its trade and whose categories hold it."""
    cats = frozenset(c.strip().lower() for c in categories)
    if is_area_listing(cats):
        return "attraction"
    business = run_as_business(cats)
    if serves_meals(cats) and not business:
        if not other_kind_outweighs(cats):
            return _named_trade(name, cats) or "restaurant"
        return _outweighing_kind(cats) or "other"
    for kind, members in _GROUPS:
        if cats & members:
            return kind
    if business:
        return "other"
    if cats & _GENERIC or (cats and cats <= _DIETS):
        return "restaurant"  # a source that only says "Restaurants" is taken at its word
    return None
