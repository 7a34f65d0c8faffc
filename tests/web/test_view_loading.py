"""Each view loads only its own modules and data (issue 41, item 4), and draws its largest text
with the page, not after a module or an API answer.

A first visit to a view (a fresh browser context) fetches the shared core (main.js and what it
imports) and that view's modules, preloaded by the page; another view's modules are fetched when
it is opened. The restaurant feed (/recommendations) is asked for on Restaurants alone, and
Leaflet only once a map is on screen."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import block_network

pytestmark = pytest.mark.browser

# Modules that belong to one view alone (their names, as the page fetches them).
OWN = {
    "restaurants": {"view-restaurants.js", "chat.js", "feed.js", "cards.js", "radar.js"},
    "meals": {"view-meals.js", "meals.js", "kitchen.js"},
    "plan": {"view-plan.js", "plan.js", "plan-map.js", "plan-cards.js", "plan-tools.js"},
    "trips": {"view-trips.js", "trips.js", "trips-render.js", "trips-map.js", "trips-prefs.js"},
    "operator": {"view-operator.js", "operator.js", "operator-answer.js", "operator-signals.js"},
}
CORE = {"main.js", "api.js", "dom.js", "profile.js", "phone-layout.js"}  # first-view.js: inline


def _module(url: str) -> str:
    return url.split("?")[0].rsplit("/", 1)[-1]


@contextmanager
def _visit(browser: Any, server: str, width: int = 1280) -> Iterator[tuple[Any, list[str]]]:
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=server)
    block_network(context, server)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    try:
        yield page, requested
    finally:
        context.close()


def _modules(requested: list[str]) -> set[str]:
    return {_module(u) for u in requested if "/static/js/" in u}


def _fed(requested: list[str]) -> bool:
    return any("/recommendations/" in u for u in requested)


def _leaflet(requested: list[str]) -> bool:
    return any("/vendor/leaflet/" in u for u in requested)


@pytest.mark.parametrize("view", list(OWN))
def test_a_first_visit_loads_the_core_and_the_view_alone(
    browser: Any, server: str, view: str
) -> None:
    with _visit(browser, server) as (page, requested):
        page.goto(f"/#{view}")
        expect(page.locator(f"#{view}-view")).to_be_visible()
        page.wait_for_load_state("networkidle")
        fetched = _modules(requested)
        preloaded = {
            _module(h)
            for h in page.eval_on_selector_all(
                "link[rel=modulepreload]", "links => links.map(l => l.href)"
            )
        }
        assert fetched >= CORE, fetched
        assert OWN[view] <= fetched, (view, fetched)
        assert OWN[view] <= preloaded, (view, preloaded)  # at once, not an import level a trip
        for other, modules in OWN.items():
            if other != view:
                assert not modules & fetched, (view, other, modules & fetched)
                assert not modules & preloaded, (view, other, modules & preloaded)
        assert _fed(requested) == (view == "restaurants"), view
        # a map on screen is Plan's on a wide screen; Trips draws its map with a trip
        assert _leaflet(requested) == (view == "plan"), view


def test_another_view_loads_its_modules_and_data_when_opened(browser: Any, server: str) -> None:
    with _visit(browser, server) as (page, requested):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("/#meals")
        page.wait_for_load_state("networkidle")
        assert not OWN["restaurants"] & _modules(requested)
        assert not _fed(requested)
        page.locator("#tab-restaurants").click()
        expect(page.locator("#feed .card").first).to_be_visible(timeout=60_000)
        assert OWN["restaurants"] <= _modules(requested)
        assert _fed(requested)
        # the user's allergies are still shown, and Meals' form still works once left and reopened
        page.locator("#tab-meals").click()
        expect(page.locator("#meals-view")).to_be_visible()
        assert errors == []


def test_a_phone_loads_leaflet_only_when_the_plan_map_is_shown(browser: Any, server: str) -> None:
    with _visit(browser, server, width=390) as (page, requested):
        page.goto("/#plan")
        expect(page.locator("#plan-map-toggle")).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert OWN["plan"] <= _modules(requested)
        assert not _leaflet(requested)
        with page.expect_request(lambda r: "/vendor/leaflet/leaflet.js" in r.url):
            page.locator("#plan-map-toggle").click()
        expect(page.locator("#plan-map .leaflet-control-scale")).to_be_visible()


_LARGEST_PAINT = """() => new Promise((resolve) => {
  let last = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const name = (el) => (el ? el.id || el.className : null);
  setTimeout(() => resolve(last && name(last.element)), 300);
})"""


def test_plan_and_restaurants_paint_their_largest_text_with_the_page(
    browser: Any, server: str
) -> None:
    """With every module withheld, Plan's map note and Restaurants' intro and chat hint are on
    screen; with the modules, Restaurants' largest paint stays its intro, not a feed card."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    block_network(context, server)
    context.route("**/static/js/*.js*", lambda route: route.abort())  # first-view.js: inline
    page = context.new_page()
    try:
        page.goto("/#plan")
        page.wait_for_load_state("load")
        expect(page.locator("#plan-map-note")).to_contain_text("Offline map")
        page.goto("about:blank")
        page.goto("/#restaurants")
        page.wait_for_load_state("load")
        expect(page.locator("#feed-intro")).to_be_visible()
        expect(page.locator("#messages .hint")).to_be_visible()
    finally:
        context.close()
    with _visit(browser, server) as (page, _):
        page.goto("/#restaurants")
        expect(page.locator("#feed .card .quote").first).to_be_visible(timeout=60_000)
        page.wait_for_load_state("networkidle")
        assert page.evaluate(_LARGEST_PAINT) == "feed-intro"


def test_a_form_sent_before_its_modules_arrive_is_sent_once_they_do(
    browser: Any, server: str
) -> None:
    """On slow 4G a person can type and press Enter before the view's modules have arrived: the
    form waits for them and is sent then, the page never reloaded by a native submit."""
    with _visit(browser, server) as (page, _):
        held: list[Any] = []
        page.route("**/static/js/view-meals.js*", lambda route: held.append(route))
        page.goto("/#meals")
        page.wait_for_selector("#user-select option", state="attached")
        page.fill("#meal-text", "healthier lasagna for 4")
        page.press("#meal-text", "Enter")
        page.wait_for_timeout(500)
        assert "?" not in page.url and "lasagna" not in page.url, page.url
        assert held, "the view's entry module was not asked for"
        held[0].continue_()
        expect(page.locator(".suggestion").first).to_be_visible(timeout=60_000)
        assert "?" not in page.url, page.url
