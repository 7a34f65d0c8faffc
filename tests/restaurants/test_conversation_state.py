"""Follow-ups refine the previous request of the same conversation, kept in the database: they
work with no client history, from another app instance, and say what they kept."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from kairos.api.app import create_app
from kairos.settings import Settings
from tests.restaurants.helpers import as_user, create_user


async def _turn(client: httpx.AsyncClient, uid: str, session: str, message: str) -> Any:
    response = await client.post(
        "/chat",
        json={"message": message, "session_id": session},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    return response.json()


async def test_a_follow_up_keeps_city_cuisine_and_price(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = await _turn(client, uid, session, "cheap thai in boston")
    assert first["restaurants"]
    assert all(r["city"].lower() in {"boston", "cambridge"} for r in first["restaurants"])
    kids = await _turn(client, uid, session, "which ones are good with kids?")
    assert kids["restaurants"], "the follow-up searched"
    assert all((r["city"] or "").lower() == "boston" for r in kids["restaurants"]), kids
    assert all(any("thai" in c.lower() for c in r["cuisine_types"]) for r in kids["restaurants"]), [
        r["cuisine_types"] for r in kids["restaurants"]
    ]
    kept = " ".join(kids["assumptions"])
    assert "Thai" in kept and "Boston" in kept, kept
    assert "Kept from your earlier message" in kids["message"]


async def test_the_state_is_per_session(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    await _turn(client, uid, "session-a", "sushi in boston")
    other = await _turn(client, uid, "session-b", "anything cheaper?")
    assert not any("sushi" in a.lower() for a in other["assumptions"]), other["assumptions"]


async def test_another_instance_continues_the_conversation(
    client: httpx.AsyncClient, settings: Settings, runtime: Any
) -> None:
    """A second app (its own product, caches and parser) on the same database: the state lives
    in the database, not in the process that answered the first turn."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "italian in cambridge")
    second_app = create_app(settings, runtime=runtime)
    transport = httpx.ASGITransport(app=second_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as other:
        follow = await _turn(other, uid, session, "what about somewhere quieter?")
    assert follow["restaurants"]
    assert all((r["city"] or "").lower() == "cambridge" for r in follow["restaurants"])
    assert any("italian" in a.lower() for a in follow["assumptions"]), follow["assumptions"]


async def test_a_new_request_replaces_what_it_names(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "thai in boston")
    moved = await _turn(client, uid, session, "what about in cambridge?")
    assert moved["restaurants"]
    assert all((r["city"] or "").lower() == "cambridge" for r in moved["restaurants"])
