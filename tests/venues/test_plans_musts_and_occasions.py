"""Plans held to what the group said (issue 38), on the real app, database and sample
catalogue: a diet said as a must ("it has to be vegan") is led by a venue showing evidence of
it, and "somewhere nice" is led by well-rated sit-down places priced $$ or more. The checks
read the venues' own traits, categories, prices and ratings from the database, with this
file's word list, not the planner's."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import as_user, create_user

COUNTER = frozenset(
    {
        "fast food", "coffee & tea", "cafes", "bagels", "sandwiches", "delis", "donuts",
        "bakeries", "desserts", "juice bars & smoothies", "food trucks", "food stands",
        "street vendors", "ice cream & frozen yogurt", "specialty food", "salad", "soup",
    }
)  # fmt: skip


def _a_counter(categories: list[str]) -> bool:
    """Served at a counter: most of its categories say so, or it is a truck or stand."""
    said = [c.lower() for c in categories]
    counter = sum(c in COUNTER for c in said)
    return counter > len(said) - counter or bool({"food trucks", "food stands"} & set(said))


async def _plan(client: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    uid = await create_user(client)
    response = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def _rows(runtime: Any, venue_ids: list[str]) -> dict[str, dict[str, Any]]:
    ids = [int(v.removeprefix("kp_")) for v in venue_ids]
    rows = await runtime.db.fetch(
        "SELECT id, traits, categories, price_tier, rating FROM places "
        "WHERE id = ANY(CAST(:ids AS bigint[]))",
        {"ids": ids},
    )
    return {f"kp_{r['id']}": dict(r) for r in rows}


async def test_a_diet_said_as_a_must_is_led_by_a_venue_showing_it(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """ "It has to be vegan" once led with a $ pizzeria with no vegan evidence (the one
    vegan-listed place, a salad counter, was left out as no sit-down dinner): a must puts
    evidence first, and a counter kept for it says so."""
    plan = await _plan(
        client,
        prompt="dinner for 4 in boston, Pat is vegan and it has to be vegan",
        group_size=4,
        members=[{"name": "Pat", "allergies": {}, "diets": ["vegan"]}],
    )
    first = plan["venues"][0]
    rows = await _rows(runtime, [first["venue_id"]])
    assert "vegan" in rows[first["venue_id"]]["traits"], first["name"]
    if _a_counter(rows[first["venue_id"]]["categories"]):
        assert "must" in first["watch_out"], first["watch_out"]


async def test_somewhere_nice_is_led_by_well_rated_sit_down_places(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """A fish dinner "somewhere nice" with a member anaphylactic to shellfish once led with a
    $ sandwich shop and a 3.5★ $ pizzeria once the shellfish places were left out: now the top
    three are rated 4★ or more, priced $$ or more, and not counters; one under 4★ (a
    restaurant, where the only 4★ left was a lounge) says that it is below the occasion."""
    plan = await _plan(
        client,
        prompt="fish dinner in boston for 5, somewhere nice",
        group_size=5,
        members=[
            {
                "name": "Ada",
                "allergies": {
                    "confirmed": ["shellfish"],
                    "severity": {"shellfish": "anaphylactic"},
                },
            }
        ],
    )
    top = plan["venues"][:3]
    assert len(top) == 3, plan["execution_summary"]
    rows = await _rows(runtime, [v["venue_id"] for v in top])
    for venue in top:
        row = rows[venue["venue_id"]]
        said = "Plainer than the nice dinner asked for" in (venue.get("watch_out") or "")
        assert row["rating"] is None or row["rating"] >= 4.0 or said, (venue["name"], row["rating"])
        assert row["price_tier"] != "$", (venue["name"], row["price_tier"])
        assert not _a_counter(row["categories"]), venue["name"]
        assert "shellfish" not in (venue["category"] or "").lower()


CAFE_NAME = ("coffee", "café", "cafe", "espresso", "roasters")
BRUNCH = frozenset(
    {"breakfast & brunch", "cafes", "coffee & tea", "diners", "bakeries", "bagels", "delis"}
)


async def test_a_quieter_dinner_is_not_led_by_a_coffee_house(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """ "Somewhere quieter" after a lively dinner once put The Well Coffee House (cafés, coffee
    & tea, a cafeteria) first: the dinner asked earlier still holds, and a café by its name and
    categories comes after the places to eat."""
    uid = await create_user(client)
    body: dict[str, Any] = {"prompt": "lively dinner in boston for 4 saturday", "group_size": 4}
    first = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert first.status_code == 200, first.text
    history = [
        {"role": "user", "content": body["prompt"]},
        {"role": "assistant", "content": first.json()["execution_summary"][:1990]},
    ]
    body |= {"prompt": "somewhere quieter please, grandma is coming", "chat_history": history}
    after = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert after.status_code == 200, after.text
    top = after.json()["venues"][:3]
    rows = await _rows(runtime, [v["venue_id"] for v in top])
    for venue in top:
        named = any(w in venue["name"].lower() for w in CAFE_NAME)
        listed = {c.lower() for c in rows[venue["venue_id"]]["categories"]}
        assert not (named and listed & {"cafes", "coffee & tea"}), venue["name"]


async def test_a_brunch_is_led_by_places_that_show_one(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """A Sunday brunch once had an Indian grill second, before places listed for breakfast &
    brunch: no venue without brunch evidence (a category, a review naming brunch or
    breakfast) ranks before one with it, among those no check advises against."""
    plan = await _plan(
        client, prompt="sunday brunch in somerville for 6, a housewarming", group_size=6
    )
    venues = [
        v for v in plan["venues"] if not any(f["severity"] == "high" for f in v["risk_flags"])
    ]
    rows = await _rows(runtime, [v["venue_id"] for v in venues])
    ids = [int(v["venue_id"].removeprefix("kp_")) for v in venues]
    reviewed = await runtime.db.fetch(
        "SELECT DISTINCT place_id FROM reviews WHERE place_id = ANY(CAST(:ids AS bigint[])) "
        "AND (text ILIKE '%brunch%' OR text ILIKE '%breakfast%')",
        {"ids": ids},
    )
    said = {f"kp_{r['place_id']}" for r in reviewed}
    shows = [
        v["venue_id"] in said
        or bool({c.lower() for c in rows[v["venue_id"]]["categories"]} & BRUNCH)
        for v in venues
    ]
    assert any(shows), [v["name"] for v in venues]
    assert shows == sorted(shows, reverse=True), list(
        zip([v["name"] for v in venues], shows, strict=True)
    )
