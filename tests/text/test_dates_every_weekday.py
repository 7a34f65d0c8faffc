"""The date words people use, read on each of the seven weekdays, in every product that reads
them: the shared reader (restaurants, group plans), the operator's window, the trip planner's
filters, and the operator over HTTP with the service's clock set to each day.

The expectations are written from the calendar, not from the readers: "this weekend" is the
rest of the coming Saturday and Sunday (a restaurant's starts on Friday night), never a Monday.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from kairos.clock import Clock
from kairos.operator.reading import read_message
from kairos.text.query.when import extract_when
from kairos.trips.intent_request import text_filters
from tests.meals.helpers import as_user, create_user

WEEK = [date(2026, 11, 23) + timedelta(days=n) for n in range(7)]
LATER_WEEK = [date(2027, 3, 1) + timedelta(days=n) for n in range(7)]
"""The service's days are far from the real clock's, so a product reading it fails the test."""
FRIDAY, SATURDAY, SUNDAY = 4, 5, 6


def _coming_sunday(today: date) -> date:
    return today + timedelta(days=SUNDAY - today.weekday())


def _next_monday(today: date) -> date:
    return today + timedelta(days=7 - today.weekday())


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_the_shared_reader_on_every_weekday(today: date) -> None:
    weekend, _, _ = extract_when("dinner this weekend", today)
    assert weekend is not None and weekend.start is not None and weekend.end is not None
    assert weekend.end == _coming_sunday(today)
    assert weekend.start == max(today, _coming_sunday(today) - timedelta(days=1))
    assert weekend.days == (weekend.end - weekend.start).days + 1

    tomorrow, _, _ = extract_when("lunch tomorrow", today)
    assert tomorrow is not None and tomorrow.start == today + timedelta(days=1)

    week, _, _ = extract_when("something next week", today)
    assert week is not None
    assert (week.start, week.end) == (_next_monday(today), _next_monday(today) + timedelta(6))

    following, _, _ = extract_when("next weekend", today)
    assert following is not None and following.start is not None
    assert following.start == _next_monday(today) + timedelta(days=SATURDAY)
    assert following.end == following.start + timedelta(days=1)


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_the_operators_weekend_starts_on_friday_and_never_runs_into_monday(today: date) -> None:
    window = read_message("what should I do about staffing this weekend?", today).window
    assert window is not None
    start, end = window
    friday = _coming_sunday(today) - timedelta(days=SUNDAY - FRIDAY)
    assert start == max(today, friday)
    assert end == _coming_sunday(today)


@pytest.mark.parametrize("today", WEEK, ids=lambda d: d.strftime("%a"))
def test_the_trip_planners_dates_on_every_weekday(today: date) -> None:
    weekend = text_filters("a weekend in lisbon this weekend", today)
    assert weekend.start is not None and weekend.start >= today
    assert weekend.end == _coming_sunday(today)
    tomorrow = text_filters("2 days in rome from tomorrow", today)
    assert tomorrow.start == today + timedelta(days=1)


@pytest.fixture
def clock_at(runtime: Any) -> Iterator[Any]:
    kept = runtime.clock

    def set_day(day: date) -> None:
        runtime.clock = Clock.frozen_at(day)

    yield set_day
    runtime.clock = kept


SEED = (
    "we're on Atlantic Ave in Brooklyn, usually 180 covers on a Friday — what should I do about "
    "staffing this weekend?"
)


@pytest.mark.parametrize("today", LATER_WEEK, ids=lambda d: d.strftime("%a"))
async def test_the_operator_answers_for_the_weekend_the_service_is_in(
    client: httpx.AsyncClient, clock_at: Any, today: date
) -> None:
    clock_at(today)
    uid = await create_user(client)
    response = await client.post(
        "/operator/chat",
        json={"message": SEED},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    answer = response.json()
    start = date.fromisoformat(answer["window_start"])
    end = date.fromisoformat(answer["window_end"])
    assert end == _coming_sunday(today)
    assert today <= start <= end


def test_a_frozen_clock_is_the_settings_day() -> None:
    from kairos.settings import Settings

    frozen = Clock.of(Settings(today=date(2026, 11, 29), _env_file=None))  # type: ignore[call-arg]
    assert frozen.today() == date(2026, 11, 29)
    assert dataclasses.replace(frozen, fixed=None).today() == date.today()
