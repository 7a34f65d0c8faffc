"""Photos offline: checked by content, stored by hash, and never guessed at — the coach asks the
seed's question unless the text already says what the photo is."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text

from kairos.llm.vision import MEAL_OR_INGREDIENTS
from kairos.settings import Settings
from tests.meals.helpers import JPEG, PNG, WEBP, as_user, coach, create_user


async def _photo(
    client: httpx.AsyncClient, uid: str, data: bytes, name: str = "x.jpg", **fields: str
) -> httpx.Response:
    return await client.post(
        "/meals/coach",
        data=fields,
        files=[("images", (name, data, "image/jpeg"))],
        headers=as_user(uid),
    )


async def test_offline_photo_asks_and_is_stored_by_hash(
    client: httpx.AsyncClient, settings: Settings, runtime: Any
) -> None:
    uid = await create_user(client)
    response = await _photo(client, uid, PNG, name="../../etc/passwd.jpg")
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["ui_type"] == "follow_up" and answer["step"] == "awaiting_followup"
    assert answer["follow_up"]["question"].startswith(MEAL_OR_INGREDIENTS)
    digest = hashlib.sha256(PNG).hexdigest()
    assert answer["images"] == [digest]
    stored = settings.data_dir / "meal_images" / digest[:2] / f"{digest}.png"
    assert stored.read_bytes() == PNG  # by content type and hash, never the client's name
    assert not list(Path(settings.data_dir).rglob("passwd*"))
    session = answer["session_id"]
    kind = await coach(client, uid, text="The prepared meal", session_id=session)
    assert kind["follow_up"]["question"] == "What is the meal called?"
    final = await coach(client, uid, text="lasagna, my grandmother's favourite", session_id=session)
    assert final["ui_type"] == "suggestions" and final["input_kind"] == "meal_photo"
    assert final["suggestions"] and final["images"] == [digest]
    async with runtime.db.session() as db:
        state = (await db.execute(
            text("SELECT state::text FROM meal_sessions WHERE id = :id"), {"id": session}
        )).scalar_one()  # fmt: skip
    assert "grandmother" not in state  # no transcript: only what the coach derived


async def test_text_that_says_what_the_photo_is_needs_no_question(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    meal = (await _photo(client, uid, JPEG, text="a healthier version of this lasagna")).json()
    assert meal["ui_type"] == "suggestions" and meal["input_kind"] == "meal_photo"
    pantry = await _photo(client, uid, WEBP, name="p.webp", text="what can I make with these?")
    asked = pantry.json()
    assert asked["follow_up"]["question"].startswith("Which ingredients")
    ideas = await coach(
        client, uid, text="eggs, spinach, tomatoes, onion", session_id=asked["session_id"]
    )
    assert ideas["input_kind"] == "ingredients_photo" and ideas["suggestions"]


async def test_photos_are_checked_by_content_and_size(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    uid = await create_user(client)
    fake = await _photo(client, uid, b"GIF89a not a photo at all", name="meal.jpg")
    assert fake.status_code == 422 and "JPEG, PNG or WebP" in fake.json()["detail"]
    huge = PNG + b"\0" * settings.meal_image_max_bytes
    too_big = await _photo(client, uid, huge)
    assert too_big.status_code == 413 and "KAIROS_MEAL_IMAGE_MAX_BYTES" in too_big.json()["detail"]
    many = await client.post(
        "/meals/coach",
        files=[("images", (f"{i}.png", PNG, "image/png")) for i in range(5)],
        headers=as_user(uid),
    )
    assert many.status_code == 400 and "at most 4" in many.json()["detail"]
    stray = await client.post(
        "/meals/coach", data={"txt": "soup"}, files=[("images", ("a.png", PNG, "image/png"))],
        headers=as_user(uid),
    )  # fmt: skip
    assert stray.status_code == 422 and "txt" in stray.json()["detail"]
