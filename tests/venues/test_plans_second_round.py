"""Group plans, second round (issue 38): the kind of place an outing needs, read from the
request's words (a lunch meeting sits at a table, however small the group)."""

from __future__ import annotations

from tests.venues.test_commander import read


def test_a_lunch_meeting_is_a_sit_down_lunch_whatever_the_size() -> None:
    """A taco truck led "quick lunch meeting for 3 in kendall square": a meeting over food
    is held at a table, so trucks and counters come after (or are left out)."""
    intent = read("quick lunch meeting for 3 in cambridge, $15 each")
    assert intent.outing == "a sit-down lunch for 3"
    assert read("business lunch in boston for 2").outing == "a sit-down lunch for 2"


def test_a_small_lunch_with_no_occasion_is_not_held_to_tables() -> None:
    assert read("quick lunch in boston for 3").outing is None
