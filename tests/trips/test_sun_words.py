"""Sunrise and sunset asked for in words are answered with their times (issue 35, round 3;
panel t57 half A: "sunrise and sunset are ignored, days run 09:00-18:00")."""

from __future__ import annotations

from datetime import date

from kairos.trips.daylight import sunrise, sunset, trip_zone
from kairos.trips.sun_words import sun_note

DAYS = [date(2026, 12, 1), date(2026, 12, 2)]


def test_sunrise_comes_before_noon_and_sunset_after() -> None:
    zone = trip_zone("Delhi")
    rise, sets = sunrise(DAYS[0], 28.61, 77.21, zone), sunset(DAYS[0], 28.61, 77.21, zone)
    assert rise is not None and sets is not None
    assert 6 * 60 + 45 <= rise <= 7 * 60 + 5  # Delhi, 1 December: about 06:55
    assert 17 * 60 + 15 <= sets <= 17 * 60 + 35  # about 17:24


def test_the_answer_gives_the_times_asked_for() -> None:
    text = "Delhi 2 days, we are a group of 6 friends, photography spots, sunrise and sunset"
    note = sun_note(text, "Delhi", DAYS)
    assert "sunrise 06:5" in note and "sunset 17:2" in note and "Wed 02 Dec" in note
    assert "sunrise" not in sun_note("Kyoto, a sunset view", "Kyoto", DAYS)
    assert sun_note("Delhi 2 days, temples", "Delhi", DAYS) == ""
