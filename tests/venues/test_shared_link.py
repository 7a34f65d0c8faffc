"""The shared plan link (no credential) shows the plan, not its owner (issue 40, M2): it showed
the owner's full allergy profile with severities, their uid, their planner preferences and the
request's text, while docs/SECURITY.md says it never does."""

from __future__ import annotations

import httpx

from tests.meals.helpers import as_user, create_user

PROMPT = "birthday dinner in boston for 3, somewhere quiet near my office"


async def test_the_shared_link_shows_the_plan_and_not_its_owner(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    allergies = {"confirmed": ["sesame"], "severity": {"sesame": "anaphylactic"}}
    assert (
        await client.patch(f"/users/{uid}/allergies", json=allergies, headers=as_user(uid))
    ).status_code == 200
    owned = await client.post(
        "/api/plan",
        json={"prompt": PROMPT, "members": [{"name": "Sam"}, {"name": "Ana"}]},
        headers=as_user(uid),
    )
    assert owned.status_code == 200, owned.text
    plan = owned.json()
    assert plan["user_profile"]["allergies"] == {"sesame": "anaphylactic"}, "the owner sees it"
    shared = await client.get(f"/api/plans/{plan['plan_id']}")
    voted = await client.post(
        f"/api/plans/{plan['plan_id']}/votes",
        json={"member": "Sam", "venue_id": plan["venues"][0]["venue_id"], "vote": "yes"},
    )
    for public in (shared, voted):
        assert public.status_code == 200, public.text
        body = public.json()
        assert [v["venue_id"] for v in body["venues"]] and body["members"] == ["you", "Sam", "Ana"]
        assert body["user_profile"] == {} and body["parsed_intent"] == {}
        assert body["action_request"] is None
        text = public.text
        assert uid not in text and uid.replace("-", "") not in text
        assert "near my office" not in text and "somewhere quiet" not in text
        assert "auth_user_id" not in text and "budget_sensitivity" not in text
        # each venue keeps its allergy check: the group deciding where to eat reads the risks
        assert all(v["allergy"]["checked_for"] for v in body["venues"])
