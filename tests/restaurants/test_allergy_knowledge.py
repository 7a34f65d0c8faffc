"""Allergen knowledge by cuisine and category, end to end: a category that certainly serves an
allergen is hard-filtered for an anaphylactic user; a cuisine where it is usual is flagged."""

from __future__ import annotations

import httpx

from tests.restaurants.helpers import as_user, create_user


async def _chat(client: httpx.AsyncClient, uid: str, message: str) -> dict[str, object]:
    response = await client.post(
        "/chat", json={"message": message},
        headers={**as_user(uid), "Accept": "application/json"},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    payload: dict[str, object] = response.json()
    return payload


def _shown(payload: dict[str, object]) -> list[dict[str, object]]:
    safe, flagged = payload["restaurants"], payload["flagged_restaurants"]
    assert isinstance(safe, list) and isinstance(flagged, list)
    return [*safe, *flagged]


async def test_seafood_places_are_removed_for_an_anaphylactic_shellfish_user(
    client: httpx.AsyncClient,
) -> None:
    allergic = await create_user(
        client, allergies={"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}
    )
    plain = await create_user(client)
    everyone = _shown(await _chat(client, plain, "seafood in boston"))
    assert any("seafood" in r["cuisine_types"] for r in everyone), "the sample has seafood"
    shown = _shown(await _chat(client, allergic, "seafood in boston"))
    assert not any("seafood" in r["cuisine_types"] for r in shown), [r["name"] for r in shown]


async def test_a_chinese_place_carries_a_peanut_note(client: httpx.AsyncClient) -> None:
    uid = await create_user(
        client, allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
    )
    shown = _shown(await _chat(client, uid, "chinese food in boston"))
    chinese = [r for r in shown if "chinese" in r["cuisine_types"]]
    assert chinese, "the sample has Chinese places in Boston"
    for place in chinese:
        warnings = place["allergy_warnings"]
        assert isinstance(warnings, list)
        assert any(w["allergen"] == "peanuts" for w in warnings), place["name"]
