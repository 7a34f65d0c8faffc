"""The Operator's answer is said once (issue 41, item 1). The turn's last thinking step
('compose') carries the answer's own action line ('insight: Staff Sat 28 Nov, dinner … about 6
servers …'), and the view said it in its live region, then said the answer, so a screen reader
read the recommendation twice (an outside audit, 2026-11-30). The step stays in the visible
trace; the live region says the answer alone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_keyboard import _RECORD, _ready, _said

pytestmark = pytest.mark.browser

ASK = "I run Marliave in Boston, usually 120 covers on a Friday — staffing this weekend?"


def test_the_answer_is_said_once(page: Any) -> None:
    _ready(page, "/#operator")
    expect(page.locator("#operator-view")).to_be_visible()
    page.wait_for_load_state("networkidle")  # the view's module is running
    page.evaluate(_RECORD, "op-live")
    page.fill("#op-message", ASK)
    page.click("#op-send")
    answer = page.locator(".op-answer[data-turn='1']")
    expect(answer).to_be_visible(timeout=60_000)
    recommendation = answer.locator(".op-recommendation").inner_text().strip()
    expect(page.locator("#op-live")).to_have_text(re.compile("^" + re.escape(recommendation)))
    words = recommendation[:60]  # the action line's opening, as the compose step repeats it
    saying = [s for s in _said(page, "op-live") if words in s]
    assert len(saying) == 1, _said(page, "op-live")
    assert answer.locator(".op-trace .step").filter(has_text=words).count() == 1  # still shown
