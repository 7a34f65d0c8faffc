"""A feed built for the profile as it was before a change is never cached after the change."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest

from kairos.profiles import repository
from kairos.restaurants import feed
from tests.restaurants.helpers import TOKEN, as_user, create_user


async def test_a_feed_built_before_an_allergy_change_is_not_cached(
    client: httpx.AsyncClient, app: Any, runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    product = runtime.products["restaurants"]
    uid = await create_user(client)
    await runtime.drain()
    async with runtime.db.session() as session:
        before = await repository.get_user(session, uid=uuid.UUID(uid))
    assert before is not None

    release, started = asyncio.Event(), asyncio.Event()
    real = feed.build_feed
    calls = 0

    async def first_build_waits(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:  # the build for the old profile is held until after the change
            started.set()
            await release.wait()
        return await real(*args)

    monkeypatch.setattr(feed, "build_feed", first_build_waits)
    stale = asyncio.create_task(product.recommendations(before, limit=5, refresh=True))
    await started.wait()
    changed = await client.patch(
        f"/users/{uid}/allergies",
        json={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
        headers=TOKEN,
    )
    assert changed.status_code == 200
    await runtime.drain()  # the change's own pre-warm has built and cached the new feed
    release.set()
    old = await stale
    assert old.hard_excluded_allergens == []  # built for the profile as it was
    served = await client.get(f"/recommendations/{uid}", headers=as_user(uid))
    assert served.json()["cached"] is True
    assert served.json()["hard_excluded_allergens"] == ["peanuts"]


async def test_the_feed_is_served_as_its_model_documents_it(
    client: httpx.AsyncClient, app: Any, runtime: Any
) -> None:
    """The route serialises the payload itself (no re-validation by the framework): the body is
    still exactly a RecommendationPayload, and the schema still says so."""
    from kairos.restaurants.schemas import RecommendationPayload

    uid = await create_user(client)
    await runtime.drain()
    for query in ("?refresh=true&limit=3", "?limit=3"):
        served = await client.get(f"/recommendations/{uid}{query}", headers=as_user(uid))
        assert served.status_code == 200
        assert served.headers["content-type"] == "application/json"
        body = served.json()
        assert body == RecommendationPayload.model_validate(body).model_dump(mode="json")
        assert len(body["recommendations"]) == 3
    assert body["cached"] is True
    schema = app.openapi()["paths"]["/recommendations/{uid}"]["get"]["responses"]["200"]
    assert schema["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/RecommendationPayload"
    }


async def test_a_cached_feeds_body_is_kept_per_build_and_card_count(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """The cached feed's JSON is kept, never past its build: a refresh (a new build) is what the
    next read serves, and each card count has its own body."""
    uid = await create_user(client)
    await runtime.drain()

    async def read(query: str) -> dict[str, Any]:
        served = await client.get(f"/recommendations/{uid}{query}", headers=as_user(uid))
        assert served.status_code == 200
        body: dict[str, Any] = served.json()
        return body

    first = await read("?refresh=true&limit=4")
    assert first["cached"] is False
    again = await read("?limit=4")
    assert again["cached"] is True and again["generated_at"] == first["generated_at"]
    assert len((await read("?limit=2"))["recommendations"]) == 2
    assert len((await read("?limit=4"))["recommendations"]) == 4
    rebuilt = await read("?refresh=true&limit=4")
    assert rebuilt["generated_at"] != first["generated_at"]
    after = await read("?limit=4")
    assert after["cached"] is True and after["generated_at"] == rebuilt["generated_at"]
