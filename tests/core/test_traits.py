"""Traits with their evidence: categories and attributes decide, reviews support, names never."""

from __future__ import annotations

import pytest

from kairos.core.traits import (
    derive_traits,
    evidence_phrase,
    held_traits,
    stated_traits,
    trait_label,
)


def test_a_category_makes_a_diet_and_an_attribute_an_occasion() -> None:
    evidence = derive_traits(["vegan", "thai"], {"GoodForKids": True, "OutdoorSeating": "True"})
    assert held_traits(evidence) == ["family_friendly", "outdoor", "vegan", "vegetarian"]
    kids = next(e for e in evidence if e.trait == "family_friendly")
    assert (kids.source, kids.ref) == ("attribute", "GoodForKids")


def test_an_attribute_that_says_no_outweighs_reviews() -> None:
    reviews = [("r1", "Great for kids, they have a kids menu."), ("r2", "Good for kids.")]
    evidence = derive_traits([], {"GoodForKids": False}, reviews)
    assert "family_friendly" not in held_traits(evidence)


def test_a_review_sentence_is_evidence_unless_negated() -> None:
    said = derive_traits([], {}, [("r1", "Kids menu and high chairs, we brought our kids.")])
    assert "family_friendly" in held_traits(said)
    assert {e.ref for e in said if e.trait == "family_friendly"} == {"r1"}
    denied = derive_traits([], {}, [("r2", "There is no vegan options at all.")])
    assert "vegan" not in held_traits(denied)
    # a negative quantifier opening the clause, five words before: a vegetarian feed's pick
    none = "Nice room. None of the entrees were vegetarian friendly, so you'd be limited to salads."
    assert "vegetarian" not in held_traits(derive_traits([], {}, [("r3", none)]))
    later = "The staff were lovely, none of the entrees were vegetarian friendly."
    assert "vegetarian" not in held_traits(derive_traits([], {}, [("r4", later)]))
    # a wish says the place lacks it: the planner's top vegan pick for Back Bay cited this
    for wish in (
        "I'm hoping maybe they'll add some vegan food to their offerings.",
        "I wish they had more vegan options.",
        "They need more vegan options.",
    ):
        assert "vegan" not in held_traits(derive_traits([], {}, [("r5", wish)])), wish
    reaching = "They did not serve any items for people that may be vegetarian or need GF options."
    held = held_traits(derive_traits([], {}, [("r7", reaching)]))
    assert "gluten_free" not in held and "vegetarian" not in held, held
    complaint = "Our server also had trouble understanding what 'gluten-free' requirements are."
    assert "gluten_free" not in held_traits(derive_traits([], {}, [("r9", complaint)]))
    praise = "No complaints about any of the vegan options."
    assert "vegan" in held_traits(derive_traits([], {}, [("r8", praise)])), "an idiom of praise"
    after = "Great vegan options, and I hope to come back soon."
    assert "vegan" in held_traits(derive_traits([], {}, [("r6", after)])), "a wish after it"


def test_nested_attributes_and_aspects() -> None:
    evidence = derive_traits(
        [], {"Ambience": {"romantic": True}, "NoiseLevel": "u'quiet'"}, (),
        {"romance": (7.0, 0.6), "noise_level": (2.0, 0.1)},
    )  # fmt: skip
    held = held_traits(evidence)
    assert "romantic" in held and "quiet" in held
    assert "lively" not in held, "an aspect with too little confidence is no evidence"


def test_a_diet_the_place_states_is_marked_apart_from_one_diners_mention() -> None:
    stated_by_place = derive_traits(["Gluten-Free", "Bakeries"], {})
    assert stated_traits(stated_by_place) == ["gluten_free:stated"]
    mentioned = derive_traits(
        [], {}, [("r1", "They have gluten free bread."), ("r2", "Gluten free!")]
    )
    assert "gluten_free" in held_traits(mentioned)
    assert stated_traits(mentioned) == []
    denied = derive_traits(["Vegan"], {}, [])
    assert stated_traits(denied) == ["vegan:stated", "vegetarian:stated"]
    assert stated_traits(derive_traits([], {"GoodForKids": True})) == [], "diets only"


def test_kosher_salt_does_not_make_a_place_kosher() -> None:
    salted = derive_traits([], {}, [("r1", "Fries tossed in kosher salt, great burger.")])
    assert "kosher" not in held_traits(salted)
    certified = derive_traits([], {}, [("r2", "A glatt kosher deli with real pastrami.")])
    assert "kosher" in held_traits(certified)


def test_a_diner_who_ate_a_vegan_dish_is_evidence_of_vegan_food() -> None:
    """ "vegan brunch in london" once said no place showed vegan food, then quoted "We both had
    vegan nargesi" for its top pick."""
    ate = [("r1", "We both had vegan nargesi, a Buddha bowl of fried spinach.")]
    evidence = derive_traits([], None, ate)
    assert "vegan" in held_traits(evidence)
    assert next(e for e in evidence if e.trait == "vegan").ref == "r1"
    for companion in (
        "My vegan friend had the salad.",
        "I had a vegan and two steaks.",
        "We had vegan guests with us.",
        "They ordered vegan which is perfect before a marathon.",
        "I had the veggie burger.",
    ):
        assert "vegan" not in held_traits(derive_traits([], None, [("r", companion)])), companion
    assert "vegetarian" not in held_traits(
        derive_traits([], None, [("r", "I had the veggie burger.")])
    )


def test_a_rooftop_or_a_view_from_reviews_needs_two_diners() -> None:
    """One sentence is often about somewhere else: Legal Sea Foods was the top "romantic
    rooftop" pick on "But I usually hit Natick or Burlington or S Boston roof deck."."""
    one = [("r1", "We sat on the rooftop with amazing views of the city.")]
    assert not {"rooftop", "view"} & set(held_traits(derive_traits([], {}, one)))
    two = [*one, ("r2", "The roof deck has a great view over the harbor.")]
    evidence = derive_traits([], {}, two)
    assert {"rooftop", "view"} <= set(held_traits(evidence))
    assert {e.ref for e in evidence if e.trait == "rooftop"} == {"r1", "r2"}
    # two sentences of one review are still one diner
    same = [("r1", "The rooftop is lovely. Best rooftop in town.")]
    assert "rooftop" not in held_traits(derive_traits([], {}, same))


@pytest.mark.parametrize(
    ("sentence", "is_view"),
    [
        ("We got a great table with a perfect view of the tv and both times.", False),
        ("The open floor plan and view of the kitchen is a nice addition.", False),
        ("A pleasant stop while strolling the waterfront.", False),
        ("Being close gives you a great view to see what other diners are enjoying.", False),
        ("The views of the city from our window seat were romantic.", True),
        ("Stunning views, we stayed for the sunset.", True),
        ("A table overlooking the river.", True),
        ("Ask for the harbor view tables.", True),
    ],
)
def test_a_view_is_of_scenery_not_of_the_tv_or_the_kitchen(sentence: str, is_view: bool) -> None:
    reviews = [("a", sentence), ("b", sentence)]  # two diners: enough for a view
    assert ("view" in held_traits(derive_traits([], {}, reviews))) is is_view


def test_a_sports_facility_is_its_category_not_active_life_or_a_sports_bar() -> None:
    lanes = derive_traits(["Active Life", "Bowling", "Pizza"], {})
    assert "sport" in held_traits(lanes)
    assert trait_label("sport") == "sports facility"
    assert evidence_phrase("sport") == "a sports facility"
    for categories in (["Active Life", "Amusement Parks"], ["Sports Bars", "American"]):
        assert "sport" not in held_traits(derive_traits(categories, {})), categories
    one = [("r1", "There is a basketball court out back.")]
    assert "sport" not in held_traits(derive_traits([], {}, one))


def test_dogs_welcome_is_read_from_reviews_never_from_hot_dogs() -> None:
    welcome = derive_traits([], {}, [("r1", "Dog friendly patio, they brought a water bowl.")])
    assert "dog_friendly" in held_traits(welcome)
    assert trait_label("dog_friendly") == "dog-friendly"
    hot_dogs = derive_traits(["Hot Dogs"], {}, [("r1", "The hot dogs and chili dogs rule.")])
    assert "dog_friendly" not in held_traits(hot_dogs)
    refused = derive_traits([], {}, [("r1", "Sadly not dog friendly anymore.")])
    assert "dog_friendly" not in held_traits(refused)
