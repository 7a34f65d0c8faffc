"""Plans of the right place and kind (issue 38), on the real app, database and sample catalog:
a neighbourhood the catalogue holds nothing of widens to its city and says so; a place name
holding an activity word ("Covent Garden") keeps the outing's kind; typo'd budget and group
words are read; a bank's café, a grocery or a bakery does not lead a group's meal."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import create_user
from tests.venues.plans import post_plan as _plan

MEAL_OR_DRINK_KINDS = {"restaurant", "bar", "pub"}
"""The test's own words: the kinds a dinner or drinks may be planned at."""
NOT_TO_LEAD_A_MEAL = {
    "grocery",
    "bakeries",
    "banks & credit unions",
    "specialty food",
    "food trucks",
    "food stands",
}
"""The test's own words: categories of places that do not lead a group's lunch or dinner."""


async def _categories(runtime: Any, venues: list[dict[str, Any]]) -> list[set[str]]:
    """Each venue's categories as the catalog holds them."""
    ids = [int(v["venue_id"].removeprefix("kp_")) for v in venues]
    rows = await runtime.db.fetch(
        "SELECT id, categories FROM places WHERE id = ANY(CAST(:ids AS bigint[]))", {"ids": ids}
    )
    held = {int(r["id"]): {c.lower() for c in r["categories"]} for r in rows}
    return [held.get(i, set()) for i in ids]


async def test_drinks_in_a_neighbourhood_with_nothing_widen_to_its_city_and_say_so(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """ "Drinks in Shoreditch" answered "no bar in Shoreditch" with no venue, while London holds
    pubs (restaurants its sources list as pubs and bars). The plan now widens to London and
    says what in the neighbourhood fit, read from its postcode districts."""
    uid = await create_user(client)
    plan = await _plan(client, uid, prompt="birthday drinks in shoreditch for 6", group_size=6)
    venues, summary = plan["venues"], plan["execution_summary"]
    assert venues, summary
    assert "in Shoreditch (by postcode: EC2A" in summary, summary
    assert "elsewhere in London" in summary, summary
    for venue, categories in zip(venues[:3], await _categories(runtime, venues[:3]), strict=True):
        assert venue["kind"] == "bar" or categories & {"bar", "pub", "bars", "pubs"}, venue


async def test_a_place_name_holding_an_activity_word_keeps_the_outings_kind(
    client: httpx.AsyncClient,
) -> None:
    """After a dinner plan, "somewhere closer to covent garden" read "garden" as a park outing
    and answered "no park or viewpoint in Covent Garden"."""
    uid = await create_user(client)
    said = "date night dinner in london for 2"
    first = await _plan(client, uid, prompt=said, group_size=2)
    history = [
        {"role": "user", "content": said},
        {"role": "assistant", "content": first["execution_summary"][:1990]},
    ]
    closer = await _plan(
        client, uid, prompt="somewhere closer to covent garden", chat_history=history
    )
    assert closer["parsed_intent"]["activity"] == "meal", closer["parsed_intent"]
    assert closer["venues"], closer["execution_summary"]
    assert {v["kind"] for v in closer["venues"]} <= MEAL_OR_DRINK_KINDS


async def test_a_date_night_is_a_dinner_and_a_place_name_is_no_vibe(
    client: httpx.AsyncClient,
) -> None:
    """ "date night in londn for 2, somewhere special" was planned at Kew Gardens, Westminster
    and the Tower of London; after "somewhere a bit closer to covent garden" the venues were
    ranked as "outdoor 0.93" (the garden of Covent Garden read as a vibe)."""
    uid = await create_user(client)
    said = "date night in londn for 2, somewhere special"
    first = await _plan(client, uid, prompt=said, group_size=2)
    assert first["parsed_intent"]["activity"] == "meal", first["parsed_intent"]
    assert first["venues"], first["execution_summary"]
    assert {v["kind"] for v in first["venues"][:3]} <= MEAL_OR_DRINK_KINDS, first["venues"][:3]
    history = [
        {"role": "user", "content": said},
        {"role": "assistant", "content": first["execution_summary"][:1990]},
    ]
    closer = await _plan(
        client, uid, prompt="somewhere a bit closer to covent garden?", chat_history=history
    )
    assert closer["parsed_intent"].get("vibe") != "outdoor", closer["parsed_intent"]
    assert "outdoor" not in closer["execution_summary"], closer["execution_summary"]


async def test_typod_budget_and_group_words_are_read(client: httpx.AsyncClient) -> None:
    """ "chepa eats in cambrige for 6 studnets" read no budget: every venue $$ without a word."""
    uid = await create_user(client)
    plan = await _plan(client, uid, prompt="chepa eats in cambrige for 6 studnets", group_size=6)
    assert plan["parsed_intent"]["budget"] == "low", plan["parsed_intent"]
    top = plan["venues"][0]
    summary = plan["execution_summary"]
    assert top["price_range"] == "$" or "cheap" in summary.lower(), (top, summary)


async def test_a_grocery_bakery_or_banks_cafe_does_not_lead_a_group_lunch(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """With a cheap budget's $ venues first, a bakery-café led a student lunch for 4 and a
    bank's café (Capital One Café) came second for a cheap lunch for 6. They now come after
    every place to eat that stands as well for the group (the critic's order first)."""
    uid = await create_user(client)
    for prompt, top in (
        ("student lunch in cambridge for 4", 1),
        ("cheap lunch in cambridge for 6", 3),
    ):
        plan = await _plan(client, uid, prompt=prompt)
        leading = plan["venues"][:top]
        assert leading, plan["execution_summary"]
        for venue, categories in zip(leading, await _categories(runtime, leading), strict=True):
            assert not categories & NOT_TO_LEAD_A_MEAL, (prompt, venue["name"], categories)
