"""What the plan API tests share: asking `/api/plan` for a plan as a user."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import as_user


async def post_plan(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    """The plan `/api/plan` answers `body` with for user `uid` (asserting it answered 200)."""
    response = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer
