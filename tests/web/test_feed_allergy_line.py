"""Every restaurant card says what is known about the person's allergies there while it is
still collapsed (issue 41, item 5: every view renders the allergy assessment of each item): a
warning as its banner, else the guard's one line, as the feed's own answer gives it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

_FEED = """async () => {
  const uid = localStorage.getItem("kairos.uid");
  const answer = await fetch(`/recommendations/${uid}?limit=10`, { headers: { "X-User-ID": uid } });
  return (await answer.json()).recommendations;
}"""


def test_each_collapsed_card_shows_its_allergy_assessment(page: Any) -> None:
    page.goto("/#restaurants")
    expect(page.locator("#feed .card").first).to_be_visible(timeout=60_000)
    items = page.evaluate(_FEED)
    assert items
    lines = 0
    for item in items:
        card = page.locator(f'#feed .card[data-place="{item["restaurant"]["id"]}"]')
        expect(card.locator(".chevron")).to_have_attribute("aria-expanded", "false")
        warnings = item["allergy_summary"]["warnings"]
        if warnings:
            expect(card.locator(".banner")).to_have_count(len(warnings))
            expect(card.locator(".allergy-line")).to_have_count(0)
        else:
            line = card.locator(".allergy-line")
            expect(line).to_be_visible()
            expect(line).to_have_text(item["allergy_summary"]["summary"])
            lines += 1
    assert lines, "no card without a warning: the line was not exercised"
