"""The Operator view's source chips, rendered by the view's own module under Node with a minimal
DOM (no browser needed): a role with no provider reads "not configured" in words, with the
settings that configure one, never `ok` nor a freshness such as "under 1 min old" (issue 34:
"Events ok · under 1 min old" was shown for an events source that did not exist)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.conftest import REPO

# Just enough DOM for `dom.js: h` (createElement, attributes, text, children).
RENDER = """
class Node {
  constructor() { this.childNodes = []; }
  append(...xs) {
    for (const x of xs) this.childNodes.push(x instanceof Node ? x : new Text(String(x)));
  }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(v) { this.childNodes = [new Text(String(v))]; }
}
class Text extends Node {
  constructor(t) { super(); this.data = t; }
  get textContent() { return this.data; }
}
class Element extends Node {
  constructor(tag) { super(); this.tagName = tag; this.attributes = {}; this.className = ""; }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  addEventListener() {}
  find(cls) {
    const found = (this.className.split(" ").includes(cls)) ? [this] : [];
    for (const c of this.childNodes) if (c instanceof Element) found.push(...c.find(cls));
    return found;
  }
}
globalThis.Node = Node;
globalThis.document = { createElement: (t) => new Element(t),
  createElementNS: (_, t) => new Element(t), createTextNode: (t) => new Text(t) };
const { renderAnswer } = await import(process.argv[1]);
const answer = JSON.parse(process.argv[2]);
const el = renderAnswer(answer, { answerQuestion() {}, expand() {} });
const text = (e, cls) => e.find(cls).map((x) => x.textContent);
console.log(JSON.stringify({
  chips: el.find("op-source").map((c) => {
    const [toggle] = c.find("op-source-toggle"), [why] = c.find("op-source-why");
    const titled = c.find("op-source-toggle").filter((t) => "title" in t.attributes);
    return { cls: c.className, status: c.attributes["data-status"],
      source: c.attributes["data-source"], title: c.attributes.title || "",
      tips: c.find("op-source-why").length + titled.length,
      said: toggle ? toggle.textContent : c.textContent, why: why ? why.textContent : "",
      button: toggle ? toggle.tagName : null,
      expanded: toggle ? toggle.attributes["aria-expanded"] : null,
      controls: toggle ? toggle.attributes["aria-controls"] : null,
      panel: why ? why.attributes.id : null, hidden: why ? "hidden" in why.attributes : null,
      label: text(c, "op-source-status"), fresh: text(c, "op-source-fresh") };
  }),
  unconfigured: text(el, "op-unconfigured"),
  cited: text(el, "op-cited"),
}));
"""
NOT_CONFIGURED = {
    "name": "events", "provider": "no-events-source", "status": "not_configured",
    "error_code": "not_configured", "freshness": "not configured", "cache_hit": False,
    "informative": False, "external": False, "note": None,
    "detail": "no events source is configured, so events nearby are unknown (not absent); set "
    "KAIROS_EVENTS_PROVIDER=ticketmaster and KAIROS_EVENTS_API_KEY",
}  # fmt: skip
WEATHER = {
    "name": "weather", "provider": "climatology", "status": "ok", "error_code": None,
    "detail": None, "freshness": "under 1 min old", "cache_hit": True, "informative": True,
    "external": False, "note": "climatology: what is normal for this calendar day, not a forecast",
}  # fmt: skip
LINE = (
    "Action: Keep your usual staffing | Window: Fri 27 Nov – Sun 29 Nov | Confidence: low | "
    "Source: weather climatology (under 1 min old)"
)


def _answer(sources: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "session_id": "s", "turn_index": 1, "trace_id": "t", "card": "staffing",
        "kind": "insight", "recommendation": "Keep your usual staffing.", "why": [],
        "trigger": "Escalate if bookings run 15% above usual.", "question": None,
        "text": "Keep your usual staffing.\n" + LINE,
        "action_line": {"action": "Keep your usual staffing", "confidence": "low",
                        "window": "Fri 27 Nov – Sun 29 Nov",
                        "sources": [["weather climatology", "under 1 min old"]]},
        "actions": [], "locations": [], "scope": None, "window_start": "2026-11-27",
        "window_end": "2026-11-29", "baseline": None, "assumptions": [], "sources": sources,
        "confidence": {"level": "low", "uncapped": "low", "caps": [], "reasons": []},
        "demand": [], "demand_basis": None, "guest_snapshot": None, "competitor": None,
        "events": [], "phrased_by": "rules",
    }  # fmt: skip


def _render(answer: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here to run the view's module")
    module = REPO / "src/kairos/web/js/operator-answer.js"
    done = subprocess.run(
        [node, "--input-type=module", "-e", RENDER, str(module), json.dumps(answer)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rendered: dict[str, Any] = json.loads(done.stdout)
    return rendered


def test_a_source_with_no_provider_reads_not_configured_never_ok() -> None:
    shown = _render(_answer([WEATHER, NOT_CONFIGURED]))
    weather, events = shown["chips"]
    assert (weather["status"], weather["label"], weather["fresh"]) == (
        "ok", ["ok"], ["under 1 min old"])  # fmt: skip
    assert events["status"] == "not_configured"
    assert events["label"] == ["not configured"]  # in words, not by colour alone
    assert events["fresh"] == []  # no age for data that does not exist
    assert "ok" not in events["said"].split() and "min old" not in events["said"]
    assert "ok" not in events["cls"].split() and "uninformative" not in events["cls"]
    assert "KAIROS_EVENTS_PROVIDER=ticketmaster" in events["why"]
    assert "not cited and not counted" in events["why"]
    # the settings are on the page, not only in a tooltip
    assert shown["unconfigured"] == [
        "No events source is configured, so events nearby are unknown (not absent); set "
        "KAIROS_EVENTS_PROVIDER=ticketmaster and KAIROS_EVENTS_API_KEY."
    ]
    assert all("events" not in cited for cited in shown["cited"])


def test_no_unconfigured_block_when_every_role_has_a_provider() -> None:
    assert _render(_answer([WEATHER]))["unconfigured"] == []


def test_a_role_the_turn_did_not_ask_is_skipped_not_said_to_miss_this_place() -> None:
    """A skipped role (the staffing card does not fetch the school calendar) is
    `informative: false` now; the chip must not add "not here" / "does not cover", which say it
    was asked and found wanting."""
    skipped = {
        "name": "school_calendar", "provider": "-", "status": "skipped", "error_code": None,
        "detail": None, "freshness": "unavailable", "cache_hit": False, "informative": False,
        "external": False, "note": "the staffing card does not fetch it",
    }  # fmt: skip
    shown = _render(_answer([WEATHER, skipped]))
    chip = shown["chips"][1]
    assert chip["status"] == "skipped" and chip["label"] == ["skipped"]
    assert "not here" not in chip["said"] and "uninformative" not in chip["cls"]
    assert "does not cover" not in chip["why"]
    assert "the staffing card does not fetch it" in chip["why"]


def test_a_chip_explains_itself_in_a_disclosure_not_a_tooltip() -> None:
    """Issue 41: a hover tooltip reaches no keyboard, touch or screen-reader user. A chip with
    something to say is a button (aria-expanded, aria-controls) over a text that starts hidden."""
    for chip in _render(_answer([WEATHER, NOT_CONFIGURED]))["chips"]:
        assert chip["title"] == "" and chip["tips"] == 1, chip  # no tooltip; one explanation
        assert chip["button"] == "button" and chip["expanded"] == "false", chip
        assert chip["controls"] and chip["controls"] == chip["panel"], chip
        assert chip["hidden"] is True, chip
    weather = _render(_answer([WEATHER]))["chips"][0]
    assert weather["why"].startswith("climatology: what is normal for this calendar day")
    assert "provider: climatology" in weather["why"]
    assert weather["said"].startswith("●Weatherok")  # the chip's own words name the button
