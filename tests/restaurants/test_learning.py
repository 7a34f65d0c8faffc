"""The learner: the taste a message states reaches the stored preferences; allergies never.

Allergies change only through the allergy endpoints. A message may name an allergen for its own
turn ("I'm allergic to soy") and a request may exclude allergens in SQL, but neither may ever
reach the stored profile, through the learner or otherwise.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.profiles.schemas import TasteInput, UserCreate
from kairos.restaurants.learning import (
    ALLOWED_PREFERENCE_KEYS,
    learn_preferences,
    merge_preferences,
)
from tests.restaurants.helpers import TOKEN, as_user, create_user

TASTE_KEYS = {"vibes", "dietary", "cuisine_affinity", "cuisine_aversion", "price_comfort"}

SIGNALS = {
    "vibes": ["quiet", "romantic"],
    "dietary": ["vegan"],
    "cuisine_affinity": ["thai"],
    "cuisine_aversion": ["sushi"],
    "price_comfort": ["$", "$$"],
}


def test_the_learnt_keys_are_taste_only() -> None:
    assert set(ALLOWED_PREFERENCE_KEYS) == TASTE_KEYS


def test_merge_unions_in_order_and_a_liked_cuisine_leaves_the_aversions() -> None:
    current = TastePreferences(
        vibes=["lively"], cuisine_aversion=["thai", "fast food"], price_comfort=["$$"]
    )
    merged = merge_preferences(current, SIGNALS)
    assert merged == TastePreferences(
        vibes=["lively", "quiet", "romantic"],
        dietary=["vegan"],
        cuisine_affinity=["thai"],
        cuisine_aversion=["fast food", "sushi"],
        price_comfort=["$$", "$"],
    )
    assert merge_preferences(merged, SIGNALS) == merged, "idempotent"
    assert merge_preferences(current, {}) == current


def test_merge_drops_keys_that_are_not_taste() -> None:
    current = TastePreferences(vibes=["cozy"])
    smuggled = {"allergies": ["peanuts"], "confirmed": ["soy"], "severity": ["mild"]}
    assert merge_preferences(current, smuggled) == current
    assert merge_preferences(current, {**smuggled, "vibes": ["quiet"]}) == TastePreferences(
        vibes=["cozy", "quiet"]
    )


async def test_learning_changes_the_stored_taste_and_keeps_the_allergies(runtime: Any) -> None:
    uid = uuid.uuid4()
    allergies = AllergyProfile(
        confirmed=["peanuts"], intolerances=["lactose"], severity={"peanuts": "anaphylactic"}
    )
    created = await runtime.profiles.create(
        uid,
        UserCreate(preferences=TastePreferences(vibes=["lively"]), allergies=allergies),
    )
    assert await learn_preferences(runtime.profiles, uid, SIGNALS) is True
    stored = await runtime.profiles.get(uid)
    assert stored.preferences == TastePreferences(
        vibes=["lively", "quiet", "romantic"],
        dietary=["vegan"],
        cuisine_affinity=["thai"],
        cuisine_aversion=["sushi"],
        price_comfort=["$", "$$"],
    )
    assert stored.allergies == created.allergies
    assert stored.version > created.version, "a learnt preference is a profile write"
    assert await learn_preferences(runtime.profiles, uid, SIGNALS) is False
    assert (await runtime.profiles.get(uid)).version == stored.version, "nothing new, no write"
    assert await learn_preferences(runtime.profiles, uuid.uuid4(), SIGNALS) is False


async def test_learning_from_the_turns_read_is_one_write_at_its_version(runtime: Any) -> None:
    """The turn's own read of the profile is enough to learn from: one compare-and-set write."""
    uid = uuid.uuid4()
    read = await runtime.profiles.create(
        uid, UserCreate(preferences=TastePreferences(vibes=["lively"]), allergies=AllergyProfile())
    )
    assert await learn_preferences(runtime.profiles, uid, SIGNALS, read=read) is True
    stored = await runtime.profiles.get(uid)
    assert stored.preferences.vibes == ["lively", "quiet", "romantic"]
    assert stored.version == read.version + 1
    assert await learn_preferences(runtime.profiles, uid, SIGNALS, read=stored) is False


async def test_learning_from_a_stale_read_keeps_the_allergy_added_meanwhile(runtime: Any) -> None:
    """A turn read the profile; before its learning ran, the person added an anaphylactic
    allergy. The learnt taste lands on the row as it is now: the allergy is never undone."""
    from kairos.core.allergy_change import AllergyChange

    uid = uuid.uuid4()
    read = await runtime.profiles.create(
        uid, UserCreate(preferences=TastePreferences(vibes=["lively"]), allergies=AllergyProfile())
    )
    await runtime.profiles.change_allergies(
        uid, AllergyChange(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"})
    )
    assert await learn_preferences(runtime.profiles, uid, SIGNALS, read=read) is True
    stored = await runtime.profiles.get(uid)
    assert stored.allergies.confirmed == ["peanuts"], "the allergy written meanwhile is kept"
    assert stored.allergy_flags == ["peanuts"]
    assert stored.preferences.vibes == ["lively", "quiet", "romantic"]
    assert stored.version == read.version + 2


async def test_a_request_teaches_nothing_and_a_statement_is_noted_and_undone(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """A request's own wishes ("cheap", "thai", "not sushi") and the allergy it names stay this
    turn's; "I love thai food, we're on a budget" is written, said in the answer ("Noted: …"),
    and one PATCH with the answer's `undo` puts the profile back."""
    uid = await create_user(
        client,
        preferences={"vibes": ["lively"], "price_comfort": ["$$"]},
        allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
    )
    before = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    response = await client.post(
        "/chat",
        json={"message": "quiet romantic vegan thai in boston, cheap, not sushi, allergic to soy"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    assert "soy" in response.json()["hard_excluded_allergens"]
    assert response.json()["learned"] is None and "Noted" not in response.json()["message"]
    await runtime.drain()  # learning runs after the turn, in the background
    after = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    assert after["preferences"] == before["preferences"] and after["version"] == before["version"]

    response = await client.post(
        "/chat",
        json={"message": "I love thai food, we're on a budget. Dinner in boston?"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    learned = response.json()["learned"]
    assert learned["added"] == {"cuisine_affinity": ["thai"], "price_comfort": ["$"]}
    assert "Noted: you like Thai; you prefer $." in response.json()["message"]
    await runtime.drain()
    taught = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    assert taught["preferences"]["cuisine_affinity"] == ["thai"]
    assert taught["preferences"]["price_comfort"] == ["$$", "$"]
    assert taught["allergies"] == before["allergies"] and taught["allergy_flags"] == ["peanuts"]
    undone = await client.patch(f"/users/{uid}", json=learned["undo"], headers=TOKEN)
    assert undone.status_code == 200, undone.text
    assert undone.json()["preferences"] == before["preferences"]


async def test_learning_drops_the_cached_feed_without_rebuilding_it(
    client: httpx.AsyncClient, runtime: Any, monkeypatch: Any
) -> None:
    """Taste learnt from a chat turn makes the old feed unreachable, and the next feed read
    builds it; a profile the person edits is rebuilt ahead of that read."""
    from kairos.restaurants import feed

    built: list[str] = []
    real = feed.build_feed

    async def counting(places: Any, catalog: Any, user: Any, *rest: Any) -> Any:
        built.append(str(user.uid))  # other tests' users may be rebuilt meanwhile
        return await real(places, catalog, user, *rest)

    monkeypatch.setattr(feed, "build_feed", counting)
    uid = await create_user(client)
    await runtime.drain()
    built.clear()
    before = (await client.get(f"/users/{uid}", headers=TOKEN)).json()["version"]
    response = await client.post(
        "/chat", json={"message": "I love quiet thai places. Any in boston?"},
        headers={**as_user(uid), "Accept": "application/json"},
    )  # fmt: skip
    assert response.status_code == 200
    await runtime.drain()
    assert (await client.get(f"/users/{uid}", headers=TOKEN)).json()["version"] > before
    assert uid not in built, "a learnt taste does not rebuild the feed"
    edited = await client.patch(
        f"/users/{uid}", json={"preferences": {"vibes": ["romantic"]}}, headers=TOKEN
    )
    assert edited.status_code == 200, edited.text
    await runtime.drain()
    assert built.count(uid) == 1, "an edit the person made is rebuilt ahead of the next read"
    built.clear()
    edited = await client.patch(
        f"/users/{uid}", json={"preferences": {"vibes": ["cozy"]}}, headers=TOKEN
    )
    assert edited.status_code == 200, edited.text
    read = await client.get(f"/recommendations/{uid}", headers=as_user(uid))
    assert read.status_code == 200 and read.json()["cached"] is False
    await runtime.drain()
    assert built.count(uid) == 1, "a feed read before the prewarm fired leaves it nothing to do"


async def test_feed_rebuilds_in_the_background_run_a_few_at_a_time(
    client: httpx.AsyncClient, runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Users created together have their feeds built ahead of their first read, but no more
    than PREWARMS_AT_ONCE at a time, so a burst does not hold up everybody's chat turns."""
    from kairos.restaurants import product as product_module

    restaurants = runtime.products["restaurants"]
    running, most = 0, 0
    real = restaurants.prewarm

    async def counting(uid: Any) -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        try:
            await asyncio.sleep(0.05)  # long enough for every waiting rebuild to start if it could
            await real(uid)
        finally:
            running -= 1

    monkeypatch.setattr(restaurants, "prewarm", counting)
    await asyncio.gather(*(create_user(client) for _ in range(8)))
    await runtime.drain()
    assert most == product_module.PREWARMS_AT_ONCE, most


def _names(prefix: str, count: int) -> list[str]:
    return [f"{prefix} {n}" for n in range(count)]


def test_learning_never_grows_a_taste_list_past_a_clients_limit() -> None:
    """Issue 40 (taste lists): a client may store at most 50 items of 80 characters per list,
    but each learnt taste was appended with no limit. What the message stated is kept; the
    oldest stored entries make room, or, for vibes (most important first), the least
    important. The result is a list a client could send back."""
    full = TastePreferences(
        cuisine_affinity=_names("cuisine", 50),
        cuisine_aversion=_names("aversion", 50),
        vibes=_names("vibe", 50),
        dietary=_names("diet", 50),
    )
    stated = {
        "cuisine_affinity": ["ethiopian", "georgian"],
        "cuisine_aversion": ["sushi"],
        "vibes": ["quiet"],
        "dietary": ["vegan", "x" * 81],
    }
    merged = merge_preferences(full, stated)
    assert merged.cuisine_affinity == [*_names("cuisine", 50)[2:], "ethiopian", "georgian"]
    assert merged.cuisine_aversion == [*_names("aversion", 50)[1:], "sushi"]
    assert merged.vibes == [*_names("vibe", 49), "quiet"], "the least important vibe made room"
    assert merged.dietary == [*_names("diet", 50)[1:], "vegan"], "an 81-character item is not"
    TasteInput.model_validate(merged.model_dump())  # within what a client may send
    assert merge_preferences(merged, stated) == merged, "idempotent at the limit"
    flood = merge_preferences(full, {"cuisine_affinity": _names("new", 70)})
    assert flood.cuisine_affinity == _names("new", 50)


async def test_a_full_stored_taste_list_stays_at_the_limit_when_learnt(runtime: Any) -> None:
    uid = uuid.uuid4()
    full = TastePreferences(cuisine_affinity=_names("cuisine", 50))
    await runtime.profiles.create(uid, UserCreate(preferences=full))
    for cuisine in ("thai", "ethiopian", "georgian"):
        assert await learn_preferences(runtime.profiles, uid, {"cuisine_affinity": [cuisine]})
    stored = (await runtime.profiles.get(uid)).preferences.cuisine_affinity
    assert len(stored) == 50 and stored[-3:] == ["thai", "ethiopian", "georgian"]
    assert stored[0] == "cuisine 3", "the three stored longest made room"
