"""What a person types into the Trips form before the view's modules have arrived is kept.

The form is drawn with the page (3e00366), so on a slow line it can be filled before trips.js
runs; trips.js then wrote tomorrow's date over the typed start date, and the trip was planned
for the wrong days with nothing said (an outside audit, 2026-11-30: '2026-12-07' typed, a trip
'from Tue, 1 Dec' drawn). Tomorrow is the start date only when none was typed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import block_network

pytestmark = pytest.mark.browser


def test_a_start_date_typed_before_the_modules_arrive_is_kept(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    block_network(context, server)
    page = context.new_page()
    held: list[Any] = []
    page.route("**/static/js/view-trips.js*", lambda route: held.append(route))
    page.goto("/#trips")
    page.wait_for_selector("#user-select option", state="attached")
    expect(page.locator("#trips-view")).to_be_visible()
    page.fill("#trips-city", "Singapore")
    page.fill("#trips-start", "2026-12-07")
    page.fill("#trips-days", "2")
    assert held, "the view's entry module was not asked for"
    held[0].continue_()
    page.wait_for_load_state("networkidle")
    expect(page.locator("#trips-start")).to_have_value("2026-12-07")
    with page.expect_response("**/trips") as created:
        page.click("#trips-send")
    assert created.value.status == 201, created.value.text()
    assert created.value.json()["start_date"] == "2026-12-07"
    context.close()
