"""Open now, late, lunch on Sunday (issue 39): places whose listed hours say closed at the time
asked are left out, places whose hours are unknown stay with a card that says so."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from kairos.core.opening_hours import is_open_for
from kairos.restaurants.hours import OpenAsk, asked_hours, hours_note, open_state
from kairos.restaurants.phrasing import hours_said
from tests.restaurants.helpers import ask, create_user

SHUTS_AT_NINE = {day: {"open": "10:30", "close": "21:00"} for day in ("Monday", "Sunday")}
MONDAY_NOON_BOSTON = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)  # 12:00 in Boston


@pytest.mark.parametrize(
    ("message", "weekday", "start"),
    [
        ("which of those are open now?", None, None),
        ("open now pizza boston", None, None),
        ("late night food in boston, somewhere open after 11pm", None, 23 * 60),
        ("somewhere open late for dessert in london", None, 22 * 60),
        ("lunch on sunday in austin", 6, 12 * 60),
        ("sunday brunch in boston", 6, 11 * 60),
        ("on saturday for dinner in cambridge", 5, 19 * 60),
    ],
)
def test_the_time_a_message_asks_for(message: str, weekday: int | None, start: int | None) -> None:
    asked = asked_hours(message)
    assert asked is not None and (asked.weekday, asked.start) == (weekday, start), asked


def test_a_message_without_a_time_asks_for_none() -> None:
    for message in ("thai in boston", "cheap eats in london", "I love spicy food"):
        assert asked_hours(message) is None, message


def test_open_state_reads_the_listed_hours_in_the_places_time() -> None:
    hours = {"hours": SHUTS_AT_NINE}
    now = OpenAsk("open now")
    assert open_state(now, hours, MONDAY_NOON_BOSTON, "boston", -71.06) is True
    late = OpenAsk("open late", None, 22 * 60, 23 * 60)
    assert open_state(late, hours, MONDAY_NOON_BOSTON, "boston", -71.06) is False
    tuesday = OpenAsk("lunch on Tuesday", 1, 12 * 60, 13 * 60)
    assert open_state(tuesday, hours, MONDAY_NOON_BOSTON, "boston", -71.06) is False, "unlisted"
    assert open_state(now, None, MONDAY_NOON_BOSTON, "boston", -71.06) is None
    assert "unknown" in (hours_note(now, None) or "")


async def test_a_place_known_closed_late_is_left_out_and_unknown_hours_are_said(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    rows = await runtime.db.fetch(
        "SELECT name, attributes -> 'hours' AS hours FROM places WHERE lower(city) = 'boston'"
        " AND kind = 'restaurant' AND attributes ? 'hours' AND name ~ '^[A-Za-z]{6,}$'"
        " ORDER BY review_count DESC NULLS LAST, id"
    )

    def shuts_early(hours: Any) -> bool:
        week = {"hours": json.loads(hours) if isinstance(hours, str) else hours}
        return not any(is_open_for(week, day, 23 * 60, 24 * 60) for day in range(7))

    name = next(str(r["name"]) for r in rows if shuts_early(r["hours"]))
    uid = await create_user(client)
    anytime = await ask(client, uid, f"{name.lower()} in boston")
    assert any(r.name == name for r in anytime.restaurants), (name, anytime.message)
    late = await ask(client, uid, f"{name.lower()} in boston open after 11pm")
    assert all(r.name != name for r in late.restaurants), (name, late.message)
    assert any("listed hours" in a for a in late.assumptions), late.assumptions
    for card in late.restaurants:
        assert card.hours_note, f"{card.name}: open by its hours, or its hours are unknown"
    checked = [c for c in late.restaurants if (c.hours_note or "").startswith("Open for")]
    claims = any(a.startswith("Checked against") for a in late.assumptions)
    assert checked or not claims, (late.assumptions, [c.hours_note for c in late.restaurants])


def test_nothing_is_called_checked_when_no_place_found_lists_hours() -> None:
    none_listed = hours_said("open after 23:00", closed=0, checked=0)
    assert "Checked" not in none_listed and "check before you go" in none_listed
    assert hours_said("open after 23:00", closed=0, checked=2).startswith("Checked against")
    assert hours_said("open after 23:00", closed=3, checked=0).startswith("I left out 3 places")
