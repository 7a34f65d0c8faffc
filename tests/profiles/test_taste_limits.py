"""Taste lists have limits a client can read and meet (issue 40): each of cuisine_affinity,
cuisine_aversion, vibes and dietary takes at most 50 items of at most 80 characters, on create,
on update and in the demo profile; over either, a 422 names the list and the limit (before:
any number of items of any length was stored, a 900 KB cuisine included, up to the edge's 64 KiB
string limit per item)."""

from __future__ import annotations

import uuid

import httpx

TOKEN = {"X-Service-Token": "test-token"}


async def test_too_many_items_or_too_long_an_item_is_a_422_naming_the_list(
    client: httpx.AsyncClient,
) -> None:
    uid = str(uuid.uuid4())
    many = {"preferences": {"cuisine_affinity": [f"cuisine {n}" for n in range(51)]}}
    refused = await client.post(f"/users/{uid}", json=many, headers=TOKEN)
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert "preferences.cuisine_affinity" in detail and "at most 50 items" in detail, detail

    most = [f"{n:02d}" + "x" * 78 for n in range(50)]  # 50 items of 80 characters
    body = {"preferences": {key: most for key in ("cuisine_affinity", "vibes", "dietary")}}
    created = await client.post(f"/users/{uid}", json=body, headers=TOKEN)
    assert created.status_code == 201, created.text

    long = {"preferences": {"vibes": ["quiet", "v" * 81]}}
    refused = await client.patch(f"/users/{uid}", json=long, headers=TOKEN)
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert "preferences.vibes.1" in detail and "at most 80 characters" in detail, detail
    aversion = {"preferences": {"cuisine_aversion": ["a"] * 51}}
    assert (await client.patch(f"/users/{uid}", json=aversion, headers=TOKEN)).status_code == 422
    stored = (await client.get(f"/users/{uid}", headers=TOKEN)).json()["preferences"]
    assert stored["vibes"] == most and stored["cuisine_aversion"] == []
