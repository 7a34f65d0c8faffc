"""When the catalogue holds few places of what was asked (issue 39, the judged set's half A):
a strict diet is never filled with places that show no evidence of it; a narrow kind goes on
with the nearest kinds, after its own places and said; "cheaper" shows the cheaper places only
(a dearer place is a known price out of range); London's own places come before Greater
London's towns. Over the sample, through the real app."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from tests.restaurants.helpers import chat_json, create_user, cuisines_of, places_shown

# the test's own words for what a place of each kind is filed under (not the product's table)
TACO_KIN = {"mexican", "tex-mex"}
DIM_SUM_KIN = {"cantonese", "chinese"}


async def _turn(
    client: httpx.AsyncClient, uid: str, message: str, session: str | None = None
) -> dict[str, Any]:
    return await chat_json(client, uid, message, **({"session_id": session} if session else {}))


async def test_a_strict_diet_is_never_filled_with_places_without_evidence(
    client: httpx.AsyncClient,
) -> None:
    """ "vegan in columbus ohio": no sample place of Columbus shows vegan food, and the answer
    listed a steakhouse, a poke bar and a diner under "No place I know here shows evidence of
    vegan food, so these match the rest of your request"."""
    uid = await create_user(client)
    for message, diet in (("vegan in columbus ohio", "vegan"), ("vegan restaurants in austin",
                                                                  "vegan")):  # fmt: skip
        payload = await _turn(client, uid, message)
        for place in places_shown(payload):
            held = {n["trait"] for n in place["evidence"]}
            assert diet in held, (message, place["name"], place["cuisine_types"])
    none = await _turn(client, uid, "vegan in columbus ohio")
    assert places_shown(none) == [], [p["name"] for p in places_shown(none)]
    assert "vegan" in none["message"] and "Columbus" in none["message"], none["message"]


async def test_a_narrow_kind_goes_on_with_the_nearest_kinds_said(
    client: httpx.AsyncClient,
) -> None:
    """ "tacos austin" showed the sample's 3 places filed under tacos and stopped; Mexican and
    Tex-Mex places follow them now, and the answer says which are which."""
    uid = await create_user(client)
    payload = await _turn(client, uid, "tacos austin")
    shown = places_shown(payload)
    assert len(shown) == 5, [p["name"] for p in shown]
    tacos = [i for i, p in enumerate(shown) if "tacos" in cuisines_of(p)]
    assert tacos == list(range(len(tacos))) and 0 < len(tacos) < 5, [
        p["cuisine_types"] for p in shown
    ]
    assert all(cuisines_of(p) & ({"tacos"} | TACO_KIN) for p in shown)
    assert all((p["city"] or "").lower() == "austin" for p in shown)
    assert f"Only the first {len(tacos)} are taco places" in payload["message"], payload["message"]
    assert "Mexican" in payload["message"], payload["message"]
    assert not payload["message"].startswith("Here are 5 taco"), payload["message"]

    dim_sum = places_shown(await _turn(client, uid, "dim sum near chinatown boston"))
    own = sum(1 for p in dim_sum if "dim sum" in cuisines_of(p))
    assert len(dim_sum) > own, [p["name"] for p in dim_sum]
    assert all(cuisines_of(p) & ({"dim sum"} | DIM_SUM_KIN) for p in dim_sum)


async def test_cheaper_with_few_cheaper_shows_only_the_cheaper(
    client: httpx.AsyncClient,
) -> None:
    """ "biryani in hyderabad" then "cheaper options": two biryani places are $; the answer
    shows those two, not dearer places to fill five (a known price out of range is wrong)."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = places_shown(await _turn(client, uid, "biryani in hyderabad", session))
    cheaper = await _turn(client, uid, "cheaper options", session)
    shown = places_shown(cheaper)
    assert shown, cheaper["message"]
    lowest = min(len(p["price_tier"] or "$$$$$") for p in first)
    assert all(p["price_tier"] and len(p["price_tier"]) < max(2, lowest + 1) for p in shown), [
        p["price_tier"] for p in shown
    ]
    assert all("biryani" in cuisines_of(p) for p in shown), [p["cuisine_types"] for p in shown]
    assert all((p["city"] or "").lower() == "hyderabad" for p in shown)


# towns the sample files London's places under that are boroughs of Greater London (their
# TripAdvisor pages say "Greater London"), and ones that are not (Surrey, Berkshire, Bucks)
GREATER_LONDON = {"london", "ealing", "twickenham", "bexleyheath", "harmondsworth", "hayes",
                  "brentford", "sutton", "purley", "sidcup", "surbiton", "kingston upon thames",
                  "richmond", "isleworth", "woodford", "beckenham", "dagenham", "hornchurch",
                  "redbridge", "upminster", "teddington", "southall"}  # fmt: skip
OUTSIDE = {"windsor", "egham", "staines", "sunbury", "east molesey", "iver", "denham"}


async def test_london_goes_on_with_the_towns_of_greater_london(
    client: httpx.AsyncClient,
) -> None:
    """The sample's London holds 10 places; its Indian and vegetarian-friendly places are filed
    under Ealing, Twickenham, Sutton…, boroughs of Greater London. "indian in london" widened to
    a Persian café and a Greek taverna; "veggie friendly places in london" showed one place."""
    uid = await create_user(client)
    indian = await _turn(client, uid, "indian in london")
    shown = places_shown(indian)
    assert len(shown) == 5, [p["name"] for p in shown]
    assert all("indian" in cuisines_of(p) for p in shown), [p["cuisine_types"] for p in shown]
    towns = {(p["city"] or "").lower() for p in shown}
    assert towns <= GREATER_LONDON and not towns & OUTSIDE, towns
    assert "towns of Greater London" in indian["message"], indian["message"]
    european = places_shown(await _turn(client, uid, "european in london"))
    cities = [(p["city"] or "").lower() for p in european]
    assert cities[0] == "london" and cities == sorted(cities, key=lambda c: c != "london"), cities
    veggie = places_shown(await _turn(client, uid, "veggie friendly places in london"))
    assert len(veggie) == 5, [p["name"] for p in veggie]
    assert all(any(n["trait"] == "vegetarian" for n in p["evidence"]) for p in veggie)
    assert {(p["city"] or "").lower() for p in veggie} <= GREATER_LONDON


LOW_CARB_KINDS = {"steakhouses", "steakhouse", "barbeque", "barbecue", "salad", "seafood", "grill"}
HIGH_CARB_KINDS = {
    "bubble tea",
    "bagels",
    "bakeries",
    "donuts",
    "pizza",
    "ice cream & frozen yogurt",
}


async def test_keto_is_answered_with_the_kinds_of_place_that_serve_it(
    client: httpx.AsyncClient,
) -> None:
    """ "keto friendly restaurant austin": no sample place states keto, and the answer was a
    Chinese delivery kitchen, a Vietnamese place and a café; steakhouses, barbecue and salad
    places are where a low-carb meal is easy."""
    payload = await _turn(client, await create_user(client), "keto friendly restaurant austin")
    shown = places_shown(payload)
    assert len(shown) == 5, [p["name"] for p in shown]
    assert all(cuisines_of(p) & LOW_CARB_KINDS for p in shown), [p["cuisine_types"] for p in shown]
    assert "For keto" in payload["message"], payload["message"]
    # a bubble-tea café or a bagel deli the source also files under "Salad" is no keto pick
    assert not any(cuisines_of(p) & HIGH_CARB_KINDS for p in shown), [
        p["cuisine_types"] for p in shown
    ]


async def test_something_else_shows_other_places(client: httpx.AsyncClient) -> None:
    """ "thai in boston" then "something else" showed the same three Thai places again."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = {p["name"] for p in places_shown(await _turn(client, uid, "thai in boston", session))}
    other = await _turn(client, uid, "something else", session)
    again = {p["name"] for p in places_shown(other)} & first
    assert not again, (again, other["message"])


async def test_coeliac_alone_is_an_allergy_warned_about_not_a_diet_to_evidence(
    client: httpx.AsyncClient,
) -> None:
    """ "italian in boston, im coeliac": an allergy, which the guard warns about on each card;
    only "gluten free" said asks for places with gluten-free evidence. The strict reading
    answered "I have none to suggest"."""
    payload = await _turn(client, await create_user(client), "italian in boston, im coeliac")
    shown = places_shown(payload)
    assert shown, payload["message"]
    assert all("italian" in cuisines_of(p) for p in shown), [p["cuisine_types"] for p in shown]
    assert "gluten" in payload["message"], payload["message"]
    # the request is called what was said: "3 gluten-free Italian places" claimed a diet filter
    # the person never asked for (the gluten check is said with the list)
    assert "gluten-free Italian" not in payload["message"], payload["message"]
    assert "evidence of gluten-free food, so these match" not in payload["message"]
    assert "Italian places in Boston" in payload["message"], payload["message"]


async def test_a_kind_or_diet_the_city_lacks_names_the_nearest_city_holding_it(
    client: httpx.AsyncClient,
) -> None:
    """ "korean bbq columbus" and "halal in columbus": the sample's Columbus holds no Korean
    place and none showing halal food, and the answer stopped at "I know no Korean places in
    Columbus" (the judged set's half A: 9 of 60 answers empty). It names the nearest city that
    has them now, and offers to look there; it still lists no other city's places."""
    uid = await create_user(client)
    for message in ("korean bbq columbus", "halal in columbus"):
        payload = await _turn(client, uid, message)
        assert places_shown(payload) == [], [p["name"] for p in places_shown(payload)]
        text = payload["message"]
        assert "Columbus" in text and "The nearest city where I know" in text, text
        city = text.split(" is ")[-1].split(",")[0]
        assert city and city.lower() != "columbus", text
        assert f"Look in {city}?" in payload["follow_up_questions"], payload


# the test's own words for Spain's kitchens and for the Caribbean and Latin American ones
SPANISH_KIN = {"tapas", "tapas bars", "tapas/small plates", "spanish", "galician", "basque",
               "catalan"}  # fmt: skip
CUBAN_KIN = {"cuban", "caribbean", "puerto rican", "latin american"}


async def test_spains_kitchens_go_on_with_its_regional_ones(
    client: httpx.AsyncClient,
) -> None:
    """ "paella or tapas in barcelona" asks for Spanish places too (paella), a kind with no
    nearest kinds, and Barcelona's Google labels file Spain's kitchens by region ("Galician
    restaurant"): the answer stopped at the 2 tapas places of 23. A Galician place follows them
    now, said; no "Mediterranean" place stands in for Spain's kitchens (in the US mostly Greek or
    Lebanese)."""
    payload = await _turn(client, await create_user(client), "paella or tapas in barcelona")
    shown = places_shown(payload)
    assert len(shown) >= 3, [p["name"] for p in shown]
    assert all((p["city"] or "").lower() == "barcelona" for p in shown)
    assert all(cuisines_of(p) & SPANISH_KIN for p in shown), [p["cuisine_types"] for p in shown]
    tapas = [i for i, p in enumerate(shown) if "tapas" in cuisines_of(p)]
    assert tapas == list(range(len(tapas))) and 0 < len(tapas) < len(shown)
    assert "Galician" in payload["message"], payload["message"]
    # the sample's Barcelona has one Galician place: "the other is", never "the others are"
    assert "the other is a Galician place" in payload["message"], payload["message"]


async def test_a_cuisine_the_city_lacks_goes_to_its_nearest_kitchens(
    client: httpx.AsyncClient,
) -> None:
    """ "cuban food in boston": the sample's Boston files no place as Cuban; the answer named
    Caribbean and Latin American places as the nearest kind, never other cuisines."""
    payload = await _turn(client, await create_user(client), "cuban food in boston")
    shown = places_shown(payload)
    assert len(shown) == 5, [p["name"] for p in shown]
    assert all(cuisines_of(p) & CUBAN_KIN for p in shown), [p["cuisine_types"] for p in shown]
    assert "I know no Cuban places" in payload["message"], payload["message"]
