"""Every venue a plan shows carries the safety step's allergy check for every member and the
planner; a member's likely allergen at a kind of venue (tree nuts at a bakery or a dessert
place) names that member; venues with no known risk come first, and a venue kept with one says
why. On the real app, database and sample catalog, over HTTP and the WebSocket."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import websockets

from kairos.store.plans import PlanStore
from tests.meals.helpers import as_user, create_user
from tests.venues.conftest import SERVICE_TOKEN
from tests.venues.plans import post_plan as _plan

NIA: dict[str, Any] = {"name": "Nia", "allergies": {"severity": {"tree_nuts": "anaphylactic"}}}
# a bakery, patisserie, dessert, ice cream, chocolate or donut place, in the words sources use
SWEET = ("baker", "patisserie", "pastr", "dessert", "ice cream", "gelato", "chocolat", "donut")


def _named(venue: dict[str, Any], member: str, allergen: str) -> bool:
    listed = any(
        r["name"] == member and allergen in r["allergens"] for r in venue["members_at_risk"]
    )
    checked = any(
        r["allergen"] == allergen and member in r["who"] for r in venue["allergy"]["risks"]
    )
    return listed and checked


def _agrees(venue: dict[str, Any]) -> bool:
    """The seed's members_at_risk says what the allergy check says, person by person."""
    listed = {
        (r["name"], a)
        for r in venue["members_at_risk"]
        if r["severity"] != "diet"
        for a in r["allergens"]
    }
    checked = {(who, r["allergen"]) for r in venue["allergy"]["risks"] for who in r["who"]}
    return listed == checked


async def test_a_tree_nut_allergy_is_named_on_every_bakery_and_dessert_venue(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """Checked from outside, tree nuts at bakeries, dessert and chocolate places did not name
    the member anaphylactic to them: a bakery's kind now makes them likely ("may contain",
    medium), so Nia is named on each, and the top three say why they are kept."""
    uid = await create_user(client)
    for prompt in ("dessert in boston for 4", "bakery stop in cambridge for 3"):
        plan = await _plan(client, uid, prompt=prompt, members=[NIA])
        ids = [int(v["venue_id"].removeprefix("kp_")) for v in plan["venues"]]
        records = await runtime.places.records(ids)
        sweet = [
            v
            for v, i in zip(plan["venues"], ids, strict=True)
            if any(w in c for c in records[i].place.categories for w in SWEET)
        ]
        assert len(sweet) >= 2, (prompt, [v["name"] for v in plan["venues"]])
        for venue in sweet:
            assert _named(venue, "Nia", "tree_nuts"), (prompt, venue["name"])
            (risk,) = [r for r in venue["allergy"]["risks"] if r["allergen"] == "tree_nuts"]
            assert risk["who"] == ["Nia"] and risk["status"] == "likely"
            assert risk["severity"] == "anaphylactic" and risk["level"] == "danger"
            # a guess from the kind says so; a review's reading cites it (shown flagged, not
            # excluded: the hard filter excludes only a verified "contains", as the step does)
            assert "not verified" in risk["message"] or "a review says" in risk["message"]
            assert venue["allergy"]["verdict"] == "danger"
        for venue in plan["venues"][:3]:
            if venue["allergy"]["risks"]:
                assert "may hold tree nuts" in venue["watch_out"], venue["watch_out"]
                assert "which Nia must avoid" in venue["watch_out"]


async def test_venues_with_no_known_risk_come_first(client: httpx.AsyncClient) -> None:
    """Coffee in Cambridge finds cafés that hold no known risk for Nia and bakeries that may
    hold her tree nuts: the plan leads with the former and says why a bakery is still shown;
    the same holds for Mo's moderate allergy, which endangers no one."""
    uid = await create_user(client)
    mo: dict[str, Any] = {"name": "Mo", "allergies": {"severity": {"tree_nuts": "moderate"}}}
    for member in (NIA, mo):
        plan = await _plan(client, uid, prompt="coffee in cambridge for 4", members=[member])
        free = [v["rank"] for v in plan["venues"] if not v["allergy"]["risks"]]
        risky = [v for v in plan["venues"] if v["allergy"]["risks"]]
        assert free and risky, [v["name"] for v in plan["venues"]]
        assert max(free) < min(v["rank"] for v in risky), member["name"]
        for venue in risky:
            assert _named(venue, member["name"], "tree_nuts")
            if venue["rank"] <= 3:
                come = "they come" if len(free) > 1 else "it comes"
                said = f"no known allergy risk for the group, and {come} first"
                assert said in venue["watch_out"], venue["watch_out"]
                assert f"here {member['name']} is at risk from tree nuts." in venue["watch_out"]


async def test_every_venue_carries_its_check_for_every_member(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """In the plan, the plan read and voted on by its owner, and a plan stored before venues
    carried the check: every venue's `allergy` is made for "you" and each member with their own
    allergies, and `members_at_risk` agrees with it."""
    uid = await create_user(client)
    members = [
        NIA,
        {"name": "Ben"},
        {"name": "Cy", "allergies": {"confirmed": ["milk"], "severity": {"milk": "moderate"}}},
    ]
    plan = await _plan(client, uid, prompt="brunch in boston for 4", members=members)
    everyone = ["you", "Nia", "Ben", "Cy"]

    def check(answer: dict[str, Any]) -> None:
        shown = [*answer["venues"], *([answer["backup"]] if answer["backup"] else [])]
        assert shown
        for venue in shown:
            allergy = venue["allergy"]
            assert allergy["checked_for"] == everyone
            assert allergy["allergens"] == ["tree_nuts", "dairy"]
            assert allergy["verdict"] in {"danger", "caution", "no_known_risk"}
            assert _agrees(venue), venue["name"]
            for risk in allergy["risks"]:
                assert risk["who"] == (["Nia"] if risk["allergen"] == "tree_nuts" else ["Cy"])

    check(plan)
    assert any(v["allergy"]["risks"] for v in plan["venues"]), "brunch holds dairy for Cy"
    plan_id = plan["plan_id"]
    # the owner's own view (the link without it names no allergy: test_shared_link.py)
    owner = as_user(uid)
    check((await client.get(f"/api/plans/{plan_id}", headers=owner)).json())
    first = plan["venues"][0]["venue_id"]
    voted = await client.post(
        f"/api/plans/{plan_id}/votes",
        json={"member": "Ben", "venue_id": first, "vote": "veto"},
        headers=owner,
    )
    assert voted.status_code == 200, voted.text
    check(voted.json())

    # a plan stored before venues carried their check is checked again when it is read
    stored = json.loads(json.dumps(plan))
    for venue in stored["venues"]:
        del venue["allergy"]
        venue["members_at_risk"] = [r for r in venue["members_at_risk"] if r["severity"] == "diet"]
    old_id = uuid.uuid4()
    request: dict[str, Any] = {"prompt": "brunch in boston for 4", "members": members}
    await PlanStore(runtime.db).save_plan(
        plan_id=old_id, owner=uuid.UUID(uid), prompt=request["prompt"], request=request,
        members=everyone, result={**stored, "plan_id": str(old_id)},
    )  # fmt: skip
    again = (await client.get(f"/api/plans/{old_id}", headers=owner)).json()
    check(again)
    assert [v["venue_id"] for v in again["venues"]] == [v["venue_id"] for v in plan["venues"]]
    assert [v["allergy"] for v in again["venues"]] == [v["allergy"] for v in plan["venues"]]


async def test_the_websocket_result_carries_each_venues_check(venue_server: str) -> None:
    auth = {"X-Service-Token": SERVICE_TOKEN}
    uid = str(uuid.uuid4())
    async with httpx.AsyncClient(base_url=venue_server, timeout=30) as client:
        assert (await client.post(f"/users/{uid}", json={}, headers=auth)).status_code == 201
        made = await client.post(f"/users/{uid}/tokens", json={}, headers=auth)
        token = made.json()["token"]
    url = venue_server.replace("http://", "ws://") + f"/api/ws/plan?access_token={token}"
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"prompt": "dessert in boston for 4", "members": [NIA]}))
        messages = [json.loads(m) async for m in socket]
    result = messages[-1]
    assert result["type"] == "result", result
    venues = result["data"]["venues"]
    assert venues
    for venue in venues:
        assert venue["allergy"]["checked_for"] == ["you", "Nia"]
        assert _agrees(venue)
    assert any(_named(v, "Nia", "tree_nuts") for v in venues)


def test_the_group_safety_checker_keeps_word_lists_of_its_own() -> None:
    """`kairos eval venue-safety` judges the planner with its own category and cuisine words:
    it imports nothing of kairos.core, so a blind spot of the product's tables or matcher (a
    plural, a kind with no entry) cannot hide from it."""
    import ast

    from kairos.evals import venue_safety
    from tests.conftest import REPO

    source = REPO / "src" / "kairos" / "evals" / "venue_safety.py"
    imported = [
        node.module or ""
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert not [m for m in imported if m.startswith("kairos.core")], imported
    expected = venue_safety.expected_allergens
    assert "gluten" in expected("Flour", ["Sandwiches"])
    assert expected("Flour", ["Delis"]).keys() >= {"gluten", "mustard"}
    assert "tree_nuts" in expected("Tatte Bakery & Cafe", ["Coffee & Tea"])
    assert "tree_nuts" in expected("X", ["Chocolatiers & Shops"])
    assert {"dairy", "tree_nuts"} <= expected("X", ["Ice Cream & Frozen Yogurt"]).keys()
    assert "gluten" in expected("X", ["Noodles"]) and "gluten" in expected("X", ["Pubs"])
    assert expected("The Publick House", ["Bars"]) == {}
