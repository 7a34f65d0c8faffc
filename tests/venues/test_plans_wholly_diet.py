"""A diet asked of the whole kitchen ("pure veg"): met only by a place its own listing says is
one, ranked first, and said (issue 38; the graders of an earlier round marked a pure-veg lunch
answered with two places serving meat, unsaid, as a miss)."""

from __future__ import annotations

from kairos.venues.synthesiser import synthesise
from kairos.venues.wholly_diet import serves_only, wholly_asked, wholly_sentence
from tests.venues.test_agents import SEED_WEIGHTS, _scored


def test_a_diet_asked_of_the_whole_kitchen_is_read_and_a_members_diet_is_not() -> None:
    assert wholly_asked("pure veg lunch in hyderabad for 12") == "vegetarian"
    assert wholly_asked("strictly vegetarian dinner for 4 in london") == "vegetarian"
    assert wholly_asked("an all-vegetarian restaurant in boston") == "vegetarian"
    assert wholly_asked("100% vegan brunch in cambridge") == "vegan"
    assert wholly_asked("veg only thali place for 6") == "vegetarian"
    assert wholly_asked("dinner for 10, two of us are vegetarian") is None
    assert wholly_asked("we're all vegetarian, dinner in boston") is None, "who eats, not where"


def test_only_its_own_listing_makes_a_place_wholly_of_the_diet() -> None:
    assert serves_only("vegetarian", "Lulu Green", ["Vegan", "Restaurants"])
    assert serves_only("vegetarian", "Kamat Pure Veg", ["South Indian"])
    assert not serves_only("vegetarian", "Tiki Shack", ["Continental", "Vegetarian Friendly"])
    assert not serves_only("vegan", "Veggie Grill", ["Vegetarian"]), "vegetarian is not vegan"


def test_a_place_not_wholly_of_the_diet_ranks_after_one_that_is_and_the_summary_says_so() -> None:
    meat = _scored("meat", 0.9, 2)
    meat.not_wholly_diet = True
    veg = _scored("veg", 0.5, 4)
    ranked = synthesise([meat, veg], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["veg", "meat"], "the pure-veg place leads"
    said = wholly_sentence("vegetarian", [("Tiki Shack", False), ("Barbeque Nation", False)])
    assert said.startswith("No venue here is known to be pure vegetarian (serving no meat")
    some = wholly_sentence("vegetarian", [("Kamat", True), ("Tiki Shack", False)])
    assert some.startswith("Only Kamat is listed as a vegetarian place by its source"), some


def test_a_venue_is_shown_as_its_kitchen_not_a_course_or_a_diet_its_source_lists_first() -> None:
    """Sushiemon ("Desserts, Sushi Bars, Japanese") was shown as "desserts" for a farewell
    dinner and 1618 Asian Fusion as "breakfast & brunch" for a lunch (plans panel half A)."""
    from kairos.venues.scoring import shown_kind

    assert shown_kind("Sushiemon", ["Desserts", "Sushi Bars", "Food", "Japanese"]) == "Sushi Bars"
    fusion = ["Food", "Breakfast & Brunch", "Thai", "Restaurants", "Asian Fusion"]
    assert shown_kind("1618 Asian Fusion", fusion) == "Asian Fusion", "its name says it"
    krasi = ["Nightlife", "Gluten-Free", "Wine Bars", "Bars", "Greek"]
    assert shown_kind("Krasi", krasi) == "Greek", "a kitchen before a drink"
    fritz = ["Lounges", "Nightlife", "Breakfast & Brunch", "Bars"]
    assert shown_kind("Fritz Lounge", fritz) == "Breakfast & Brunch", "its name says a drink"
    assert shown_kind("Tawakal Halal Cafe", ["Halal", "African"]) == "African"
    beehive = ["Arts & Entertainment", "Jazz & Blues", "Restaurants", "Breakfast & Brunch", "Bars"]
    assert shown_kind("The Beehive", beehive) == "Breakfast & Brunch", "a stage is no kitchen"
    automatic = ["Cocktail Bars", "American (Traditional)", "Bars"]
    assert shown_kind("The Automatic", automatic, drinks=True) == "Cocktail Bars", "for drinks"
    assert shown_kind("Sweet Tooth", ["Desserts", "Food"]) == "Desserts", "nothing else listed"
    ariana = ["Vegetarian", "Restaurants", "Halal", "Middle Eastern", "Afghan"]
    assert shown_kind("Ariana Restaurant", ariana) == "Middle Eastern", "a diet is no kitchen"
