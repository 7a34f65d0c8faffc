"""Every suggestion and recipe the coach returns carries the safety step's allergy check, for
the cook and every household member it is cooked for; what a line contains is substituted or
the recipe is not offered, and what a line only likely holds stays, named with what to check
and for whom (over HTTP, on the real app and the recipes sample)."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.meals.helpers import coach, create_user, select

ANAPHYLACTIC_SULPHITES = {"confirmed": ["sulphites"], "severity": {"sulphites": "anaphylactic"}}
SEVERE_SHELLFISH = {"confirmed": ["shellfish"], "severity": {"shellfish": "severe"}}
# the test's own words for what holds sulphites, not the product's reader
WINE = re.compile(
    r"\b(?:wines?|sherry|marsala|vermouth|champagne|prosecco|port|madeira|cider|beer|"
    r"balsamic|shaoxing)\b",
    re.IGNORECASE,
)
# rice wines: only some are sulphited, so they may stay, named in the allergy check
RICE_WINE = re.compile(r"\b(?:sake|mirin)\b", re.IGNORECASE)
WINE_DISHES = ("french onion soup", "fish fillets italiano", "marinara sauce", "cheese fondue",
               "shrimp and grits", "italian sausage peppers and onions", "pulled pork ragu",
               "lemon chicken with artichokes")  # fmt: skip


def _final(recipe: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for i in recipe["ingredients"] if not i["omitted"]]


async def _recipes(client: httpx.AsyncClient, uid: str, answer: dict[str, Any]) -> list[Any]:
    chosen = []
    for suggestion in answer["suggestions"]:
        picked = await select(client, uid, answer["session_id"], suggestion["suggestion_id"])
        chosen.append((suggestion, picked["recipe"]))
    return chosen


async def test_a_cook_anaphylactic_to_sulphites_gets_no_wine_line(
    client: httpx.AsyncClient,
) -> None:
    """23 of 30 healthier versions of a recipe with wine once kept the wine for this cook."""
    uid = await create_user(client, allergies=ANAPHYLACTIC_SULPHITES)
    swapped = 0
    for dish in WINE_DISHES:
        answer = await coach(client, uid, text=f"healthier {dish}")
        for suggestion, recipe in await _recipes(client, uid, answer):
            assert suggestion["allergy"]["checked_for"] == ["you"]
            for line in _final(recipe):
                assert not WINE.search(line["display"]), (recipe["title"], line["display"])
                if RICE_WINE.search(line["display"]):
                    assert any(r["allergen"] == "sulphites" for r in recipe["allergy"]["risks"])
                if WINE.search(line["original"]):
                    swapped += 1
                    assert "sulphite" in line["substitution"]["reason"], line
            for step in recipe["steps"]:
                assert not WINE.search(step["text"]), (recipe["title"], step["text"])
                assert not re.search(r"\b([a-z]{2,}) \1\b", step["text"], re.I), step["text"]
    assert swapped >= 3  # the wine was replaced, not only avoided


async def test_a_severe_shellfish_members_curry_paste_is_replaced(
    client: httpx.AsyncClient,
) -> None:
    """Thai curry pastes (most hold shrimp paste) once stayed in the final list for a severe
    shellfish allergy, named by the check only: for a severe or anaphylactic allergy a line
    that likely holds it is replaced by a safe one (a fresh paste), said to be for Sam, or the
    recipe is not offered."""
    uid = await create_user(
        client, cook={"household": [{"name": "Sam", "allergies": SEVERE_SHELLFISH}]}
    )
    replaced = 0
    for dish in ("thai green curry chicken", "panang curry", "thai pineapple chicken curry"):
        answer = await coach(client, uid, text=f"{dish} for the family")
        for suggestion, recipe in await _recipes(client, uid, answer):
            assert not [i for i in _final(recipe) if "curry paste" in i["display"].lower()]
            for check in (suggestion["allergy"], recipe["allergy"]):
                assert check["checked_for"] == ["you", "Sam"]
                assert not [r for r in check["risks"] if r["allergen"] == "shellfish"], check
            for swap in recipe["substitutions"]:
                if "curry paste" in swap["original_item"].lower():
                    assert "Sam" in swap["reason"], swap
                    replaced += 1
    assert replaced >= 2


async def test_every_suggestion_and_recipe_carries_the_check_for_who_it_is_for(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(
        client,
        allergies={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
        cook={"household": [
            {"name": "Ana", "allergies": {"confirmed": ["milk"]}},
            {"name": "Sam", "allergies": SEVERE_SHELLFISH},
        ]},
    )  # fmt: skip
    for text, cooked_for in (
        ("lasagna for the family", ["you", "Ana", "Sam"]),
        ("I have chicken, rice, onion and garlic, for the household", ["you", "Ana", "Sam"]),
        ("lasagna", ["you"]),
    ):
        answer = await coach(client, uid, text=text)
        assert answer["suggestions"], text
        assert answer["context"]["cooking_for"] == cooked_for
        for suggestion, recipe in await _recipes(client, uid, answer):
            for check in (suggestion["allergy"], recipe["allergy"]):
                assert check["checked_for"] == cooked_for, (text, check)
                assert "peanuts" in check["allergens"]
                assert ("dairy" in check["allergens"]) == ("Ana" in cooked_for)
                assert check["verdict"] in ("no_known_risk", "caution", "danger")
                assert check["summary"]
                for risk in check["risks"]:
                    assert risk["status"] == "likely" and risk["who"], risk
                    assert set(risk["who"]) <= set(cooked_for)
