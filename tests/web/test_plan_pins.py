"""The Plan map's pins are each a whole target (WCAG 2.5.8, issue 41 item 2): pins of venues a
few doors apart were drawn on top of one another (an outside audit, 2026-11-30: '10. Marliave'
under '5' and '2' in Downtown Boston, axe-core's target-size failing on the filled Plan view at
1280 px), so one could be neither read nor clicked. Pins closer than their size are moved apart
on screen, the better-ranked pin keeping its place; at any zoom no two overlap."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

import pytest

pytestmark = pytest.mark.browser

AXE = (files("axe_playwright_python") / "axe.min.js").read_text()

OVERLAPS = """() => {
  const pins = [...document.querySelectorAll('#plan-map .plan-pin, #plan-map .meet-pin')];
  const boxes = pins.map((p) => [p.textContent.trim(), p.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, r] = boxes[i], [b, s] = boxes[j];
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 0.5 && h > 0.5) out.push(`${a} over ${b}`);
    }
  return out;
}"""


def _target_size(page: Any) -> list[str]:
    page.evaluate(AXE)
    result = page.evaluate(
        "axe.run(document.querySelector('#plan-map'),"
        f" {{runOnly: {{type: 'rule', values: {json.dumps(['target-size'])}}}}})"
    )
    return [str(n["target"]) for rule in result["violations"] for n in rule["nodes"]]


def test_plan_pins_never_cover_one_another(page: Any) -> None:
    page.goto("/#plan")
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists
    saved = page.request.patch(
        "/demo/allergies", data={"confirmed": ["shellfish"], "severity": {"shellfish": "severe"}}
    )
    assert saved.status == 200, saved.text()
    page.wait_for_selector("#plan-map.leaflet-container", state="attached")
    page.fill("#plan-prompt", "dinner for 4 in boston saturday evening")
    page.click("#plan-group > summary")
    for name, allergy in (("Ana", "shellfish"), ("Ben", "")):
        page.click("#plan-add-member")
        page.locator(".plan-member .pm-name").last.fill(name)
        page.locator(".plan-member .pm-allergies").last.fill(allergy)
    page.click("#plan-send")
    page.wait_for_selector(".plan-card")
    page.wait_for_selector("#plan-map .plan-pin")
    page.wait_for_timeout(600)  # the fit's zoom animation
    assert page.locator("#plan-map .plan-pin").count() >= 5
    assert page.evaluate(OVERLAPS) == []
    assert _target_size(page) == []
    page.click(".leaflet-control-zoom-out")  # a wider view brings the pins closer
    page.wait_for_timeout(600)
    assert page.evaluate(OVERLAPS) == []
    assert page.console_errors == []
