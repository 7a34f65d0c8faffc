"""Profile writes through the real API and database: partial, atomic, never losing an update."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any, get_args

import httpx

from kairos.core.allergens import Severity
from kairos.core.allergy_change import AllergyChange
from tests.core.test_allergy_change import NAMES, model_apply
from tests.restaurants.helpers import TOKEN, create_user

SEVERITIES: tuple[Severity, ...] = get_args(Severity)


def _random_change(rng: random.Random) -> dict[str, Any]:
    def some() -> list[str]:
        return rng.sample(NAMES, rng.randint(0, 3))

    body: dict[str, Any] = {}
    if rng.random() < 0.4:
        body["confirmed"] = some()
    if rng.random() < 0.4:
        body["intolerances"] = some()
    if rng.random() < 0.4:
        body["severity"] = {n: rng.choice(SEVERITIES) for n in some()}
    if rng.random() < 0.25:
        body["remove"] = some()
    return body


async def test_random_partial_updates_match_the_model(client: httpx.AsyncClient) -> None:
    """Seeded random sequences through PATCH /users/{uid}/allergies: what is stored always
    equals the model of the documented rules (the pure rules are property-tested in core)."""
    rng = random.Random(20261124)
    for _ in range(12):
        uid = await create_user(client)
        model: dict[str, Severity] = {}
        for _ in range(6):
            body = _random_change(rng)
            response = await client.patch(f"/users/{uid}/allergies", json=body, headers=TOKEN)
            assert response.status_code == 200, response.text
            model = model_apply(model, AllergyChange.model_validate(body))
            stored = (await client.get(f"/users/{uid}", headers=TOKEN)).json()["allergies"]
            assert stored["severity"] == model, body


async def test_sending_only_intolerances_keeps_an_anaphylactic_allergy(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(
        client, allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
    )
    patched = await client.patch(
        f"/users/{uid}/allergies", json={"intolerances": ["lactose"]}, headers=TOKEN
    )
    assert patched.json()["allergies"] == {
        "confirmed": ["peanuts"],
        "intolerances": ["dairy"],
        "severity": {"peanuts": "anaphylactic", "dairy": "intolerance"},
    }
    emptied = await client.patch(f"/users/{uid}/allergies", json={"confirmed": []}, headers=TOKEN)
    assert emptied.json()["allergies"]["severity"]["peanuts"] == "anaphylactic"
    removed = await client.patch(
        f"/users/{uid}/allergies", json={"remove": ["peanuts"]}, headers=TOKEN
    )
    assert removed.json()["allergies"]["severity"] == {"dairy": "intolerance"}


async def test_preference_patch_keeps_keys_not_sent(client: httpx.AsyncClient) -> None:
    uid = await create_user(
        client, preferences={"dietary": ["vegan"], "vibes": ["quiet"], "price_comfort": ["$$"]}
    )
    patched = await client.patch(
        f"/users/{uid}", json={"preferences": {"vibes": ["romantic"]}}, headers=TOKEN
    )
    prefs = patched.json()["preferences"]
    assert prefs["vibes"] == ["romantic"]
    assert prefs["dietary"] == ["vegan"] and prefs["price_comfort"] == ["$$"]


async def test_every_write_bumps_the_version(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    first = (await client.get(f"/users/{uid}", headers=TOKEN)).json()["version"]
    await client.patch(f"/users/{uid}/allergies", json={"confirmed": ["eggs"]}, headers=TOKEN)
    await client.patch(f"/users/{uid}", json={"preferences": {"vibes": ["cozy"]}}, headers=TOKEN)
    assert (await client.get(f"/users/{uid}", headers=TOKEN)).json()["version"] == first + 2
    await client.patch(f"/users/{uid}/allergies", json={}, headers=TOKEN)
    assert (await client.get(f"/users/{uid}", headers=TOKEN)).json()["version"] == first + 2, (
        "a write that changes nothing is not a new version"
    )


PREFERENCE_WRITES = {
    "cuisine_affinity": ["thai"],
    "cuisine_aversion": ["steakhouses"],
    "vibes": ["quiet"],
    "price_comfort": ["$$"],
    "dietary": ["vegan"],
}


async def test_concurrent_writers_lose_nothing(client: httpx.AsyncClient) -> None:
    """Issue 10: two concurrent PATCHes of different keys lost one for 6-34 of 50 users. Here
    every user gets one writer per preference key and one per allergen, all at once."""
    uids = [await create_user(client) for _ in range(4)]
    allergens = ("peanuts", "sesame", "eggs", "fish", "soy", "celery")

    async def writes(uid: str) -> None:
        calls = [
            client.patch(f"/users/{uid}", json={"preferences": {k: v}}, headers=TOKEN)
            for k, v in PREFERENCE_WRITES.items()
        ] + [
            client.patch(
                f"/users/{uid}/allergies", json={"severity": {a: "anaphylactic"}}, headers=TOKEN
            )
            for a in allergens
        ]
        responses = await asyncio.gather(*calls)
        assert all(r.status_code == 200 for r in responses), [r.text for r in responses]

    await asyncio.gather(*(writes(uid) for uid in uids))
    for uid in uids:
        stored = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
        assert {k: stored["preferences"][k] for k in PREFERENCE_WRITES} == PREFERENCE_WRITES
        assert stored["allergies"]["severity"] == {a: "anaphylactic" for a in allergens}
        assert stored["version"] == 1 + len(PREFERENCE_WRITES) + len(allergens)


async def test_unknown_user_is_404_on_every_write(client: httpx.AsyncClient) -> None:
    ghost = str(uuid.uuid4())
    for method, path, body in (
        ("PATCH", f"/users/{ghost}", {"preferences": {}}),
        ("PATCH", f"/users/{ghost}/allergies", {}),
        ("DELETE", f"/users/{ghost}/allergies", None),
    ):
        response = await client.request(method, path, json=body, headers=TOKEN)
        assert response.status_code == 404, (method, path)
        assert f"POST /users/{ghost}" in response.json()["detail"]
