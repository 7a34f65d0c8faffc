"""How a request is said: its categories as the kinds of place they are ("Thai places", "sushi
bars", "cafés"), its price range and vibes as words ("cheap", "quiet, romantic"), and the whole
request as a reply names it ("quiet, romantic Thai places in Cambridge")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.core.diets import DIETS, diet_label
from kairos.core.pricing import tier_label
from kairos.core.vibes import VIBES, vibe_label
from kairos.text.query.catalog_words import qualifier_first, unqualified


def _label(word: str) -> str:
    if word in VIBES:
        return vibe_label(word)
    if word in DIETS:
        return diet_label(word)
    return word.replace("_", " ")


# Categories that are themselves the noun: "rooftop bars", not "rooftop Bars places".
VENUE_NOUNS = {
    "bars": "bars", "bar": "bars", "pubs": "pubs", "pub": "pubs", "cafes": "cafés",
    "cafe": "cafés", "coffee & tea": "coffee places", "cocktail bars": "cocktail bars",
    "wine bars": "wine bars", "bakeries": "bakeries", "desserts": "dessert places",
}  # fmt: skip


# Cuisines named after a people or a place: capitalised ("Thai", "South Indian"); any other
# category is a common noun ("noodle places", "pizza places", "sushi bars").
PROPER_CUISINES = frozenset({
    "afghan", "african", "american", "andhra", "arabian", "argentine", "argentinian", "armenian",
    "asian", "australian", "austrian", "bangladeshi", "basque", "belgian", "bengali", "brazilian",
    "british", "burmese", "cajun", "californian", "cambodian", "canadian", "cantonese",
    "caribbean", "catalan", "chettinad", "chinese", "colombian", "creole", "cuban", "czech",
    "dominican", "eastern", "egyptian", "english", "eritrean", "ethiopian", "european", "filipino",
    "french", "galician", "georgian", "german", "goan", "greek", "gujarati", "haitian", "hakka",
    "hawaiian",
    "himalayan", "honduran", "hunan", "hungarian", "hyderabadi", "indian", "indonesian", "iranian",
    "irish", "israeli", "italian", "jamaican", "japanese", "kashmiri", "kerala", "korean",
    "laotian", "latin", "lebanese", "malaysian", "mangalorean", "mediterranean", "mexican",
    "mongolian", "moroccan", "mughlai", "neapolitan", "nepalese", "nepali", "nicaraguan",
    "nigerian", "pakistani", "palestinian", "persian", "peruvian", "polish", "portuguese",
    "punjabi", "rajasthani", "russian", "salvadoran", "sardinian", "scandinavian", "scottish",
    "senegalese", "shanghainese", "sichuan", "sicilian", "singaporean", "somali", "southern",
    "spanish", "syrian", "szechuan", "taiwanese", "tex-mex", "thai", "tibetan", "trinidadian",
    "tunisian", "turkish", "tuscan", "ukrainian", "uzbek", "venezuelan", "vietnamese", "welsh",
    "western", "yemeni"
})  # fmt: skip
_PROPER_PREFIXES = frozenset({"north", "south", "east", "west", "middle", "new", "modern"})
_PLURAL_NOUNS = frozenset({
    "bars", "pubs", "bakeries", "steakhouses", "diners", "delis", "bistros", "brasseries",
    "trucks", "stands", "shops", "houses", "restaurants", "places", "halls", "joints", "rooms",
    "gardens", "breweries", "wineries", "creperies", "pizzerias", "taquerias", "cafeterias",
    "patisseries", "trattorias", "izakayas", "gastropubs", "speakeasies", "lounges", "taverns",
    "canteens", "cafes", "cafés",
})  # fmt: skip
_IE_NOUNS = {"smoothies": "smoothie", "cookies": "cookie", "brownies": "brownie"}
_KEPT_PLURAL = frozenset({"fish & chips", "dim sum", "tapas", "mezze", "noodles & dumplings"})


_ACRONYMS = {"bbq": "BBQ"}


def category_name(category: str) -> str:
    """A category as a sentence says it: "Thai", "South Indian", "pizza", "noodles"."""
    words = [_ACRONYMS.get(w, w) for w in qualifier_first(category.strip().lower()).split()]
    proper = any(w in PROPER_CUISINES for w in words)
    return " ".join(
        w.title() if w in PROPER_CUISINES or (proper and w in _PROPER_PREFIXES) else w
        for w in words
    )


def category_places(category: str) -> str:
    """ "Thai places", "noodle places", "sushi bars", "cafés": a category as the kind of place."""
    low = " ".join(category.strip().lower().split())
    if low in VENUE_NOUNS:
        return VENUE_NOUNS[low]
    named = category_name(low)
    if not named:
        return "places"
    words = named.split()
    if any(w in _PLURAL_NOUNS for w in words):
        return named
    if (plural := _plural(words[-1])) in _PLURAL_NOUNS:  # "steakhouse" → "steakhouses"
        return " ".join([*words[:-1], plural])
    if low not in _KEPT_PLURAL and "&" not in words and not words[-1][0].isupper():
        named = " ".join([*words[:-1], attributive(words[-1])])
    return f"{named} places"


def _plural(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def attributive(noun: str) -> str:
    """A plural noun as it stands before another ("noodles" → "noodle places")."""
    if noun in _IE_NOUNS:
        return _IE_NOUNS[noun]
    if noun.endswith(("ches", "shes", "sses", "xes")):
        return noun[:-2]
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        return noun[:-1]
    return noun


_RANGE_WORDS: Final = {
    frozenset({"$", "$$"}): "affordable",  # the reader's own word for these two tiers
    frozenset({"$$$"}): "upscale", frozenset({"$$$", "$$$$"}): "upscale",
    frozenset({"$$$$"}): "upscale",
}  # fmt: skip


def price_word(tiers: Sequence[str]) -> str | None:
    """ "cheap" for "$", "upscale" for "$$$" and up: the price a request asked, as words."""
    wanted = frozenset(tiers)
    if wanted in ({"$"}, {"$$"}):
        return tier_label("$" if "$" in wanted else "$$")
    return _RANGE_WORDS.get(wanted)


def describe_request(
    categories: Sequence[str],
    vibes: Sequence[str],
    city: str | None,
    price_tiers: Sequence[str] = (),
) -> str:
    """ "quiet, romantic Thai places in Cambridge", "cheap sandwich places in Boston",
    "rooftop bars with a view in London" from what the parser understood; "places" alone when
    nothing narrowed the request."""
    priced = price_word(price_tiers)
    before: list[str] = [priced] if priced and priced not in vibes else []
    after: list[str] = []
    for word in dict.fromkeys(vibes):
        said = VIBES[word].describes if word in VIBES and VIBES[word].describes else _label(word)
        (after if said.startswith("with ") else before).append(said)
    noun = category_places(_named_category(categories)) if categories else "places"
    what = " ".join(p for p in (", ".join(before), noun, " and ".join(after)) if p)
    return f"{what} in {city.title()}" if city else what


def _named_category(categories: Sequence[str]) -> str:
    """The category a reply names: the first, or the base that every one qualifies ("american"
    for "american (new)" and "american (traditional)")."""
    bases = {unqualified(c.strip().lower()) for c in categories}
    return bases.pop() if len(categories) > 1 and len(bases) == 1 else categories[0]


def head_noun_at(words: list[str]) -> int:
    """The request's head noun ("places", "steakhouses", "sushi bars"): `describe_request`
    puts every noun `category_places` makes in `_PLURAL_NOUNS`."""
    return next((i for i, w in enumerate(words) if w in _PLURAL_NOUNS), -1)
