"""The planner as a client written for the seed uses it, on a real `kairos serve`: the
WebSocket's log lines then one result, its errors, and a confirmed e-mail through SMTP."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import httpx
import websockets

from tests.venues.conftest import SERVICE_TOKEN, Inbox

NODES = {"graph", "commander", "scout", "vibe", "cost", "critic", "synthesiser"}
PREFIX = {
    "graph": "[GRAPH]",
    "commander": "[COMMANDER]",
    "scout": "[SCOUT]",
    "vibe": "[VIBE]",
    "cost": "[COST]",
    "critic": "[CRITIC]",
    "synthesiser": "[SYNTH]",
}


def _user(base: str) -> tuple[str, str]:
    uid = str(uuid.uuid4())
    auth = {"X-Service-Token": SERVICE_TOKEN}
    with httpx.Client(base_url=base, timeout=30) as client:
        assert client.post(f"/users/{uid}", json={}, headers=auth).status_code == 201
        token = client.post(f"/users/{uid}/tokens", json={}, headers=auth).json()["token"]
    return uid, token


async def _socket(
    base: str, token: str | None, body: Any, *, token_in_frame: bool = False
) -> list[dict[str, Any]]:
    url = base.replace("http://", "ws://") + "/api/ws/plan"
    if token and token_in_frame:
        body = {**body, "access_token": token}
    elif token:
        url += f"?access_token={token}"
    async with websockets.connect(url) as socket:
        received: list[dict[str, Any]] = []
        try:
            await socket.send(body if isinstance(body, str) else json.dumps(body))
            async for message in socket:
                received.append(json.loads(message))
        except websockets.exceptions.ConnectionClosedError as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008  # policy violation
        return received


async def test_socket_streams_logs_per_node_then_one_result(venue_server: str) -> None:
    _, token = _user(venue_server)
    started = time.perf_counter()
    messages = await _socket(
        venue_server, token, {"prompt": "cozy dinner in boston for 4", "member_locations": []}
    )
    assert time.perf_counter() - started < 10
    logs, last = messages[:-1], messages[-1]
    assert last["type"] == "result" and last["data"]["venues"]
    assert all(m["type"] == "log" for m in logs) and len(logs) >= 7
    assert {m["node"] for m in logs} >= {"commander", "scout", "vibe", "cost", "critic"}
    for m in logs:
        assert m["node"] in NODES and m["message"].startswith(PREFIX[m["node"]])
    assert logs[0]["node"] == "graph"
    assert any("candidates after dedup" in m["message"] for m in logs)


async def test_socket_refuses_without_credential_and_explains_bad_input(venue_server: str) -> None:
    (refused,) = await _socket(venue_server, None, {"prompt": "drinks"})
    assert refused["type"] == "error" and '"access_token"' in refused["detail"]
    _, token = _user(venue_server)
    (invalid,) = await _socket(venue_server, token, {"prompt": ""})
    assert invalid["type"] == "error" and "prompt" in invalid["detail"]
    (garbled,) = await _socket(venue_server, token, "not json")
    assert garbled["type"] == "error" and "JSON" in garbled["detail"]


async def test_the_token_may_come_in_the_first_frame_and_stay_out_of_the_url(
    venue_server: str,
) -> None:
    """A browser cannot set headers on a socket; a token in the URL lands in access logs."""
    _, token = _user(venue_server)
    body = {"prompt": "drinks in cambridge for 4", "member_locations": []}
    messages = await _socket(venue_server, token, body, token_in_frame=True)
    assert messages[-1]["type"] == "result", messages[-1]
    (refused,) = await _socket(venue_server, "not-a-token", body, token_in_frame=True)
    assert refused["type"] == "error" and refused["title"] == "Unauthorized"


def test_an_email_is_sent_only_after_confirmation(venue_server: str, inbox: Inbox) -> None:
    _uid, token = _user(venue_server)
    bearer = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=venue_server, timeout=30, headers=bearer) as client:
        before = len(inbox.messages)
        plan = client.post(
            "/api/plan", json={"prompt": "dinner in boston for 4 saturday, email the group"}
        ).json()
        action = plan["action_request"]
        assert action["status"] == "proposed" and plan["requires_oauth"]
        assert len(inbox.messages) == before  # nothing sent without confirmation
        missing = client.post(action["confirm_url"], json={})
        assert missing.status_code == 422 and "receives" in missing.json()["detail"]
        done = client.post(action["confirm_url"], json={"to": ["sam@example.com"]}).json()
        assert done["status"] == "sent" and done["sent_to"] == ["sam@example.com"]
        (mail,) = inbox.messages[before:]
        assert mail["X-Rcpt-To"] == "sam@example.com"
        assert plan["venues"][0]["name"] in mail["Subject"]
        parts = [p.get_content_type() for p in mail.walk()]
        assert "text/calendar" in parts
        other, _ = _user(venue_server)
        assert (
            client.post(
                action["confirm_url"],
                headers={
                    "Authorization": "",
                    "X-Service-Token": SERVICE_TOKEN,
                    "X-User-ID": other,
                },
                json={"to": ["x@example.com"]},
            ).status_code
            == 403
        )
