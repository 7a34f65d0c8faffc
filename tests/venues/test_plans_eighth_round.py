"""Group plans, eighth round (issue 38): the group and the activity decide the kind of place.
Children coming: a bar, tavern or lounge ranks after the family places; drinks asked: a
kitchen first ranks after the bars."""

from __future__ import annotations

from kairos.store.places import PlaceSummary
from kairos.venues.bars import a_bar_for_children, food_led_for_drinks
from kairos.venues.standing import ranked_after_because
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored


def _place(name: str, categories: list[str]) -> PlaceSummary:
    return PlaceSummary(
        id=1, name=name, kind="restaurant", categories=categories, price_tier="$$",
        rating=4.0, votes=100, city="Boston", area=None, address=None, lat=None, lng=None,
        url=None, known_allergens=[], contains_allergens=[], allergen_confidence="low",
        traits=["family_friendly"],
    )  # fmt: skip


def test_a_tavern_is_no_place_for_children_when_family_places_exist() -> None:
    """Plans panel p29 (half A): "Lincoln Tavern a tavern for kids, unsaid" was third for a
    pizza night with kids, its source listing it as good for kids."""
    tavern = _place("Lincoln Tavern and Restaurant", ["Bars", "Italian", "Pizza", "Burgers"])
    bar = _place("Corner Spot", ["Bars", "Sports Bars", "Nightlife", "Pizza"])
    pizzeria = _place("Agoro's Pizza Bar and Grill", ["Pizza", "Burgers", "Bars", "Italian"])
    assert a_bar_for_children(tavern, True) and a_bar_for_children(bar, True)
    assert not a_bar_for_children(pizzeria, True)
    assert not a_bar_for_children(tavern, False), "no children coming: not held against it"
    kids_place, tavern_s = _scored("pizzeria", 0.3, 2), _scored("tavern", 0.9, 2)
    tavern_s.bar_for_children = True
    ranked = synthesise([tavern_s, kids_place], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["pizzeria", "tavern"]
    assert ranked_after_because(kids_place, tavern_s) == (
        "it is a bar, tavern or lounge, and children are coming"
    )


def test_a_restaurant_first_ranks_after_the_bars_for_drinks() -> None:
    """Plans panel p17 (half A): "The Hourly Oyster House a classy steak/oyster restaurant,
    not a fun drinks spot" was third for "somewhere fun for drinks"."""
    oyster = _place("The Hourly Oyster House", ["Steakhouses", "Nightlife", "Bars", "Seafood"])
    tiki = _place("Highland Fried", ["Tiki Bars", "Nightlife", "Bars", "Barbeque", "Wings"])
    assert food_led_for_drinks(oyster, "drinks") and not food_led_for_drinks(tiki, "drinks")
    assert not food_led_for_drinks(oyster, "meal"), "a meal asked: its food is what counts"
    bar, kitchen = _scored("bar", 0.3, 2), _scored("kitchen", 0.9, 2)
    kitchen.food_for_drinks = True
    ranked = synthesise([kitchen, bar], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["bar", "kitchen"]


def test_a_dollar_counter_ranks_after_sit_down_places_for_an_occasion_meal() -> None:
    """Plans panel p13 (half A): "$ Boloco for a birthday dinner" led a birthday dinner for 6
    with no budget said. A $ place for a meal marking an occasion ranks after the $$–$$$
    ones, unless a budget, "cheaper" or "casual" set the price."""
    from kairos.venues.occasion import cheap_for_the_occasion

    said = "birthday dinner in boston for 6"
    assert cheap_for_the_occasion("$", "meal", said, price_said=False)
    assert not cheap_for_the_occasion("$$", "meal", said, price_said=False)
    assert not cheap_for_the_occasion("$", "meal", said, price_said=True), "a budget said"
    assert not cheap_for_the_occasion("$", "meal", "casual birthday lunch", price_said=False)
    assert not cheap_for_the_occasion("$", "meal", "dinner for 6", price_said=False)
    counter, sit_down = _scored("counter", 0.9, 1), _scored("sit_down", 0.3, 2)
    counter.under_the_occasion = True
    ranked = synthesise([counter, sit_down], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["sit_down", "counter"]


def test_the_votes_say_which_venues_moved_up_in_the_vetoed_ones_place() -> None:
    """After two vetoes the fourth and fifth venues of the plan stood second and third with
    nothing saying they were lower picks (issue 38, round 8: votes that leave few venues)."""
    from kairos.venues.group import rerank_with_votes
    from kairos.venues.verdict import vote_sentence

    ids = ["one", "two", "three", "four", "five"]
    plan = synthesise(
        [_scored(v, 0.9 - 0.1 * i, 2) for i, v in enumerate(ids)],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    assert [v.venue_id for v in plan] == ids
    votes = {"one": {"Ann": "veto"}, "two": {"Bo": "veto"}}
    again = rerank_with_votes(plan, votes)
    said = vote_sentence(again, votes, {v.venue_id: v.rank for v in plan})
    assert "moved up into the top 3 in their place: Four (#4 before the votes), Five (#5" in said
    assert "moved up" not in vote_sentence(again, {"three": {"Ann": "yes"}}, {"one": 1})


def test_every_venue_on_the_shortlist_says_why_and_what_to_watch() -> None:
    """A venue moved up into the top 3 after vetoes stood there with no why and no watch-out
    (plans panel p11, half A: "#3 Fritz Lounge a bar with no brunch evidence shown", its
    brunch review unquoted because it was fourth when the plan was written)."""
    from kairos.venues.schemas import RiskFlag

    flag = RiskFlag(description="busy on Sundays", severity="low", kind="crowd", evidence=[])
    venues = [_scored(f"v{i}", 0.9 - 0.1 * i, 2) for i in range(5)]
    venues[4].flags = [flag]
    ranked = synthesise(venues, SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert all(v.why for v in ranked), [(v.venue_id, v.why) for v in ranked]
    assert "Busy on Sundays" in ranked[4].watch_out
