"""Issue 38, plans panel p37 ("biryani lunch in hydrabad for 25 colleagues"): the biryani
places listed as such were left out for Sara's anaphylactic tree-nut allergy but one (shown
with her danger), and a Continental bar-restaurant whose reviews name biryani twice led as an
"alternative, not biryani", while Hyderabad kitchens listed "North Indian" whose reviews name
biryani dozens of times were cut as alternatives for want of a word on groups. A venue whose
own reviews name the food asked stands as one of it, before any alternative, and says so."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from kairos.venues.alternative_fit import suits
from kairos.venues.alternatives import with_alternatives
from kairos.venues.commander import Intent
from kairos.venues.facts import RawFacts
from kairos.venues.food_in_reviews import (
    FoodInReviews,
    food_in_reviews,
    food_words,
    listed_with_food,
)
from kairos.venues.scoring import scored
from kairos.venues.scouted import ScoutResult
from tests.catalog_rows import add_place, write
from tests.venues.test_agents import _checked
from tests.venues.test_commander import read
from tests.venues.test_plans_alternatives_and_closed import _found, at_risk, usable
from tests.venues.test_plans_fourth_round import _candidates
from tests.venues.test_plans_meal_served import _place

PROMPT = "biryani lunch in hyderabad for 25 colleagues, around 600 rupees per head"


def _biryani() -> Intent:
    intent = read(PROMPT)
    intent.reading = intent.reading.model_copy(update={"categories": ["biryani"]})
    return intent


def test_the_words_a_review_names_a_food_by_are_every_spelling_of_it() -> None:
    assert {"biryani", "biriyani", "briyani"} <= set(food_words(["biryani"])), "as reviews spell"
    bbq = food_words(["barbeque"])
    assert {"bbq", "barbecue", "barbeque", "smokehouse"} <= set(bbq)
    assert {"cajun", "creole"} <= set(food_words(["cajun/creole"]))
    listed = _place(1, "Biryani House", ["indian"])
    assert listed_with_food(listed, ["biryani"])
    assert listed_with_food(_place(2, "Spice", ["Biryani", "Chinese"]), ["biryani"])
    assert not listed_with_food(_place(3, "Tiki Shack", ["continental"]), ["biryani"])


async def _reviews(runtime: Any, place: int, texts: Sequence[str]) -> None:
    for text in texts:
        await write(
            runtime,
            "INSERT INTO reviews (place_id, source, source_review_id, text, content_hash) "
            "VALUES (:p, 'test', :tag, :text, :hash)",
            {"p": place, "tag": (tag := uuid.uuid4().hex), "text": text, "hash": tag},
        )


async def test_a_place_whose_reviews_name_the_food_again_and_again_shows_it(runtime: Any) -> None:
    place, _ = await add_place(runtime, "Spicy Royal Test", "Ordered the mutton biryani, superb.")
    other, _ = await add_place(runtime, "Tiki Test", "Nice cocktails, the biryani was ok.")
    italian, _ = await add_place(runtime, "Rossini Test", "Tapas? No: the best pasta in town.")
    ids = [place, other, italian]
    try:
        await _reviews(runtime, place, ["Chicken biriyani and biryanis galore.", "Great Biryani!"])
        await _reviews(runtime, italian, ["Tapas-sized starters.", "Like tapas, small plates."])
        await _reviews(runtime, italian, [f"Lovely pasta, visit {i}." for i in range(3, 63)])
        found = await food_in_reviews(runtime.db, ids, ["biryani", "biriyani"])
        assert set(found) == {place}, "one review naming it is a side dish, not the kitchen's"
        assert found[place].reviews == 3
        assert found[place].quote is not None and "biryani" in found[place].quote.lower()
        tapas = await food_in_reviews(runtime.db, ids, ["tapas"])
        assert tapas == {}, "3 of 63 reviews: a comparison, not the kitchen's food"
    finally:
        await write(runtime, "DELETE FROM places WHERE id = ANY(:ids)", {"ids": ids})


def test_a_kitchen_of_the_food_is_not_held_to_an_alternatives_word_on_groups() -> None:
    intent = _biryani()
    (c,) = usable(_candidates([_place(5, "Royal Spicy", ["north indian", "south indian"], "$")]))
    assert not suits(c, intent), "an alternative for 25 must be said to take groups"
    assert suits(c, intent, groups_said=False)


async def test_venues_whose_reviews_name_the_food_stand_as_it_before_any_alternative() -> None:
    """The one biryani place left is a danger for Sara; a search without the category finds
    a Continental place (reviews name biryani twice), two North Indian kitchens whose reviews
    name it often (one a danger for Sara too) and a Chinese one: the safe kitchen named for
    biryani is one of the kind asked, not an alternative, and a safe alternative still fills
    the plan to three usable venues after it."""
    intent = _biryani()
    found = _found(at_risk(_candidates([_place(1, "Bawarchi", ["biryani"], "$")])))
    tiki = _place(2, "Tiki Shack", ["continental"], "$")
    spicy = _place(3, "Royal Spicy", ["north indian", "south indian"], "$")
    grill = _place(4, "Tandoori Works", ["north indian", "kebab"], "$")
    wok = _place(6, "Wok On", ["chinese"], "$")
    others = [*usable(_candidates([tiki, spicy])), *at_risk(_candidates([grill]))]
    others += usable(_candidates([wok]))
    for c in others:
        c.facts.good_for_groups = True
    asked: list[Sequence[int]] = []

    async def find(again: Intent) -> ScoutResult:
        return _found(list(others))

    async def lookup(ids: Sequence[int], words: Sequence[str]) -> Mapping[int, FoodInReviews]:
        asked.append(ids)
        shown = {3: FoodInReviews(25, 99, "Best biryani in town."), 4: FoodInReviews(24, 7, "x")}
        return {i: shown[i] for i in ids if i in shown}

    filled = await with_alternatives(find, intent, found, lookup)
    ids = [c.place_id for c in filled.candidates]
    assert ids[:2] == [1, 3], ids
    assert 3 not in filled.alternatives and 4 not in ids, "a danger to Sara is never added"
    assert set(filled.food_in_reviews) == {3}
    assert filled.alternatives and filled.alternatives <= {2, 6}
    assert sorted(asked[0]) == [2, 3, 6], "the danger is not looked up"


def test_such_a_venue_says_it_is_not_listed_as_the_food_and_quotes_a_review() -> None:
    intent = _biryani()
    (c,) = _candidates([_place(3, "Royal Spicy", ["north indian", "south indian"], "$")])
    c.hit = SimpleNamespace(why=SimpleNamespace(best_review_id=None, matched_terms=[]))
    c.facts, c.allergy, c.distances = RawFacts(), _checked(), []
    found = _found([c], food_in_reviews={3: FoodInReviews(25, 99, "Best biryani in town.")})
    shown = scored(c, {}, {}, {}, {}, {}, intent, found)
    assert shown.checks[0] == "Not listed as biryani: 25 of its reviews name it.", shown.checks
    assert shown.snippet == "Best biryani in town." and shown.snippet_review == 99
    assert not shown.alternative


async def test_the_kinds_nearest_to_the_one_asked_are_searched_for_by_name() -> None:
    """A biryani dinner in London: no biryani place, and the search without the category
    found sushi and European places by its words while four Indian restaurants are listed.
    The kinds nearest to biryani are searched for as categories, and lead the alternatives."""
    intent = read("biryani dinner in london for 6")
    intent.reading = intent.reading.model_copy(update={"categories": ["biryani"]})
    sushi = usable(_candidates([_place(i, f"Sushi {i}", ["sushi bars"]) for i in (1, 2, 3)]))
    indian = usable(_candidates([_place(i, f"Haweli {i}", ["indian", "balti"]) for i in (4, 5)]))
    searched: list[list[str]] = []

    async def find(again: Intent) -> ScoutResult:
        searched.append(list(again.reading.categories))
        return _found(list(indian) if again.reading.categories else list(sushi))

    filled = await with_alternatives(find, intent, _found([]))
    assert ["hyderabadi", "indian", "mughlai", "north indian"] in searched, searched
    assert [c.place_id for c in filled.candidates][:2] == [4, 5]
    assert filled.alternative_closeness[4] == 0 and filled.alternatives >= {4, 5}
