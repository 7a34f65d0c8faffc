"""Helpers for restaurant API tests: create users, read SSE streams."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx

from kairos.restaurants.schemas import GenerativeUIPayload

TOKEN = {"X-Service-Token": "test-token"}


def as_user(uid: str) -> dict[str, str]:
    """A trusted server acting for `uid` (the service token with X-User-ID)."""
    return {**TOKEN, "X-User-ID": uid}


async def ask(client: httpx.AsyncClient, uid: str, message: str) -> GenerativeUIPayload:
    """One chat turn as one JSON document, for `uid`; a non-200 answer fails the test."""
    return GenerativeUIPayload.model_validate(await chat_json(client, uid, message))


async def chat_json(
    client: httpx.AsyncClient, uid: str, message: str, **body: Any
) -> dict[str, Any]:
    """One chat turn's JSON document as it came, for `uid`; `body` adds to the request
    (`session_id=...`). A non-200 answer fails the test."""
    response = await client.post(
        "/chat",
        json={"message": message, **body},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def places_shown(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every place a chat answer shows: the safe ones, then the flagged ones."""
    return [*payload["restaurants"], *payload["flagged_restaurants"]]


def cuisines_of(place: dict[str, Any]) -> set[str]:
    return {c.lower() for c in place["cuisine_types"]}


async def create_user(client: httpx.AsyncClient, **body: Any) -> str:
    uid = str(uuid.uuid4())
    response = await client.post(f"/users/{uid}", json=body, headers=TOKEN)
    assert response.status_code == 201, response.text
    return uid


def parse_sse(raw: str) -> list[tuple[str, Any]]:
    """(event, data) pairs from a text/event-stream body; comment lines are skipped."""
    events: list[tuple[str, Any]] = []
    for block in raw.split("\n\n"):
        name, data = "message", []
        for line in block.splitlines():
            if line.startswith(":"):
                continue
            if line.startswith("event:"):
                name = line[len("event:") :].strip()
            elif line.startswith("data:"):
                data.append(line[len("data:") :].strip())
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


async def chat_stream(
    client: httpx.AsyncClient, uid: str, message: str, history: list[dict[str, str]] | None = None
) -> tuple[httpx.Response, list[tuple[str, Any]]]:
    response = await client.post(
        "/chat",
        json={"message": message, "conversation_history": history or []},
        headers={**as_user(uid), "Accept": "text/event-stream"},
    )
    return response, parse_sse(response.text)
