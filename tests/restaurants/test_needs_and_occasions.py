"""Diets are constraints where the catalog holds evidence, occasions map to attributes and
review evidence, and every such claim on a card says what it rests on (issue 12)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.restaurants.helpers import as_user, chat_json, create_user


async def _chat(client: httpx.AsyncClient, message: str) -> dict[str, Any]:
    return await chat_json(client, await create_user(client), message)


async def test_a_diet_filters_to_places_with_evidence(client: httpx.AsyncClient) -> None:
    payload = await _chat(client, "halal food in boston")
    assert payload["restaurants"], "the sample has halal places in Boston"
    for place in payload["restaurants"]:
        notes = {note["trait"]: note for note in place["evidence"]}
        assert "halal" in notes, place["name"]
        assert notes["halal"]["source"] in {"category", "attribute", "review", "aspect"}
    assert "halal" in payload["message"] and "halal_" not in payload["message"]


async def test_a_category_is_stronger_evidence_than_reviews(client: httpx.AsyncClient) -> None:
    payload = await _chat(client, "vegan restaurant in boston")
    top = payload["restaurants"][0]
    assert [n["source"] for n in top["evidence"]] == ["category"], top
    assert all(any(n["trait"] == "vegan" for n in p["evidence"]) for p in payload["restaurants"])


async def test_an_occasion_is_never_read_from_a_name(client: httpx.AsyncClient) -> None:
    """ "group of 10 for a birthday" once matched a restaurant *named* "… Fighter Group"."""
    payload = await _chat(client, "group of 10 for a birthday in boston")
    assert payload["restaurants"]
    for place in payload["restaurants"]:
        assert any(n["trait"] == "group" for n in place["evidence"]), place["name"]
        assert "group" not in (place["why"]["matched_terms"] or [])


def test_occasion_words_stay_out_of_the_full_text_query() -> None:
    from kairos.restaurants.chat_rules import text_query as _text_query
    from kairos.restaurants.schemas_decomposition import Decomposition

    decomposition = Decomposition(vibes=["group", "rooftop"], vector_query="group rooftop birthday")
    assert _text_query(decomposition) == "birthday"


async def test_a_cuisine_left_empty_by_an_allergy_is_said_not_swapped(
    client: httpx.AsyncClient,
) -> None:
    """Every tapas place of the sample's Cambridge shows shellfish: an anaphylactic user is told
    so, and is not answered with pizza and ramen under the words "Tapas places"."""
    uid = await create_user(
        client, allergies={"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}
    )
    response = await client.post(
        "/chat", json={"message": "tapas in cambridge"},
        headers={**as_user(uid), "Accept": "application/json"},
    )  # fmt: skip
    payload = response.json()
    assert response.status_code == 200, payload
    assert payload["restaurants"] == [] and payload["flagged_restaurants"] == []
    assert "shellfish" in payload["message"] and "left them all out" in payload["message"]
    assert payload["hard_excluded_allergens"] == ["molluscs", "shellfish"]  # as people mean it
    assert "categories" not in payload["relaxed_filters"]


async def test_a_vegetarian_list_never_quotes_the_meat(client: httpx.AsyncClient) -> None:
    """A vegetarian list in Cambridge once summed a pizza place up as "Bacon and potato, or
    buffalo chicken are some intriguing options": chat passes the diet to the quote."""
    from kairos.core.diets import quote_unfit
    from kairos.text.aspect_lexicon import QUOTE_NAMING
    from kairos.text.extractive import names_any

    unfit, diet_words = quote_unfit(["vegetarian"]), QUOTE_NAMING["vegan_options"]
    for request in ("good vegetarian places in cambridge", "vegetarian food in boston"):
        payload = await _chat(client, request)
        quotes = [p["summary"]["text"] for p in payload["restaurants"] if p["summary"]]
        assert quotes, request
        for quote in quotes:
            assert not names_any(quote, unfit) or names_any(quote, diet_words), quote


async def test_a_place_chosen_for_a_review_claim_is_quoted_by_it(
    client: httpx.AsyncClient,
) -> None:
    """No aspect speaks for a view or a rooftop: a card resting on a diner's "very good views of
    the city" is summed up by that sentence, not by praise for the food."""
    payload = await _chat(client, "rooftop bar with a view in barcelona")
    claimed = [
        (place, {n["ref"] for n in place["evidence"] if n["source"] == "review"})
        for place in payload["restaurants"]
    ]
    claimed = [(place, refs) for place, refs in claimed if refs]
    assert claimed, "the sample has Barcelona places whose reviews speak of a view"
    for place, refs in claimed:
        assert place["summary"]["review_ids"], place["name"]
        assert set(place["summary"]["review_ids"]) <= refs, (place["name"], place["summary"])


async def test_fancy_is_a_price_not_a_filter_on_upscale_evidence(client: httpx.AsyncClient) -> None:
    """ "fancy mediterranean in london" showed the 3 places with upscale evidence of the 6 the
    $$$ and $$$$ tiers hold: the price says fancy, the upscale evidence only ranks."""
    payload = await _chat(client, "fancy mediterranean in london")
    tiers = [p["price_tier"] for p in payload["restaurants"]]
    assert len(tiers) == 5 and set(tiers) <= {"$$$", "$$$$"}, tiers


async def test_a_scarce_diet_every_shown_place_holds_is_said_without_others_first(
    client: httpx.AsyncClient,
) -> None:
    """ "vegan brunch in london": the one London place with vegan evidence (a diner's vegan
    nargesi) is the answer; "those come first" would promise places that do not follow."""
    payload = await _chat(client, "vegan brunch in london")
    assert payload["restaurants"]
    assert all(any(n["trait"] == "vegan" for n in p["evidence"]) for p in payload["restaurants"])
    message = payload["message"]
    if len(payload["restaurants"]) < 3:  # with Greater London's towns, 3 show it (issue 39)
        assert "show evidence of vegan food; each card says" in message, message
    assert "those come first" not in message


async def test_a_meal_request_puts_shops_that_sell_food_after_places_to_eat(
    client: httpx.AsyncClient,
) -> None:
    """A grocery or a gas station tagged with a cuisine is a meal place by its tags, but "thai
    for dinner" should not open with a market: the sample's Carfagna's (a 4.5★ Italian
    grocery and butcher) comes after the 3.5★ pizzerias, and Atlanta's 5.0★ meat market
    with a taqueria after its Mexican restaurants."""
    italian = await _chat(client, "italian in columbus")
    names = [p["name"] for p in italian["restaurants"]]
    assert "Carfagna's" in names and names[-1] == "Carfagna's", names
    mexican = await _chat(client, "mexican in atlanta")
    names = [p["name"] for p in mexican["restaurants"]]
    assert len(names) == 5 and "Low Fresh Meat Mexican Restaurant" not in names, names
