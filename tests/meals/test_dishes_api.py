"""The dishes cooks ask for, over HTTP on the committed sample (issue 37): typos and request
words read, the dish itself (never its sauce), the nearest real dishes said to be so, the
source and licence of a Wikibooks recipe, and the swap the cook asked about."""

from __future__ import annotations

import re

import httpx

from tests.meals.helpers import coach, create_user, select


def _titles(answer: dict[str, object]) -> list[str]:
    return [str(s["title"]) for s in answer["suggestions"]]  # type: ignore[index, union-attr]


async def test_typos_and_request_words_are_read(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    lasagne = await coach(client, uid, text="helthy lasagne")
    assert lasagne["ui_type"] == "suggestions"
    assert all("lasagn" in t.lower() for t in _titles(lasagne)), _titles(lasagne)
    assert "'helthy' read as 'healthy'" in lasagne["context"]["understood"]
    spaghetti = await coach(client, uid, text="spagetti bolognese for the family")
    assert any("bolognese" in t.lower() for t in _titles(spaghetti)), _titles(spaghetti)


async def test_the_dish_not_its_sauce(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    for dish, word in (("healthier fried chicken", "chicken"), ("pad thai", "pad thai"),
                       ("lasagna for 2", "lasagna")):  # fmt: skip
        titles = _titles(await coach(client, uid, text=dish))
        assert titles and all(word in t.lower() for t in titles), titles
        assert not any("sauce" in t.lower() for t in titles), titles


async def test_no_recipe_of_the_dish_offers_the_nearest_and_says_so(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    answer = await coach(client, uid, text="seafood boil")
    assert answer["ui_type"] == "suggestions" and answer["suggestions"]
    assert re.match(
        r"Kairos has no recipe of seafood boil( \([^)]+\))?; the nearest", answer["message"]
    )
    assert all(s["rationale"].startswith("Not seafood boil") for s in answer["suggestions"])


async def test_a_wikibooks_recipe_shows_its_source_and_licence(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await coach(client, uid, text="macaroni and cheese")
    wikibooks = [s for s in answer["suggestions"] if s["credit"]]
    assert wikibooks and all("CC BY-SA 4.0" in s["credit"] for s in wikibooks)
    recipe = await select(client, uid, answer["session_id"], wikibooks[0]["suggestion_id"])
    assert "CC BY-SA 4.0" in recipe["recipe"]["licence"]
    assert recipe["recipe"]["url"].startswith("https://en.wikibooks.org/wiki/Cookbook:")


async def test_the_swap_the_cook_asked_about(client: httpx.AsyncClient) -> None:
    uid = await create_user(
        client, allergies={"confirmed": ["shellfish"], "severity": {"shellfish": "severe"}}
    )
    answer = await coach(client, uid, text="shrimp scampi, would chicken work instead?")
    assert answer["suggestions"], answer["message"]
    first = answer["suggestions"][0]
    assert "scampi" in first["title"].lower() and any(
        s.startswith("chicken instead of") for s in first["substitutions"]
    ), first
    assert first["allergy"]["checked_for"] == ["you"] and "shellfish" in str(first["allergy"])


_SEAFOOD = re.compile(
    r"\b(?:shrimp|prawns?|crab|lobster|crawfish|clams?|mussels?|scallops?|squid|octopus|fish|"
    r"salmon|tuna|cod|bass|tilapia|halibut|haddock|trout|snapper|catfish|koong|goong)\b",
    re.IGNORECASE,
)
"""The test's own seafood words (it does not import the coach's reader)."""


async def test_the_nearest_dishes_are_made_of_what_the_dish_is(client: httpx.AsyncClient) -> None:
    """ "seafood boil" once offered a roast chicken as its nearest dish (meals panel m06): the
    nearest are chosen by the dish's main foods, each said to be made with them."""
    uid = await create_user(client)
    answer = await coach(client, uid, text="seafood boil for 6 people this weekend")
    assert re.match(
        r"Kairos has no recipe of seafood boil( \([^)]+\))?; the nearest", answer["message"]
    )
    assert answer["suggestions"]
    for suggestion in answer["suggestions"]:
        assert "(made with" in suggestion["rationale"], suggestion["rationale"]
        recipe = await select(client, uid, answer["session_id"], suggestion["suggestion_id"])
        lines = " ".join(i["display"] for i in recipe["recipe"]["ingredients"])
        assert _SEAFOOD.search(lines) or _SEAFOOD.search(recipe["recipe"]["title"]), lines


async def test_the_nearest_to_a_dish_of_a_cuisine_the_sample_lacks(
    client: httpx.AsyncClient,
) -> None:
    """ "beef rendang" (no recipe holds it) offered Crispy Ginger Beef, Jamaican Beef Patties and
    bulgogi, each "made with meat": any beef came close. The coach says what the dish is and
    offers the nearest by its main food, kind and cuisine, each with why."""
    uid = await create_user(client)
    answer = await coach(client, uid, text="beef rendang")
    message = answer["message"]
    assert message.startswith("Kairos has no recipe of beef rendang (an Indonesian"), message
    reasons = [s["rationale"] for s in answer["suggestions"]]
    assert len(reasons) == 3, reasons
    assert "curry" in answer["suggestions"][0]["title"].lower(), _titles(answer)
    assert "made with beef, also a curry" in reasons[0], reasons[0]
    assert all(re.search(r"also (?:a curry|Southeast Asian|Indonesian)", r) for r in reasons)
