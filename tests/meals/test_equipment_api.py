"""Equipment the cook names, over HTTP on the committed sample (issue 37, meals panel m28: a
slow-cooker stew was answered with a stovetop stew and no word about the slow cooker): recipes
that use it come first; one that does not says so, and how to make it there when the dish
allows; "only a microwave" offers nothing that needs more."""

from __future__ import annotations

import httpx

from tests.meals.helpers import coach, create_user, select


async def test_a_recipe_made_in_the_named_equipment_comes_first(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    for text in ("pork chops in my slow cooker", "chicken in the crock pot"):
        answer = await coach(client, uid, text=text)
        assert "with the slow cooker" in answer["context"]["understood"]
        used = []
        for suggestion in answer["suggestions"]:
            picked = await select(client, uid, answer["session_id"], suggestion["suggestion_id"])
            used.append("slow cooker" in picked["recipe"]["equipment"])
            if not used[-1]:
                assert suggestion["rationale"].startswith("Not made in the slow cooker")
        assert used and used[0], (text, [s["title"] for s in answer["suggestions"]])


async def test_a_stew_not_made_in_the_slow_cooker_says_so_and_how(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client, cook={"equipment": ["slow cooker", "stovetop"]})
    answer = await coach(client, uid, text="beef stew in the slow cooker")
    first = answer["suggestions"][0]
    assert "beef stew" in first["title"].lower()
    assert first["rationale"].startswith("Kairos has no beef stew made in the slow cooker")
    assert "To use your slow cooker:" in first["rationale"]
    recipe = (await select(client, uid, answer["session_id"], "s1"))["recipe"]
    assert any("To use your slow cooker:" in w for w in recipe["warnings"]), recipe["warnings"]


async def test_only_a_microwave_offers_nothing_that_needs_more(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await coach(client, uid, text="quick chicken dinner, only a microwave")
    assert answer["context"]["equipment"] == ["microwave"]
    for suggestion in answer["suggestions"]:
        recipe = await select(client, uid, answer["session_id"], suggestion["suggestion_id"])
        assert set(recipe["recipe"]["equipment"]) <= {"microwave"}, recipe["recipe"]["title"]
