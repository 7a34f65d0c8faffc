"""Phone layouts designed, not shrunk (issue 41, item 3), in a real browser against a real
`kairos serve` at 390 x 844 and 320 x 640: the header is one line (the view switcher scrolls
sideways, the account and theme controls sit behind a menu button); on Plan and Trips the form
comes first and the map waits behind a "Show map" disclosure, operable by keyboard; nothing
scrolls sideways; axe-core finds nothing in any of these states."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import block_network, phone_context, shot
from tests.web.test_wcag import _problems

pytestmark = pytest.mark.browser

PHONES = [(390, 844), (320, 640)]
HEADER_MAX = 64  # px: one line of tabs (was 170 px at 390 and 213 px at 320, a quarter or more)
FORMS = {"plan": "#plan-form", "trips": "#trips-form"}


def _top(page: Any, selector: str) -> float:
    return float(page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top"))


def _no_sideways_scroll(page: Any, state: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, f"{state}: the page scrolls {wide} px sideways"


def _open(page: Any, view: str) -> None:
    page.goto(f"/#{view}")
    page.wait_for_selector("#user-select option", state="attached")


def test_phone_header_form_first_and_map_on_demand(browser: Any, server: str) -> None:
    problems: list[str] = []
    for width, height in PHONES:  # a browser of its own each: no trip kept from the last
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=server, is_mobile=True,
            has_touch=True,
        )  # fmt: skip
        block_network(context, server)
        page = context.new_page()
        for view, form in FORMS.items():
            state = f"{view} {width}px"
            _open(page, view)
            if view == "trips":  # its map is drawn with a trip: no button before there is one
                expect(page.locator("#trips-map-toggle")).to_be_hidden()
                page.fill("#trips-city", "Singapore")
                page.fill("#trips-days", "2")
                page.click("#trips-send")
                page.wait_for_selector(".trip-day")
                page.evaluate("scrollTo(0, 0)")
                assert _top(page, "#trips-map-toggle") < _top(page, "#trips-result"), state
            header = page.locator("header.top").bounding_box()
            assert header["height"] <= HEADER_MAX, f"{state}: header {header['height']} px"
            expect(page.locator(f"#tab-{view}")).to_be_in_viewport()  # the current tab in sight
            toggle = page.locator(f"#{view}-map-toggle")
            expect(toggle).to_have_attribute("aria-expanded", "false")
            expect(page.locator(f"#{view}-map")).to_be_hidden()  # no blank map above the form
            assert _top(page, form) < _top(page, f"#{view}-map-toggle"), state
            _no_sideways_scroll(page, state)
            problems += _problems(page, f"{state} map hidden")
            shot(page, f"phone-{view}-{width}-form-first")

            toggle.focus()
            page.keyboard.press("Enter")
            expect(toggle).to_have_attribute("aria-expanded", "true")
            expect(toggle).to_have_text("Hide map")
            expect(page.locator(f"#{view}-map")).to_be_visible()
            assert _top(page, form) < _top(page, f"#{view}-map"), state
            map_box = page.locator(f"#{view}-map").bounding_box()
            assert map_box["height"] > 150 and map_box["width"] > width - 40, (state, map_box)
            _no_sideways_scroll(page, f"{state} map shown")
            problems += _problems(page, f"{state} map shown")
            shot(page, f"phone-{view}-{width}-map-shown")
            toggle.focus()
            page.keyboard.press("Space")
            expect(toggle).to_have_attribute("aria-expanded", "false")
            expect(page.locator(f"#{view}-map")).to_be_hidden()

        # the account and theme controls, behind the menu button
        menu = page.locator("#menu-toggle")
        expect(page.locator("#open-profile")).to_be_hidden()
        menu.focus()
        page.keyboard.press("Enter")
        expect(menu).to_have_attribute("aria-expanded", "true")
        expect(page.locator("#open-profile")).to_be_visible()
        expect(page.locator("#theme-toggle")).to_be_visible()
        _no_sideways_scroll(page, f"menu {width}px")
        problems += _problems(page, f"menu open {width}px")
        shot(page, f"phone-menu-{width}")
        context.close()
    assert problems == []


def test_picking_a_start_point_shows_the_map(browser: Any, server: str) -> None:
    context = phone_context(browser, server)
    page = context.new_page()
    _open(page, "plan")
    page.click("#plan-group > summary")
    page.click("#plan-add-member")
    expect(page.locator("#plan-map")).to_be_hidden()
    page.click(".pm-pick")
    expect(page.locator("#plan-map-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#plan-map")).to_be_visible()
    context.close()


def test_desktop_shows_the_map_and_the_header_without_disclosures(page: Any) -> None:
    for view in FORMS:
        _open(page, view)
        expect(page.locator(f"#{view}-map-toggle")).to_be_hidden()
    expect(page.locator("#trips-map")).to_be_empty()  # drawn with a trip
    _open(page, "plan")
    expect(page.locator("#plan-map")).to_be_visible()
    expect(page.locator("#plan-map-toggle")).to_be_hidden()
    expect(page.locator("#menu-toggle")).to_be_hidden()
    expect(page.locator("#open-profile")).to_be_visible()
    expect(page.locator("h1.brand")).to_be_visible()
