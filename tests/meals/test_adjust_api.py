"""A follow-up about the recipe on the table ("less spicy please", "for 6 instead") adjusts that
recipe over HTTP; it is not read as a dish called "less spicy"."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.meals.helpers import coach, create_user, select

_HOT = re.compile(
    r"chil[il]|chile|cayenne|pepper flakes|hot sauce|sriracha|jalape|curry paste|hot pepper",
    re.IGNORECASE,
)
"""The test's own reading of what makes a dish hot (it does not import the coach's)."""


def _hot_lines(recipe: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {
        i["position"]: i
        for i in recipe["ingredients"]
        if not i["omitted"] and _HOT.search(i["display"]) and "sweet chil" not in i["display"]
    }


async def _chosen(client: httpx.AsyncClient, uid: str, text: str) -> tuple[str, dict[str, Any]]:
    answer = await coach(client, uid, text=text)
    assert answer["suggestions"], answer["message"]
    chosen = await select(client, uid, answer["session_id"], "s1")
    return answer["session_id"], chosen["recipe"]


async def test_less_spicy_halves_what_makes_the_chosen_recipe_hot(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    session, recipe = await _chosen(client, uid, "spicy thai curry")
    answer = await coach(client, uid, text="less spicy please", session_id=session)
    assert answer["ui_type"] == "recipe", answer["message"]
    milder = answer["recipe"]
    assert milder["recipe_id"] == recipe["recipe_id"]
    before, after = _hot_lines(recipe), _hot_lines(milder)
    measured = [p for p, line in before.items() if line["quantity"]]
    if measured:
        assert answer["message"].startswith("Milder: halved")
        for position in measured:
            assert after[position]["quantity"] < before[position]["quantity"]
    else:
        assert "mild" in answer["message"].lower()
    others = [i for i in milder["ingredients"] if i["position"] not in before]
    assert others == [i for i in recipe["ingredients"] if i["position"] not in before]


async def test_for_more_people_scales_the_chosen_recipe(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    session, recipe = await _chosen(client, uid, "spaghetti bolognese for 4")
    assert recipe["servings"] == 4
    answer = await coach(client, uid, text="for 8 instead", session_id=session)
    assert answer["ui_type"] == "recipe"
    bigger = answer["recipe"]
    assert bigger["recipe_id"] == recipe["recipe_id"] and bigger["servings"] == 8
    assert "for 8" in answer["message"]


async def test_a_new_dish_in_the_same_conversation_is_not_an_adjustment(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    session, _ = await _chosen(client, uid, "greek salad")
    answer = await coach(client, uid, text="a chicken curry", session_id=session)
    assert answer["ui_type"] == "suggestions"
