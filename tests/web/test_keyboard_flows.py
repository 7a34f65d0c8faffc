"""The Plan and Operator views by keyboard alone (issue 41, item 1), in a real browser against a
real `kairos serve`: each view's main flow with Tab, Enter, Space, arrow keys in a select and
typing into fields; after every in-place update focus lands on the new content's heading or on
the control that replaced the one pressed (never the page's body), and the update is said once
in the view's live region."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_keyboard import _RECORD, _focused, _ready, _said, _tab_to

pytestmark = pytest.mark.browser


def _not_body(page: Any) -> None:
    assert page.evaluate("document.activeElement !== document.body"), "focus fell to the page"


def test_plan_by_keyboard(page: Any) -> None:
    """Skip to the form, say what is planned, add two members in the group form, plan: focus is
    on the results' heading. Vote as the second member (the picker is drawn again and keeps
    focus), then veto the top venue: it leaves the cards for the list of what was left out,
    focus is on the results' heading, the verdict says "After the votes", the vote is said once.
    """
    _ready(page, "/#plan")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Skip to the form")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "plan-prompt"
    page.keyboard.type("dinner for 4 in boston saturday evening")

    _tab_to(page, "#plan-group > summary")
    page.keyboard.press("Enter")  # opens the group form
    expect(page.locator("#plan-group")).to_have_attribute("open", "")
    for name, allergy in (("Ana", "peanuts"), ("Ben", "")):
        _tab_to(page, "#plan-add-member")
        page.keyboard.press("Enter")
        expect(page.locator(".plan-member .pm-name").last).to_be_focused()  # the new row's name
        page.keyboard.type(name)
        page.keyboard.press("Tab")
        expect(page.locator(".plan-member .pm-allergies").last).to_be_focused()
        page.keyboard.type(allergy)

    page.evaluate(_RECORD, "plan-live")
    _tab_to(page, "#plan-send", back=True)
    page.keyboard.press("Enter")
    heading = page.locator("#plan-results-title")
    expect(heading).to_be_focused(timeout=90_000)
    expect(heading).to_have_text(re.compile(r"^\d+ venues? ranked$"))
    ranked = [s for s in _said(page, "plan-live") if "ranked; first:" in s]
    assert len(ranked) == 1, _said(page, "plan-live")

    # Who votes: the picker is drawn again with the cards; it keeps focus.
    _tab_to(page, "#plan-voter")
    voter = page.locator("#plan-voter")
    for _ in range(3):  # "you", then the members in order
        if voter.input_value() == "Ben":
            break
        page.keyboard.press("ArrowDown")
        expect(voter).to_be_focused()
    expect(voter).to_have_value("Ben")

    page.evaluate(_RECORD, "plan-live")
    top = page.locator(".plan-cards .plan-card h3").first.inner_text().strip()
    _tab_to(page, ".plan-cards .plan-card:first-child .vote-veto")
    with page.expect_response("**/votes") as voted:
        page.keyboard.press("Space")
    assert voted.value.ok, voted.value.text()
    # A vetoed venue leaves the cards (6a1bd7f) for the list of what was left out: focus goes to
    # the results' heading, and the live region says where the venue went.
    expect(page.locator(".plan-cards .plan-card h3", has_text=top)).to_have_count(0)
    expect(page.locator(".excluded")).to_contain_text(top)
    expect(page.locator("#plan-results-title")).to_be_focused()
    expect(page.locator(".consensus")).to_contain_text("After the votes:")
    expect(page.locator("#plan-live")).to_have_text(
        f"Ben voted veto on {top}; it is taken off the list (see what was left out)."
    )
    assert _said(page, "plan-live") == [page.locator("#plan-live").inner_text()]
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_removing_plan_members_by_keyboard(page: Any) -> None:
    """Three members, then Remove on the middle one: focus goes to the next row's Remove, then
    (no row after) the previous row's, then (none left) "Add a member"; each removal is said
    once. Before, focus fell to the page's body."""
    _ready(page, "/#plan")
    page.locator("#plan-prompt").focus()
    _tab_to(page, "#plan-group > summary")
    page.keyboard.press("Enter")
    for name in ("Ana", "Ben", "Cy"):
        _tab_to(page, "#plan-add-member")
        page.keyboard.press("Enter")
        expect(page.locator(".plan-member .pm-name").last).to_be_focused()
        page.keyboard.type(name)
    rows = page.locator(".plan-member")
    remove = "#plan-members .plan-member:nth-child({}) .pm-remove"

    page.evaluate(_RECORD, "plan-live")
    _tab_to(page, remove.format(2), back=True)  # Ben's
    page.keyboard.press("Enter")
    expect(rows).to_have_count(2)
    expect(page.locator(remove.format(2))).to_be_focused()  # Cy's, now second
    expect(rows.nth(1).locator(".pm-name")).to_have_value("Cy")
    assert _said(page, "plan-live") == ["Removed Ben; 2 members left."]

    page.evaluate(_RECORD, "plan-live")
    page.keyboard.press("Space")  # Cy's: no row after it, so Ana's
    expect(rows).to_have_count(1)
    expect(page.locator(remove.format(1))).to_be_focused()
    assert _said(page, "plan-live") == ["Removed Cy; 1 member left."]

    page.evaluate(_RECORD, "plan-live")
    page.keyboard.press("Enter")
    expect(rows).to_have_count(0)
    expect(page.locator("#plan-add-member")).to_be_focused()
    assert _said(page, "plan-live") == ["Removed Ana; no members left."]
    page.keyboard.press("Enter")  # and the list starts again from there
    expect(page.locator(".plan-member .pm-name")).to_be_focused()
    assert page.console_errors == []  # type: ignore[attr-defined]


FIRST = "I run Marliave in Boston, usually 120 covers on a Friday — staffing this weekend?"


def test_operator_by_keyboard(page: Any) -> None:
    """Skip to the form and ask: the card arrives, focus stays in the message field, ready for
    a follow-up; a typed correction likewise. Then "Show evidence" on that answer, which folds
    away as the follow-up turn starts: focus follows to the new answer's heading."""
    _ready(page, "/#operator")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Skip to the form")
    page.keyboard.press("Enter")
    message = page.locator("#op-message")
    expect(message).to_be_focused()

    page.evaluate(_RECORD, "op-live")
    page.keyboard.type(FIRST)
    page.keyboard.press("Enter")
    first = page.locator(".op-answer[data-turn='1']")
    expect(first).to_be_visible(timeout=60_000)
    expect(message).to_be_focused()
    recommendation = first.locator(".op-recommendation").inner_text()
    # said 30 ms after it is drawn: wait for the saying, then count it (a loaded CI machine
    # read the record before it, 2026-11-30)
    expect(page.locator("#op-live")).to_have_text(re.compile("^" + re.escape(recommendation)))
    answered = [s for s in _said(page, "op-live") if s.startswith(recommendation)]
    assert len(answered) == 1, _said(page, "op-live")

    page.keyboard.type("actually more like 150 covers")
    page.keyboard.press("Enter")
    second = page.locator(".op-answer[data-turn='2']")
    expect(second).to_be_visible(timeout=60_000)
    expect(message).to_be_focused()
    expect(second.locator(".op-baseline")).to_have_text("usual 150 covers on Fridays")
    # the second answer is said 30 ms after it is drawn; the third may say the same words, so
    # the recording starts once the second has been said
    said_second = re.compile("^" + re.escape(second.locator(".op-recommendation").inner_text()))
    expect(page.locator("#op-live")).to_have_text(said_second)

    page.evaluate(_RECORD, "op-live")
    _tab_to(page, ".op-answer[data-turn='2'] .op-evidence > summary")
    page.keyboard.press("Enter")  # asks for the quotes in a follow-up turn
    third = page.locator(".op-answer[data-turn='3']")
    expect(third).to_be_visible(timeout=60_000)
    expect(second.locator(".op-body")).not_to_have_attribute("open", "")  # folded away
    expect(third.locator(".op-recommendation")).to_be_focused()
    _not_body(page)
    recommendation = third.locator(".op-recommendation").inner_text()
    expect(page.locator("#op-live")).to_have_text(re.compile("^" + re.escape(recommendation)))
    answered = [s for s in _said(page, "op-live") if s.startswith(recommendation)]
    assert len(answered) == 1, _said(page, "op-live")
    assert page.console_errors == []  # type: ignore[attr-defined]
