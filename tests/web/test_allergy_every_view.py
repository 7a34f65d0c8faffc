"""Every view says, on the visible card and in words, the allergy assessment of each item it shows
(issue 41 item 5, issue 33 item 3), for a traveller or diner with a severe shellfish allergy:
the Plan view's venue cards, the Trips view's meal slots (on screen, on the printable page and in
the calendar's description) and the Meals view's suggestions and recipe. The words expected are
worked out here from the API's own `allergy` of each item, with this test's own wording (it
imports nothing of the UI): "No known risk for your allergies", "Warning: may contain shellfish",
"Unknown: no menu or reviews" — a place the safety step knows nothing of is never said to be
without risk. The Operator view shows no place to eat (its places are the operator's own and
their competitors), so it has no allergy line."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LEVEL = {"danger": "Danger", "warning": "Warning", "caution": "Caution", "info": "Note"}


def _whose(checked_for: list[str]) -> str:
    if checked_for == ["you"]:
        return "your allergies"
    names = checked_for
    return "the allergies of " + (", ".join(names[:-1]) + " and " + names[-1])


def expected_words(check: dict[str, Any]) -> list[str]:
    """What the card must say of this check, in words."""
    verdict, risks = check["verdict"], check["risks"]
    if verdict == "not_food":
        return []
    if verdict == "no_allergies":
        return ["No allergies given"]
    if risks:
        return [
            f"{LEVEL[r['level']]}: {'contains' if r['status'] == 'contains' else 'may contain'} "
            f"{r['name']}"
            for r in risks
        ]
    if verdict == "caution":
        return ["Check before you eat"]
    if check["basis"] == "none":
        return ["Unknown: no menu or reviews"]
    return [f"No known risk for {_whose(check['checked_for'])}"]


def _severe_shellfish(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists
    saved = page.request.patch(
        "/demo/allergies", data={"confirmed": ["shellfish"], "severity": {"shellfish": "severe"}}
    )
    assert saved.status == 200, saved.text()


def _says(card: Any, check: dict[str, Any]) -> None:
    shown = card.inner_text()  # visible text only: not a tooltip, not a collapsed part
    for words in expected_words(check):
        assert words in shown, (words, shown)
    if check["verdict"] == "no_known_risk" and check["basis"] == "none":
        assert "No known risk" not in shown, shown


def test_plan_cards_say_each_venues_allergy_check(page: Any) -> None:
    _severe_shellfish(page)
    results: list[dict[str, Any]] = []

    def received(frame: Any) -> None:
        message = json.loads(frame) if isinstance(frame, str) else {}
        if message.get("type") == "result":
            results.append(message["data"])

    page.on("websocket", lambda ws: ws.on("framereceived", received))
    page.goto("/#plan")
    expect(page.locator("#plan-view")).to_be_visible()
    page.fill("#plan-prompt", "italian dinner in boston")
    page.click("#plan-send")
    page.wait_for_selector(".plan-card")
    plan = results[-1]
    assert plan["venues"]
    verdicts = set()
    for venue in plan["venues"]:
        card = page.locator(f".plan-cards .plan-card[data-venue='{venue['venue_id']}']")
        _says(card, venue["allergy"])
        verdicts.add(venue["allergy"]["verdict"])
    assert {"no_known_risk", "caution"} <= verdicts, verdicts  # both states are drawn here


def _unfold(ics: str) -> str:
    return re.sub(r"\r?\n[ \t]", "", ics).replace("\\,", ",").replace("\\n", "\n")


def test_trip_meals_say_their_allergy_check_on_screen_in_print_and_calendar(page: Any) -> None:
    _severe_shellfish(page)
    page.goto("/#trips")
    expect(page.locator("#trips-view")).to_be_visible()
    for selector, value in {
        "#trips-city": "Singapore", "#trips-start": "2026-12-07", "#trips-days": "2",
        "#trips-interests": "museums and gardens",
    }.items():  # fmt: skip
        page.fill(selector, value)
    with page.expect_response("**/trips") as created:
        page.click("#trips-send")
    assert created.value.status == 201, created.value.text()
    trip = created.value.json()
    meals = [s for d in trip["days"] for s in d["slots"] if s["kind"] != "stop"]
    assert meals, "the trip plans a meal break"
    expect(page.locator(".trip-day")).to_have_count(len(trip["days"]))
    printed = page.request.get(f"/trips/{trip['trip_id']}/print").text()
    calendar = _unfold(page.request.get(f"/trips/{trip['trip_id']}.ics").text())
    printed_text = re.sub(r"<[^>]+>", " ", printed)
    for slot in meals:
        card = page.locator(f".trip-slot.meal[data-place='{slot['place_id']}']").first
        _says(card, slot["allergy"])
        event = next(e for e in calendar.split("BEGIN:VEVENT")[1:] if slot["name"] in e)
        for words in expected_words(slot["allergy"]):
            assert words in event, (words, event)
            assert words in printed_text, words
        if slot["allergy"]["basis"] == "none" and not slot["allergy"]["risks"]:
            assert "No known risk" not in event


def test_meal_suggestions_and_recipe_say_their_allergy_check(page: Any) -> None:
    _severe_shellfish(page)
    page.goto("/#meals")
    expect(page.locator("#meals-view")).to_be_visible()
    with page.expect_response(lambda r: "/meals/coach" in r.url) as answered:
        page.fill("#meal-text", "healthier paella for 4")
        page.click("#meal-send")
    answer = answered.value.json()
    page.wait_for_selector(".suggestion")
    assert answer["suggestions"]
    for s in answer["suggestions"]:
        _says(page.locator(f".suggestion[data-id='{s['suggestion_id']}']"), s["allergy"])
    with page.expect_response(lambda r: r.url.endswith("/select")) as chosen:
        page.locator(".suggestion .pick").first.click()
    recipe = chosen.value.json()["recipe"]
    page.wait_for_selector("#meal-recipe")
    _says(page.locator("#meal-recipe"), recipe["allergy"])
