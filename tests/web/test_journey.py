"""The whole journey in a real browser: allergies, streamed chat, safe cards, feed, expand,
radar, map; then the error path. Screenshots land in test-output/screenshots/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import block_network, shot

pytestmark = pytest.mark.browser


def _sse_result(body: str) -> dict[str, Any]:
    for block in body.split("\n\n"):
        if block.startswith("event: result"):
            return dict(json.loads(block.split("data: ", 1)[1]))
    raise AssertionError("no result event in the stream")


def _set_peanut_anaphylaxis(page: Any) -> None:
    page.click("#open-profile")
    page.wait_for_selector("#profile-dialog[open]")
    page.fill("#allergy-name", "peanuts")
    page.select_option("#allergy-severity", "anaphylactic")
    page.click("#add-allergy")
    assert "peanuts — anaphylactic" in page.inner_text("#allergy-rows")
    with page.expect_response("**/recommendations/**") as feed:
        page.click("#profile-save")
    assert feed.value.ok
    page.wait_for_selector("#feed .card")


def test_full_journey(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#feed .card")
    assert page.inner_text("#feed-title") == "Picked for you"
    _set_peanut_anaphylaxis(page)
    assert "peanuts" in page.inner_text("#feed-note")

    page.fill("#chat-input", "thai food please")
    with page.expect_response("**/chat") as chat:
        page.click("#send")
    page.wait_for_selector(".bubble.assistant .result .card")
    steps = page.locator("#steps .step").all_inner_texts()
    assert len(steps) == 5 and steps[0] == "Reading your profile"
    payload = _sse_result(chat.value.text())
    assert payload["restaurants"], "Thai places are found"
    assert "peanuts" in payload["hard_excluded_allergens"]
    for place in payload["restaurants"]:
        for status in place["allergen_status"]:
            assert not (
                status["allergen"] == "peanuts"
                and status["status"] == "contains"
                and status["confidence"] == "high"
            ), f"{place['name']} is peanut-high yet in the safe list"
    dangers = sum(
        1 for p in payload["restaurants"] for w in p["allergy_warnings"] if w["level"] == "danger"
    )
    shown = page.locator(".bubble.assistant .result .banner.danger").count()
    assert shown == dangers + sum(
        1
        for p in payload["flagged_restaurants"]
        for w in p["allergy_warnings"]
        if w["level"] == "danger"
    )
    assert dangers > 0, "Thai kitchens carry a peanut danger banner for this user"
    shot(page, "01-chat-thai-peanut-allergy")

    first = page.locator("#feed .card").first
    first.locator(".card-head").click()
    page.wait_for_selector("#feed .card.open .radar")
    assert first.locator(".chevron").get_attribute("aria-expanded") == "true"
    assert first.locator("text=Why it fits").count() == 1
    assert first.locator("text=Allergy breakdown").count() == 1
    shot(page, "02-feed-expanded-radar")
    first.locator(".card-head").click()
    first.locator(".card-head").click()
    assert first.locator(".radar").count() == 1, "the detail is kept, not fetched twice"

    page.fill("#chat-input", "where can I get pizza near harvard square?")
    page.click("#send")
    page.wait_for_selector(".bubble.assistant >> nth=1")
    page.wait_for_selector("svg.map .pin")
    pin = page.locator("svg.map .pin").first
    pin.click()
    assert "focused" in (pin.get_attribute("class") or "")
    assert page.locator(".bubble.assistant >> nth=1").locator(".card.focused").count() == 1
    page.locator("svg.map").scroll_into_view_if_needed()
    shot(page, "03-chat-map")
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_compare_draws_one_radar_for_several_places(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.fill("#chat-input", "compare italian places in cambridge")
    page.click("#send")
    page.wait_for_selector(".bubble.assistant .radar polygon[fill-opacity]")
    assert page.locator(".bubble.assistant .radar polygon[fill-opacity]").count() >= 2
    shot(page, "04-chat-compare-radar")


def test_clarifying_question_is_a_clickable_chip(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.fill("#chat-input", "somewhere good")
    page.click("#send")
    chip = page.wait_for_selector(".bubble.assistant .chip")
    chip.click()
    page.wait_for_selector(".bubble.user >> nth=1")
    page.wait_for_selector(".bubble.assistant >> nth=1")


def test_api_down_shows_a_message_and_retry(page: Any) -> None:
    page.route("**/recommendations/**", lambda route: route.abort())
    page.route("**/chat", lambda route: route.abort())
    page.goto("/")
    retry = page.wait_for_selector("#feed .error-box button")
    assert "cannot be reached" in page.inner_text("#feed .error-box")
    page.fill("#chat-input", "thai")
    page.click("#send")
    page.wait_for_selector(".bubble.assistant .error-box button")
    shot(page, "05-api-down")
    page.unroute("**/recommendations/**")
    retry.click()
    page.wait_for_selector("#feed .card")


def test_phone_width_and_dark_mode(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 800}, base_url=server, color_scheme="dark"
    )
    block_network(context, server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    page.wait_for_selector("#feed .card")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"no horizontal scrolling on a phone (page is {width}px wide)"
    feed_box = page.locator(".feed").bounding_box()
    chat_box = page.locator(".chat").bounding_box()
    assert chat_box["y"] > feed_box["y"], "feed and chat are stacked on a phone"
    shot(page, "06-phone-dark")
    page.click("#theme-toggle")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") in {"SELECT", "BUTTON", "A", "INPUT"}
    assert errors == []
    context.close()


def test_map_uses_real_tiles_when_configured(page: Any) -> None:
    """Tiles come from a routed fake tile server: the page believes tiles are reachable."""
    import base64

    png = base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    )
    page.route(
        "**/ui-config",
        lambda route: route.fulfill(json={"map_tiles_url": "https://tiles.test/{z}/{x}/{y}.png"}),
    )
    page.route(
        "https://tiles.test/**", lambda route: route.fulfill(body=png, content_type="image/png")
    )
    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.fill("#chat-input", "where can I get pizza near harvard square?")
    page.click("#send")
    page.wait_for_selector(".tile-map .leaflet-tile-loaded")
    markers = page.locator(".tile-map path.leaflet-interactive")
    assert markers.count() >= 1
    markers.first.click(force=True)
    assert page.locator(".bubble.assistant .card.focused").count() == 1
    shot(page, "07-chat-map-tiles")
    assert page.console_errors == []  # type: ignore[attr-defined]
