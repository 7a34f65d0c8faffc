"""/users/{uid}: every endpoint and error code, against the real app and database."""

from __future__ import annotations

import uuid

import httpx

TOKEN = {"X-Service-Token": "test-token"}


def _uid() -> str:
    return str(uuid.uuid4())


async def test_create_get_patch_delete_user(client: httpx.AsyncClient) -> None:
    uid = _uid()
    body = {
        "preferences": {"dietary": ["vegan"], "vibes": ["quiet"], "cuisine_affinity": ["thai"]},
        "allergies": {
            "confirmed": ["Peanut", "prawns"],
            "intolerances": ["ghee"],
            "severity": {"peanuts": "anaphylactic"},
        },
    }
    created = await client.post(f"/users/{uid}", json=body, headers=TOKEN)
    assert created.status_code == 201, created.text
    user = created.json()
    assert user["allergies"]["severity"] == {
        "peanuts": "anaphylactic",
        "shellfish": "severe",
        "dairy": "intolerance",
    }
    assert set(user["allergy_flags"]) == {"peanuts", "shellfish", "dairy"}
    assert user["dietary_flags"] == ["vegan"]

    again = await client.post(f"/users/{uid}", json=body, headers=TOKEN)
    assert again.status_code == 409
    assert "PATCH" in again.json()["detail"]

    fetched = await client.get(f"/users/{uid}", headers=TOKEN)
    assert fetched.status_code == 200
    assert fetched.json()["preferences"]["cuisine_affinity"] == ["thai"]

    patched = await client.patch(
        f"/users/{uid}", json={"preferences": {"vibes": ["romantic"]}}, headers=TOKEN
    )
    assert patched.status_code == 200
    assert patched.json()["preferences"]["vibes"] == ["romantic"]
    assert patched.json()["preferences"]["dietary"] == ["vegan"], "keys not sent are kept"
    assert patched.json()["allergies"] == user["allergies"], "allergies untouched"

    allergies = await client.patch(
        f"/users/{uid}/allergies", json={"confirmed": ["sesame"]}, headers=TOKEN
    )
    assert allergies.status_code == 200
    assert allergies.json()["allergies"]["severity"]["sesame"] == "severe"

    cleared = await client.delete(f"/users/{uid}/allergies", headers=TOKEN)
    assert cleared.status_code == 200
    assert cleared.json()["allergy_flags"] == []

    deleted = await client.delete(f"/users/{uid}", headers=TOKEN)
    assert deleted.status_code == 204
    gone = await client.get(f"/users/{uid}", headers=TOKEN)
    assert gone.status_code == 404
    assert f"POST /users/{uid}" in gone.json()["detail"]


async def test_service_token_is_required_and_checked(client: httpx.AsyncClient) -> None:
    uid = _uid()
    missing = await client.get(f"/users/{uid}")
    assert missing.status_code == 401
    assert "X-Service-Token" in missing.json()["detail"]
    wrong = await client.get(f"/users/{uid}", headers={"X-Service-Token": "nope"})
    assert wrong.status_code == 401


async def test_bad_uid_and_bad_body_are_explained(client: httpx.AsyncClient) -> None:
    bad = await client.post("/users/not-a-uuid", json={}, headers=TOKEN)
    assert bad.status_code == 422
    assert "UUID" in bad.json()["detail"]
    invalid = await client.post(
        f"/users/{_uid()}",
        json={"allergies": {"severity": {"peanuts": "deadly"}}},
        headers=TOKEN,
    )
    assert invalid.status_code == 422
    assert invalid.headers["content-type"].startswith("application/problem+json")
    assert "allergies.severity.peanuts" in invalid.json()["detail"]
    extra = await client.post(f"/users/{_uid()}", json={"allergy": []}, headers=TOKEN)
    assert extra.status_code == 422


async def test_patch_and_delete_of_unknown_user_are_404(client: httpx.AsyncClient) -> None:
    uid = _uid()
    for response in (
        await client.patch(f"/users/{uid}", json={"preferences": {}}, headers=TOKEN),
        await client.patch(f"/users/{uid}/allergies", json={}, headers=TOKEN),
        await client.delete(f"/users/{uid}/allergies", headers=TOKEN),
        await client.delete(f"/users/{uid}", headers=TOKEN),
    ):
        assert response.status_code == 404
