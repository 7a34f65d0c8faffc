"""The meal coach over HTTP, on the real app, database, recipes sample and embedding model:
text and ingredients → suggestions → recipe → feedback → learning, for a cook and a household
with anaphylactic allergies."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.core.allergy_profile import AllergyProfile
from kairos.recipes import CookConstraints, remaining_hazards
from kairos.recipes.pantry import FREE_MISSING_MAINS
from tests.meals.helpers import as_user, coach, create_user, select

SEED_FIELDS = {"suggestion_id", "title", "summary", "rationale", "tags", "time", "difficulty"}
COOK = {"confirmed": ["peanuts", "dairy"], "severity": {"peanuts": "anaphylactic"}}
SAM = {"confirmed": ["shellfish", "eggs"], "severity": {"shellfish": "anaphylactic"}}


def _final_lines(recipe: dict[str, Any]) -> list[str]:
    return [i["display"] for i in recipe["ingredients"] if not i["omitted"]]


def _constraints(*profiles: dict[str, Any], dislikes: tuple[str, ...] = ()) -> CookConstraints:
    members = [CookConstraints.from_profile(AllergyProfile.model_validate(p)) for p in profiles]
    return CookConstraints.union(members).model_copy(update={"dislikes": dislikes})


async def test_meal_to_healthier_suggestions_to_recipe(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, allergies=COOK)
    answer = await coach(client, uid, text="healthier chicken curry in 45 minutes for 4")
    assert answer["ui_type"] == "suggestions" and answer["step"] == "awaiting_selection"
    suggestions = answer["suggestions"]
    assert 1 <= len(suggestions) <= 3
    for s in suggestions:
        assert s.keys() >= SEED_FIELDS and s["source_recipe_ids"]
        assert s["healthier"]["baseline_recipes"] >= 1
        assert s["healthier"]["claim"] in s["rationale"]
        healthier = s["healthier"]["verdict"] == "healthier"
        assert ("healthier" in s["rationale"].lower()) == healthier
        assert s["time_minutes"] is None or s["time_minutes"] <= 45
    assert answer["context"]["avoided_allergens"] == ["dairy", "peanuts"]
    assert "serves 4" in answer["context"]["understood"]
    recipe_answer = await select(client, uid, answer["session_id"], "s1")
    recipe = recipe_answer["recipe"]
    assert recipe_answer["ui_type"] == "recipe" and recipe_answer["step"] == "done"
    assert recipe["recipe_id"] == suggestions[0]["source_recipe_ids"][0]
    assert recipe["steps"] and recipe["source"]
    if recipe["source_servings"] is None:  # no number the source never gave: said instead
        assert recipe["servings"] in (4, None)
        assert any("serves" in w or "servings" in w for w in recipe["warnings"])  # or estimated
    else:
        assert recipe["servings"] == 4
    assert remaining_hazards(_final_lines(recipe), _constraints(COOK)) == []


async def test_a_dish_named_by_a_kept_out_allergen_says_it_is_left_out(
    client: httpx.AsyncClient,
) -> None:
    """ "shrimp pasta" for a cook who keeps shellfish out: the suggestions are pasta without
    shrimp, and the message says why rather than calling them versions of shrimp pasta alone."""
    uid = await create_user(client, allergies=SAM)
    answer = await coach(client, uid, text="shrimp pasta")
    assert answer["suggestions"]
    assert answer["message"].endswith("Without shrimp: shellfish is kept out for you.")
    plain = await coach(client, await create_user(client), text="shrimp pasta")
    assert "kept out" not in plain["message"]


async def test_household_union_of_anaphylactic_allergies(client: httpx.AsyncClient) -> None:
    uid = await create_user(
        client, allergies=COOK, cook={"household": [{"name": "Sam", "allergies": SAM}]}
    )
    alone = await coach(client, uid, text="pasta with shrimp")
    household = await coach(client, uid, text="pasta with shrimp for the family")
    assert "shellfish" not in alone["context"]["avoided_allergens"]
    assert {"shellfish", "eggs", "peanuts", "dairy"} <= set(
        household["context"]["avoided_allergens"]
    )
    assert household["context"]["cooking_for"] == ["you", "Sam"]
    union = _constraints(COOK, SAM)
    for s in household["suggestions"]:
        chosen = await select(client, uid, household["session_id"], s["suggestion_id"])
        lines = _final_lines(chosen["recipe"])
        assert remaining_hazards(lines, union) == [], (s["title"], lines)
        assert chosen["recipe"]["servings"] == 2  # the cook and Sam
    # nothing dropped silently: a shrimp dish for Sam is refused with its reason, or adapted
    assert household["not_offered"] or household["suggestions"]


async def test_ingredients_to_pantry_ideas(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await coach(client, uid, text="I have chicken, rice, onion, garlic and broccoli")
    assert answer["input_kind"] == "text_ingredients"
    suggestions = answer["suggestions"]
    assert 3 <= len(suggestions) <= 5
    # the most of the items as main ingredients first, one less for each main ingredient to buy
    # past FREE_MISSING_MAINS
    mains = [
        len(s["pantry"]["main"]) - max(0, len(s["pantry"]["missing_main"]) - FREE_MISSING_MAINS)
        for s in suggestions
    ]
    assert mains == sorted(mains, reverse=True)
    assert all(set(s["pantry"]["main"]) <= set(s["pantry"]["used"]) for s in suggestions)
    first = suggestions[0]["pantry"]
    assert first["text"].startswith(f"uses {len(first['used'])} of your 5 items")
    assert suggestions[0]["rationale"].startswith("It uses")


async def test_an_item_the_diet_swaps_out_is_not_counted_as_used(
    client: httpx.AsyncClient,
) -> None:
    """A vegetarian with chicken in the fridge once got a salad that "uses chicken" (its
    chicken-flavoured ramen, swapped for pasta): what the adaptation replaced is never an item
    used, and a recipe left using none of the items is no answer."""
    uid = await create_user(client, preferences={"dietary": ["vegetarian"]})
    answer = await coach(client, uid, text="I have chicken, rice, broccoli and lime")
    suggestions = answer["suggestions"]
    assert suggestions
    for suggestion in suggestions:
        assert "chicken" not in suggestion["pantry"]["used"], suggestion["title"]
        assert suggestion["pantry"]["used"], suggestion["title"]


async def test_a_savoury_cupboard_gets_meals_and_a_baking_one_may_get_cakes(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """ "I have eggs, spinach, onion and feta" once got sugar cookies and a chocolate cake."""
    from kairos.recipes import RecipeRepository
    from kairos.recipes.course import is_meal

    uid = await create_user(client)
    savoury = await coach(client, uid, text="I have eggs, spinach, onion and feta")
    baking = await coach(client, uid, text="I have flour, sugar, butter and eggs")
    store = RecipeRepository(runtime.db, runtime.embedder)
    for answer, meals_only in ((savoury, True), (baking, False)):
        ids = [i for s in answer["suggestions"] for i in s["source_recipe_ids"]]
        assert ids
        recipes = await store.load(ids)
        meals = [is_meal(recipes[i]) for i in ids]
        assert all(meals) if meals_only else not all(meals), [recipes[i].title for i in ids]


async def test_constraints_narrow_the_recipes(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await coach(client, uid, text="chicken in 20 minutes with no oven")
    assert "no oven" in answer["context"]["understood"]
    assert answer["context"]["max_minutes"] == 20
    for s in answer["suggestions"]:
        assert s["time_minutes"] is None or s["time_minutes"] <= 20
        recipe = (await select(client, uid, answer["session_id"], s["suggestion_id"]))["recipe"]
        assert "oven" not in recipe["equipment"]


async def test_feedback_teaches_and_never_touches_allergies(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, allergies=COOK)
    answer = await coach(client, uid, text="beef stew")
    recipe = (await select(client, uid, answer["session_id"], "s1"))["recipe"]
    response = await client.post(
        f"/meals/{recipe['meal_id']}/feedback",
        json={"liked": True, "cooked_again": True, "tags": ["cozy"], "notes": "I hate mushrooms"},
        headers=as_user(uid),
    )
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["dislikes_added"] == ["mushrooms"] and result["allergies_changed"] is False
    assert result["allergy_note"] is None
    assert result["facts_changed"]["like:cozy"] == 1.0
    assert all(v == 3.0 for k, v in result["facts_changed"].items() if k != "like:cozy")
    user = (await client.get(f"/users/{uid}", headers=as_user(uid))).json()
    assert user["allergies"]["confirmed"] == ["peanuts", "dairy"]
    assert user["cook"]["dislikes"] == ["mushrooms"]
    facts = (await client.get("/meals/facts", headers=as_user(uid))).json()
    assert facts["dislikes"] == ["mushrooms"] and facts["data"][0]["strength"] == 3.0
    history = (await client.get("/meals/history", headers=as_user(uid))).json()
    assert history["count"] == 1 and history["data"][0]["liked"] is True
    assert history["data"][0]["cooked_again"] is True
    later = await coach(client, uid, text="beef stew with vegetables")
    assert "mushrooms" in later["context"]["dislikes"]
    assert result["memories_added"][0] in later["context"]["memories"]
    for s in later["suggestions"]:
        chosen = (await select(client, uid, later["session_id"], s["suggestion_id"]))["recipe"]
        left = remaining_hazards(_final_lines(chosen), _constraints(COOK, dislikes=("mushrooms",)))
        assert left == []
    told = await client.post(
        f"/meals/{recipe['meal_id']}/feedback",
        json={"notes": "I hate olives and I am allergic to sesame"},
        headers=as_user(uid),
    )
    assert told.json()["dislikes_added"] == ["olives"]
    assert "sesame" in told.json()["allergy_note"] and "allergies" in told.json()["allergy_note"]


async def test_cook_profile_partial_update(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    headers = as_user(uid)
    first = await client.patch(
        "/meals/profile", json={"skill": "beginner", "units": "imperial"}, headers=headers
    )
    assert first.status_code == 200, first.text
    second = await client.patch(
        "/meals/profile",
        json={"household": [{"name": "Ana", "allergies": {"confirmed": ["prawns"]}}]},
        headers=headers,
    )
    cook = second.json()
    assert cook["skill"] == "beginner" and cook["units"] == "imperial"
    assert cook["household"][0]["allergies"]["confirmed"] == ["shellfish"]
    answer = await coach(client, uid, text="banana bread")
    assert answer["context"]["skill"] == "beginner" and answer["context"]["units"] == "imperial"


async def test_errors_say_what_to_fix(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    headers = as_user(uid)
    assert (await client.post("/meals/coach", json={"text": "soup"})).status_code == 401
    empty = await client.post("/meals/coach", json={"text": " "}, headers=headers)
    assert empty.status_code == 200 and empty.json()["ui_type"] == "follow_up"  # it asks
    gone = await client.post(
        "/meals/coach",
        json={"text": "soup", "session_id": "00000000-0000-4000-8000-000000000000"},
        headers=headers,
    )
    assert gone.status_code == 404 and "omit session_id" in gone.json()["detail"]
    wrong_type = await client.post(
        "/meals/coach", content=b"text=soup", headers={**headers, "Content-Type": "text/plain"}
    )
    assert wrong_type.status_code == 415
    not_json = await client.post(
        "/meals/coach", content=b"{", headers={**headers, "Content-Type": "application/json"}
    )
    assert not_json.status_code == 400
    extra = await client.post("/meals/coach", json={"txt": "soup"}, headers=headers)
    assert extra.status_code == 422 and extra.json()["errors"]
    answer = await coach(client, uid, text="tomato soup")
    bad = await client.post(
        f"/meals/coach/{answer['session_id']}/select", json={"suggestion_id": "s9"},
        headers=headers,
    )  # fmt: skip
    assert bad.status_code == 422 and "choose one of" in bad.json()["detail"]
    other = await create_user(client)
    stolen = await client.post(
        f"/meals/coach/{answer['session_id']}/select", json={"suggestion_id": "s1"},
        headers=as_user(other),
    )  # fmt: skip
    assert stolen.status_code == 404
    missing = await client.post(
        "/meals/00000000-0000-4000-8000-000000000000/feedback", json={"liked": True},
        headers=headers,
    )  # fmt: skip
    assert missing.status_code == 404


async def test_sessions_expire_after_24_hours(client: httpx.AsyncClient, runtime: Any) -> None:
    from sqlalchemy import text

    uid = await create_user(client)
    answer = await coach(client, uid, text="pancakes")
    async with runtime.db.session() as session, session.begin():
        await session.execute(
            text(
                "UPDATE meal_sessions SET updated_at = now() - interval '25 hours' WHERE id = :id"
            ),
            {"id": answer["session_id"]},
        )
    late = await client.post(
        f"/meals/coach/{answer['session_id']}/select", json={"suggestion_id": "s1"},
        headers=as_user(uid),
    )  # fmt: skip
    assert late.status_code == 404 and "24 hours" in late.json()["detail"]


async def test_a_beginner_gets_no_hard_recipe(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, cook={"skill": "beginner"})
    for text in ("lasagna", "I have chicken, rice, garlic, onion and peppers"):
        answer = await coach(client, uid, text=text)
        assert answer["suggestions"]
        assert all(s["difficulty"] != "hard" for s in answer["suggestions"]), text


async def test_a_dish_that_cannot_be_made_safe_is_not_offered_and_says_why(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(
        client, allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
    )
    answer = await coach(client, uid, text="peanut butter cookies")
    assert answer["ui_type"] == "suggestions"
    titles = [s["title"].lower() for s in answer["suggestions"]]
    assert not any("peanut" in t for t in titles)
    assert any("peanut" in reason.lower() for reason in answer["not_offered"])
    if not titles:
        assert "cannot be made safe" in answer["message"]
    for s in answer["suggestions"]:
        assert s["rationale"].startswith("Not peanut butter cookies, but close to it")
