"""One operator chat turn over the app, shared by the conversation tests: posts the body as the
user, expects 200, and checks the action line's confidence is the payload's (ADR invariant)."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.operator.action_line import parse_last_line
from tests.meals.helpers import as_user

JSON = {"Accept": "application/json"}


async def turn(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/operator/chat", json=body, headers={**as_user(uid), **JSON})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    assert parse_last_line(answer["text"]).confidence == answer["confidence"]["level"]
    return answer
