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
