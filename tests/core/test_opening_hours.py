"""The shared reader of opening hours: both stored shapes, overnight spans, unknown days."""

from __future__ import annotations

from kairos.core.opening_hours import (
    is_open_for,
    open_intervals,
    weekly_from_attributes,
    weekly_to_json,
)

DAILY_10_17 = tuple(((600, 1020),) for _ in range(7))


def _stored(weekly: object, status: str = "known") -> dict[str, object]:
    return {"opening_hours": {"status": status, "weekly": weekly}}


def test_stored_week_reads_back_and_answers_per_weekday() -> None:
    attributes = _stored(weekly_to_json(DAILY_10_17))
    assert weekly_from_attributes(attributes) == DAILY_10_17
    assert open_intervals(attributes, 2) == [(600, 1020)]
    assert is_open_for(attributes, 2, 600, 1020) is True
    assert is_open_for(attributes, 2, 960, 1080) is False


def test_overnight_span_joins_the_next_morning() -> None:
    # "Mo-Su 18:00-02:00" is stored split at midnight: [1080, 1440] and the next day's [0, 120].
    week = [[[0, 120], [1080, 1440]] for _ in range(7)]
    attributes = _stored(week)
    assert open_intervals(attributes, 4) == [(0, 120), (1080, 1560)]
    assert is_open_for(attributes, 4, 1410, 1470) is True  # 23:30 → 00:30
    assert is_open_for(attributes, 4, 1410, 1600) is False
    assert is_open_for(attributes, 4, 1450, 1500) is True  # read on the next day


def test_all_week_open_runs_on_and_a_closed_day_is_empty() -> None:
    attributes = _stored([[[0, 1440]]] * 6 + [[]])
    assert open_intervals(attributes, 0)[0][0] == 0
    assert open_intervals(attributes, 5) == [(0, 1440)]  # Sunday closed: ends at midnight
    assert open_intervals(attributes, 6) == []
    assert is_open_for(attributes, 6, 600, 660) is False


def test_unknown_days_and_unknown_status_are_none() -> None:
    assert open_intervals(_stored([None] * 7, "unknown"), 0) is None
    partial = _stored([[[540, 1020]]] * 5 + [None, None], "partial")
    assert open_intervals(partial, 1) == [(540, 1020)]
    assert is_open_for(partial, 6, 600, 660) is None
    assert open_intervals({}, 0) is None
    assert open_intervals(_stored("garbage"), 0) is None


def test_yelp_shape_is_read_with_unlisted_days_closed_and_late_closes() -> None:
    attributes = {"hours": {"Friday": {"open": "18:00", "close": "2:00"},
                            "Monday": {"open": "11:00", "close": "22:00"}}}  # fmt: skip
    assert open_intervals(attributes, 0) == [(660, 1320)]
    assert open_intervals(attributes, 4) == [(1080, 1560)]
    assert open_intervals(attributes, 5) == [(0, 120)]
    assert open_intervals(attributes, 2) == []
    assert open_intervals({"hours": {"Monday": {"open": "late"}}}, 0) is None
