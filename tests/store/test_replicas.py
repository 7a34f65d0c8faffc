"""Per-user state is right across processes: two `kairos serve` on one database, an allergy
changed through one applies at once to the feed the other serves (issue 11, DESIGN "Scaling
out": no cached answer outlives a profile change in any process)."""

from __future__ import annotations

import uuid

import httpx
import pytest

from tests.serving import AUTH
from tests.store.conftest import Launch


def _feed(base: str, uid: str) -> dict[str, object]:
    response = httpx.get(
        f"{base}/recommendations/{uid}?limit=25",
        headers={**AUTH, "X-User-ID": uid},
        timeout=30,
    )
    assert response.status_code == 200, response.text
    feed: dict[str, object] = response.json()
    return feed


def _checked_for(feed: dict[str, object], allergen: str) -> list[str]:
    """The places whose shown allergy check was made against `allergen`."""
    items = feed["recommendations"]
    assert isinstance(items, list) and items
    return [
        item["restaurant"]["name"]
        for item in items
        if allergen in item["restaurant"]["allergy"]["allergens"]
    ]


@pytest.mark.slow
@pytest.mark.parametrize("caches", ["in-process", "redis"])
def test_an_allergy_set_through_one_replica_applies_in_the_other(
    launch: Launch, caches: str, request: pytest.FixtureRequest
) -> None:
    env = {"KAIROS_REDIS_URL": request.getfixturevalue("redis_url")} if caches == "redis" else {}
    writer = launch("writer", sample=True, env=env)
    reader = launch("reader", env=env)
    uid = str(uuid.uuid4())
    body = {"preferences": {"cuisine_affinity": ["thai"]}}
    created = httpx.post(f"{writer.base}/users/{uid}", json=body, headers=AUTH, timeout=10)
    assert created.status_code == 201, created.text

    before = _feed(reader.base, uid)
    assert before["hard_excluded_allergens"] == []
    assert _checked_for(before, "peanuts") == []
    assert _feed(reader.base, uid)["cached"] is True, "the reader caches the feed"

    changed = httpx.patch(
        f"{writer.base}/users/{uid}/allergies",
        json={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
        headers=AUTH,
        timeout=10,
    )
    assert changed.status_code == 200, changed.text

    after = _feed(reader.base, uid)
    assert after["hard_excluded_allergens"] == ["peanuts"]
    assert len(_checked_for(after, "peanuts")) == len(after["recommendations"]), (
        "every place shown is checked against the new peanut allergy"
    )


@pytest.mark.slow
@pytest.mark.parametrize("caches", ["in-process", "redis"])
def test_a_user_deleted_and_created_again_is_never_served_the_old_feed(
    launch: Launch, caches: str, request: pytest.FixtureRequest
) -> None:
    """Issue 40, C1: a user deleted and re-created with the same uid got another process's
    cached feed of the old profile — no hard exclusion and 'may contain peanuts' places with no
    warning, for an anaphylactic peanut allergy. The new user's version starts again at 1, so a
    key of uid and version alone matched the old feed."""
    env = {"KAIROS_REDIS_URL": request.getfixturevalue("redis_url")} if caches == "redis" else {}
    writer = launch("writer", sample=True, env=env)
    reader = launch("reader", env=env)
    uid = str(uuid.uuid4())
    body = {"preferences": {"cuisine_affinity": ["thai"]}}
    assert httpx.post(f"{writer.base}/users/{uid}", json=body, headers=AUTH, timeout=10).is_success
    assert _feed(reader.base, uid)["hard_excluded_allergens"] == []
    assert _feed(reader.base, uid)["cached"] is True, "the reader caches the old profile's feed"

    gone = httpx.delete(f"{writer.base}/users/{uid}", headers=AUTH, timeout=10)
    assert gone.status_code == 204, gone.text
    again = {
        **body,
        "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
    }
    assert httpx.post(f"{writer.base}/users/{uid}", json=again, headers=AUTH, timeout=10).is_success

    after = _feed(reader.base, uid)
    assert after["hard_excluded_allergens"] == ["peanuts"]
    assert len(_checked_for(after, "peanuts")) == len(after["recommendations"]), (
        "every place shown is checked against the new profile's peanut allergy"
    )
