"""The Operator view (seed 004's operator assistant) in a real browser against a real `kairos
serve` on the sample catalog: a staffing turn streams its steps, then shows the action line as a
strip, a chip per source with its status and freshness, and the why bullets; a correction in the
same session recomputes; the Risk card changes what is fetched; "Show evidence" asks for the
review quotes in a follow-up turn; a competitor gets its own block; a refused location shows the
422 detail; a phone in dark mode stays readable. Its CSS uses colour tokens only (ADR-019)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import REPO
from tests.web.conftest import low_contrast, phone_context, shot

OPERATOR_TEXT = [
    ".op-source span", ".op-level", ".op-heat td", ".op-heat th", ".op-tag", ".op-lead",
    ".op-question p", ".op-action dt", ".op-action dd", ".op-sparse", ".op-pos", ".op-neg",
    ".op-review-id", ".op-quote .meta", ".op-cards span", ".op-theme-summary", ".op-fresh",
    ".op-context", ".op-evidence summary", ".op-competitor-status", ".op-question-mark",
    ".op-unconfigured li", ".op-source-why",
]  # fmt: skip
FIRST = (
    "I run Marliave in Boston, usually 120 covers on a Friday — what should I do about "
    "staffing this weekend?"
)

# Records, in page order, each thinking step as it appears and each answer as it arrives.
_WATCH = """() => {
  window.__op = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(".bubble.pending .step")) window.__op.push(["step", node.dataset.step]);
        if (node.matches(".op-answer")) window.__op.push(["answer", node.dataset.turn]);
      }
    }
  }).observe(document.getElementById("op-turns"), { childList: true, subtree: true });
}"""


def _open(page: Any) -> None:
    page.goto("/#operator")
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists
    expect(page.locator("#operator-view")).to_be_visible()
    expect(page.locator("#restaurants-view")).to_be_hidden()
    expect(page.locator("#tab-operator")).to_have_attribute("aria-current", "page")


def _sent(page: Any) -> list[dict[str, Any]]:
    bodies: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda r: r.url.endswith("/operator/chat") and bodies.append(json.loads(r.post_data)),
    )
    return bodies


def _ask(page: Any, message: str, turn: int) -> Any:
    page.fill("#op-message", message)
    page.click("#op-send")
    latest = page.locator(f".op-answer[data-turn='{turn}']")
    expect(latest).to_be_visible(timeout=30_000)
    return latest


def _stored(page: Any) -> dict[str, Any]:
    uid = page.input_value("#user-select")
    raw = page.evaluate(f"sessionStorage.getItem('kairos.operator.{uid}')")
    state: dict[str, Any] = json.loads(raw)
    return state


@pytest.mark.browser
def test_staffing_correction_risk_evidence_and_competitor(page: Any) -> None:
    _open(page)
    sent = _sent(page)
    page.evaluate(_WATCH)
    first = _ask(page, FIRST, 1)

    # The steps streamed before the answer; the first turn sent no session and no card.
    events = page.evaluate("window.__op")
    steps = [e[1] for e in events if e[0] == "step"]
    assert steps == ["read", "resolve", "compose"], events
    assert events.index(["answer", "1"]) > max(i for i, e in enumerate(events) if e[0] == "step")
    assert "session_id" not in sent[0] and "card" not in sent[0]
    answer = _stored(page)["turns"][-1]["answer"]
    session = answer["session_id"]
    expect(page.locator("#op-session")).to_have_attribute("data-session", session)
    assert answer["card"] == "staffing" and answer["baseline"]["covers"] == 120
    assert answer["locations"][0]["label"].startswith("Marliave")

    # The action line strip reads the answer's last line (ADR-020).
    strip = first.locator(".op-action")
    last = answer["text"].rstrip("\n").split("\n")[-1]
    assert last.startswith("Action: ")
    expect(strip).not_to_have_class(re.compile(r"\bunparsed\b"))
    expect(strip.locator(".op-action-action dd")).to_have_text(answer["action_line"]["action"])
    expect(strip.locator(".op-action-window dd")).to_have_text(answer["action_line"]["window"])
    expect(strip.locator(".op-level")).to_have_text(answer["action_line"]["confidence"])
    cited = strip.locator(".op-cited li")
    expect(cited).to_have_count(len(answer["action_line"]["sources"]))
    for i, (name, fresh) in enumerate(answer["action_line"]["sources"]):
        expect(cited.nth(i)).to_have_text(f"{name} ({fresh})")

    # One chip per source: its status, its freshness, the note behind it; skipped looks apart.
    chips = first.locator(".op-source")
    expect(chips).to_have_count(len(answer["sources"]))
    for source in answer["sources"]:
        chip = first.locator(f".op-source[data-source={source['name']}]")
        expect(chip).to_have_attribute("data-status", source["status"])
        none = source["status"] == "not_configured"
        expect(chip.locator(".op-source-status")).to_have_text(
            "not configured" if none else source["status"]
        )
        if none:  # no provider: no age of data that does not exist
            expect(chip.locator(".op-source-fresh")).to_have_count(0)
        else:
            expect(chip.locator(".op-source-fresh")).to_have_text(source["freshness"])
        # What the chip knows is a disclosure, opened by keyboard: never a hover-only tooltip.
        assert chip.locator("[title]").count() == 0 and chip.get_attribute("title") is None
        toggle, why = chip.locator("button.op-source-toggle"), chip.locator(".op-source-why")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(why).to_be_hidden()
        toggle.focus()
        page.keyboard.press("Enter")
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(why).to_be_visible()
        for said in (source["detail"] if none else None, source["note"]):
            if said:
                expect(why).to_contain_text(said)
        page.keyboard.press("Space")
        expect(why).to_be_hidden()
    skipped = first.locator(".op-source[data-source=school_calendar]")
    expect(skipped).to_have_attribute("data-status", "skipped")  # staffing does not fetch it
    reviews = first.locator(".op-source[data-source=reviews]")
    expect(reviews).to_have_attribute("data-status", "ok")
    style = "el => [getComputedStyle(el).borderStyle, getComputedStyle(el).backgroundColor]"
    assert skipped.evaluate(style) != reviews.evaluate(style)
    # Offline, events have no provider: "not configured" in words, never green "ok", the settings
    # on the page (issue 34: "Events ok · under 1 min old" for a source that did not exist).
    events = first.locator(".op-source[data-source=events]")
    expect(events).to_have_attribute("data-status", "not_configured")
    expect(events).not_to_contain_text("ok")
    assert events.evaluate(style) != reviews.evaluate(style)
    expect(first.locator(".op-unconfigured")).to_contain_text("KAIROS_EVENTS_PROVIDER")
    expect(first.locator(".op-cited")).not_to_contain_text("events")

    # The why bullets, the trigger, the confidence, the guest snapshot (no quotes yet: ADR-018).
    why = first.locator(".op-why li")
    expect(why).to_have_count(len(answer["why"]))
    assert 1 <= len(answer["why"]) <= 2
    expect(why.first).to_have_text(answer["why"][0])
    expect(first.locator(".op-trigger")).to_contain_text(answer["trigger"])
    expect(first.locator(".op-confidence .op-level")).to_have_text(
        f"{answer['confidence']['level']} confidence"
    )
    expect(first.locator(".op-guests")).to_contain_text("Guest signal snapshot · Marliave")
    expect(first.locator(".op-guests .op-sample")).to_contain_text(
        f"{answer['guest_snapshot']['sample_size']} reviews"
    )
    expect(first.locator(".op-quote")).to_have_count(0)
    expect(first.locator(".op-heat tbody tr")).to_have_count(7)
    assert first.locator(".op-heat td[data-heat='4']").count() >= 1  # the busiest slot
    assert low_contrast(page, OPERATOR_TEXT) == []
    shot(page, "operator-01-staffing", full_page=True)

    # A correction in the same session recomputes from the new baseline.
    second = _ask(page, "actually more like 150 covers", 2)
    assert sent[1]["session_id"] == session and "card" not in sent[1]
    expect(page.locator("#op-session")).to_have_attribute("data-session", session)
    expect(second).to_have_attribute("data-kind", "correction")
    expect(second.locator(".op-lead")).to_contain_text("150 covers")
    expect(second.locator(".op-baseline")).to_have_text("usual 150 covers on Fridays")
    corrected = _stored(page)["turns"][-1]["answer"]
    assert corrected["baseline"]["covers"] == 150
    assert corrected["recommendation"] != answer["recommendation"]  # the covers moved
    expect(second.locator(".op-recommendation")).to_have_text(corrected["recommendation"])
    expect(first.locator(".op-body")).not_to_have_attribute("open", "")  # earlier: folded
    shot(page, "operator-02-correction")

    # "Show evidence" asks for the quotes in the same session; they come with review ids.
    second.locator(".op-evidence summary").click()
    third = page.locator(".op-answer[data-turn='3']")
    expect(third).to_be_visible(timeout=30_000)
    assert sent[2] == {"message": "Show me the reviews", "session_id": session}
    quotes = third.locator(".op-evidence[open] .op-quote")
    assert quotes.count() >= 3
    evidence = _stored(page)["turns"][-1]["answer"]["guest_snapshot"]["evidence"]
    quoted = [e for e in evidence if e["snippet"]]
    expect(quotes).to_have_count(len(quoted))
    for i, item in enumerate(quoted[:3]):
        expect(quotes.nth(i)).to_have_attribute("data-review-id", str(item["review_id"]))
        expect(quotes.nth(i).locator(".op-review-id")).to_have_text(f"review #{item['review_id']}")
        expect(quotes.nth(i).locator("blockquote")).to_have_text(item["snippet"])
        expect(quotes.nth(i).locator(".meta")).to_contain_text(f"{item['date']} · Marliave")
    third.locator(".op-evidence").scroll_into_view_if_needed()
    shot(page, "operator-03-evidence")

    # The Risk card: sent as `card`, it fetches the school calendar the staffing card skipped.
    page.click("label:has(input[value=risk])")
    expect(page.locator("input[name=op-card][value=risk]")).to_be_checked()
    expect(page.locator("#op-message")).to_have_value("What could go wrong this weekend?")
    page.click("#op-send")
    risk = page.locator(".op-answer[data-turn='4']")
    expect(risk).to_be_visible(timeout=30_000)
    assert sent[3]["card"] == "risk" and sent[3]["session_id"] == session
    expect(risk).to_have_attribute("data-card", "risk")
    expect(risk.locator(".op-card-tag")).to_have_text("Risk")
    calendar = risk.locator(".op-source[data-source=school_calendar]")
    expect(calendar).not_to_have_attribute("data-status", "skipped")
    shot(page, "operator-04-risk")

    # A competitor: its own block, after the core answer (ADR-025); the card stays risk.
    competitor = _ask(page, "how do we compare with Toro?", 5)
    assert "card" not in sent[4]
    block = competitor.locator(".op-competitor")
    expect(block).to_contain_text("Competitor · Toro")
    expect(block.locator(".op-competitor-status")).to_have_text("ok")
    expect(competitor).to_have_attribute("data-card", "risk")
    expect(page.locator("input[name=op-card][value=risk]")).to_be_checked()

    # The session survives a reload of the page (this browser session), then a new one starts.
    page.reload()
    page.wait_for_selector(".op-answer[data-turn='5']")
    expect(page.locator("#op-session")).to_have_attribute("data-session", session)
    expect(page.locator(".op-answer[data-turn='5'] .op-competitor")).to_contain_text("Toro")
    page.click("#op-new-session")
    expect(page.locator(".op-answer")).to_have_count(0)
    expect(page.locator("#op-session")).to_have_attribute("data-session", "")
    expect(page.locator("input[name=op-card][value=staffing]")).to_be_checked()
    assert page.console_errors == []


@pytest.mark.browser
def test_a_refused_location_then_the_one_question(page: Any) -> None:
    _open(page)
    page.fill("#op-message", "staffing this weekend")
    page.fill("#op-locations", "x")
    with page.expect_response("**/operator/chat") as refused:
        page.click("#op-send")
    assert refused.value.status == 422
    error = page.locator(".op-turn .error-box")
    expect(error).to_contain_text("'x' is too short to look up")
    expect(error).to_contain_text("type at least 3 letters")
    # Nothing typed is lost: the message and the location are back in their fields.
    expect(page.locator("#op-message")).to_have_value("staffing this weekend")
    expect(page.locator("#op-locations")).to_have_value("x")
    expect(page.locator("#op-session")).to_have_attribute("data-session", "")
    shot(page, "operator-05-refused-location")
    page.console_errors.clear()  # the refused request logs its status to the console

    # Two locations and one baseline: the one question (ADR-005), marked, then answered.
    page.fill("#op-locations", "")
    answer = _ask(
        page,
        "we're on Newbury St in Boston and on Atlantic Ave in Brooklyn, usually 180 covers on "
        "a Friday, staffing this weekend",
        1,
    )
    question = answer.locator(".op-question")
    expect(question).to_contain_text("Kairos asks: Should the 180-cover baseline apply to all")
    assert low_contrast(page, OPERATOR_TEXT) == []
    shot(page, "operator-06-question")
    question.locator("button").click()
    expect(page.locator("#op-message")).to_be_focused()
    expect(page.locator("#op-message")).to_have_attribute("placeholder", "Type your answer…")
    answered = _ask(page, "all of them", 2)
    expect(answered.locator(".op-question")).to_have_count(0)
    expect(answered.locator(".op-context")).to_contain_text("applies to all locations")
    assert page.console_errors == []


@pytest.mark.browser
def test_phone_dark_mode(browser: Any, server: str) -> None:
    context = phone_context(browser, server, color_scheme="dark")
    page = context.new_page()
    try:
        _open(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        answer = _ask(page, FIRST, 1)
        for toggle in answer.locator(".op-source-toggle").all():  # each explanation, read
            toggle.tap()
        expect(answer.locator(".op-source-why").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert low_contrast(page, OPERATOR_TEXT) == []
        answer.scroll_into_view_if_needed()
        shot(page, "operator-07-phone-dark")
        answer.locator(".op-sources-block").evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "operator-08-phone-dark-sources")
        answer.locator(".op-evidence summary").click()
        quotes = page.locator(".op-answer[data-turn='2'] .op-quote")
        expect(quotes.first).to_be_visible(timeout=30_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert low_contrast(page, OPERATOR_TEXT) == []
        quotes.first.scroll_into_view_if_needed()
        shot(page, "operator-09-phone-dark-evidence")
        page.locator(".op-answer[data-turn='2'] .op-heat").scroll_into_view_if_needed()
        shot(page, "operator-10-phone-dark-demand")
    finally:
        context.close()


# ADR-019: components take colours from the brand tokens, never raw values.
_OPERATOR_BLOCK = re.compile(r"/\* Operator view.*?\*/(?P<css>.*?)/\* end Operator view \*/", re.S)
_RAW_COLOUR = re.compile(
    r"#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(?:white|black|red"
    r"|green|blue|gr[ae]y|orange|yellow|purple|pink|brown|navy|teal|silver|maroon|olive|lime"
    r"|aqua|cyan|magenta|fuchsia|gold|indigo|violet|crimson|coral|salmon|tomato|khaki)\b",
    re.I,
)


def raw_colours(css: str) -> list[str]:
    """Declarations in `css` whose value holds a colour that is not a `var(--…)`."""
    found = []
    for block in re.findall(r"\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        for prop, value in re.findall(r"([a-z-]+)\s*:\s*([^;]+)", block):
            if _RAW_COLOUR.search(re.sub(r"var\(--[\w-]+\)", "", value)):
                found.append(f"{prop}: {value.strip()}")
    return found


def test_operator_css_uses_only_colour_tokens() -> None:
    css = (REPO / "src/kairos/web/app.css").read_text()
    block = _OPERATOR_BLOCK.search(css)
    assert block is not None, "app.css lost its '/* Operator view … */ … /* end Operator view */'"
    assert ".op-source.timeout" in block["css"]  # the block is the view's, not an empty one
    assert raw_colours(block["css"]) == []
    # The check itself finds raw colours, whatever their spelling.
    sample = ".a { color: #FFF; background: var(--x) } .b { border: 1px solid red; }"
    assert raw_colours(sample) == ["color: #FFF", "border: 1px solid red"]
    assert raw_colours(".c { box-shadow: 0 0 2px rgba(0,0,0,.3); fill: var(--ok) }") == [
        "box-shadow: 0 0 2px rgba(0,0,0,.3)",
    ]  # fmt: skip
    # The view's scripts set no colours of their own either (no inline styles at all).
    for script in sorted(Path(REPO / "src/kairos/web/js").glob("operator*.js")):
        text = script.read_text()
        assert "style" not in text, script.name
        assert not re.search(r"[\"'`]#[0-9a-f]{3,8}[\"'`]|rgba?\(", text, re.I), script.name
