"""Group plans, fifth round (issue 38): a food shop never leads a sit-down outing, a brunch is
led by a place shown to serve one, and "quieter" reorders by the quiet evidence."""

from __future__ import annotations

from types import SimpleNamespace

from kairos.store.places import PlaceSummary
from kairos.venues.facts import early_meal
from kairos.venues.fit import fit
from kairos.venues.followups import Asked, quieter_sentence
from kairos.venues.metro import towns_of
from kairos.venues.outing import leads_a_meal, misses_the_early_meal
from kairos.venues.scoring import outside_the_city
from kairos.venues.standing import ranked_after_because
from kairos.venues.summary import searched_where
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored
from tests.venues.test_commander import read
from tests.venues.test_plans_fourth_round import _candidates
from tests.venues.test_plans_fourth_round import _place as _shop_place


def _place(name: str, categories: list[str], kind: str = "restaurant") -> PlaceSummary:
    return PlaceSummary(
        id=1, name=name, kind=kind, categories=categories, price_tier="$$", rating=4.0,
        votes=100, city="Boston", area=None, address=None, lat=None, lng=None, url=None,
        known_allergens=[], contains_allergens=[], allergen_confidence="low",
    )  # fmt: skip


def test_a_food_shop_never_leads_a_sit_down_outing() -> None:
    """A fish market listed with its cuisines (Restaurants, Specialty Food, Seafood, Seafood
    Markets) led a coeliac birthday dinner for 6: a shop (seafood market, butcher, cheese
    shop, grocery) is no sit-down outing venue, whatever cuisines it also lists. A casual
    lunch for two may still be had at its counter."""
    market = _place(
        "Hook's", ["Restaurants", "Specialty Food", "Seafood", "Food", "Seafood Markets"]
    )
    butcher = _place("The Block", ["Brazilian", "Restaurants", "Meat Shops", "Butcher"])
    restaurant = _place("Harbour Grill", ["Seafood", "Restaurants"])
    birthday = "birthday dinner in boston for 6"
    assert not leads_a_meal(market, "meal", birthday, 6)
    assert not leads_a_meal(butcher, "meal", birthday, 6)
    assert not leads_a_meal(market, "meal", "housewarming brunch in somerville for 6", 6)
    assert leads_a_meal(restaurant, "meal", birthday, 6)
    assert leads_a_meal(market, "meal", "quick lunch for 2 near the harbour", 2)


def test_a_brunch_is_led_by_a_place_shown_to_serve_one() -> None:
    """A housewarming brunch was led by a bakery-restaurant its source lists for lunch, dinner
    and dessert but not brunch, over a place listed as Breakfast & Brunch: what the source
    says of the meals a place is good for outweighs a bakery category; a source listing no
    meal at all (every meal false, as many do) says nothing; a Breakfast & Brunch category
    or a review naming brunch still shows it."""
    bakery_restaurant = _place("Posada", ["Food", "Latin American", "Restaurants", "Bakeries"])
    brunch = _place("Grille", ["Bars", "American (New)", "Breakfast & Brunch"])
    kebab = _place("Kebab House", ["Indian", "Restaurants", "Pakistani"])
    prompt = "housewarming brunch in somerville for 6 on sunday"
    lunch_dinner = {"dessert": True, "lunch": True, "dinner": True, "brunch": False}
    nothing = {"lunch": False, "dinner": False, "brunch": False, "breakfast": False}
    assert early_meal(lunch_dinner) is False
    assert early_meal(nothing) is None, "every meal false says nothing"
    assert early_meal("{'brunch': True, 'dinner': False}") is True, "as the 2015 data writes it"
    assert early_meal(None) is None
    assert misses_the_early_meal(bakery_restaurant, prompt, (), source=False)
    assert not misses_the_early_meal(bakery_restaurant, prompt, (), source=None)
    assert not misses_the_early_meal(brunch, prompt, (), source=False), "its category says so"
    assert not misses_the_early_meal(kebab, prompt, ("brunch",), source=None)
    assert not misses_the_early_meal(kebab, prompt, (), source=True)
    assert misses_the_early_meal(kebab, prompt, (), source=None)


def test_a_place_listed_only_as_a_restaurant_leads_a_dinner() -> None:
    """A place its source lists only as "Restaurants" (no cuisine) ranked after a butcher's
    shop for a birthday dinner, as if it were a bank's café: listed as a restaurant, it is a
    place to eat, as a place with no category at all is."""
    assert leads_a_meal(_place("Bakey's", ["Restaurants"]), "meal", "birthday dinner for 6", 6)
    assert leads_a_meal(_place("Nameless", []), "meal", "birthday dinner for 6", 6)


def test_after_quieter_the_plan_says_what_the_quiet_venue_lacks() -> None:
    """After "somewhere quieter" on a brunch, the one venue listed as quiet (an Indian grill
    nothing shows serves brunch) ranked after a brunch place, and the plan said only that the
    first "fits the group's other needs better (the kind of place or meal, a diet, safety or
    rating)": it says which — the reason is read from the ranking's own keys."""
    brunch, hushed = _scored("brunch", None, 2), _scored("hushed", None, 2)
    brunch.unquiet = True
    hushed.off_the_meal = True
    ranked = synthesise([hushed, brunch], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["brunch", "hushed"]
    because = ranked_after_because(brunch, hushed)
    assert because == "nothing shows it serves brunch or breakfast"
    said = quieter_sentence(ranked, {"hushed"}, 0, because)
    assert "Hushed (#2), ranked after Brunch, because nothing shows it serves brunch" in said
    assert ranked_after_because(hushed, brunch) is None, "the first stands higher"
    assert ranked_after_because(_scored("twin", None, 2), brunch) == (
        "its source does not list it as quiet"
    )


def test_the_city_named_comes_before_the_towns_around_it() -> None:
    """An Indian dinner in London was planned in Hayes, Twickenham and Ealing (Greater London
    towns the scout adds when London holds too few): a venue in the city named ranks before
    one in a town around it that stands as well, whatever their composites, and the reason is
    said; a venue whose city is not known is not held outside it."""
    assert outside_the_city("Hayes", "london") and not outside_the_city("London", "london")
    assert not outside_the_city(None, "london") and not outside_the_city("Hayes", None)
    town, central = _scored("town", 0.9, 2), _scored("central", 0.2, 2)
    town.city, central.city = "Hayes", "London"
    town.outside_the_city = True
    ranked = synthesise([town, central], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["central", "town"]
    assert ranked_after_because(central, town) == "it is outside the city named"


def test_greater_london_towns_nearest_the_city_first_and_the_same_each_time() -> None:
    """An Indian dinner in London looked in Hayes and Twickenham on one start and Bexleyheath
    and Harmondsworth on the next (equal counts, the database's row order): a town with a
    place in a London post-town district (Ealing W5) comes first, then the most places, then
    the name; a postcode outside Greater London is no town to look in."""
    rows = [
        ("Twickenham", "1 King St, Twickenham TW1 3SD England"),
        ("Hayes", "2 Station Rd, Hayes UB3 4AA England"),
        ("Ealing", "3 The Broadway, London W5 2NH England"),
        ("Bexleyheath", "4 Broadway, Bexleyheath DA6 7LE England"),
        ("Windsor", "5 High St, Windsor SL4 1LR England"),
        ("Windsor", "6 High St, Windsor SL4 1LS England"),
    ]
    assert towns_of(rows) == ["Ealing", "Bexleyheath", "Hayes"]
    assert towns_of(reversed(rows)) == ["Ealing", "Bexleyheath", "Hayes"]


def test_cheaper_with_no_cheaper_place_says_no_count_of_none() -> None:
    """Tapas in Gràcia, then "make it cheaper": the plan read "Only 0 cheaper venue(s) here are
    the kind of place this outing needs, so 2 pricier one(s) of that kind stay" beside
    "Nothing cheaper was found": with none, the count is not said (the "cheaper" sentence
    says it, with the nearest alternative), nor "Only 1 cheaper venue(s)" beside "Nothing is
    cheaper than $" (a lunch whose first pick was $)."""
    intent = read("tapas in barcelona for 4")
    intent.asked = Asked(changes=("cheaper",), ceiling=1)
    places = [_shop_place(i, f"Tapas {i}", ["Tapas"], "$$") for i in (1, 2)]
    fitted = fit(_candidates(places), {}, intent)
    assert {c.place_id for c in fitted.candidates} == {1, 2}
    assert not any("Only 0" in n for n in fitted.notes), fitted.notes
    # after a $ first pick nothing is cheaper: the $ places are not "cheaper venue(s)"
    intent.asked = Asked(changes=("cheaper",), ceiling=0)
    cheap = [_shop_place(3, "Tapas 3", ["Tapas"], "$"), *places]
    fitted = fit(_candidates(cheap), {}, intent)
    assert not any("cheaper venue(s)" in n for n in fitted.notes), fitted.notes


def test_the_place_said_is_where_the_venues_are() -> None:
    """ "Only 2 venue(s) found in Gracia, Barcelona fit this request" after "Nothing listed in
    Gracia; these are elsewhere in Barcelona": once the area was widened to its city, the
    plan's sentences name the city searched."""
    intent = read("tapas in gracia, barcelona for 4")
    intent.location = "gracia, barcelona"  # as the planner's reading of the place sets it
    widened = SimpleNamespace(broadened="none listed in Gracia: all of Barcelona")
    widened.filters = SimpleNamespace(city="barcelona")
    assert searched_where(intent, widened) == " in Barcelona"  # type: ignore[arg-type]
    kept = SimpleNamespace(broadened=None, filters=SimpleNamespace(city="barcelona"))
    assert searched_where(intent, kept) == " in Gracia, Barcelona"  # type: ignore[arg-type]
