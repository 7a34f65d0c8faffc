"""The Trips view's verdict (`web/js/trips-render.js`), run by Node on a minimal DOM: "✓ Every
check passed" only for a verified trip; a trip with a place whose opening hours nobody could
check says "Not verified" and lists what to check before going; a check not run is "? not
checked", never a pass; each slot says whether its hours were checked, are closed, or unknown."""

from __future__ import annotations

import copy
from typing import Any

from tests.web.test_trips_allergy_view import NOT_FOOD, _node, _slot

RENDER = """
const { renderTrip } = await import(process.argv[1]);
const parts = renderTrip(JSON.parse(process.argv[2]), {}, null).filter(Boolean);
const named = (cls) => parts.filter((p) => p.className.split(" ").includes(cls));
const day = named("trip-day")[0];
const slots = day.children.find((c) => c && c.tag === "ol").children;
console.log(JSON.stringify({ summary: named("trip-summary")[0].textContent,
  checks: named("trip-checks")[0].textContent, slots: slots.map((li) => li.textContent) }));
"""
ADVICE = ("Check the opening hours of Fort before you go (day 1, Mon 01 Feb, 09:00–10:00): its "
          "source gives no opening hours.")  # fmt: skip
TRIP: dict[str, Any] = {
    "trip_id": "00000000-0000-0000-0000-000000000002", "version": 1, "city": "Delhi",
    "start_date": "2027-02-01", "pace": "moderate", "mode": "transit", "verified": False,
    "verdict": "Not verified: the opening hours of 1 place could not be checked (Fort): check "
               "them before you go.",
    "days": [{"index": 1, "date": "2027-02-01", "title": "", "summary": "", "notes": [],
              "return_minutes": 0,
              "slots": [_slot("stop", "Fort", NOT_FOOD, hours="unknown", hours_check=ADVICE),
                        _slot("stop", "Museum", NOT_FOOD, hours="open", hours_known=True)]}],
    "verification": [
        {"constraint": "open_at_slot", "passed": False, "status": "not_checked",
         "detail": "1 slot open throughout; not checked: Fort", "unchecked": ["Fort"]},
        {"constraint": "days_filled", "passed": True, "status": "passed",
         "detail": "every day has at least one stop", "unchecked": []}],
    "to_check": [{"place_id": "Fort", "name": "Fort", "kind": "stop", "day": 1,
                  "date": "2027-02-01", "start": "09:00", "end": "10:00", "hours_text": None,
                  "why": "its source gives no opening hours", "advice": ADVICE}],
    "quality": {"coverage": 0.2, "diversity": 1.0, "personalisation": 0.5},
    "notes": [], "attribution": [], "unplaced": [], "from_profile": [], "free_days": [],
    "ai_phrased": False,
}  # fmt: skip


def _render(trip: dict[str, Any]) -> dict[str, Any]:
    drawn: dict[str, Any] = _node(RENDER, "trips-render.js", trip)
    return drawn


def test_a_place_with_unknown_hours_is_not_verified_and_named() -> None:
    shown = _render(TRIP)
    assert "Every check passed" not in shown["summary"]
    assert "⚠ Not verified" in shown["summary"] and TRIP["verdict"] in shown["summary"]
    assert f"Check before you go{ADVICE}" in shown["summary"]
    assert "? not checked" in shown["checks"] and "✓ passed" in shown["checks"]
    fort, museum = shown["slots"]
    assert "⚠ Opening hours not checked: check before you go" in fort and ADVICE in fort
    assert "🕘 Open then (opening hours checked)" in museum


def test_a_failed_check_and_a_closed_slot_say_so() -> None:
    trip = copy.deepcopy(TRIP)
    trip["verification"][0] |= {"status": "failed", "detail": "Fort is closed for its slot"}
    trip["days"][0]["slots"][0] |= {"hours": "closed", "hours_check": None}
    trip["to_check"] = []
    shown = _render(trip)
    assert "✕ Not verified: a check failed" in shown["summary"]
    assert "✕ failed" in shown["checks"] and "✕ Closed then" in shown["slots"][0]


def test_the_certificate_is_printed_only_when_verified() -> None:
    trip = copy.deepcopy(TRIP)
    trip |= {"verified": True, "verdict": "Verified: every check ran on known inputs and passed.",
             "to_check": []}  # fmt: skip
    trip["verification"][0] |= {
        "passed": True,
        "status": "passed",
        "unchecked": [],
        "detail": "2 slots open throughout",
    }
    trip["days"][0]["slots"][0] |= {"hours": "open", "hours_known": True, "hours_check": None}
    shown = _render(trip)
    assert "✓ Every check passed" in shown["summary"] and "Not verified" not in shown["summary"]
    assert "? not checked" not in shown["checks"] and "✕" not in shown["checks"]
