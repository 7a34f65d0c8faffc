"""Kinds of place: "Restaurants" on a walking tour or a grocery does not make it a restaurant."""

from __future__ import annotations

import pytest

from kairos.core.place_kinds import is_store, kind_of, serves_meals


@pytest.mark.parametrize(
    ("categories", "kind"),
    [
        (["restaurants", "food tours", "tours", "hotels & travel"], "tour"),
        (["restaurants", "grocery", "food"], "market"),
        (["cafes", "pets", "pet adoption", "coffee & tea"], "cafe"),
        (["caterers", "event planning & services", "restaurants"], "caterer"),
        (["bakeries", "coffee & tea"], "bakery"),
        (["desserts", "ice cream & frozen yogurt"], "dessert"),
        (["cocktail bars", "lounges"], "bar"),
        (["vietnamese", "food stands", "dive bars", "specialty food", "caterers"], "restaurant"),
        (["bakeries", "sandwiches"], "restaurant"),
        (["pubs", "british"], "restaurant"),
        (["vegan"], "restaurant"),
        (["restaurants"], "restaurant"),
        (
            ["kosher", "party bus rentals", "event planning & services", "party equipment rentals"],
            "event_service",
        ),
        (["appliances & repair", "mexican"], "restaurant"),
        # a neighbourhood listed as a business, with its restaurants' cuisines: not one to eat at
        (
            [
                "transportation",
                "japanese",
                "public services & government",
                "korean",
                "local flavor",
                "shopping centers",
            ],
            "attraction",
        ),
        (
            [
                "indonesian",
                "chinese",
                "local flavor",
                "restaurants",
                "public services & government",
            ],
            "attraction",
        ),
        # a restaurant in a landmark, or one Yelp also files oddly, stays one
        (["seafood", "landmarks & historical buildings", "restaurants"], "restaurant"),
        (["american (traditional)", "public services & government", "restaurants"], "restaurant"),
    ],
)
def test_kind_of(categories: list[str], kind: str) -> None:
    assert kind_of(categories) == kind


def test_no_categories_keep_what_the_source_said() -> None:
    assert kind_of([]) is None
    assert kind_of(["landmarks & historical buildings"]) == "attraction"


def test_a_diet_is_not_a_meal() -> None:
    assert not serves_meals(["vegan", "coffee & tea"])
    assert serves_meals(["vegan", "thai"])


def test_a_shop_that_sells_food_is_told_apart() -> None:
    assert is_store(["Thai", "Ethnic Grocery", "Specialty Food"])
    assert is_store(["gas stations", "fast food"])
    assert not is_store(["beer, wine & spirits", "american (new)"])
    assert kind_of(["restaurants", "ethnic grocery", "food"]) == "market"


_SEGWAY = [
    "gluten-free", "hotels & travel", "restaurants", "historical tours", "italian",
    "american (new)", "contractors", "art tours", "tours", "home services",
]  # fmt: skip


@pytest.mark.parametrize(
    ("categories", "kind"),
    [
        # a tour company Yelp also tags with a cuisine is a tour ("italian in boston" found it)
        (_SEGWAY, "tour"),
        (["pizza", "tours", "walking tours", "food tours", "historical tours"], "tour"),
        (["bike rentals", "motorcycle rental", "cafes", "scooter tours", "tours"], "tour"),
        (["taxis", "transportation", "pizza", "airport shuttles"], "other"),
        (["vietnamese", "it services & computer repair", "mobile phone repair"], "other"),
        # one stray tag, a hotel, or the catering trades restaurants carry: still restaurants
        (["pizza", "automotive", "auto repair", "salad", "chicken wings"], "restaurant"),
        (["chinese", "noodles", "tours", "hotels & travel"], "restaurant"),
        (["italian", "hotels", "hotels & travel", "event planning & services"], "restaurant"),
        (["seafood", "event planning & services", "party & event planning", "caterers"],
         "restaurant"),
        (["fondue", "real estate", "home services", "local services"], "restaurant"),
    ],
)  # fmt: skip
def test_a_business_tagged_with_a_cuisine_is_not_a_restaurant(
    categories: list[str], kind: str
) -> None:
    assert kind_of(categories) == kind


@pytest.mark.parametrize(
    ("categories", "name", "kind"),
    [
        # a cidery that also brews kombucha serves no meals
        (["bars", "music venues", "cideries", "kombucha", "breweries", "gluten-free"], "", "bar"),
        # a shop category is not a meal: a baking-supply shop with a coffee corner is a market
        (["shopping", "hobby shops", "specialty food", "cafes"], "", "market"),
        # more categories say another kind than name a meal: an ice stand, a music club
        (["shaved ice", "gluten-free", "ice cream & frozen yogurt", "cajun/creole"], "", "dessert"),
        (
            ["american (new)", "community service/non-profit", "breakfast & brunch", "education",
             "festivals", "music venues", "local services", "american (traditional)",
             "arts & entertainment", "nightlife"],
            "",
            "venue",
        ),
        # what restaurants carry beside their meals never outweighs them
        (["specialty food", "soup", "vietnamese", "desserts", "ethnic food"], "", "restaurant"),
        (["mexican", "bars", "cocktail bars", "beer, wine & spirits"], "", "restaurant"),
        (["german", "bars", "breakfast & brunch", "pubs"], "", "restaurant"),
        # the name says the trade and a category holds it
        (["event planning & services", "caterers", "breakfast & brunch"], "Season Catering",
         "caterer"),
        (["ethnic food", "specialty food", "vietnamese"], "Lan Viet Market", "market"),
        (["ethnic food", "specialty food", "vietnamese"], "Lan Viet Kitchen", "restaurant"),
        (["italian", "caterers", "event planning & services"], "Pasta Restaurant & Catering",
         "restaurant"),
        (["american (new)", "seafood"], "Market Street Grill", "restaurant"),
        (["specialty food", "vegan", "bagels"], "Inna's Kitchen - Boston Public Market",
         "restaurant"),
        (["specialty food", "bagels"], "Bagel Stand at Public Market", "restaurant"),
    ],
)  # fmt: skip
def test_what_a_place_mostly_is(categories: list[str], name: str, kind: str) -> None:
    assert kind_of(categories, name) == kind
