"""The Trips view (seed 003's itinerary planner) in a real browser against a real `kairos serve` on
the sample catalog (Singapore's points of interest have coordinates): two days with timed stops,
a line and numbered pins per day on the offline map, the checks (passed, or not checked with
each place whose opening hours are unknown named: "✓ Every check passed" only when every check
ran); "More relaxed" changes only its day; a swap and a lock replan the trip; the calendar
export downloads one event per slot with the demo session's credential; an unknown city shows
the 422 detail and keeps the form; a phone in dark mode stays readable. Its CSS uses colour
tokens only (ADR-019). The travel preferences panel saves and re-reads the profile's part, and a
trip takes what its form leaves at "From my preferences" from there (and says so); a start point
picked on the map is sent as `hotel` and drawn; the overview and each day's title and summary
are shown, and who wrote them; Unlock frees a stop (a refusal shows its detail and keeps what
was typed); words plan and change a trip."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import REPO
from tests.web.conftest import low_contrast, phone_context, shot
from tests.web.test_operator import raw_colours

TRIPS_TEXT = [
    ".trips-form label", ".trip-summary p", ".trip-verdict", ".trip-time", ".trip-name",
    ".trip-kind", ".trip-travel", ".trip-locked", ".trip-hours", ".trip-licence", ".trip-num",
    ".trip-check-mark", ".trip-check span", ".trip-notes li", ".trip-quality dt",
    ".trip-quality dd", ".trip-verdict-detail", ".trip-to-check li", ".trip-hours-check",
    ".trips-legend li", ".trip-unplaced summary", ".trip-sources li",
    ".trips-hint", ".trips-words > label", ".trips-hotel > label", ".trips-prefs-title",
    ".trips-prefs-state", ".trips-prefs-form label", ".trips-prefs-modes legend", ".trip-overview",
    ".trip-from-profile", ".trip-disclaimer", ".trip-day-summary", ".trip-words-message",
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
    unknown_slots = [s for d in trip["days"] for s in d["slots"] if s["hours"] == "unknown"]
    assert unknown.count() == len(unknown_slots)
    if unknown_slots:
        expect(unknown.first).to_have_text("⚠ Opening hours not checked: check before you go")

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

    # The checks: none failed, each with its detail; "✓ Every check passed" only when every
    # check ran (verified); else each place whose hours are unknown is named with what to check.
    checks = page.locator(".trip-check")
    expect(checks).to_have_count(len(trip["verification"]))
    expect(page.locator(".trip-check[data-status='failed']")).to_have_count(0)
    unchecked = [c for c in trip["verification"] if c["status"] == "not_checked"]
    expect(page.locator(".trip-check[data-status='not_checked']")).to_have_count(len(unchecked))
    assert trip["verified"] is (not unchecked) is (not trip["to_check"])
    if trip["verified"]:
        expect(page.locator(".trip-verdict")).to_have_text("✓ Every check passed")
    else:
        expect(page.locator(".trip-verdict")).to_have_text("⚠ Not verified")
        expect(page.locator(".trip-to-check li")).to_have_text(
            [c["advice"] for c in trip["to_check"]]
        )
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
    expect(printable.locator(".verdict")).to_have_text(trip["verdict"])
    if trip["to_check"]:  # what to check comes before the days
        expect(printable.locator("h2").first).to_have_text("Check before you go")
        expect(printable.locator(".to-check li")).to_have_count(len(trip["to_check"]))
    expect(printable.locator("h2", has_text=re.compile(r"^Day 1: "))).to_have_count(1)
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
        "start": target["start"],  # locked where it stands: it keeps its time
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
    page.select_option("#trips-access", "yes")
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
    expect(page.locator("#trips-access")).to_have_value("yes")
    expect(page.locator(".trip-day")).to_have_count(0)
    assert low_contrast(page, TRIPS_TEXT) == []
    shot(page, "trips-03-unknown-city")
    page.console_errors.clear()  # the refused request logs its status to the console

    # Fixed in place, the same form plans the trip and the error goes.
    page.fill("#trips-city", "Kathmandu")
    page.fill("#trips-days", "1")
    page.select_option("#trips-access", "no")  # any place, whatever the preferences say
    with page.expect_request("**/trips") as sent:
        page.click("#trips-send")
    assert sent.value.post_data_json["accessibility"] is False
    expect(page.locator(".trip-day")).to_have_count(1)
    expect(page.locator("#trips-access")).to_have_value("no")
    expect(page.locator("#trips-error .error-box")).to_have_count(0)
    assert page.console_errors == []


@pytest.mark.browser
def test_phone_dark_mode(browser: Any, server: str) -> None:
    context = phone_context(browser, server, color_scheme="dark")
    page = context.new_page()
    try:
        _open(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        _plan(page)
        page.click("#trips-map-toggle")  # on a phone the map is shown on demand
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
        # The words, the form with its start point and the open preferences fit the phone too.
        page.locator("#trips-map svg.trip-svg").click(position={"x": 6, "y": 40})
        expect(page.locator("#trips-map .trip-hotel")).to_have_count(1)
        page.click("#trips-prefs summary")
        expect(page.locator("#travel-state")).to_have_text("✓ Saved")
        page.fill("#travel-tags", "museum")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert low_contrast(page, TRIPS_TEXT) == []
        page.locator("#trips-words-form").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "trips-11-phone-dark-form")
        page.locator("#trips-prefs").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "trips-12-phone-dark-preferences")
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
    # Pins of nearby places overlap at this zoom: the click goes to this pin itself, not to
    # whichever pin is on top at its centre. A place to eat may serve on two days, and a food
    # market lunch and dinner on one: the last pin named for the last day is this slot's.
    day = len(trip["days"])
    pin = page.locator(
        f".trips-tiles .trip-pin-icon[data-place='{last['place_id']}'][title^='Day {day},']"
    ).last
    pin.dispatch_event("click")
    expect(page.locator(".trip-slot.focused")).to_have_attribute("data-place", last["place_id"])
    shot(page, "trips-08-tiles")
    assert page.console_errors == []


def _posted(page: Any) -> Any:
    return page.expect_request(lambda r: r.url.endswith("/trips") and r.method == "POST")


def _prefs(page: Any) -> dict[str, Any]:
    """The preferences panel as the page shows it."""
    if not page.locator("#trips-prefs").evaluate("el => el.open"):
        page.click("#trips-prefs summary")
    return {
        "favourite_tags": page.input_value("#travel-tags"),
        "companions": page.input_value("#travel-companions"),
        "pace": page.input_value("#travel-pace"),
        "modes": page.locator("#travel-modes li").evaluate_all(
            "els => els.map(li => [li.dataset.mode, li.querySelector('input').checked])"
        ),
        "accessibility": page.is_checked("#travel-access"),
    }


@pytest.mark.browser
def test_preferences_are_saved_reread_and_fill_what_a_trip_leaves_out(page: Any) -> None:
    _open(page)
    expect(page.locator("#travel-state")).to_have_text("✓ Saved")  # the empty profile, read
    assert _prefs(page) == {
        "favourite_tags": "", "companions": "", "pace": "", "accessibility": False,
        "modes": [["walk", False], ["transit", False], ["drive", False]],
    }  # fmt: skip
    page.fill("#travel-tags", "Museum, park ")
    page.select_option("#travel-companions", "partner")
    page.select_option("#travel-pace", "relaxed")
    page.check("#travel-modes li[data-mode='transit'] input")
    page.check("#travel-modes li[data-mode='walk'] input")
    page.click("#travel-modes li[data-mode='transit'] .trips-prefs-up")  # transit before walk
    expect(page.locator("#travel-state")).to_have_text("● Changes not saved")
    with page.expect_response(
        lambda r: r.url.endswith("/trips/preferences") and r.request.method == "PATCH"
    ) as saved:
        page.click("#travel-save")
    assert saved.value.status == 200, saved.value.text()
    assert saved.value.json() == {
        "favourite_tags": ["museum", "park"], "companions": "partner",
        "modes": ["transit", "walk"], "pace": "relaxed", "accessibility": False,
    }  # fmt: skip
    expect(page.locator("#travel-state")).to_have_text("✓ Saved")
    assert low_contrast(page, TRIPS_TEXT) == []
    shot(page, "trips-09-preferences", element="#trips-prefs")

    # A reload reads them back from the profile.
    page.reload()
    page.wait_for_selector("#user-select option", state="attached")
    expect(page.locator("#travel-state")).to_have_text("✓ Saved")
    assert _prefs(page) == {
        "favourite_tags": "museum, park", "companions": "partner", "pace": "relaxed",
        "accessibility": False,
        "modes": [["transit", True], ["walk", True], ["drive", False]],
    }  # fmt: skip

    # Pace, travel mode and companions left at "From my preferences" are not sent: the profile's
    # values plan the trip, and the summary says where they came from.
    for selector, value in FORM.items():
        page.fill(selector, value)
    for field in ["pace", "mode", "companions"]:
        expect(page.locator(f"#trips-{field}")).to_have_value("")
    with _posted(page) as sent, page.expect_response("**/trips") as created:
        page.click("#trips-send")
    body = sent.value.post_data_json
    assert not {"pace", "mode", "companions", "accessibility"} & body.keys(), body
    trip = created.value.json()
    assert (trip["pace"], trip["mode"], trip["companions"]) == ("relaxed", "transit", "partner")
    assert trip["from_profile"] == ["pace", "mode", "companions", "favourite_tags"]
    summary = page.locator(".trip-summary")
    expect(summary.locator(".meta")).to_contain_text(
        "relaxed pace, by public transit, with a partner"
    )
    expect(summary.locator(".trip-from-profile")).to_have_text(
        "👤 Pace, travel mode, companions and favourite tags from your travel preferences."
    )
    expect(page.locator("section[aria-label='Notes on the trip']")).to_contain_text(
        "From your travel preferences"
    )

    # A value chosen in the form wins, and only the rest is named as the profile's.
    page.select_option("#trips-pace", "packed")
    with page.expect_response("**/trips") as own:
        page.click("#trips-send")
    assert own.value.json()["pace"] == "packed"
    expect(summary.locator(".meta")).to_contain_text("packed pace")
    expect(summary.locator(".trip-from-profile")).to_have_text(
        "👤 Travel mode, companions and favourite tags from your travel preferences."
    )

    # "Not set" clears a stored value (an explicit null), and the reload shows it cleared.
    page.select_option("#travel-companions", "")
    with page.expect_response("**/trips/preferences") as cleared:
        page.click("#travel-save")
    assert cleared.value.json()["companions"] is None
    page.reload()
    expect(page.locator("#travel-state")).to_have_text("✓ Saved")
    assert _prefs(page)["companions"] == ""
    assert page.console_errors == []


@pytest.mark.browser
def test_start_point_from_the_map_and_the_trip_words(page: Any) -> None:
    _open(page)
    trip = _plan(page)

    # The overview above the days, each day's title as its heading and its summary under it;
    # the rules wrote them, and the page says so.
    assert not trip["ai_phrased"] and trip["phrased_by"] == "rules" and trip["overview"]
    expect(page.locator(".trip-overview")).to_have_text(trip["overview"])
    for d in trip["days"]:
        expect(_day(page, d["index"]).locator(".trip-day-title")).to_have_text(d["title"])
        expect(_day(page, d["index"]).locator(".trip-day-summary")).to_have_text(d["summary"])
    expect(page.locator(".trip-disclaimer")).to_have_count(0)
    expect(page.locator(".trip-phrased")).to_have_text(
        "Every sentence here comes from the planner's rules; none was written by a language model."
    )

    # A click on the map (away from the pins) sets the start point: the field and a ⌂ marker.
    expect(page.locator("#trips-map .trip-hotel")).to_have_count(0)
    page.locator("#trips-map svg.trip-svg").click(position={"x": 12, "y": 60})
    value = page.input_value("#trips-hotel")
    assert re.fullmatch(r"-?\d+(\.\d+)?, -?\d+(\.\d+)?", value), value
    hotel = [float(x) for x in value.split(", ")]
    marker = page.locator("#trips-map .trip-hotel")
    expect(marker).to_have_count(1)
    expect(marker).to_have_attribute("aria-label", f"Start and end of each day: {value}")
    expect(page.locator(".trips-legend-hotel")).to_be_visible()
    lats = [s["lat"] for d in trip["days"] for s in d["slots"]]
    assert min(lats) - 0.2 < hotel[0] < max(lats) + 0.2  # near the trip, as clicked

    # Planned again from it: `hotel` is in the request, each day loops from and back to it.
    with _posted(page) as sent, page.expect_response("**/trips") as created:
        page.click("#trips-send")
    assert sent.value.post_data_json["hotel"] == hotel
    looped = created.value.json()
    assert all(d["return_minutes"] > 0 for d in looped["days"] if d["slots"])
    expect(page.locator(".trip-summary .meta")).to_contain_text(
        f"each day from and back to {value}"
    )
    expect(_day(page, 1).locator(".trip-day-head .meta")).to_contain_text(
        f"{looped['days'][0]['return_minutes']} min back to the start point"
    )
    day1 = page.locator(".trip-line[data-day='1']").get_attribute("points").split()
    assert len(day1) == len(looped["days"][0]["slots"]) + 2 and day1[0] == day1[-1]
    expect(page.locator("#trips-map .trip-hotel")).to_have_count(1)
    assert low_contrast(page, TRIPS_TEXT) == []
    page.locator("#trips-map").scroll_into_view_if_needed()
    shot(page, "trips-10-start-point")

    # A reload keeps the trip and the start point it was planned from.
    page.reload()
    expect(page.locator(".trip-id")).to_have_text(looped["trip_id"][:8])
    expect(page.locator("#trips-hotel")).to_have_value(value)
    expect(page.locator("#trips-map .trip-hotel")).to_have_count(1)

    # Clear removes it; a typed start point that is not "lat, lng" is refused before sending.
    page.click("#trips-hotel-clear")
    expect(page.locator("#trips-hotel")).to_have_value("")
    expect(page.locator("#trips-map .trip-hotel")).to_have_count(0)
    page.fill("#trips-hotel", "near the river")
    page.click("#trips-send")
    expect(page.locator("#trips-error .error-box")).to_contain_text(
        "The start point 'near the river' is not a place on the map"
    )
    expect(page.locator("#trips-hotel")).to_have_value("near the river")
    page.fill("#trips-hotel", "1.2834, 103.8607")
    page.locator("#trips-hotel").dispatch_event("change")
    expect(page.locator("#trips-map .trip-hotel")).to_have_attribute("data-lat", "1.2834")

    # Words change the shown trip: the request carries its id, only day 2 gets one stop fewer.
    before = _stops(looped, 2)
    page.fill("#trips-words", "make day 2 more relaxed")
    with (
        page.expect_request("**/trips/intent") as asked,
        page.expect_response("**/trips/intent") as answered,
    ):
        page.click("#trips-words-send")
    assert asked.value.post_data_json == {
        "raw_text": "make day 2 more relaxed", "trip_id": looped["trip_id"]
    }  # fmt: skip
    answer = answered.value.json()
    assert answer["intent"]["intent_type"] == "refine_trip_day", answer
    assert answer["trip"]["trip_id"] == looped["trip_id"]
    expect(_day(page, 2).locator(".trip-slot[data-kind='stop']")).to_have_count(len(before) - 1)
    expect(page.locator(".trip-words-message")).to_have_text(answer["message"])
    expect(page.locator("#trips-words")).to_have_value("")
    assert page.console_errors == []


@pytest.mark.browser
def test_words_plan_a_trip_and_a_model_written_text_is_said(page: Any) -> None:
    _open(page)
    words = "2 days in Singapore next week, museums and gardens"
    page.fill("#trips-words", words)
    with (
        page.expect_request("**/trips/intent") as asked,
        page.expect_response("**/trips/intent") as answered,
    ):
        page.click("#trips-words-send")
    assert asked.value.post_data_json == {"raw_text": words}  # no trip yet
    assert answered.value.status == 200, answered.value.text()
    answer = answered.value.json()
    trip = answer["trip"]
    assert answer["intent"]["intent_type"] == "discovery" and trip["city"] == "Singapore"
    expect(page.locator(".trip-day")).to_have_count(len(trip["days"]))
    expect(page.locator(".trip-words-message")).to_have_text(answer["message"])
    expect(page.locator("#trips-words-answer")).to_have_text(answer["message"])  # nothing else
    expect(page.locator("#trips-city")).to_have_value("Singapore")
    expect(page.locator("#trips-days")).to_have_value(str(len(trip["days"])))
    expect(page.locator(".trip-overview")).to_have_text(trip["overview"])

    # An empty request is refused in the page, with an example.
    page.click("#trips-words-send")
    expect(page.locator("#trips-error .error-box")).to_contain_text("Say what to plan or change")

    # The same trip as a model would have phrased it (no model runs here: the stored answer is
    # changed on its way to the page): its disclaimer is shown and the sources line names it.
    def phrased(route: Any) -> None:
        body = route.fetch().json()
        body |= {
            "ai_phrased": True,
            "phrased_by": "test-model",
            "overview": "A calm look around.",
            "disclaimer": "Written by a language model from the plan; check times below.",
        }
        body["days"][0]["title"] = "Gardens and museums"  # no "Day 1" of its own
        route.fulfill(json=body)

    page.route(f"**/trips/{trip['trip_id']}", phrased)
    page.reload()
    expect(page.locator(".trip-disclaimer")).to_have_text(
        "✎ Written by a language model from the plan; check times below."
    )
    expect(page.locator(".trip-overview")).to_have_text("A calm look around.")
    expect(_day(page, 1).locator(".trip-day-title")).to_have_text("Day 1 · Gardens and museums")
    expect(page.locator(".trip-phrased")).to_contain_text(
        "were written by a language model (test-model); times, places, checks and notes come "
        "from the planner's rules"
    )
    assert low_contrast(page, TRIPS_TEXT) == []
    page.locator(".trip-summary").scroll_into_view_if_needed()
    shot(page, "trips-13-model-phrased")
    assert page.console_errors == []


@pytest.mark.browser
def test_unlock_frees_a_stop_and_a_refusal_keeps_what_was_typed(page: Any) -> None:
    _open(page)
    trip = _plan(page)
    target = _stops(trip, 1)[0]
    row = _day(page, 1).locator(f".trip-slot[data-place='{target['place_id']}']")
    _edited(page, lambda: row.locator(".trip-lock").click())
    row = _day(page, 1).locator(f".trip-slot[data-place='{target['place_id']}']")
    expect(row.locator(".trip-locked")).to_have_text("🔒 Locked to day 1")

    with page.expect_response(
        lambda r: (
            r.url.endswith(f"/stops/{target['place_id']}/lock") and r.request.method == "DELETE"
        )
    ) as freed:
        row.locator(".trip-unlock").click()
    assert freed.value.status == 200, freed.value.text()
    unlocked = freed.value.json()
    assert unlocked["edits"][-1]["kind"] == "unlock"
    assert not any(s["locked"] for d in unlocked["days"] for s in d["slots"])
    expect(page.locator(".trip-summary .meta")).to_contain_text(f"version {unlocked['version']}")
    expect(page.locator(".trip-locked")).to_have_count(0)
    expect(page.locator(".trip-unlock")).to_have_count(0)
    expect(page.locator("#trips-status")).to_contain_text("is no longer locked")

    # Locked again, then freed elsewhere (another tab): this page's Unlock gets the 409 and
    # shows its detail above the plan; the words and the form keep what was typed.
    row = _day(page, 1).locator(f".trip-slot[data-place='{target['place_id']}']")
    if row.count() == 0:  # the replan may have moved it: lock whichever stop day 1 now has
        target = _stops(unlocked, 1)[0]
        row = _day(page, 1).locator(f".trip-slot[data-place='{target['place_id']}']")
    _edited(page, lambda: row.locator(".trip-lock").click())
    elsewhere = page.request.delete(f"/trips/{trip['trip_id']}/stops/{target['place_id']}/lock")
    assert elsewhere.status == 200, elsewhere.text()
    page.fill("#trips-words", "swap the museum on day 1 for something outdoors")
    page.fill("#trips-interests", "quiet gardens")
    with page.expect_response(lambda r: r.request.method == "DELETE") as refused:
        _day(page, 1).locator(".trip-unlock").click()
    assert refused.value.status == 409
    detail = refused.value.json()["detail"]
    error = page.locator(".trip-edit-error")
    expect(error).to_contain_text(f"That change was not made: {detail}")
    expect(page.locator("#trips-words")).to_have_value(
        "swap the museum on day 1 for something outdoors"
    )
    expect(page.locator("#trips-interests")).to_have_value("quiet gardens")
    expect(page.locator("#trips-city")).to_have_value("Singapore")
    expect(_day(page, 1).locator(".trip-unlock")).to_be_enabled()  # the plan is still usable
    assert low_contrast(page, TRIPS_TEXT) == []
