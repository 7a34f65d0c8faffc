"""Words the offline parser knows that the catalog cannot tell it: vibes, diets, price and
allergy language, dishes, and the well-known neighbourhoods of the catalog's cities.

Everything here is data. Phrases are lower case without accents, hyphens written as spaces
("kid friendly" also matches "kid-friendly"), because the parser folds messages the same way.
Lists are written as comma-separated strings so that they stay readable under the formatter.
"""

from __future__ import annotations

from kairos.restaurants.query_numbers import Currency
from kairos.search.filters import PriceTier


def phrases(text: str) -> tuple[str, ...]:
    """ "a, b c, d" → ("a", "b c", "d")."""
    return tuple(p.strip() for p in text.split(",") if p.strip())


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


CHEAP: tuple[PriceTier, ...] = ("$", "$$")
MID: tuple[PriceTier, ...] = ("$$",)
SPLURGE: tuple[PriceTier, ...] = ("$$$", "$$$$")

# --- vibes ------------------------------------------------------------------------------
VIBES: dict[str, tuple[str, ...]] = {
    "romantic": phrases(
        "romantic, romance, intimate, candlelit, candle lit, anniversary, valentine, "
        "valentines, valentine's"
    ),
    "date_night": phrases("date, date night, first date, dinner date"),
    "quiet": phrases("quiet, calm, peaceful, tranquil, hear each other, quieter"),
    "lively": phrases(
        "lively, buzzy, buzzing, vibrant, energetic, fun, party, happening, bustling, "
        "good vibes, great vibes"
    ),
    "cozy": phrases("cozy, cosy, snug, homely, warm atmosphere"),
    "family_friendly": phrases(
        "family, families, kid, kids, kiddos, children, child, toddler, toddlers, baby, "
        "stroller, pram, high chair, kid friendly, family friendly, child friendly, kids menu"
    ),
    "group": phrases(
        "group, big group, large group, team, team lunch, team dinner, office party, "
        "colleagues, coworkers, the gang, whole gang"
    ),
    "outdoor": phrases(
        "outdoor, outdoors, outside, patio, terrace, rooftop, roof top, al fresco, alfresco, "
        "garden, sidewalk seating, outdoor seating"
    ),
    "trendy": phrases("trendy, hip, hipster, instagrammable, stylish, chic, cool vibe"),
    "casual": phrases(
        "casual, laid back, relaxed, chill, low key, lowkey, no frills, informal, unpretentious"
    ),
    "upscale": phrases(
        "upscale, fancy, classy, elegant, fine dining, posh, high end, luxury, luxurious, "
        "sophisticated, swanky"
    ),
    "late_night": phrases(
        "late night, open late, late dinner, after midnight, midnight, late night food, "
        "open till late, till late"
    ),
    "business": phrases(
        "business, client, clients, work lunch, work dinner, business lunch, business dinner, "
        "meeting"
    ),
    "live_music": phrases("live music, live band, jazz, band, dj"),
    "view": phrases(
        "view, views, sunset, waterfront, skyline, harbour view, harbor view, sea view"
    ),
}

# A negated word → (what to avoid, the vibe that says it positively, if any).
NEGATABLE_VIBES: dict[str, tuple[str, str | None]] = {
    **dict.fromkeys(phrases("loud, noisy, noise"), ("loud", "quiet")),
    **dict.fromkeys(phrases("crowded, busy, packed"), ("crowded", None)),
    **dict.fromkeys(phrases("touristy, tourist trap, touristic"), ("touristy", None)),
    **dict.fromkeys(phrases("fancy, upscale, posh"), ("upscale", "casual")),
    **dict.fromkeys(phrases("pretentious, stuffy, snobby"), ("stuffy", "casual")),
    **dict.fromkeys(phrases("spicy, too spicy"), ("spicy", None)),
    **dict.fromkeys(phrases("chain, chains"), ("chain", None)),
    "greasy": ("greasy", None),
}

# --- diets ------------------------------------------------------------------------------
DIETARY: dict[str, tuple[str, ...]] = {
    "vegan": phrases("vegan, vegans, plant based, vegan friendly, vegan options"),
    "vegetarian": phrases(
        "vegetarian, vegetarians, veggie, veg, pure veg, pure vegetarian, meat free, "
        "meatless, vegetarian friendly, veg only"
    ),
    "halal": ("halal",),
    "kosher": ("kosher",),
    "jain": phrases("jain, jain food, no onion no garlic, no onion garlic"),
    "pescatarian": phrases("pescatarian, pescetarian"),
    "gluten_free": phrases(
        "gluten free, gf, gluten free options, celiac friendly, coeliac friendly"
    ),
    "dairy_free": phrases("dairy free, lactose free, non dairy"),
    "egg_free": phrases("egg free, eggless"),
    "keto": phrases("keto, low carb"),
}
# "non veg" asks for meat: it must win over "veg" and mean no diet at all.
NOT_DIETARY = phrases("non veg, non vegetarian, nonveg")

# --- prices and ratings -----------------------------------------------------------------
PRICE_WORDS: dict[str, tuple[PriceTier, ...]] = {
    **dict.fromkeys(
        phrases(
            "cheap, cheaper, budget, budget friendly, affordable, inexpensive, economical, "
            "pocket friendly, value for money, reasonably priced, reasonable, cheap eats, "
            "wont break the bank, won't break the bank, student, students, low budget, "
            "tight budget, on a budget, sasta, cheap and cheerful"
        ),
        CHEAP,
    ),
    **dict.fromkeys(phrases("cheapest, dirt cheap"), ("$",)),
    **dict.fromkeys(
        phrases(
            "mid range, midrange, moderately priced, moderate, mid priced, medium priced, "
            "mid budget"
        ),
        MID,
    ),
    **dict.fromkeys(
        phrases(
            "fancy, upscale, splurge, fine dining, high end, expensive, pricey, luxury, "
            "luxurious, posh, swanky, money no object, money is no object, no budget, "
            "price no object, price is no object, treat ourselves, treat myself, michelin, "
            "michelin star, price no bar, budget no bar, money no bar, no bar on price, "
            "no budget limit, money isn't an issue, money is not an issue, money not an issue, "
            "price isn't an issue, price is not an issue, budget isn't an issue, "
            "budget is not an issue, money doesn't matter, price doesn't matter, "
            "cost no object, sky's the limit, sky is the limit, go all out, all out"
        ),
        SPLURGE,
    ),
}
RATING_PHRASES: dict[str, float] = {
    **dict.fromkeys(
        phrases(
            "highly rated, high rated, top rated, best rated, well rated, rated highly, "
            "well reviewed, good reviews, great reviews, excellent reviews, good ratings, "
            "great ratings, high ratings, good rating, high rating, highly reviewed, "
            "top reviewed, well liked"
        ),
        4.0,
    ),
    **dict.fromkeys(phrases("best reviewed, top notch reviews"), 4.5),
}

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
    **_dishes("bakeries", "croissant, croissants, pastries"),
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
        "food delivery services, beverage store, wine & spirits, beer"
    )
    # diets rank through `dietary`; as categories they would exclude every other place
    + phrases(
        "vegetarian, vegan, halal, kosher, gluten-free, vegetarian friendly, vegan options, "
        "gluten free options"
    )
)

# --- allergens --------------------------------------------------------------------------
# A local stand-in for `kairos.core.allergens`; the parser takes the real one as a parameter.
# Canonical names are the 14 EU allergens.
_ALLERGENS: dict[str, str] = {
    "peanuts": "peanut, peanuts, groundnut, groundnuts, peanut butter",
    "tree_nuts": "tree nut, tree nuts, almond, almonds, cashew, cashews, walnut, walnuts, "
    "pistachio, pistachios, hazelnut, hazelnuts, pecan, pecans",
    "shellfish": "shellfish, shrimp, shrimps, prawn, prawns, crab, crabs, lobster, crustacean, "
    "crustaceans",
    "molluscs": "mollusc, molluscs, mollusk, mollusks, oyster, oysters, clam, clams, mussel, "
    "mussels, squid, scallop, scallops, octopus",
    "fish": "fish",
    "dairy": "dairy, milk, lactose, cheese, butter, cream, ghee, paneer",
    "eggs": "egg, eggs",
    "gluten": "gluten, wheat, maida, barley, rye",
    "soy": "soy, soya, soybean, soybeans, tofu",
    "sesame": "sesame, tahini",
    "mustard": "mustard",
    "celery": "celery",
    "lupin": "lupin, lupine",
    "sulphites": "sulphite, sulphites, sulfite, sulfites",
}
ALLERGEN_WORDS: dict[str, str] = {
    word: allergen for allergen, text in _ALLERGENS.items() for word in phrases(text)
}
# Words that name several allergens at once. "nut allergy" excludes peanuts too, because the
# cost of a missed exclusion is a reaction and the cost of an extra one is fewer options.
_NUTS = ("peanuts", "tree_nuts")
_SEAFOOD = ("fish", "shellfish", "molluscs")
ALLERGEN_UMBRELLAS: dict[str, tuple[str, ...]] = {
    "nut": _NUTS,
    "nuts": _NUTS,
    "seafood": _SEAFOOD,
    "sea food": _SEAFOOD,
}
# Allergens whose "X-free" is read as a hard exclusion (reactions are often severe); for the
# others "X-free" is a dietary wish ("gluten-free bakery" wants bakeries with GF options).
HARD_FREE_ALLERGENS = frozenset(
    phrases("peanuts, tree_nuts, sesame, shellfish, molluscs, fish, lupin")
)
SOFT_FREE_DIETARY: dict[str, str] = {
    "gluten": "gluten_free",
    "dairy": "dairy_free",
    "eggs": "egg_free",
    "soy": "soy_free",
}

# --- places -----------------------------------------------------------------------------
CITY_ALIASES: dict[str, str] = {
    "hyd": "hyderabad",
    "hyderbad": "hyderabad",
    "bcn": "barcelona",
    "barca": "barcelona",
    "ldn": "london",
    "bos": "boston",
    "cambridge ma": "cambridge",
}
CITY_CURRENCY: dict[str, Currency] = {
    **dict.fromkeys(phrases("hyderabad, bangalore, bengaluru, mumbai, delhi, chennai"), "INR"),
    "london": "GBP",
    "barcelona": "EUR",
    "madrid": "EUR",
    **dict.fromkeys(phrases("boston, cambridge, new york"), "USD"),
}


def _areas(city: str | None, text: str) -> dict[str, str | None]:
    return dict.fromkeys(phrases(text), city)


# Well-known neighbourhoods of the catalog's cities, used only when the catalog has the city.
KNOWN_AREAS: dict[str, str | None] = {
    **_areas(
        "hyderabad",
        "hitech city, gachibowli, madhapur, kondapur, jubilee hills, banjara hills, kukatpally, "
        "begumpet, secunderabad, ameerpet, kphb, charminar, abids, himayatnagar, somajiguda, "
        "manikonda, miyapur, old city, tolichowki, mehdipatnam, nanakramguda, kothaguda",
    ),
    **_areas(
        "boston",
        "back bay, north end, south end, beacon hill, seaport, fenway, jamaica plain, allston, "
        "brighton, dorchester, south boston, charlestown, east boston, roxbury, kenmore, "
        "leather district, west end, mission hill, downtown crossing",
    ),
    **_areas(
        "cambridge",
        "harvard square, central square, kendall square, inman square, porter square, "
        "east cambridge, cambridgeport",
    ),
    **_areas(
        "london",
        "soho, shoreditch, covent garden, camden, notting hill, brixton, mayfair, marylebone, "
        "islington, hackney, clapham, fitzrovia, kensington, chelsea, greenwich, richmond, "
        "hammersmith, southbank, south bank, canary wharf, city of london, borough market, "
        "westminster, paddington, kings cross, bloomsbury, peckham, dalston, wimbledon, "
        "croydon, ealing, southall",
    ),
    **_areas(
        "barcelona",
        "gothic quarter, el born, gracia, eixample, barceloneta, poblenou, el raval, raval, "
        "sants, sarria, poble sec, sant antoni, les corts, el poblenou",
    ),
    # in more than one catalog city: the message has to name the city
    **_areas(None, "chinatown, financial district, downtown"),
}
AREA_ALIASES: dict[str, str] = {
    **dict.fromkeys(phrases("hitec city, hi tech city, hi tec city, hitech, hitec"), "hitech city"),
    **dict.fromkeys(phrases("kendall, kendall sq"), "kendall square"),
    **dict.fromkeys(phrases("harvard, harvard sq"), "harvard square"),
    "central sq": "central square",
    "inman sq": "inman square",
    "porter sq": "porter square",
    "jp": "jamaica plain",
    "southie": "south boston",
    "eastie": "east boston",
    **dict.fromkeys(phrases("barri gotic, barrio gotico"), "gothic quarter"),
    "born": "el born",
    "fidi": "financial district",
    "the fenway": "fenway",
    "seaport district": "seaport",
    "the north end": "north end",
    "the south end": "south end",
}
# Areas whose one-word name is also an ordinary word; recognised only after a place word.
AREA_NEEDS_PREPOSITION = word_set("born harvard downtown chelsea richmond greenwich central")

# --- plain language ---------------------------------------------------------------------
STOPWORDS = word_set(
    """a an the and or but if then so to of for in on at by with from into about as is are was
    were be been am i im i'm me my we us our you your it its this that these those there here
    some any anything something somewhere anywhere please pls plz thanks thank can could would
    should will shall do does did want wanna wanted need needs looking look find show give get
    got recommend suggest suggestion suggestions options option place places spot spots joint
    restaurant restaurants restraunt resturant food foods eat eating eats good nice great best
    decent really very quite just also too bit little lot lots like near nearby around close
    what whats what's where wheres where's which who how when tonight today tomorrow now one
    ones other else maybe perhaps kind sort type go going grab have having has let lets let's
    know tell sure ok okay hey hi hello yo guys yeah yes no not dont don't cant can't cannot
    won't wont ive i've id i'd ill i'll we're were we'll they they're them their he she his
    her him hers ours anyone someone people person ppl friends friend wife husband partner
    girlfriend boyfriend mom dad mum parents family visiting visit trip town city area way
    than more most much many few only even still again already actually honestly literally
    lol haha yall y'all guess reckon think gonna gotta kinda sorta ya dining dine adults
    adult guests pax persons r u ur whichever ideally since happy spend spending son daughter
    mother father sister brother"""
)
GENERIC_WORDS = STOPWORDS | word_set(
    """dinner lunch breakfast brunch supper meal meals snack snacks bite hungry starving
    weekend sunday saturday friday monday tuesday wednesday thursday evening morning
    afternoon night week next later soon quick fast cuisine cuisines stuff recommendation
    recommendations idea ideas worth try trying new dunno idk surprise whatever whatever's
    random choose pick decide hmm umm"""
)
