"""The view the URL names is drawn before any module has run (issue 41, item 4: the largest
paint). On slow 4G the modules take seconds to arrive; until then the page showed the
Restaurants view, or nothing of the view asked for. With every file but the page withheld (its
stylesheet and first-view script are inline), each view's own heading and text are on screen,
styled, the others are not, and the title is the view's; the page draws no frame before the
view's own markup is parsed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import block_network

pytestmark = pytest.mark.browser

VIEWS = {
    "restaurants": ("restaurants-view", "Restaurants"),
    "meals": ("meals-view", "Meals"),
    "plan": ("plan-view", "Plan"),
    "trips": ("trips-view", "Trips"),
    "operator": ("operator-view", "Operator"),
}


@pytest.mark.parametrize("width", [1280, 390])
def test_each_view_is_drawn_before_its_modules_arrive(
    browser: Any, server: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=server)
    block_network(context, server)
    # Every file but the page withheld: the page carries its stylesheet and first-view script
    # (each was a round trip before the first paint, 562 ms of latency on slow 4G), and its
    # policy lets them run by hash.
    context.route("**/static/**", lambda route: route.abort())
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))
    try:
        for view, (shown, title) in VIEWS.items():
            page.goto("about:blank")  # a new document each time, not a move within the page
            page.goto(f"/#{view}")
            page.wait_for_load_state("load")
            expect(page.locator(f"#{shown}")).to_be_visible()
            expect(page.locator(f"#{shown} h2").first).to_be_visible()
            for other, _ in VIEWS.values():
                if other != shown:
                    expect(page.locator(f"#{other}")).to_be_hidden()
            assert page.title() == f"Kairos — {title}"
            # the view's modules are asked for at once, not one import level a trip, and no
            # other view's (tests/web/test_view_loading.py follows what is fetched)
            preloaded = page.eval_on_selector_all(
                "link[rel=modulepreload]", "links => links.map(l => l.href)"
            )
            assert any(f"/view-{view}.js" in href for href in preloaded), preloaded
            assert sum("/view-" in href for href in preloaded) == 1, preloaded
            # no frame is drawn before the view's own markup is parsed: the page's rendering
            # waits on the element right after the view's <main> (a frame of the header alone,
            # then the view a frame later, was Trips' largest paint on a slow CPU: it comes
            # after three other views)
            awaited = page.eval_on_selector_all(
                "head link[rel=expect][blocking=render]",
                "links => links.map(l => document.getElementById(l.href.split('#')[1])"
                "?.previousElementSibling?.id)",
            )
            assert awaited == [shown], awaited
            # styled by the inline sheet (a browser's own body margin is 8 px)
            assert page.evaluate("getComputedStyle(document.body).margin") == "0px"
        assert refused == [], refused
    finally:
        context.close()
