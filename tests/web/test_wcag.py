"""WCAG 2.2 AA over every view (issue 41, item 2), in a real browser against a real `kairos serve`:
axe-core (the npm package's build, shipped in the axe-playwright-python wheel) over the five views
empty and over a planned trip and a chat answer, at desktop and phone widths, in both themes; and
what axe does not check, by computed style (controls.js): control edges and focus rings at 3:1,
placeholders at 4.5:1 and never a field's only label, each button's accessible name starting with
the words it shows (2.5.3, tests/web/names.py). Focus is never hidden under the sticky
header when tabbing backwards (2.4.11)."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import block_network, shot
from tests.web.names import names_not_starting_with_visible_text

AXE = (files("axe_playwright_python") / "axe.min.js").read_text()
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
CONTROLS = (Path(__file__).parent / "controls.js").read_text()
VIEWS = ["restaurants", "meals", "plan", "trips", "operator"]
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def _problems(page: Any, state: str) -> list[str]:
    """What fails in this state: axe's violations and the computed-style checks."""
    page.keyboard.press("Tab")  # from here on, focus by script shows its ring as for a keyboard
    found = [f"{state}: {problem}" for problem in page.evaluate(CONTROLS)]
    # axe's label-content-name-mismatch is experimental (off under the WCAG tags): read here
    found += [f"{state}: name {x}" for x in names_not_starting_with_visible_text(page)]
    page.evaluate(AXE)
    result = page.evaluate(
        f"axe.run(document, {{runOnly: {{type: 'tag', values: {json.dumps(RULES)}}}}})"
    )
    for rule in result["violations"]:
        targets = [str(node["target"]) for node in rule["nodes"][:3]]
        found.append(f"{state}: axe {rule['id']} ({len(rule['nodes'])}) {', '.join(targets)}")
    return found


def _view(page: Any, view: str) -> None:
    page.goto(f"/#{view}")
    page.wait_for_selector("#user-select option", state="attached")
    if view == "restaurants":
        page.wait_for_selector("#feed .card, #feed .empty")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_view_passes_wcag_22_aa(browser: Any, server: str, size: str, theme: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=server, color_scheme=theme
    )
    block_network(context, server)
    page = context.new_page()
    problems: list[str] = []
    for view in VIEWS:
        _view(page, view)
        problems += _problems(page, f"{view} {size} {theme}")

    _view(page, "trips")
    page.fill("#trips-city", "Singapore")
    page.fill("#trips-days", "2")
    page.click("#trips-send")
    page.wait_for_selector(".trip-day")
    problems += _problems(page, f"planned trip {size} {theme}")

    _view(page, "restaurants")
    answers = page.locator(".bubble.assistant:not(.pending)").count()
    page.fill("#chat-input", "thai dinner in boston")
    page.press("#chat-input", "Enter")
    page.wait_for_selector(f".bubble.assistant:not(.pending) >> nth={answers}")
    problems += _problems(page, f"chat answer {size} {theme}")
    shot(page, f"wcag-chat-{size}-{theme}")

    # the other views filled (issue 41: "every view, empty and filled"): a plan, a recipe, a card
    _view(page, "plan")
    page.fill("#plan-prompt", "dinner for 4 in boston saturday evening")
    page.click("#plan-send")
    page.wait_for_selector("#plan-results-title", timeout=90_000)
    problems += _problems(page, f"planned outing {size} {theme}")
    _view(page, "meals")
    page.fill("#meal-text", "healthier lasagna for 4")
    page.click("#meal-send")
    page.wait_for_selector(".suggestion", timeout=60_000)
    problems += _problems(page, f"meal suggestions {size} {theme}")
    page.locator(".suggestion .pick").first.click()
    page.wait_for_selector("#meal-recipe", timeout=60_000)
    problems += _problems(page, f"recipe {size} {theme}")
    _view(page, "operator")
    page.fill("#op-message", "Toro on Washington St, staffing for Friday? we do 200 covers")
    page.press("#op-message", "Enter")
    page.wait_for_selector(".op-answer[data-turn='1']", timeout=60_000)
    problems += _problems(page, f"operator answer {size} {theme}")
    context.close()
    assert problems == []


def test_focus_is_never_hidden_under_the_sticky_header(page: Any) -> None:
    """Shift+Tab up a long planned trip: each focused control is scrolled clear of the header."""
    _view(page, "trips")
    page.fill("#trips-city", "Singapore")
    page.fill("#trips-days", "3")
    page.click("#trips-send")
    page.wait_for_selector(".trip-day")
    page.locator("#trips-result button:visible").last.focus()  # the foot of the trip
    covered = []
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        hidden = page.evaluate(
            """() => {
              const el = document.activeElement, header = document.querySelector(".top");
              if (!el || header.contains(el) || el === document.body) return null;
              const box = el.getBoundingClientRect();
              const x = box.left + box.width / 2, y = Math.max(box.top + 2, 0);
              const atop = document.elementFromPoint(x, y);
              const under = box.top < 0 || (atop && header.contains(atop) && !el.contains(atop));
              return under ? `${el.textContent.trim().slice(0, 40)} at ${box.top}` : null;
            }"""
        )
        if hidden:
            covered.append(hidden)
    assert covered == []
