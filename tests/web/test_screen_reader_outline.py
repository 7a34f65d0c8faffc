"""A screen-reader walk of every view (issue 41, item 2), in a real browser against a real
`kairos serve`: the heading outline a reader's heading list shows (one h1, the view's own h2
first, no level skipped), empty and once filled (a chat answer, a plan, a trip, a recipe); every
visible landmark has a name; an error about what was typed is tied to its field
(`aria-invalid` and `aria-describedby`) and said once, by its alert, not again by a status."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Headings as assistive technology lists them: visible, not inside hidden or aria-hidden parts.
OUTLINE = """() => [...document.querySelectorAll("h1,h2,h3,h4,h5,h6")].filter((el) =>
  !el.closest("[hidden],[aria-hidden=true],dialog:not([open]),details:not([open]) > :not(summary)")
  && el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
  .map((el) => [Number(el.tagName[1]), el.textContent.trim()])"""
# Landmarks a reader jumps between (main, nav, labelled regions), with the name each has.
LANDMARKS = """() => [...document.querySelectorAll("main, nav, [role=region], [role=navigation]")]
  .filter((el) => !el.closest("[hidden]") && el.getClientRects().length)
  .map((el) => {
    const by = el.getAttribute("aria-labelledby");
    const name = el.getAttribute("aria-label")
      || (by && by.split(" ").map((id) => document.getElementById(id)?.textContent).join(" "))
      || "";
    return [el.tagName.toLowerCase() + (el.id ? "#" + el.id : ""), name.trim()];
  })"""
TITLES = {
    "restaurants": "Picked for you", "meals": "Meal coach", "plan": "Group planner",
    "trips": "Trip planner", "operator": "Operator assistant",
}  # fmt: skip


def outline_problems(page: Any, state: str, title: str) -> list[str]:
    headings: list[list[Any]] = page.evaluate(OUTLINE)
    problems = []
    levels = [level for level, _ in headings]
    if levels.count(1) != 1 or levels[0] != 1:
        problems.append(f"{state}: {levels.count(1)} h1, first {headings[:1]}")
    if len(headings) < 2 or headings[1] != [2, title]:
        problems.append(f"{state}: the view's h2 '{title}' does not follow the h1: {headings[:2]}")
    for (before, _), (level, text) in pairwise(headings):
        if level > before + 1:
            problems.append(f"{state}: h{level} '{text}' follows an h{before}")
    for landmark, name in page.evaluate(LANDMARKS):
        if not name:
            problems.append(f"{state}: {landmark} has no name")
    return problems


def _view(page: Any, view: str) -> None:
    page.goto(f"/#{view}")
    page.wait_for_selector("#user-select option", state="attached")
    expect(page.locator(f"#{view}-view")).to_be_visible()
    if view == "restaurants":
        page.wait_for_selector("#feed .card, #feed .empty")


def test_every_view_reads_as_one_h1_then_its_h2_with_no_level_skipped(page: Any) -> None:
    problems: list[str] = []
    for view, title in TITLES.items():
        _view(page, view)
        problems += outline_problems(page, f"{view} empty", title)

    _view(page, "restaurants")
    page.fill("#chat-input", "thai dinner in boston")
    page.press("#chat-input", "Enter")
    page.wait_for_selector(".bubble.assistant:not(.pending) .card")
    problems += outline_problems(page, "chat answer", TITLES["restaurants"])

    _view(page, "plan")
    page.fill("#plan-prompt", "italian dinner in boston")
    page.click("#plan-send")
    page.wait_for_selector(".plan-card")
    problems += outline_problems(page, "plan", TITLES["plan"])

    _view(page, "trips")
    page.fill("#trips-city", "Singapore")
    page.fill("#trips-days", "2")
    page.click("#trips-send")
    page.wait_for_selector(".trip-day")
    problems += outline_problems(page, "trip", TITLES["trips"])

    _view(page, "meals")
    page.fill("#meal-text", "healthier lasagna for 4")
    page.click("#meal-send")
    page.wait_for_selector(".suggestion")
    problems += outline_problems(page, "meal suggestions", TITLES["meals"])
    page.locator(".suggestion .pick").first.click()
    page.wait_for_selector("#meal-recipe")
    problems += outline_problems(page, "recipe", TITLES["meals"])
    assert problems == []


# Which texts each live region of the Trips view says, recorded as they change.
_RECORD = """() => {
  window.__said = [];
  for (const region of document.querySelectorAll("[aria-live], [role=status], [role=alert]")) {
    new MutationObserver(() => {
      const text = region.textContent.trim();
      if (text) window.__said.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  }
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      const alert = node instanceof Element && node.matches("[role=alert]");
      if (alert) window.__said.push(node.textContent.trim());
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def _described_by(page: Any, field: str) -> str:
    return str(
        page.evaluate(
            """(sel) => (document.querySelector(sel).getAttribute("aria-describedby") || "")
              .split(/\\s+/).map((id) => document.getElementById(id)?.textContent || "")
              .join(" ")""",
            field,
        )
    )


def test_a_trip_error_is_tied_to_its_field_and_said_once(page: Any) -> None:
    _view(page, "trips")
    page.evaluate(_RECORD)
    page.fill("#trips-city", "Atlantis")
    page.fill("#trips-days", "2")
    with page.expect_response("**/trips") as refused:
        page.click("#trips-send")
    assert refused.value.status == 422
    error = page.locator("#trips-error .error-box")
    expect(error).to_contain_text("'Atlantis' is not a city Kairos can plan in")
    expect(page.locator("#trips-city")).to_have_attribute("aria-invalid", "true")
    assert "'Atlantis' is not a city Kairos can plan in" in _described_by(page, "#trips-city")
    said = page.evaluate("window.__said")
    assert sum("'Atlantis' is not a city" in s for s in said) == 1, said
    page.console_errors.clear()  # the refused request logs its status to the console

    # A start point that is not on the map: the same, on its own field.
    page.fill("#trips-city", "Singapore")
    page.fill("#trips-hotel", "somewhere nice")
    page.click("#trips-send")
    expect(error).to_contain_text("is not a place on the map")
    expect(page.locator("#trips-hotel")).to_have_attribute("aria-invalid", "true")
    assert "is not a place on the map" in _described_by(page, "#trips-hotel")
    assert page.locator("#trips-city").get_attribute("aria-invalid") in (None, "false")

    # Fixed, the trip is planned and no field is tied to an error any more.
    page.fill("#trips-hotel", "")
    page.click("#trips-send")
    expect(page.locator(".trip-day")).to_have_count(2)
    assert page.locator("#trips-hotel").get_attribute("aria-invalid") in (None, "false")
    assert "not a place on the map" not in _described_by(page, "#trips-hotel")


def test_a_plan_member_error_is_tied_to_the_member_field(page: Any) -> None:
    _view(page, "plan")
    page.click("#plan-group summary")
    page.click("#plan-add-member")
    page.fill(".pm-allergies", "peanuts")  # allergies, and no name
    page.fill("#plan-prompt", "thai food in boston")
    page.click("#plan-send")
    error = page.locator("#plan-error .error-box")
    expect(error).to_contain_text("Give every member with allergies or diets a name")
    expect(page.locator(".pm-name")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".pm-name")).to_be_focused()
    assert "Give every member" in _described_by(page, ".pm-name")

    page.fill(".pm-name", "Sam")  # fixed: the plan runs and the field is no longer in error
    page.click("#plan-send")
    page.wait_for_selector(".plan-card")
    assert page.locator(".pm-name").get_attribute("aria-invalid") in (None, "false")
    assert "Give every member" not in _described_by(page, ".pm-name")
