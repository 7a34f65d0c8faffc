"""The whole journey in a real browser: allergies, streamed chat, safe cards, feed, expand,
radar, map; then the error paths, a phone in dark mode, and real map tiles. Screenshots land in
test-output/screenshots/."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from kairos.api.security_headers import content_security_policy, tile_source
from tests.web.conftest import block_network, low_contrast, shot

pytestmark = pytest.mark.browser

# Records, in page time, when thinking steps and answers enter the conversation.
_WATCH_STREAM = """() => {
  window.__stream = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.matches(".step")) window.__stream.push(["step", node.textContent]);
      const answer = node.matches(".answer") || node.querySelector(".answer");
      if (answer) window.__stream.push(["answer", ""]);
    }
  }).observe(document.getElementById("messages"), { childList: true, subtree: true });
}"""


def _sse_result(body: str) -> dict[str, Any]:
    for block in body.split("\n\n"):
        if block.startswith("event: result"):
            return dict(json.loads(block.split("data: ", 1)[1]))
    raise AssertionError("no result event in the stream")


def _ask(page: Any, message: str) -> dict[str, Any]:
    """Send a chat message the way a person does; the streamed payload, once rendered."""
    answers = page.locator(".bubble.assistant:not(.pending)").count()
    page.fill("#chat-input", message)
    with page.expect_response("**/chat") as chat:
        page.press("#chat-input", "Enter")
    page.wait_for_selector(f".bubble.assistant:not(.pending) >> nth={answers}")
    return _sse_result(chat.value.text())


def _set_peanut_anaphylaxis(page: Any) -> None:
    page.click("#open-profile")
    page.wait_for_selector("#profile-dialog[open]")
    page.fill("#allergy-name", "peanuts")
    page.select_option("#allergy-severity", "anaphylactic")
    page.press("#allergy-name", "Enter")  # Enter adds the allergen; it does not submit the form
    assert page.locator("#profile-dialog[open]").count() == 1
    assert "peanuts" in page.inner_text("#allergy-rows")
    assert page.locator("#allergy-rows select").input_value() == "anaphylactic"
    shot(page, "01-profile-dialog")
    with page.expect_response("**/recommendations/**") as feed:
        page.click("#profile-save")
    assert feed.value.ok
    page.wait_for_selector("#feed .card")
    assert "peanuts · anaphylactic" in page.inner_text("#profile-summary")


def test_full_journey(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#feed .card")
    assert page.inner_text("#feed-title") == "Picked for you"
    _set_peanut_anaphylaxis(page)
    assert "peanuts" in page.inner_text("#feed-note")

    # Chat: the thinking steps stream in before the answer, and are announced.
    page.evaluate(_WATCH_STREAM)
    payload = _ask(page, "thai food in boston please")
    stream = page.evaluate("window.__stream")
    kinds = [kind for kind, _ in stream]
    assert kinds == ["step"] * 5 + ["answer"], stream
    assert stream[0][1].startswith("Reading your profile")
    announced = page.inner_text("#chat-live")
    assert "Checking every place against your allergies" in announced
    assert payload["message"] in announced

    # Safety: no peanut-high place among the safe cards; every danger banner due is shown.
    assert payload["restaurants"], "Thai places are found"
    assert "peanuts" in payload["hard_excluded_allergens"]
    answer = page.locator(".bubble.assistant .answer").last
    safe_names = [p["name"] for p in payload["restaurants"]]
    shown_names = answer.locator(".result > .card h3").all_inner_texts()
    assert shown_names == safe_names
    for place in payload["restaurants"]:
        for status in place["allergen_status"]:
            assert not (
                status["allergen"] == "peanuts"
                and status["status"] == "contains"
                and status["confidence"] == "high"
            ), f"{place['name']} is peanut-high yet in the safe list"
    every = payload["restaurants"] + payload["flagged_restaurants"]
    for level in ("danger", "warning", "caution", "info"):
        due = sum(1 for p in every for w in p["allergy_warnings"] if w["level"] == level)
        assert answer.locator(f".banner.{level}").count() == due, level
    assert answer.locator(".banner.danger").count() > 0, "Thai kitchens carry a peanut danger"
    danger_bg = answer.locator(".banner.danger").first.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert danger_bg == "rgb(254, 242, 242)", "danger banners are red"
    trace = page.locator(".bubble.assistant .trace").last
    trace.locator("summary").click()
    assert trace.locator(".step.done").count() == 5
    shot(page, "02-chat-thai-peanut-allergy")

    # Feed: expand the first card; the detail is fetched once and kept.
    expands: list[str] = []
    page.on("request", lambda r: "/expand" in r.url and expands.append(r.url))
    first = page.locator("#feed .card").first
    first.locator(".card-head").click()
    page.wait_for_selector("#feed .card.open .radar")
    assert first.locator(".chevron").get_attribute("aria-expanded") == "true"
    for heading in ("Why it fits", "What people say", "Vibe scores", "Crowd", "Allergy breakdown"):
        assert first.locator(f"h4:text-is('{heading}')").count() == 1, heading
    radar = first.locator(".radar polygon[fill-opacity]")
    fit = int(first.locator(".fit > span").first.inner_text())
    expect(first.locator(".fit .fit-of")).to_have_text("/100")  # the score with its scale
    colour = "#22c55e" if fit >= 80 else "#f59e0b" if fit >= 60 else "#6b7280"
    assert radar.get_attribute("fill") == colour
    assert radar.get_attribute("fill-opacity") == "0.25"
    labels = " ".join(first.locator(".radar text").all_text_contents())
    for axis in ("Romance", "Quiet", "Food", "Vegan", "Value"):
        assert axis in labels
    statuses = first.locator(".allergy-detail td .status").all_inner_texts()
    assert statuses and set(statuses) <= {"contains", "may contain", "unverified"}
    first.scroll_into_view_if_needed()
    shot(page, "03-feed-expanded-radar", element="#feed .card.open")
    first.locator(".card-head").click()
    assert first.locator(".chevron").get_attribute("aria-expanded") == "false"
    first.locator(".card-head").click()
    assert first.locator(".radar").count() == 1
    assert len(expands) == 1, "the detail is fetched once and kept in the card"

    # Keyboard: the second card opens from its chevron with Enter.
    second = page.locator("#feed .card").nth(1)
    second.locator(".chevron").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#feed .card >> nth=1 >> .radar")
    assert second.locator(".chevron").get_attribute("aria-expanded") == "true"

    # Map: ranked pins; a pin focuses its card, a card focuses its pin.
    payload = _ask(page, "where can I get pizza near harvard square?")
    assert payload["ui_type"] == "map_view"
    answer = page.locator(".bubble.assistant .answer").last
    pins = answer.locator("svg.map .pin")
    assert pins.count() == sum(1 for p in payload["restaurants"] if p["lat"] is not None)
    gold = answer.locator("svg.map .pin[aria-label^='1.'] circle")
    assert gold.get_attribute("fill") == "#eab308"
    answer.locator("svg.map .pin[aria-label^='2.']").click()
    second_card = answer.locator(".card").nth(1)
    assert "focused" in (second_card.get_attribute("class") or "")
    answer.locator(".card").first.locator(".card-head").click()
    focused = answer.locator("svg.map .pin.focused")
    assert (focused.get_attribute("aria-label") or "").startswith("1.")
    answer.locator("svg.map").scroll_into_view_if_needed()
    shot(page, "04-chat-map")
    assert low_contrast(page) == []
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_a_custom_allergy_is_cited_from_the_reviews(page: Any) -> None:
    """Anything can be an allergy: garlic, typed in the profile, is found in a place's reviews and
    shown on its card with the review as the source."""
    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.click("#open-profile")
    page.wait_for_selector("#profile-dialog[open]")
    page.fill("#allergy-name", "garlic")
    page.select_option("#allergy-severity", "severe")
    page.press("#allergy-name", "Enter")
    assert "garlic" in page.inner_text("#allergy-rows")
    with page.expect_response("**/recommendations/**") as feed:
        page.click("#profile-save")
    assert feed.value.ok
    payload = _ask(page, "korean bbq in cambridge")

    def garlic(place: dict[str, Any]) -> str:
        return next(s["status"] for s in place["allergen_status"] if s["allergen"] == "garlic")

    cited = [p for p in payload["restaurants"] if garlic(p) == "contains"]
    assert cited, "a Cambridge Korean place's reviews name garlic"
    answer = page.locator(".bubble.assistant .answer").last
    card = answer.locator(".result > .card").filter(has_text=cited[0]["name"]).first
    assert "garlic" in card.locator(".banner.warning").first.inner_text().lower()
    card.locator(".card-head").click()
    row = card.locator("table.allergy tbody tr").filter(has_text="garlic").first
    assert "garlic (severe)" in row.inner_text()
    assert "review" in row.inner_text().lower()
    shot(page, "09-chat-custom-allergy-garlic", element=".bubble.assistant >> nth=-1")


def test_removing_an_allergy_in_the_dialog_removes_only_that_one(page: Any) -> None:
    """Allergy updates are partial: the dialog names what it removes, and keeps the rest."""
    page.goto("/")
    page.wait_for_selector("#feed .card")
    _set_peanut_anaphylaxis(page)
    page.click("#open-profile")
    page.wait_for_selector("#profile-dialog[open]")
    page.fill("#allergy-name", "sesame")
    page.press("#allergy-name", "Enter")
    with page.expect_response("**/demo/allergies") as saved:
        page.click("#profile-save")
    assert saved.value.json()["allergies"]["severity"] == {
        "peanuts": "anaphylactic",
        "sesame": "anaphylactic",
    }
    page.click("#open-profile")
    page.wait_for_selector("#profile-dialog[open]")
    page.click("button[aria-label='Remove peanuts']")
    with page.expect_response("**/demo/allergies") as saved:
        page.click("#profile-save")
    assert saved.value.json()["allergies"]["severity"] == {"sesame": "anaphylactic"}
    summary = page.locator("#profile-summary")
    expect(summary).not_to_contain_text("peanuts")
    expect(summary).to_contain_text("sesame · anaphylactic")


def test_compare_draws_one_radar_for_several_places(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#feed .card")
    payload = _ask(page, "compare italian places in cambridge")
    assert payload["ui_type"] == "radar_comparison"
    answer = page.locator(".bubble.assistant .answer").last
    assert answer.locator(".radar").count() == 1
    shapes = answer.locator(".radar polygon[fill-opacity]")
    assert shapes.count() == len(payload["restaurants"]) >= 2
    header = answer.locator("table.compare thead th").all_inner_texts()[1:]
    assert header == [p["name"] for p in payload["restaurants"]]
    assert answer.locator("table.compare tbody tr").count() == 5
    answer.locator(".radar").scroll_into_view_if_needed()
    shot(page, "05-chat-compare-radar")


def test_clarifying_question_and_history(page: Any) -> None:
    """The follow-up question is a chip; the conversation goes back with every turn and survives a
    reload within the session."""
    page.goto("/")
    page.wait_for_selector("#feed .card")
    with page.expect_request("**/chat") as first:
        payload = _ask(page, "somewhere good")
    assert payload["ui_type"] == "text"
    session = first.value.post_data_json["session_id"]
    assert session.startswith("web-") and payload["session_id"] == session
    chip = page.locator(".bubble.assistant .chip").first
    assert chip.inner_text().endswith(payload["follow_up_questions"][0])
    shot(page, "06-chat-clarifying-question", element=".chat")
    chip.click()
    assert page.evaluate("document.activeElement.id") == "chat-input"
    assert page.get_attribute("#chat-input", "placeholder") == "Type your answer…"
    with page.expect_request("**/chat") as sent:
        _ask(page, "a cheap thai lunch")
    assert sent.value.post_data_json["session_id"] == session  # one conversation, one session
    history = sent.value.post_data_json["conversation_history"]
    assert history == [
        {"role": "user", "content": "somewhere good"},
        {"role": "assistant", "content": payload["message"]},
    ]
    page.reload()
    page.wait_for_selector(".bubble.assistant >> nth=1")
    asked = page.locator(".bubble.user").all_inner_texts()
    assert asked == ["somewhere good", "a cheap thai lunch"]
    with page.expect_request("**/chat") as after_reload:
        _ask(page, "in boston")
    assert after_reload.value.post_data_json["session_id"] == session


def test_api_down_shows_a_message_and_retry(page: Any) -> None:
    page.route("**/demo/session", lambda route: route.abort())
    page.goto("/")
    retry = page.wait_for_selector("#global-error button:text('Try again')")
    assert "cannot be reached" in page.inner_text("#global-error")
    page.unroute("**/demo/session")

    page.route("**/recommendations/**", lambda route: route.abort())
    page.route("**/chat", lambda route: route.abort())
    retry.click()
    feed_retry = page.wait_for_selector("#feed .error-box button:text('Try again')")
    assert "cannot be reached" in page.inner_text("#feed .error-box")
    page.fill("#chat-input", "thai")
    page.press("#chat-input", "Enter")
    chat_retry = page.wait_for_selector(".bubble.assistant .error-box button:text('Try again')")
    shot(page, "07-api-down")

    page.unroute("**/recommendations/**")
    page.unroute("**/chat")
    feed_retry.click()
    page.wait_for_selector("#feed .card")
    chat_retry.click()
    page.wait_for_selector(".bubble.assistant .answer")
    assert page.locator(".bubble.user").count() == 1, "the retried message is not duplicated"

    page.route("**/expand", lambda route: route.abort())
    card = page.locator("#feed .card").first
    card.locator(".card-head").click()
    expand_retry = card.locator(".error-box button")
    expand_retry.wait_for()
    page.unroute("**/expand")
    expand_retry.click()
    card.locator(".radar").wait_for()

    cards = page.locator("#feed .card").count()
    page.route("**/recommendations/**", lambda route: route.abort())
    page.click("#refresh")
    page.wait_for_selector("#feed > .error-box")
    assert "Could not refresh your picks" in page.inner_text("#feed > .error-box")
    assert page.locator("#feed .card").count() == cards, "a failed refresh keeps the picks"
    page.unroute("**/recommendations/**")
    page.click("#feed > .error-box button")
    page.wait_for_selector("#feed > .error-box", state="detached")
    app_errors = [e for e in page.console_errors if "Failed to load resource" not in e]  # type: ignore[attr-defined]
    assert app_errors == [], "only the browser's own reports of the refused requests"


def test_phone_width_and_dark_mode(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 800}, base_url=server, color_scheme="dark"
    )
    block_network(context, server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto("/")
    page.wait_for_selector("#feed .card")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"no horizontal scrolling on a phone (page is {width}px wide)"
    feed_box = page.locator(".feed").bounding_box()
    chat_box = page.locator(".chat").bounding_box()
    assert chat_box["y"] > feed_box["y"] + feed_box["height"] - 1, "feed, then chat, stacked"
    assert page.locator("#jump-chat").is_visible()

    # Every banner level, so that each is checked for contrast in both themes.
    page.click("#menu-toggle")  # on a phone the account controls are behind the menu
    page.click("#open-profile")
    levels = {"peanuts": "anaphylactic", "shellfish": "severe", "dairy": "moderate"}
    for allergen, severity in {**levels, "gluten": "intolerance"}.items():
        page.fill("#allergy-name", allergen)
        page.select_option("#allergy-severity", severity)
        page.click("#add-allergy")
    sticking_out = page.evaluate(
        """() => {
          const dialog = document.getElementById("profile-dialog");
          const pad = parseFloat(getComputedStyle(dialog).paddingRight);
          const inner = dialog.getBoundingClientRect().right - pad;
          return [...dialog.querySelectorAll("*")]
            .filter((e) => e.getBoundingClientRect().right > inner + 0.5)
            .map((e) => `${e.tagName} ${e.textContent.trim().slice(0, 20)}`);
        }"""
    )
    assert sticking_out == [], "the profile dialog fits a phone"
    shot(page, "08-phone-dark-profile")
    with page.expect_response("**/recommendations/**"):
        page.click("#profile-save")
    page.wait_for_selector("#feed .card .banner")
    chips = page.locator(".allergy-chip").all_inner_texts()
    assert len(chips) == 5, chips  # 'shellfish' covers molluscs, shown as its own chip
    assert any("mollusc" in chip.lower() for chip in chips), chips
    assert low_contrast(page) == []
    shot(page, "09-phone-dark-feed")

    page.click("#jump-chat")
    page.wait_for_function("document.activeElement.id === 'chat-input'")
    _ask(page, "thai food in boston please")
    page.locator(".bubble.assistant .answer").last.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    for level in ("danger", "warning", "caution", "info"):
        assert page.locator(f".banner.{level}").count() > 0, level
    assert low_contrast(page) == []
    shot(page, "10-phone-dark-chat")

    page.click("#menu-toggle")
    page.click("#theme-toggle")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert low_contrast(page) == []
    shot(page, "11-phone-light-chat")
    page.reload()
    page.wait_for_selector("#feed .card")
    assert page.evaluate("document.documentElement.dataset.theme") == "light", "choice is kept"
    assert page.evaluate("window.scrollY") == 0, "the conversation shown again keeps the page"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to chat"
    assert errors == []
    context.close()


TILES = "https://tiles.test/{z}/{x}/{y}.png"


def _configure_tiles(page: Any, tiles_url: str) -> None:
    """The page as a server with KAIROS_MAP_TILES_URL set serves it: `/ui-config` names the tile
    server, and the page's Content-Security-Policy lets images come from it (and nothing else)."""
    page.route("**/ui-config", lambda route: route.fulfill(json={"map_tiles_url": tiles_url}))

    def document(route: Any) -> None:
        response = route.fetch()
        # the served policy, its inline hashes kept, with the tile server's images allowed
        served = response.headers["content-security-policy"]
        images = content_security_policy(tiles_url).split("img-src ", 1)[1].split(";", 1)[0]
        policy = served.replace("img-src 'self' data:;", f"img-src {images};")
        assert tile_source(tiles_url) in policy, policy
        route.fulfill(
            response=response, headers={**response.headers, "content-security-policy": policy}
        )

    page.route(re.compile(r"^http://127\.0\.0\.1:\d+/$"), document)


def test_map_uses_real_tiles_when_configured(page: Any) -> None:
    """Tiles come from a routed fake tile server: the page believes tiles are reachable."""
    png = base64.b64decode(  # one light grey pixel
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC"
    )
    _configure_tiles(page, TILES)
    page.route(
        "https://tiles.test/**", lambda route: route.fulfill(body=png, content_type="image/png")
    )
    page.goto("/")
    page.wait_for_selector("#feed .card")
    _ask(page, "where can I get pizza near harvard square?")
    page.wait_for_selector(".tile-map:not(.pending) .leaflet-tile-loaded")
    assert page.locator(".bubble.assistant svg.map").count() == 0, "tiles replace the SVG"
    box = page.locator(".tile-map").bounding_box()
    below = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.tile-map')",
        [box["x"] + 20, box["y"] + box["height"] + 8],
    )
    assert not below, "tiles stay inside the map"
    markers = page.locator(".tile-map path.leaflet-interactive")
    assert markers.count() >= 1
    markers.first.click(force=True)
    assert page.locator(".bubble.assistant .card.focused").count() == 1
    shot(page, "12-chat-map-tiles")
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_map_keeps_the_offline_projection_when_tiles_fail(page: Any) -> None:
    _configure_tiles(page, TILES)
    page.goto("/")
    page.wait_for_selector("#feed .card")
    _ask(page, "where can I get pizza near harvard square?")
    page.wait_for_selector(".tile-map.pending")
    page.wait_for_timeout(300)
    assert page.locator(".bubble.assistant svg.map .pin").count() >= 1
    assert page.locator(".bubble.assistant svg.map").is_visible()


def test_feed_shows_skeletons_then_an_empty_state(page: Any) -> None:
    held: list[Any] = []
    page.route("**/recommendations/**", lambda route: held.append(route))
    page.goto("/")
    page.wait_for_selector("#feed .skeleton")
    assert page.locator("#feed .skeleton").count() == 3
    assert page.get_attribute("#feed", "aria-busy") == "true"
    empty = {"uid": "x", "generated_at": "2026-01-01T12:00:00Z", "recommendations": []}
    held[0].fulfill(json=empty)
    page.unroute("**/recommendations/**")
    page.wait_for_selector("#feed .empty")
    assert "Nothing to recommend yet" in page.inner_text("#feed .empty")
    assert page.get_attribute("#feed", "aria-busy") == "false"
    page.click("#refresh")
    page.wait_for_selector("#feed .card")
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_chat_error_event_and_a_cut_stream_offer_a_retry(page: Any) -> None:
    sse = "text/event-stream"
    thinking = 'event: thinking\ndata: {"step": "fetching_context", "message": "Reading"}\n\n'
    failed = 'event: error\ndata: {"title": "Search failed", "detail": "the index is busy"}\n\n'
    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.route("**/chat", lambda route: route.fulfill(body=thinking + failed, content_type=sse))
    page.fill("#chat-input", "thai")
    page.press("#chat-input", "Enter")
    box = page.wait_for_selector(".bubble.assistant .error-box")
    assert "the index is busy" in box.inner_text()
    page.unroute("**/chat")
    page.route("**/chat", lambda route: route.fulfill(body=thinking, content_type=sse))
    box.query_selector("button").click()  # type: ignore[union-attr]
    box = page.wait_for_selector(".bubble.assistant .error-box")
    assert "cut off" in box.inner_text()
    page.unroute("**/chat")
    box.query_selector("button").click()  # type: ignore[union-attr]
    page.wait_for_selector(".bubble.assistant .answer")
    assert page.locator(".bubble.user").count() == 1


def test_flagged_places_stand_apart_and_data_is_never_markup(page: Any) -> None:
    """A place flagged for anaphylaxis is shown apart from the ranked ones, under its danger
    banner; names from the data are shown as text, never parsed as HTML."""
    markup = '<img src=x onerror="window.__owned = 1">Peanut Palace'
    danger = {
        "allergen": "peanuts", "severity": "anaphylactic", "level": "danger",
        "title": "Anaphylaxis risk", "message": "The menu lists satay with peanut sauce.",
        "status": "contains", "source": "menu", "confidence": "high",
    }  # fmt: skip

    def flag_one(route: Any) -> None:
        body = route.fetch().text()
        payload = _sse_result(body)
        flagged = dict(payload["restaurants"][-1], name=markup, allergy_warnings=[danger])
        payload["restaurants"] = payload["restaurants"][:-1]
        payload["flagged_restaurants"] = [flagged]
        event = f"event: result\ndata: {json.dumps(payload)}\n\n"
        route.fulfill(body=event, content_type="text/event-stream")

    page.goto("/")
    page.wait_for_selector("#feed .card")
    page.route("**/chat", flag_one)
    page.fill("#chat-input", "thai food in boston please")
    page.press("#chat-input", "Enter")
    page.wait_for_selector(".bubble.assistant .answer")
    answer = page.locator(".bubble.assistant .answer").last
    ranked = answer.locator(".card:has(.rank)")
    apart = answer.locator(".section-label ~ .card")
    assert apart.count() == 1
    assert apart.locator(".rank").count() == 0, "a flagged place is not ranked"
    assert apart.locator("h3").inner_text() == markup
    assert apart.locator(".banner.danger").inner_text().startswith("🚨 Anaphylaxis risk")
    assert all(markup not in text for text in ranked.all_inner_texts())
    assert page.locator(".bubble img").count() == 0
    assert page.evaluate("window.__owned") is None
