"""The Plan view (seed 002's group planner) in a real browser against a real `kairos serve`:
the request streams its agents' logs over the WebSocket, grouped by node, then the ranked venues
appear as cards and as gold, silver and bronze pins; votes re-rank the shared plan; a member's
anaphylactic allergy is named on the card; the vibe filter draws the heatmap; the preferences
save; failures show their problem detail."""

from __future__ import annotations

import asyncio
import json
import math
import re
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect
from sqlalchemy import text

from kairos.store import venue_vibes
from kairos.store.database import Database
from tests.web.conftest import low_contrast, phone_context, shot
from tests.web.names import names_not_starting_with_visible_text

pytestmark = pytest.mark.browser

T = TypeVar("T")
GOLD, SILVER, BRONZE, GREY = (
    "rgb(234, 179, 8)",
    "rgb(148, 163, 184)",
    "rgb(180, 83, 9)",
    "rgb(107, 114, 128)",
)

# Records, in page order, each log line as it enters its node's group, each agent badge as it
# is marked done, and the first ranked card.
_WATCH = """() => {
  window.__plan = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "attributes" && change.target.matches(".agent-badge.done")) {
        window.__plan.push(["badge", change.target.dataset.node]);
      }
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(".log-lines li")) {
          window.__plan.push(["log", node.closest(".log-group").dataset.node, node.textContent]);
        }
        if (node.querySelector && node.querySelector(".plan-card")) window.__plan.push(["cards"]);
      }
    }
  }).observe(document.getElementById("plan-view"),
    { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
}"""


_DANGER_BG = """() => {
  const probe = document.createElement("div");
  probe.style.background = "var(--danger-bg)";
  document.body.append(probe);
  const colour = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return colour;
}"""


def _in_thread(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Runs a coroutine on a loop of its own (sync Playwright holds the main thread's loop)."""
    out: list[T] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            out.append(asyncio.run(make()))
        except BaseException as exc:  # re-raised in the test's thread
            errors.append(exc)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join(60)
    if errors:
        raise errors[0]
    return out[0]


def _open_plan(page: Any, hash_: str = "#plan") -> None:
    page.goto(f"/{hash_}")
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists
    expect(page.locator("#plan-view")).to_be_visible()
    expect(page.locator("#restaurants-view")).to_be_hidden()
    if page.viewport_size["width"] > 900:  # a phone's map (and Leaflet) waits for "Show map"
        page.wait_for_selector("#plan-map.leaflet-container", state="attached")


def _plan(page: Any, prompt: str) -> None:
    page.fill("#plan-prompt", prompt)
    page.click("#plan-send")
    page.wait_for_selector(".plan-card")


def _pin(page: Any, rank: int) -> Any:
    return page.locator(f".plan-pin:has-text('{rank}')").filter(has_text=re.compile(f"^{rank}$"))


def _background(locator: Any) -> str:
    return str(locator.evaluate("el => getComputedStyle(el).backgroundColor"))


def _km(point: dict[str, Any], centre: tuple[float, float]) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (point["lat"], point["lng"], *centre))
    a = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    )
    return 6371 * 2 * math.asin(math.sqrt(a))


def _scale_km(page: Any) -> float:
    """The length the map's scale bar stands for, in km ("500 m", "2 km")."""
    number, unit = page.locator(".leaflet-control-scale-line").first.inner_text().split()
    return float(number) / (1000 if unit == "m" else 1)


def _card_names(page: Any) -> list[str]:
    return [n.strip() for n in page.locator(".plan-cards .plan-card h3").all_inner_texts()]


def test_plan_journey_logs_pins_votes_and_shared_link(page: Any) -> None:
    _open_plan(page)
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    page.evaluate(_WATCH)
    _plan(page, "dinner for 4 in boston saturday evening, send an invite")

    # The request went over the socket; its logs arrived grouped by node, before the cards.
    assert sent and sent[0]["prompt"].startswith("dinner for 4 in boston")
    events = page.evaluate("window.__plan")
    logged = [e for e in events if e[0] == "log"]
    nodes = {e[1] for e in logged}
    assert {"commander", "scout", "vibe", "cost", "critic", "synthesiser", "graph"} <= nodes, events
    assert all(
        e[2].startswith(f"[{'SYNTH' if e[1] == 'synthesiser' else e[1].upper()}]") for e in logged
    )
    first_cards = next(i for i, e in enumerate(events) if e[0] == "cards")
    assert max(i for i, e in enumerate(events) if e[0] == "log") < first_cards
    done = [e[1] for e in events if e[0] == "badge"]
    assert {"commander", "scout", "vibe", "cost", "critic", "synthesiser"} <= set(done), events
    expect(page.locator("#plan-agents")).to_be_hidden()  # dismissed when the results arrived

    # Results tab: the consensus, ranked cards with their scores, the pins in medal colours.
    expect(page.locator("#plan-tab-results")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".consensus")).to_contain_text("best overall pick")
    cards = page.locator(".plan-cards .plan-card")
    assert cards.count() >= 4
    first = cards.first
    expect(first.locator(".rank-badge")).to_have_text("1")
    expect(first.locator(".pill.price")).to_contain_text("confidence")
    expect(first.locator(".pill.rating")).to_contain_text(re.compile(r"★ \d\.\d from \d+ reviews?"))
    expect(first.locator(".pill.vibe")).to_contain_text("Vibe")
    for pill in page.locator(".plan-card .pill.vibe").all_inner_texts():
        assert "_" not in pill, f"a vibe's key leaked onto a card: {pill}"
    for rank, colour in ((1, GOLD), (2, SILVER), (3, BRONZE), (4, GREY)):
        assert _background(_pin(page, rank)) == colour, rank
        assert _background(cards.nth(rank - 1).locator(".rank-badge")) == colour, rank
    shot(page, "plan-01-results")
    # Each button is named first by what it shows (2.5.3): "📍 Map" was "Show … on the map".
    assert names_not_starting_with_visible_text(page, "#plan-results") == []

    # The logs tab keeps the run, one group per node.
    page.click("#plan-tab-logs")
    expect(page.locator("#plan-logs")).to_be_visible()
    expect(page.locator("#plan-results")).to_be_hidden()
    headings = page.locator(".log-group h3").all_inner_texts()
    assert [h.lower() for h in headings][:2] == ["commander", "scout"]
    expect(page.locator(".log-group[data-node=scout]")).to_contain_text("candidates after dedup")
    shot(page, "plan-02-logs")

    # A pin selects its card (the map flies there); a card's map button highlights its pin.
    second = _card_names(page)[1]
    _pin(page, 2).click()
    expect(page.locator("#plan-results")).to_be_visible()
    expect(cards.nth(1)).to_have_class(re.compile(r"\bfocused\b"))
    expect(cards.nth(0)).not_to_have_class(re.compile(r"\bfocused\b"))
    cards.nth(2).locator(".show-on-map").click()
    expect(_pin(page, 3)).to_have_class(re.compile(r"\bfocused\b"))
    expect(cards.nth(2)).to_have_class(re.compile(r"\bfocused\b"))

    # The proposed action: nothing is sent until confirmed; then the invite downloads.
    expect(page.locator(".action-request")).to_contain_text("Nothing is sent until you confirm")
    with page.expect_response("**/confirm") as confirmed:
        page.click("#plan-confirm")
    assert confirmed.value.json()["status"] == "confirmed"
    expect(page.locator(".action-request [role=status]")).to_contain_text("confirmed")
    ics = page.request.get(page.get_attribute("#plan-ics", "href"))
    assert ics.ok and "BEGIN:VCALENDAR" in ics.text()

    # Voting: a veto takes the top venue off the cards (6a1bd7f) into the list of what was left
    # out, with who vetoed it; focus goes to the results' heading and the vote is said.
    top = _card_names(page)[0]
    voter = page.input_value("#plan-voter")
    with page.expect_response("**/votes") as voted:
        cards.first.locator(".vote-veto").click()
    assert voted.value.ok
    expect(cards.first.locator("h3")).to_have_text(second)
    assert top not in _card_names(page)
    left_out = page.locator(".excluded li", has_text=top)
    expect(left_out).to_contain_text(f"vetoed by {voter}")
    expect(page.locator("#plan-results-title")).to_be_focused()
    expect(page.locator("#plan-live")).to_contain_text(f"{voter} voted veto on {top}")
    expect(page.locator("#plan-live")).to_contain_text("taken off the list")
    # the consensus is written again after the vote: never "the best" on the vetoed venue
    expect(page.locator(".consensus")).to_contain_text("After the votes:")
    expect(page.locator(".consensus")).not_to_contain_text(f"{top} is the best overall pick")
    expect(page.locator(".action-request [role=status]")).to_contain_text("confirmed")
    shot(page, "plan-03-vetoed", full_page=True)

    # The shared link opens the plan, ranked with the votes, in another page.
    link = page.get_attribute("#plan-share", "href")
    assert re.search(r"#plan/[0-9a-f-]{36}$", link)
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector(".plan-card")
    shared = other.locator(".plan-cards .plan-card")
    expect(shared.first.locator("h3")).to_have_text(second)
    expect(other.locator(".excluded li", has_text=top)).to_contain_text(f"vetoed by {voter}")
    # A yes lifts a venue (votes weigh 0.4 against the composite score): the third becomes first.
    third = [n.strip() for n in shared.locator("h3").all_inner_texts()][2]
    with other.expect_response("**/votes"):
        shared.nth(2).locator(".vote-yes").click()
    expect(shared.first.locator("h3")).to_have_text(third)
    expect(shared.first.locator(".tally")).to_contain_text("yes 1")
    expect(shared.first.locator(".vote-yes")).to_have_attribute("aria-pressed", "true")
    shot(other, "plan-04-shared")
    assert page.console_errors == []


def test_a_follow_up_in_the_plan_view_keeps_the_request_and_says_so(page: Any) -> None:
    """The summary and the assumptions show beside the cards, and the next message is sent with
    the conversation so far. A plan naming no city, for a group nobody located, asks which city
    (issue 38) instead of planning somewhere the group may not be; the answer "in boston" plans
    the first request there, and "make it cheaper" plans it again, cheaper."""
    _open_plan(page)
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    page.fill("#plan-prompt", "italian dinner for 6")
    page.click("#plan-send")
    expect(page.locator(".plan-summary")).to_contain_text("which city is the group in?")
    expect(page.locator("#plan-results-title")).to_have_text("One question before planning")
    expect(page.locator(".plan-card")).to_have_count(0)
    _plan(page, "in boston")
    expect(page.locator(".plan-assumed")).to_contain_text(
        "read as a follow-up of 'italian dinner for 6'"
    )
    assert sent[-1]["chat_history"][0] == {"role": "user", "content": "italian dinner for 6"}
    assert sent[-1]["chat_history"][1]["role"] == "assistant"
    first, shared = _card_names(page), page.locator("#plan-share").inner_text()
    page.fill("#plan-prompt", "make it cheaper")
    page.click("#plan-send")
    expect(page.locator("#plan-share")).not_to_have_text(shared)  # the new plan is shown
    expect(page.locator(".plan-assumed")).to_contain_text(
        "read as a follow-up of 'italian dinner for 6, in boston'"
    )
    assert _card_names(page) and _card_names(page) != first, "cheaper places, not the same plan"
    # no allergy was given: the card says so once and claims no check ("Checked for you.")
    expect(page.locator(".plan-card .allergy-verdict-words").first).to_have_text(
        "No allergies given, so none were checked"
    )
    expect(page.locator(".plan-card .allergy-verdict-summary")).to_have_count(0)
    expect(page.locator(".plan-card .allergy-for")).to_have_count(0)
    shot(page, "plan-follow-up")


def test_anaphylactic_member_is_named_on_the_card(page: Any) -> None:
    _open_plan(page)
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    page.click("#plan-group summary")
    page.click("#plan-add-member")
    page.fill(".pm-name", "Sam")
    page.fill(".pm-allergies", "peanuts")
    page.select_option(".pm-severity", "anaphylactic")
    page.fill(".pm-where", "42.35, -71.06")
    page.click("#plan-add-member")
    page.locator(".pm-name").nth(1).fill("Ana")
    page.locator(".pm-diets").nth(1).fill("vegetarian")
    page.locator(".pm-pick").nth(1).click()  # Ana's starting point: a click on the map
    expect(page.locator("#plan-pick-hint")).to_contain_text("Click the map where Ana starts")
    box = page.locator("#plan-map").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.4)
    expect(page.locator(".pm-where").nth(1)).to_have_value(re.compile(r"^42\.\d+, -71\.\d+$"))
    expect(page.locator(".member-pin")).to_have_count(2)
    _plan(page, "thai food in boston")

    body = sent[0]
    assert body["members"][0] == {
        "name": "Sam",
        "allergies": {"severity": {"peanuts": "anaphylactic"}},
        "diets": [],
    }
    assert body["members"][1]["diets"] == ["vegetarian"]
    assert [loc["name"] for loc in body["member_locations"]] == ["Sam", "Ana"]
    # On the sample data the only thai venue may contain peanuts: it stays, with Sam named on it.
    risk = page.locator(".plan-card .member-risk[data-member=Sam]").first
    expect(risk).to_be_visible()
    expect(risk).to_have_class(re.compile(r"\bdanger\b"))
    expect(risk.locator("strong")).to_have_text("🚨 Sam at risk (anaphylactic)")
    expect(risk).to_contain_text("peanuts")
    assert _background(risk) == page.evaluate(_DANGER_BG)  # the danger style, not softened
    card = page.locator(".plan-card", has=page.locator(".member-risk[data-member=Sam]")).first
    expect(card.locator(".allergy-for")).to_contain_text("Checked for")
    expect(card.locator(".allergy-for")).to_contain_text("peanuts")
    expect(card.locator(".distances")).to_contain_text("Sam")
    expect(card.locator(".distances")).to_contain_text("Ana")
    expect(page.locator(".meet-pin")).to_have_count(1)
    # the thai venue is no safe pick for Sam: safe alternatives lead (labelled), the summary
    # says why, and an alternative of another kind is never called the best pick
    expect(page.locator(".plan-summary")).to_contain_text("Sam")
    expect(page.locator(".consensus")).to_contain_text("not the kind of place asked")
    expect(page.locator(".consensus")).not_to_contain_text("best overall pick")
    excluded = page.locator(".excluded li")
    for i in range(excluded.count()):  # any exclusion says which venue and why
        assert excluded.nth(i).locator("strong").inner_text()
    shot(page, "plan-05-anaphylactic", full_page=True)
    assert page.console_errors == []


@pytest.fixture
def heat_points(runtime: Any) -> Iterator[int]:
    """Vibe vectors for a few located sample venues when none are stored yet (removed after)."""

    async def seed() -> list[int]:
        db = Database(runtime.db.url, pool_size=1, max_overflow=0)
        try:
            async with db.reading() as session:
                stored = (await session.execute(text("SELECT count(*) FROM venue_vibes"))).scalar()
                if stored:
                    return []
                # four in Boston (the plan's city below), two as far from it as the data goes
                located = (
                    "SELECT id FROM places WHERE is_active AND lat IS NOT NULL AND lng IS NOT NULL"
                )
                boston = await session.execute(
                    text(f"{located} AND lower(city) = 'boston' ORDER BY id LIMIT 4")
                )
                far = await session.execute(
                    text(f"{located} ORDER BY abs(lat - 42.36) + abs(lng + 71.06) DESC LIMIT 2")
                )
                ids = [int(r.id) for r in [*boston, *far]]
            await venue_vibes.write_vibes(
                db,
                rows=[
                    venue_vibes.VibeRow(
                        place_id=pid,
                        vibe=[0.2 + 0.12 * i] + [0.1] * 51,
                        primary_vibe="cozy",
                        confidence=0.5,
                        texts=1,
                        evidence={},
                        content_hash=f"test-plan-{pid}",
                    )
                    for i, pid in enumerate(ids)
                ],
            )
            return ids
        finally:
            await db.engine.dispose()

    async def remove(ids: list[int]) -> None:
        db = Database(runtime.db.url, pool_size=1, max_overflow=0)
        try:
            await venue_vibes.delete_vibes(db, place_ids=ids)
        finally:
            await db.engine.dispose()

    ids = _in_thread(seed)
    yield len(ids)
    if ids:
        _in_thread(lambda: remove(ids))


def test_vibe_filter_draws_the_heatmap(page: Any, heat_points: int) -> None:
    _open_plan(page)
    with page.expect_response("**/api/vibes"):
        page.click("#vibe-filter")
    page.wait_for_selector("#vibe-dialog[open]")
    assert page.locator(".vibe-option").count() == 52
    page.fill("#vibe-search", "cozy")
    assert 1 <= page.locator(".vibe-option").count() < 52
    shot(page, "plan-06-vibe-filter")
    page.check(".vibe-option input[value='0']")
    with page.expect_response("**/api/vibe-heatmap?vibe_index=0") as heat:
        page.click("#vibe-show")
    points = heat.value.json()
    assert len(points) >= 1
    expect(page.locator("#vibe-dialog")).not_to_have_attribute("open", "")
    # Before a plan, the points near the map's centre (the sample's Boston), the view kept: all
    # cities at once were fitted to one dot on a 2,000 km map.
    near = [p for p in points if _km(p, (42.355, -71.065)) <= 25]
    assert 1 < len(near) < len(points)
    expect(page.locator("path.heat-point")).to_have_count(len(near))
    fills = {p.get_attribute("fill") for p in page.locator("path.heat-point").all()}
    assert len(fills) > 1  # coloured by score
    # The scores with their scale: the lowest and highest shown, on 0 to 1.
    low, high = min(p["score"] for p in near), max(p["score"] for p in near)
    expect(page.locator("#heat-legend")).to_contain_text(
        f"{len(near)} venues near the map's centre scored {low:.2f} (blue) to {high:.2f} (red) "
        "on a scale of 0 to 1"
    )
    assert _scale_km(page) <= 50
    shot(page, "plan-07-heatmap")

    # With a plan, the heatmap keeps to the plan's city and fits it.
    page.click("#vibe-filter")
    page.click("#vibe-clear")
    _plan(page, "dinner for 4 in boston saturday evening")
    page.click("#vibe-filter")
    page.check(".vibe-option input[value='0']")
    with page.expect_response("**/api/vibe-heatmap?vibe_index=0&city=*") as heat:
        page.click("#vibe-show")
    in_city = heat.value.json()
    city = parse_qs(urlparse(heat.value.url).query)["city"][0]
    assert city.lower() == "boston"  # the city of the plan's venues
    assert 1 < len(in_city) < len(points)
    expect(page.locator("path.heat-point")).to_have_count(len(in_city))
    expect(page.locator("#heat-legend")).to_contain_text(f"{len(in_city)} venues in {city} scored")
    assert _scale_km(page) <= 50
    shot(page, "plan-07b-heatmap-city")
    page.click("#vibe-filter")
    page.click("#vibe-clear")
    expect(page.locator("path.heat-point")).to_have_count(0)
    assert page.console_errors == []


def test_preferences_save(page: Any) -> None:
    _open_plan(page)
    with page.expect_response("**/api/user/preferences") as read:
        page.click("#plan-prefs summary")
    assert read.value.json() == {
        "budget_sensitivity": 0.5,
        "vibe_first": False,
        "risk_averse": False,
    }
    expect(page.locator("#pref-budget-value")).to_have_text("0.50")
    page.fill("#pref-budget", "0.8")
    expect(page.locator("#pref-budget-value")).to_have_text("0.80")
    page.check("#pref-vibe")
    with page.expect_response(lambda r: r.request.method == "PATCH") as saved:
        page.click("#prefs-save")
    assert saved.value.json() == {
        "budget_sensitivity": 0.8,
        "vibe_first": True,
        "risk_averse": False,
    }
    expect(page.locator("#prefs-status")).to_contain_text("Saved")
    shot(page, "plan-08-preferences", element="#plan-prefs")
    page.reload()
    page.wait_for_selector("#user-select option", state="attached")
    with page.expect_response("**/api/user/preferences"):
        page.click("#plan-prefs summary")
    expect(page.locator("#pref-budget-value")).to_have_text("0.80")
    expect(page.locator("#pref-vibe")).to_be_checked()
    expect(page.locator("#pref-risk")).not_to_be_checked()
    assert page.console_errors == []


def test_failures_show_their_problem_detail(page: Any) -> None:
    _open_plan(page)
    # A request the server refuses: its validation detail reaches the page over the socket.
    page.click("#plan-group summary")
    page.click("#plan-add-member")
    page.fill(".pm-name", "Sam")
    page.fill(".pm-where", "95, -71")
    page.fill("#plan-prompt", "dinner for 2 in boston")
    page.click("#plan-send")
    error = page.locator("#plan-error .error-box")
    expect(error).to_contain_text("The plan failed: member_locations.0.lat")
    expect(error).to_contain_text("less than or equal to 90")
    expect(page.locator("#plan-agents")).to_be_hidden()
    assert page.input_value("#plan-prompt") == "dinner for 2 in boston"
    shot(page, "plan-09-error")

    # A socket that fails falls back to POST /api/plan, whose problem detail is shown.
    page.fill(".pm-where", "")
    page.route_web_socket("**/api/ws/plan", lambda ws: ws.close())
    page.route("**/api/plan", lambda route: route.fulfill(
        status=503, content_type="application/problem+json",
        body='{"title": "Not ready", "status": 503, "detail": "database unreachable"}',
    ))  # fmt: skip
    page.click("#plan-send")
    expect(error).to_contain_text("database unreachable")
    expect(page.locator(".log-group[data-node=graph]")).to_contain_text("planning over HTTP")
    page.unroute("**/api/plan")
    page.click("#plan-error .error-box button")  # try again: the HTTP path now answers
    page.wait_for_selector(".plan-card")
    expect(page.locator("#plan-error .error-box")).to_have_count(0)

    # Reading a `why` aloud with no speech engine shows the server's 503 detail.
    page.route("**/api/voice/synthesize", lambda route: route.fulfill(
        status=503, content_type="application/problem+json",
        body='{"title": "No speech engine", "status": 503, "detail": "install espeak-ng"}',
    ))  # fmt: skip
    page.locator(".plan-card .speak").first.click()
    expect(page.locator(".plan-card .speak-status").first).to_have_text(
        "Cannot read aloud: install espeak-ng"
    )
    # A shared link to a plan that does not exist says so.
    page.goto("/#plan/00000000-0000-4000-8000-000000000000")
    expect(page.locator("#plan-error .error-box")).to_contain_text("no plan")
    page.console_errors.clear()  # the refused requests above log their status to the console


def test_phone_dark_mode(browser: Any, server: str) -> None:
    context = phone_context(browser, server, color_scheme="dark")
    page = context.new_page()
    try:
        _open_plan(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        _plan(page, "lunch in boston")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # on a phone the map waits behind "Show map", under the form and above the cards
        page.click("#plan-map-toggle")
        map_box = page.locator("#plan-map").bounding_box()
        first_card = page.locator(".plan-card").first.bounding_box()
        assert page.locator("#plan-form").bounding_box()["y"] < map_box["y"] < first_card["y"]
        # fitted to the venues once shown, not at the zoom of the hidden (0 px) box
        expect(page.locator(".plan-pin").first).to_be_visible()
        pins = [b for b in (p.bounding_box() for p in page.locator(".plan-pin").all()) if b]
        assert len({(round(b["x"]), round(b["y"])) for b in pins}) > 1, pins
        expect(page.locator("#jump-chat")).to_be_hidden()
        assert low_contrast(page) == []
        shot(page, "plan-10-phone-dark")
        page.locator(".plan-card").first.scroll_into_view_if_needed()
        shot(page, "plan-11-phone-dark-cards")
    finally:
        context.close()
