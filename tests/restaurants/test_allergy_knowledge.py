"""Allergen knowledge by cuisine and category, end to end: a category that certainly serves an
allergen is hard-filtered for an anaphylactic user; a cuisine where it is usual is flagged."""

from __future__ import annotations

import httpx

from tests.restaurants.helpers import chat_json, create_user, places_shown


async def test_seafood_places_are_removed_for_an_anaphylactic_shellfish_user(
    client: httpx.AsyncClient,
) -> None:
    allergic = await create_user(
        client, allergies={"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}
    )
    plain = await create_user(client)
    everyone = places_shown(await chat_json(client, plain, "seafood in boston"))
    assert any("seafood" in r["cuisine_types"] for r in everyone), "the sample has seafood"
    shown = places_shown(await chat_json(client, allergic, "seafood in boston"))
    assert not any("seafood" in r["cuisine_types"] for r in shown), [r["name"] for r in shown]


async def test_a_chinese_place_carries_a_peanut_note(client: httpx.AsyncClient) -> None:
    uid = await create_user(
        client, allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
    )
    shown = places_shown(await chat_json(client, uid, "chinese food in boston"))
    chinese = [r for r in shown if "chinese" in r["cuisine_types"]]
    assert chinese, "the sample has Chinese places in Boston"
    for place in chinese:
        warnings = place["allergy_warnings"]
        assert isinstance(warnings, list)
        assert any(w["allergen"] == "peanuts" for w in warnings), place["name"]
