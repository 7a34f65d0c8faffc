"""A meal's allergy check as the Trips view draws it (`web/js/trips-allergy.js`), run by Node on
a minimal DOM (no browser needed): a meal kept at a place with a known risk shows the verdict in
words, its summary, why it was kept, and each risk's level, allergen, for whom and message; a
meal with no known risk says so in words; a stop (not a place to eat) draws nothing. Text first:
every state is readable without its colour."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.conftest import REPO

NODE = shutil.which("node")
SHIM = """
class Node {}
class El extends Node {
  constructor(tag) {
    super(); this.tag = tag; this.children = []; this.attrs = {}; this.className = "";
    this._text = "";
  }
  set textContent(v) { this._text = String(v); this.children = []; }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(""); }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  addEventListener() {}
  append(c) { this.children.push(c); }
}
class Text extends Node { constructor(t) { super(); this.textContent = t; } }
globalThis.Node = Node;
globalThis.document = {
  createElement: (t) => new El(t), createElementNS: (_, t) => new El(t),
  createTextNode: (t) => new Text(t),
};
"""
BLOCK = """
const { allergyBlock, riskWords } = await import(process.argv[1]);
const slots = JSON.parse(process.argv[2]);
const out = slots.map((slot) => {
  const el = allergyBlock(slot);
  if (!el) return { drawn: false, risk: riskWords(slot) };
  const risks = el.children.find((c) => c && c.tag === "ul");
  return { drawn: true, risk: riskWords(slot), text: el.textContent,
    verdict: el.attrs["data-verdict"], label: el.attrs["aria-label"], cls: el.className,
    risks: risks ? risks.children.map((li) => ({ cls: li.className, text: li.textContent })) : [] };
});
console.log(JSON.stringify(out));
"""

RISK = {
    "allergen": "shellfish", "name": "shellfish", "severity": "severe", "level": "warning",
    "status": "contains", "message": 'Contains shellfish: a review mentions "crab cakes".',
    "source": "review", "who": ["you"],
}  # fmt: skip
CAUTION = {
    "checked_for": ["you"], "allergens": ["shellfish"], "verdict": "caution", "basis": "evidence",
    "summary": "Known risk: shellfish (contains; you).", "risks": [RISK],
    "note": "Read from this place's reviews.",
}  # fmt: skip
NO_RISK = {
    "checked_for": ["you"], "allergens": ["shellfish"], "verdict": "no_known_risk",
    "basis": "none", "summary": "Unverified: no allergen information is known for this place.",
    "risks": [], "note": None,
}  # fmt: skip
NOT_FOOD = {
    "checked_for": ["you"], "allergens": ["shellfish"], "verdict": "not_food", "basis": "not_food",
    "summary": "A place to visit, not a place to eat: no food is planned here.", "risks": [],
    "note": None,
}  # fmt: skip
WHY = "No place to eat without a known allergy risk for you is open for lunch within 3 km."


RENDER = """
const { renderTrip } = await import(process.argv[1]);
const parts = renderTrip(JSON.parse(process.argv[2]), {}, null);
const day = parts.find((p) => p.className === "trip-day");
const slots = day.children.find((c) => c && c.tag === "ol").children;
console.log(JSON.stringify(slots.map((li) => li.textContent)));
"""


def _node(body: str, module: str, data: object) -> Any:
    if NODE is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", SHIM + body,
         (REPO / "src/kairos/web/js" / module).as_uri(), json.dumps(data)],
        capture_output=True, text=True, timeout=30, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def _draw(slots: list[dict[str, Any]]) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = _node(BLOCK, "trips-allergy.js", slots)
    return drawn


def test_a_kept_risky_meal_says_its_risk_for_whom_and_why() -> None:
    lunch = {"kind": "lunch", "name": "Crab Shack", "allergy": CAUTION, "risk_reason": WHY}
    safe = {"kind": "dinner", "name": "Dosa Point", "allergy": NO_RISK, "risk_reason": None}
    stop = {"kind": "stop", "name": "Museum", "allergy": NOT_FOOD, "risk_reason": None}
    risky, quiet, sight = _draw([lunch, safe, stop])

    assert risky["drawn"] and risky["verdict"] == "caution" and "caution" in risky["cls"]
    assert risky["label"] == "Allergy check of Crab Shack for you"
    assert "Warning: contains shellfish" in risky["text"]
    assert f"Why this place: {WHY}" in risky["text"]
    assert risky["risks"] == [
        {"cls": "trip-risk warning",
         "text": f"Warning: contains shellfish · for you{RISK['message']}"},
    ]  # fmt: skip
    assert CAUTION["note"] in risky["text"] and risky["risk"] == "known allergy risk"

    # nothing is known of the place: said as unknown, never as "no known risk"
    assert quiet["drawn"] and "Unknown: no menu or reviews" in quiet["text"]
    assert "No known risk" not in quiet["text"]
    assert NO_RISK["summary"] in quiet["text"] and "Why this place" not in quiet["text"]
    assert quiet["risks"] == [] and quiet["risk"] == ""

    assert sight == {"drawn": False, "risk": ""}


def _slot(kind: str, name: str, allergy: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "place_id": name, "name": name, "place_kind": "restaurant",
            "lat": 42.35, "lng": -71.06, "arrive": "11:30", "start": "11:30", "end": "12:30",
            "travel_minutes": 5, "distance_km": 0.4, "source": "catalog", "licence": "display only",
            "locked": False, "hours_known": False, "allergy": allergy, "risk_reason": None,
            **extra}  # fmt: skip


def test_the_plan_draws_each_meals_check_beside_it() -> None:
    trip = {
        "trip_id": "00000000-0000-0000-0000-000000000001", "version": 1, "city": "Boston",
        "start_date": "2027-02-01", "pace": "moderate", "mode": "transit", "verified": True,
        "days": [{"index": 1, "date": "2027-02-01", "title": "", "summary": "", "notes": [],
                  "return_minutes": 0,
                  "slots": [_slot("stop", "Museum", NOT_FOOD),
                            _slot("lunch", "Crab Shack", CAUTION, risk_reason=WHY)]}],
        "verification": [{"constraint": "meal_allergy", "passed": True, "detail": "1 meals"}],
        "quality": {"coverage": 0.2, "diversity": 1.0, "personalisation": 0.5},
        "notes": [], "attribution": [], "unplaced": [], "from_profile": [], "ai_phrased": False,
    }  # fmt: skip
    museum, lunch = _node(RENDER, "trips-render.js", trip)
    assert "not a place to eat" not in museum and "allergy" not in museum.lower()
    assert "Crab Shack · ⚠ known allergy risk" in lunch
    assert "Warning: contains shellfish" in lunch and WHY in lunch and RISK["message"] in lunch
    assert "for you" in lunch


PLACE = """
const { placeAnswer } = await import(process.argv[1]);
console.log(JSON.stringify(JSON.parse(process.argv[2]).map((p) => placeAnswer(p).textContent)));
"""


def test_an_answer_about_a_place_to_eat_shows_its_check() -> None:
    about = {"name": "Crab Shack", "kind": "restaurant", "city": "Boston", "licence": "display",
             "enrichment": {"unknown": []}}  # fmt: skip
    museum = {**about, "name": "Museum", "kind": "museum", "allergy": NOT_FOOD}
    eat, visit = _node(PLACE, "trips-render.js", [{**about, "allergy": CAUTION}, museum])
    assert "Warning: contains shellfish" in eat and RISK["message"] in eat and "for you" in eat
    assert NOT_FOOD["summary"] not in visit and "allerg" not in visit.lower()
