"""Helpers for the meal coach's API tests."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import httpx

from kairos.core.allergy_profile import AllergyProfile
from kairos.meals.context import Context
from kairos.meals.understanding import read_message
from kairos.profiles.schemas import TastePreferences, UserPublic
from kairos.recipes import CookConstraints

TOKEN = {"X-Service-Token": "test-token"}

# A 1×1 PNG and the shortest real JPEG / WebP headers: the coach checks content, not names.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)
JPEG = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")
WEBP = (
    b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00"
    b"\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00"
)


def as_user(uid: str) -> dict[str, str]:
    return {**TOKEN, "X-User-ID": uid}


async def create_user(client: httpx.AsyncClient, **body: Any) -> str:
    uid = str(uuid.uuid4())
    response = await client.post(f"/users/{uid}", json=body, headers=TOKEN)
    assert response.status_code == 201, response.text
    return uid


async def coach(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/meals/coach", json=body, headers=as_user(uid))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def select(
    client: httpx.AsyncClient, uid: str, session_id: str, suggestion_id: str
) -> dict[str, Any]:
    response = await client.post(
        f"/meals/coach/{session_id}/select",
        json={"suggestion_id": suggestion_id},
        headers=as_user(uid),
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def cook_context(text: str) -> Context:
    """The coach's context for `text` from a cook with no allergies, diets or household: what
    the suggestion and ranking tests read a request with, no database needed."""
    user = UserPublic(
        uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile(),
        allergy_flags=[], dietary_flags=[], vibe_tags=[], preferred_price_tiers=[],
        interaction_count=0, version=1, last_active_at=None, created_at=datetime.now(UTC),
    )  # fmt: skip
    return Context(user=user, request=read_message(text), household=False,
                   constraints=CookConstraints())  # fmt: skip
