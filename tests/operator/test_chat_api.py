"""The operator assistant over HTTP on the real app, database and sample catalog."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.operator.action_line import parse_last_line
from tests.meals.helpers import as_user, create_user

JSON = {"Accept": "application/json"}


async def _turn(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/operator/chat", json=body, headers={**as_user(uid), **JSON})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    parse_last_line(answer["text"])
    return answer


async def test_first_message_gets_a_staffing_insight(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await _turn(
        client,
        uid,
        message="we're on Newbury St in Boston, usually 180 covers on a Friday — what should I "
        "do about staffing this weekend?",
    )
    print(answer["text"])
    print(answer["sources"])
    assert answer["card"] == "staffing"


async def test_a_too_short_location_is_a_422_on_the_stream_too(client: httpx.AsyncClient) -> None:
    """The streamed turn refuses it before the stream starts, with the JSON answer's detail."""
    uid = await create_user(client)
    body = {"message": "staffing this weekend", "locations": ["x"]}
    for accept in ("text/event-stream", "application/json"):
        response = await client.post(
            "/operator/chat", json=body, headers={**as_user(uid), "Accept": accept}
        )
        assert response.status_code == 422, (accept, response.text)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "too short to look up" in response.json()["detail"]
