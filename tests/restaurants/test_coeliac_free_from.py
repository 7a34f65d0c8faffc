"""One coeliac rule for chat and group plans (issue 39, `pipeline.free_from`): "italian in
boston, im coeliac" drops the Italian places known to contain gluten unless they show explicit
gluten-free evidence; those are kept, each card naming the risk, that evidence and "confirm
with staff", and the reply says why they were kept. Chat dropped every one of them (the judged
set's half A: 2 places shown, neither of them showing gluten in its reviews). An anaphylactic
gluten allergy is never eased. Over the sample, through the real app."""

from __future__ import annotations

from typing import Any

import httpx

from tests.restaurants.helpers import chat_json, create_user, places_shown


def _gluten_risks(place: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in place["allergy"]["risks"] if r["allergen"] == "gluten"]


def _shows_gluten_free(place: dict[str, Any]) -> bool:
    return any(n["trait"] == "gluten_free" for n in place["evidence"])


async def test_a_coeliac_keeps_the_places_showing_gluten_free_food_with_the_risk_named(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    payload = await chat_json(client, uid, "italian in boston, im coeliac")
    shown = places_shown(payload)
    kept = [
        p
        for p in shown
        if any(r["status"] == "contains" for r in _gluten_risks(p)) and _shows_gluten_free(p)
    ]
    assert kept, [(p["name"], _gluten_risks(p)) for p in shown]
    for place in kept:
        for risk in _gluten_risks(place):
            assert "gluten-free" in risk["message"], risk["message"]
            assert "confirm with staff" in risk["message"], risk["message"]
    # never a place known to contain gluten without gluten-free evidence
    for place in shown:
        if any(r["status"] == "contains" for r in _gluten_risks(place)):
            assert _shows_gluten_free(place), place["name"]
    assert "save those showing gluten-free food" in payload["message"], payload["message"]


async def test_an_anaphylactic_gluten_allergy_is_never_eased(client: httpx.AsyncClient) -> None:
    profile = {"allergies": {"severity": {"gluten": "anaphylactic"}, "confirmed": ["gluten"]}}
    uid = await create_user(client, **profile)
    payload = await chat_json(client, uid, "italian in boston, im coeliac")
    for place in places_shown(payload):
        contains = [r for r in _gluten_risks(place) if r["status"] == "contains"]
        assert not contains, (place["name"], contains)
    assert "save those showing" not in payload["message"], payload["message"]
