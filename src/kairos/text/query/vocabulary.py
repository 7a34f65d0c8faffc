"""Words every product's reader knows that the catalog cannot tell it: vibes and diets (spelled
in core), price and rating language, and the well-known neighbourhoods of the catalog's cities.
Allergen words come from core's lexicon only; a product's own words (restaurant categories and
dishes) live in the product's `understanding.py`.

Everything here is data. Phrases are lower case without accents, hyphens written as spaces
("kid friendly" also matches "kid-friendly"), because the parser folds messages the same way.
Lists are written as comma-separated strings so that they stay readable under the formatter.
"""

from __future__ import annotations

from kairos.core.diets import DIETS, NOT_A_DIET
from kairos.core.london_areas import LONDON_AREAS
from kairos.core.london_areas import NEEDS_PREPOSITION as LONDON_NEEDS_PREPOSITION
from kairos.core.pricing import PriceTier
from kairos.core.vibes import VIBES as CORE_VIBES
from kairos.text.query.numbers import Currency


def phrases(text: str) -> tuple[str, ...]:
    """ "a, b c, d" → ("a", "b c", "d")."""
    return tuple(p.strip() for p in text.split(",") if p.strip())


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


CHEAP: tuple[PriceTier, ...] = ("$",)
AFFORDABLE: tuple[PriceTier, ...] = ("$", "$$")
MID: tuple[PriceTier, ...] = ("$$",)
SPLURGE: tuple[PriceTier, ...] = ("$$$", "$$$$")

# --- vibes and diets: spelled once in core ----------------------------------------------
VIBES: dict[str, tuple[str, ...]] = {name: vibe.phrases for name, vibe in CORE_VIBES.items()}

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

DIETARY: dict[str, tuple[str, ...]] = {name: diet.phrases for name, diet in DIETS.items()}
NOT_DIETARY = NOT_A_DIET

# --- prices and ratings -----------------------------------------------------------------
PRICE_WORDS: dict[str, tuple[PriceTier, ...]] = {
    # "cheap" is the cheapest tier (Yelp's "$"); a search that finds none widens the price
    **dict.fromkeys(
        phrases(
            "cheap, cheaper, budget, inexpensive, cheap eats, student, students, low budget, "
            "tight budget, on a budget, sasta, cheap and cheerful, less expensive, less pricey"
        ),
        CHEAP,
    ),
    **dict.fromkeys(
        phrases(
            "budget friendly, affordable, economical, pocket friendly, value for money, "
            "reasonably priced, reasonable, wont break the bank, won't break the bank"
        ),
        AFFORDABLE,
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
            "cost no object, sky's the limit, sky is the limit, go all out, all out, "
            "fancier, pricier, more expensive, more upscale, classier, posher, swankier, "
            "more upmarket, upmarket"
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
    # every London neighbourhood of the gazetteer (`core/data/london_areas.toml`)
    **dict.fromkeys(LONDON_AREAS, "london"),
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
AREA_NEEDS_PREPOSITION = word_set("born harvard downtown chelsea richmond greenwich central") | {
    n for n in LONDON_NEEDS_PREPOSITION if " " not in n
}
# Occasions that are also towns (Celebration and Christmas, Florida; Surprise, Arizona): a city
# only after a place word ("in celebration"), never in "celebration dinner in boston".
CITY_NEEDS_PREPOSITION = word_set(
    """celebration graduation birthday anniversary reunion christmas holiday wedding surprise
    retirement farewell homecoming engagement thanksgiving easter valentine promotion"""
)

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
# Things to do that are not eating or drinking: a restaurant search cannot answer them (the
# planner, which reads every kind of place, can). Only words no restaurant request uses alone.
NOT_FOOD_ACTIVITIES = word_set(
    """basketball football soccer tennis volleyball badminton climbing bouldering golf
    swimming skating skiing gym museum museums hike hiking temple temples church churches
    cathedral cathedrals mosque mosques synagogue synagogues zoo aquarium"""
)
# Words that make any request a request for food, whatever else it names ("dinner near the
# museum").
MEAL_WORDS = word_set(
    """dinner lunch breakfast brunch supper meal meals snack snacks bite eat eats eating food
    restaurant restaurants drinks drink coffee dessert hungry"""
)


GENERIC_WORDS = STOPWORDS | word_set(
    """dinner lunch breakfast brunch supper meal meals snack snacks bite hungry starving
    weekend sunday saturday friday monday tuesday wednesday thursday evening morning
    afternoon night week next later soon quick fast cuisine cuisines stuff recommendation
    recommendations idea ideas worth try trying new dunno idk surprise whatever whatever's
    random choose pick decide hmm umm"""
)
