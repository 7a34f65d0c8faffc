"""The Trips view (seed 003's itinerary planner) in a real browser against a real `kairos serve`
on the sample catalog (Singapore's points of interest have coordinates): two days with timed
stops, a line and numbered pins per day on the offline map, every check passed; "More relaxed"
changes only its day; a swap and a lock replan the trip; the calendar export downloads one event
per slot with the demo session's credential; an unknown city shows the 422 detail and keeps the
form; a phone in dark mode stays readable. Its CSS uses colour tokens only (ADR-019)."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import REPO
from tests.web.conftest import block_network, low_contrast, shot
from tests.web.test_operator import raw_colours

TRIPS_TEXT = [
    ".trips-form label", ".trip-summary p", ".trip-verdict", ".trip-time", ".trip-name",
    ".trip-kind", ".trip-travel", ".trip-locked", ".trip-hours", ".trip-licence", ".trip-num",
    ".trip-check-mark", ".trip-check span", ".trip-notes li", ".trip-quality dt",
    ".trip-quality dd", ".trips-legend li", ".trip-unplaced summary", ".trip-sources li",
]  # fmt: skip
FORM = {
    "#trips-city": "Singapore", "#trips-start": "2026-12-07", "#trips-days": "2",
    "#trips-interests": "museums and gardens",
}  # fmt: skip


def _open(page: Any) -> None:
    page.goto("/#trips")
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists
    expect(page.locator("#trips-view")).to_be_visible()
    expect(page.locator("#restaurants-view")).to_be_hidden()
    expect(page.locator("#tab-trips")).to_have_attribute("aria-current", "page")


def _plan(page: Any, **fields: str) -> dict[str, Any]:
    for selector, value in {**FORM, **fields}.items():
        page.fill(selector, value)
    page.select_option("#trips-pace", "moderate")
    page.select_option("#trips-mode", "transit")
    with page.expect_response("**/trips") as created:
        page.click("#trips-send")
    assert created.value.status == 201, created.value.text()
    trip: dict[str, Any] = created.value.json()
    expect(page.locator(".trip-day")).to_have_count(len(trip["days"]))
    return trip


def _edited(page: Any, click: Any) -> dict[str, Any]:
    with page.expect_response(lambda r: "/trips/" in r.url and r.request.method == "POST") as done:
        click()
    assert done.value.status == 200, done.value.text()
    trip: dict[str, Any] = done.value.json()
    expect(page.locator(".trip-summary .meta")).to_contain_text(f"version {trip['version']}")
    return trip


def _day(page: Any, index: int) -> Any:
    return page.locator(f".trip-day[data-day='{index}']")


def _shown(page: Any, index: int) -> list[tuple[str, str, str]]:
    """Day `index` as the page shows it: (place, kind, start) per slot, in order."""
    rows = _day(page, index).locator(".trip-slot")
    return [
        (r.get_attribute("data-place"), r.get_attribute("data-kind"), r.get_attribute("data-start"))
        for r in rows.all()
    ]


def _stops(trip: dict[str, Any], index: int) -> list[dict[str, Any]]:
    return [s for s in trip["days"][index - 1]["slots"] if s["kind"] == "stop"]


@pytest.mark.browser
def test_plan_relax_swap_lock_and_export(page: Any) -> None:
    _open(page)
    trip = _plan(page)

    # Two days, each with timed stops in ascending order, as the answer has them.
    assert [d["index"] for d in trip["days"]] == [1, 2]
    slots = 0
    for d in trip["days"]:
        shown = _shown(page, d["index"])
        assert [(s["place_id"], s["kind"], s["start"]) for s in d["slots"]] == shown
        assert any(kind == "stop" for _, kind, _ in shown)
        starts = [start for _, _, start in shown]
        assert starts == sorted(starts)
        slots += len(shown)
        first = _day(page, d["index"]).locator(".trip-slot").first
        s = d["slots"][0]
        expect(first.locator(".trip-time strong")).to_have_text(f"{s['start']}–{s['end']}")
        expect(first.locator(".trip-licence")).to_have_text(
            f"Source: {s['source']} · {s['licence']}"
        )
    unknown = page.locator(".trip-hours.unknown")
    assert unknown.count() == sum(not s["hours_known"] for d in trip["days"] for s in d["slots"])
    expect(unknown.first).to_have_text("Opening hours unknown (not checked)")

    # The map: a numbered pin per slot and a line per day, each day in its own colour.
    pins = page.locator("#trips-map svg .trip-pin")
    expect(pins).to_have_count(slots)
    expect(
        page.locator("#trips-map svg .trip-pin[data-day='2'][data-order='1'] text")
    ).to_have_text("1")
    lines = page.locator("#trips-map svg .trip-line")
    expect(lines).to_have_count(sum(len(d["slots"]) > 1 for d in trip["days"]))
    strokes = {ln.evaluate("el => getComputedStyle(el).stroke") for ln in lines.all()}
    assert len(strokes) == lines.count() and "none" not in strokes
    day2 = trip["days"][1]["slots"]
    points = page.locator(".trip-line[data-day='2']").get_attribute("points")
    assert len(points.split()) == len(day2)
    pin = page.locator("#trips-map svg .trip-pin[data-day='2'][data-order='2']")
    pin.focus()  # close pins overlap at this scale: the keyboard picks one for sure
    page.keyboard.press("Enter")
    expect(_day(page, 2).locator(".trip-slot.focused")).to_have_attribute(
        "data-place", day2[1]["place_id"]
    )

    # The checks: every one passed, each with its detail; quality and sources are shown.
    assert trip["verified"]
    checks = page.locator(".trip-check")
    expect(checks).to_have_count(len(trip["verification"]))
    expect(page.locator(".trip-check[data-passed='false']")).to_have_count(0)
    expect(page.locator(".trip-verdict")).to_have_text("✓ Every check passed")
    for c in trip["verification"]:
        expect(page.locator(f".trip-check[data-constraint='{c['constraint']}']")).to_contain_text(
            c["detail"]
        )
    expect(page.locator(".trip-sources li")).to_have_count(len(trip["attribution"]))
    expect(page.locator(".trip-quality")).to_contain_text(
        f"{round(trip['quality']['coverage'] * 100)}%"
    )
    assert low_contrast(page, TRIPS_TEXT) == []
    page.evaluate("scrollTo(0, 0)")
    shot(page, "trips-01-planned", full_page=True)

    # The trip id survives a reload (this browser session).
    stored = page.evaluate(
        "Object.entries(sessionStorage).filter(([k]) => k.startsWith('kairos.trips.'))"
    )
    assert [v for _, v in stored] == [trip["trip_id"]]
    page.reload()
    expect(page.locator(".trip-id")).to_have_text(trip["trip_id"][:8])
    expect(page.locator("#trips-city")).to_have_value("Singapore")
    assert _shown(page, 2) == [(s["place_id"], s["kind"], s["start"]) for s in day2]

    # The .ics link downloads with the demo session's cookie: one VEVENT per slot.
    with page.expect_download() as download:
        page.click("#trips-ics")
    calendar = Path(download.value.path()).read_text()
    assert calendar.startswith("BEGIN:VCALENDAR")
    assert calendar.count("BEGIN:VEVENT") == slots
    geo = page.request.get(page.get_attribute("#trips-geojson", "href")).json()
    assert sum(f["geometry"]["type"] == "Point" for f in geo["features"]) == slots
    with page.context.expect_page() as opened:
        page.click("#trips-print")
    printable = opened.value
    printed: list[str] = []
    printable.on("console", lambda m: m.type == "error" and printed.append(m.text))
    printable.wait_for_load_state()
    expect(printable.locator("h2").first).to_have_text(re.compile(r"^Day 1: "))
    assert printed == []  # its own styles are allowed by its own Content-Security-Policy
    assert printable.locator("body").evaluate("el => getComputedStyle(el).maxWidth") != "none"
    printable.close()

    # "More relaxed" on day 2: one stop fewer there, day 1 exactly as it was.
    before_1 = _shown(page, 1)
    relaxed = _edited(page, lambda: _day(page, 2).locator(".trip-relax").click())
    assert len(_stops(relaxed, 2)) == len(_stops(trip, 2)) - 1
    expect(_day(page, 2).locator(".trip-slot[data-kind='stop']")).to_have_count(
        len(_stops(trip, 2)) - 1
    )
    assert _shown(page, 1) == before_1
    expect(page.locator("#trips-status")).to_contain_text("Day 2 is more relaxed")

    # Swap day 1's first stop for something outdoors: replaced, or a note says why not.
    old = _stops(relaxed, 1)[0]
    slot = _day(page, 1).locator(f".trip-slot[data-place='{old['place_id']}']")
    slot.locator(".trip-swap summary").click()
    swapped = _edited(page, lambda: slot.locator("button[data-want='outdoors']").click())
    after = [s["place_id"] for s in _stops(swapped, 1)]
    notes = swapped["notes"] + swapped["days"][0]["notes"]
    if old["place_id"] not in after:
        assert any(f"{old['name']} swapped for" in n for n in notes), notes
        expect(page.locator(".trip-notes")).to_contain_text([f"{old['name']} swapped for"])
    else:
        assert any(old["name"] in n for n in notes), notes
    expect(_day(page, 1).locator(f".trip-slot[data-place='{old['place_id']}']")).to_have_count(
        int(old["place_id"] in after)
    )

    # Lock day 2's last stop: after the replan it shows its lock marker and has no Lock button.
    target = _stops(swapped, 2)[-1]
    row = _day(page, 2).locator(f".trip-slot[data-place='{target['place_id']}']")
    locked = _edited(page, lambda: row.locator(".trip-lock").click())
    assert locked["edits"][-1] == {
        "kind": "lock",
        "place_id": target["place_id"],
        "day": 2,
        "start": None,
    }
    row = _day(page, 2).locator(f".trip-slot[data-place='{target['place_id']}']")
    expect(row.locator(".trip-locked")).to_have_text("🔒 Locked to day 2")
    expect(row.locator(".trip-lock")).to_have_count(0)
    expect(page.locator(".trip-check[data-constraint='locked_kept']")).to_have_attribute(
        "data-passed", "true"
    )
    row.scroll_into_view_if_needed()
    shot(page, "trips-02-locked")
    assert page.console_errors == []


@pytest.mark.browser
def test_an_unknown_city_shows_the_detail_and_keeps_the_form(page: Any) -> None:
    _open(page)
    page.fill("#trips-city", "Atlantis")
    page.fill("#trips-days", "4")
    page.fill("#trips-interests", "sunken temples")
    page.check("#trips-access")
    with page.expect_response("**/trips") as refused:
        page.click("#trips-send")
    assert refused.value.status == 422
    detail = refused.value.json()["detail"]
    error = page.locator("#trips-error .error-box")
    expect(error).to_contain_text(detail)
    expect(error).to_contain_text("'Atlantis' is not a city Kairos can plan in")
    expect(page.locator("#trips-city")).to_have_value("Atlantis")
    expect(page.locator("#trips-days")).to_have_value("4")
    expect(page.locator("#trips-interests")).to_have_value("sunken temples")
    expect(page.locator("#trips-access")).to_be_checked()
    expect(page.locator(".trip-day")).to_have_count(0)
    assert low_contrast(page, TRIPS_TEXT) == []
    shot(page, "trips-03-unknown-city")
    page.console_errors.clear()  # the refused request logs its status to the console

    # Fixed in place, the same form plans the trip and the error goes.
    page.fill("#trips-city", "Kathmandu")
    page.fill("#trips-days", "1")
    page.uncheck("#trips-access")
    page.click("#trips-send")
    expect(page.locator(".trip-day")).to_have_count(1)
    expect(page.locator("#trips-error .error-box")).to_have_count(0)
    assert page.console_errors == []


@pytest.mark.browser
def test_phone_dark_mode(browser: Any, server: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=server, color_scheme="dark",
        is_mobile=True, has_touch=True,
    )  # fmt: skip
    block_network(context, server)
    page = context.new_page()
    try:
        _open(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        _plan(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert low_contrast(page, TRIPS_TEXT) == []
        page.locator(".trip-summary").scroll_into_view_if_needed()
        shot(page, "trips-04-phone-dark")
        _day(page, 2).evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "trips-05-phone-dark-day")
        page.locator(".trip-checks").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "trips-06-phone-dark-checks")
        page.locator("#trips-map").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "trips-07-phone-dark-map")
        _day(page, 1).locator(".trip-swap summary").first.click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


_TRIPS_BLOCK = re.compile(r"/\* Trips view.*?\*/(?P<css>.*?)/\* end Trips view \*/", re.S)


def test_trips_css_uses_only_colour_tokens() -> None:
    css = (REPO / "src/kairos/web/app.css").read_text()
    block = _TRIPS_BLOCK.search(css)
    assert block is not None, "app.css lost its '/* Trips view … */ … /* end Trips view */'"
    assert ".trip-check.failed" in block["css"]
    assert raw_colours(block["css"]) == []
    # Each day colour is a token in both themes (docs/BRAND.md).
    light, dark = css.split(':root[data-theme="dark"]', 1)
    for name in [*(f"--day-{i}" for i in range(1, 8)), "--day-ink"]:
        assert re.search(rf"{name}:\s*#[0-9a-f]{{6}}", light), name
        assert re.search(rf"{name}:\s*#[0-9a-f]{{6}}", dark.split("}", 1)[0]), name
    for script in sorted(Path(REPO / "src/kairos/web/js").glob("trips*.js")):
        text = script.read_text()
        assert "style" not in text, script.name
        assert not re.search(r"[\"'`]#[0-9a-f]{3,8}[\"'`]|rgba?\(", text, re.I), script.name


@pytest.mark.browser
def test_the_map_uses_real_tiles_when_configured(page: Any) -> None:
    """Tiles from a routed fake tile server replace the SVG; lines and pins keep their day."""
    from tests.web.test_journey import TILES, _configure_tiles

    png = base64.b64decode(  # one light grey pixel
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC"
    )
    _configure_tiles(page, TILES)
    page.route(
        "https://tiles.test/**", lambda route: route.fulfill(body=png, content_type="image/png")
    )
    _open(page)
    trip = _plan(page)
    page.wait_for_selector(".trips-tiles:not(.pending) .leaflet-tile-loaded")
    expect(page.locator("#trips-map svg.trip-svg")).to_have_count(0)
    slots = [s for d in trip["days"] for s in d["slots"]]
    expect(page.locator(".trips-tiles .trip-pin-icon")).to_have_count(len(slots))
    lines = page.locator(".trips-tiles path.trip-line")
    expect(lines).to_have_count(sum(len(d["slots"]) > 1 for d in trip["days"]))
    strokes = {ln.evaluate("el => getComputedStyle(el).stroke") for ln in lines.all()}
    assert len(strokes) == lines.count()
    last = trip["days"][-1]["slots"][-1]
    page.locator(f".trips-tiles .trip-pin-icon[data-place='{last['place_id']}']").click(force=True)
    expect(page.locator(".trip-slot.focused")).to_have_attribute("data-place", last["place_id"])
    shot(page, "trips-08-tiles")
    assert page.console_errors == []
