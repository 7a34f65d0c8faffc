"""The UI by keyboard alone (issue 41, item 1), in a real browser against a real `kairos serve`:
each view has its own title and skip links, a skip moves focus without leaving the view, a view
change is announced once, and after every in-place update focus lands on the new content's
heading or on the control that replaced the one pressed (never on the page's body). Keys only:
Tab, Shift+Tab, Enter, Space, and typing into a field."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

SKIP = ["Skip to main content", "Skip to the form"]
VIEWS = {
    "restaurants": ("Kairos — Restaurants", ["Skip to chat", "Skip to your picks"], "chat-input"),
    "meals": ("Kairos — Meals", SKIP, "meals-title"),
    "plan": ("Kairos — Plan", SKIP, "plan-title"),
    "trips": ("Kairos — Trips", SKIP, "trips-title"),
    "operator": (
        "Kairos — Operator",
        SKIP,
        "operator-title",
    ),
}


def _focused(page: Any) -> str:
    """The focused element as a screen reader would name it, with its id or class."""
    return str(
        page.evaluate(
            "(() => { const e = document.activeElement;"
            " return `${e.tagName.toLowerCase()}#${e.id}.${e.className}:"
            " ${e.textContent.trim()}`; })()"
        )
    )


def _tab_to(page: Any, selector: str, *, back: bool = False, limit: int = 120) -> None:
    """Tab (or Shift+Tab) until the element matching `selector` has focus."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} never took focus; focus is on {_focused(page)}")


# Every non-empty text a live region takes, in order (a screen reader says each once).
_RECORD = """(id) => {
  window.__said = window.__said || {};
  const said = (window.__said[id] = []);
  const region = document.getElementById(id);
  new MutationObserver(() => { if (region.textContent.trim()) said.push(region.textContent); })
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""


def _said(page: Any, region: str) -> list[str]:
    return list(page.evaluate(f"window.__said[{region!r}]"))


def _alerts(page: Any) -> list[str]:
    """The text of every role=alert on screen."""
    return list(
        page.eval_on_selector_all("[role=alert]:not([hidden])", "a => a.map(e => e.textContent)")
    )


def _ready(page: Any, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("#user-select option", state="attached")  # the demo session exists


def test_each_view_has_its_title_skip_links_and_is_announced(page: Any) -> None:
    _ready(page, "/")
    for view, (title, skips, target) in VIEWS.items():
        # the view is chosen from the nav by keyboard, tabbing from the top of the page
        _tab_to(page, f"#tab-{view}")
        page.keyboard.press("Enter")
        expect(page).to_have_title(title)
        expect(page.locator(".skip:not([hidden])")).to_have_text(skips)
        if view != "restaurants":  # the page opened on it: nothing to announce
            heading = page.locator(f"#{view}-view h2").first
            expect(page.locator("#announcer")).to_have_text(
                f"{title.split(' — ')[1]}: {heading.inner_text()}"
            )
        # from the top of the page, the first Tab reaches the view's first skip link
        page.reload()
        page.wait_for_selector("#user-select option", state="attached")
        page.keyboard.press("Tab")
        assert _focused(page).endswith(skips[0]), _focused(page)
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == target, _focused(page)
        expect(page.locator(f"#{view}-view")).to_be_visible()  # the skip did not change views
        assert page.evaluate("location.hash") in ("", f"#{view}")
        page.reload()
        page.wait_for_selector("#user-select option", state="attached")
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_trips_by_keyboard(page: Any) -> None:
    """Plan a trip, lock and unlock a stop, make a day more relaxed and swap a stop: focus lands
    on the trip's heading, then on Unlock, then on Lock, then on More relaxed, then on the Swap
    of the stop that took the place of the swapped one."""
    _ready(page, "/#trips")
    page.evaluate(_RECORD, "trips-status")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Skip to the form")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "trips-words"
    _tab_to(page, "#trips-city")
    page.keyboard.type("Singapore")
    _tab_to(page, "#trips-days")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    with page.expect_response(lambda r: r.url.endswith("/trips")) as created:
        page.keyboard.press("Enter")
    assert created.value.status == 201, created.value.text()
    trip = created.value.json()
    heading = page.locator("#trips-result h3").first
    expect(heading).to_be_focused()
    expect(heading).to_contain_text("Singapore · 2 days")
    expect(page.locator("#trips-status")).to_contain_text("Singapore: 2 days planned")
    said = _said(page, "trips-status")
    assert said == ["Planning the trip…", page.locator("#trips-status").inner_text()], said

    def edited(key: str) -> None:
        before = len(_said(page, "trips-status"))
        with page.expect_response(lambda r: f"/trips/{trip['trip_id']}/" in r.url) as done:
            page.keyboard.press(key)
        assert done.value.status == 200, done.value.text()
        # each update said once in the view's live region
        for _ in range(100):  # (wait_for_function evaluates a string: the page's CSP forbids it)
            if len(_said(page, "trips-status")) > before:
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(300)
        assert len(_said(page, "trips-status")) == before + 1, _said(page, "trips-status")

    first = page.locator(".trip-day[data-day='1'] .trip-slot[data-kind='stop']").first
    place = first.get_attribute("data-place")
    name = first.locator(".trip-name").inner_text()
    _tab_to(page, f".trip-slot[data-place='{place}'] .trip-lock")
    # the accessible name starts with the words shown (WCAG 2.5.3), the place follows
    expect(page.locator(":focus")).to_have_accessible_name(f"Lock to day 1, {name}")
    edited("Enter")
    unlock = page.locator(f".trip-slot[data-place='{place}'] .trip-unlock")
    expect(unlock).to_be_focused()
    edited("Space")
    expect(page.locator(f".trip-slot[data-place='{place}'] .trip-lock")).to_be_focused()

    _tab_to(page, ".trip-day[data-day='2'] .trip-relax")
    expect(page.locator(":focus")).to_have_accessible_name("More relaxed, day 2")
    edited("Enter")
    expect(page.locator(".trip-day[data-day='2'] .trip-relax")).to_be_focused()

    _tab_to(page, ".trip-day[data-day='1'] .trip-slot:nth-child(2) .trip-swap summary", back=True)
    swapped = page.locator(".trip-day[data-day='1'] .trip-slot").nth(1).get_attribute("data-place")
    page.keyboard.press("Enter")  # opens the choices
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Outdoors"), _focused(page)
    edited("Enter")
    summary = (
        page.locator(".trip-day[data-day='1'] .trip-slot").nth(1).locator(".trip-swap summary")
    )
    expect(summary).to_be_focused()
    if page.locator(f".trip-slot[data-place='{swapped}']").count():
        # the swap found no outdoors place within reach (CI once planned a trip, from the shared
        # test user's state, whose day 1 had none): said as such, the stop kept
        status = _said(page, "trips-status")[-1]
        assert " fits" in status and "swapped" not in status, status
    # the status line says each change once, politely
    expect(page.locator("#trips-status")).not_to_be_empty()
    # A change refused is said once, by its alert: the status line does not repeat it (it did).
    spoken = len(_said(page, "trips-status"))
    page.route(
        "**/trips/*/days/*/refine*",
        lambda route: route.fulfill(
            status=409, json={"title": "Conflict", "detail": "The day is already as relaxed."}
        ),
    )
    _tab_to(page, ".trip-day[data-day='1'] .trip-relax")
    page.keyboard.press("Enter")
    expect(page.locator(".trip-edit-error")).to_contain_text("already as relaxed")
    page.wait_for_timeout(300)
    assert _said(page, "trips-status")[spoken:] == [], _said(page, "trips-status")
    assert page.locator("#trips-status").inner_text() == ""
    assert [a for a in _alerts(page) if "already as relaxed" in a] == [
        "That change was not made: The day is already as relaxed."
    ]
    expect(page.locator(".trip-day[data-day='1'] .trip-relax")).to_be_focused()
    assert [e for e in page.console_errors if "409" not in e] == []  # type: ignore[attr-defined]


def test_restaurant_chat_by_keyboard(page: Any) -> None:
    """Skip to the chat, ask, answer the one question with its one-tap reply, say a taste and undo
    what the profile learnt: focus stays on the control pressed while it remains, and moves to
    the answer that replaced Undo."""
    _ready(page, "/")
    page.wait_for_selector("#feed .card, #feed .empty")
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Skip to chat")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "chat-input"
    expect(page.locator("#restaurants-view")).to_be_visible()

    def asked(key: str) -> None:
        answers = page.locator(".bubble.assistant:not(.pending)").count()
        with page.expect_response("**/chat"):
            page.keyboard.press(key)
        page.wait_for_selector(f".bubble.assistant:not(.pending) >> nth={answers}")

    page.keyboard.type("thai dinner")  # no city: one question, the cities as one-tap replies
    asked("Enter")
    expect(page.locator("#chat-input")).to_be_focused()  # ready for the next message
    expect(page.locator(".bubble.assistant .chips .chip:not(.question)").first).to_be_visible()
    _tab_to(page, ".bubble.assistant .chips .chip:not(.question)", back=True)
    city = page.evaluate("document.activeElement.textContent")
    asked("Enter")
    expect(page.locator(".bubble.user").last).to_have_text(city)
    assert _focused(page).endswith(city), _focused(page)  # the chip pressed is still there

    _tab_to(page, "#chat-input")
    page.keyboard.type("I love spicy food")
    asked("Enter")
    undo = page.locator(".learned .chip")
    expect(undo).to_have_text("Undo")
    _tab_to(page, ".learned .chip", back=True)
    with page.expect_response("**/profile**"):
        page.keyboard.press("Space")
    line = page.locator(".learned").last
    expect(line).to_have_text("Undone: your profile is as it was.")
    expect(line).to_be_focused()
    assert page.console_errors == []  # type: ignore[attr-defined]


def test_meals_by_keyboard(page: Any) -> None:
    """Ask the coach, then "Cook this": the card and its button are gone, focus is on the recipe's
    title; the feedback fields are named by visible labels."""
    _ready(page, "/#meals")
    page.evaluate(_RECORD, "meal-status")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused(page).endswith("Skip to the form")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "meal-text"
    page.keyboard.type("healthier lasagna for 4")
    with page.expect_response("**/meals/coach"):
        page.keyboard.press("Enter")
    page.wait_for_selector(".suggestion")
    # each update said once in the view's live region: the wait, then the coach's answer
    message = page.locator("#meal-answer .answer-text").inner_text()
    assert _said(page, "meal-status") == ["The coach is thinking…", message]
    _tab_to(page, ".suggestion .pick")
    with page.expect_response("**/select") as selected:
        page.keyboard.press("Enter")
    title = page.locator("#meal-recipe h3")
    expect(title).to_be_focused()
    said = _said(page, "meal-status")[2:]
    assert said == ["Adapting the recipe…", selected.value.json()["message"]], said
    expect(page.get_by_label("Notes", exact=True)).to_have_id("feedback-notes")
    expect(page.get_by_label("Tags", exact=True)).to_have_id("feedback-tags")
    assert page.console_errors == []  # type: ignore[attr-defined]
    # A request refused is said once, by its alert; the status line no longer keeps saying
    # "The coach is thinking…" under it.
    page.route(
        "**/meals/coach",
        lambda route: route.fulfill(status=409, json={"title": "Conflict", "detail": "Busy."}),
    )
    page.locator("#meal-text").focus()
    page.keyboard.type("soup")
    page.keyboard.press("Enter")
    expect(page.locator("#meal-answer [role=alert]")).to_contain_text("Busy.")
    assert page.locator("#meal-status").inner_text() == ""
    assert [a for a in _alerts(page) if "Busy." in a] == ["Busy.Try again"]


def test_collapsed_details_are_hidden_until_opened(page: Any) -> None:
    """A card's details are neither read nor reached by Tab until its chevron opens them."""
    _ready(page, "/")
    page.wait_for_selector("#feed .card")
    details = page.get_by_role("region", name=re.compile("^More about "))
    expect(details).to_have_count(0)
    _tab_to(page, "#feed .card .chevron")
    page.keyboard.press("Enter")
    expect(details).to_have_count(1)
    expect(page.locator(":focus")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Enter")
    expect(details).to_have_count(0)
