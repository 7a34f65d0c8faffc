"""A city with no place to eat known says so once, at the top of the trip (issue 35, panel trips
half A: t19 Toronto, t29 Washington, t11 Quebec City, t05 New York graded 'no meals' with the
sentence on day 1 only): the overview says it, the days do not."""

from __future__ import annotations

from typing import Any

from kairos.trips.day_notes import no_food_note
from kairos.trips.phrasing import rules_words


def _view(notes: list[str]) -> dict[str, Any]:
    day = {"index": 1, "slots": []}
    return {"pace": "moderate", "days": [day], "city": "Toronto", "start_date": "2026-11-26",
            "verified": False, "mode": "transit", "notes": notes}  # fmt: skip


def test_the_overview_says_no_place_to_eat_is_known_once() -> None:
    words = rules_words(_view(["Something else.", no_food_note("Toronto")]))
    assert words.overview == (
        "A moderate 1-day trip in Toronto from 2026-11-26: 0 stops; no place to eat known in "
        "Toronto, lunch and dinner left free; not verified: see what to check."
    )
    assert "place to eat" not in rules_words(_view(["Something else."])).overview
