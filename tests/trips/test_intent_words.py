"""The words travellers use for dates, lengths, modes and cities (issue 35, item 4), read from
a request typed on Wednesday 25 November 2026."""

from __future__ import annotations

from datetime import date

from kairos.trips.intent import normalise

TODAY = date(2026, 11, 25)


def _filters(text: str) -> dict[str, object]:
    request = normalise(text, profile_id="p", trip_id=None, filters=None, channel="web",
                        locale="en", today=TODAY)  # fmt: skip
    return request.filters.model_dump()


def test_an_explicit_start_date_is_the_start() -> None:
    f = _filters("3 days in Delhi starting 2027-01-15, old monuments")
    assert f["start"] == date(2027, 1, 15)
    assert f["days"] == 3


def test_two_explicit_dates_are_the_trip() -> None:
    f = _filters("Singapore from 2027-01-08 to 2027-01-10, museums")
    assert (f["start"], f["end"]) == (date(2027, 1, 8), date(2027, 1, 10))


def test_one_explicit_date_for_a_day_trip() -> None:
    f = _filters("a day trip in Kathmandu on 2027-03-02")
    assert f["start"] == date(2027, 3, 2)


def test_a_month_with_a_length_keeps_both() -> None:
    f = _filters("Washington DC in March, 3 days, monuments")
    assert f["start"] is not None and f["start"].month == 3 and f["start"].year == 2027
    assert f["days"] == 3 or (f["end"] - f["start"]).days == 2  # type: ignore[operator]


def test_a_month_after_the_city_is_read() -> None:
    f = _filters("4 days in Barcelona in April, architecture")
    assert f["start"] is not None and f["start"].month == 4  # type: ignore[union-attr]
    assert f["days"] == 4


def test_a_long_weekend_is_three_days() -> None:
    f = _filters("a long weekend in Quebec City, history")
    span = f["days"] or ((f["end"] - f["start"]).days + 1)  # type: ignore[operator]
    assert span == 3


def test_we_dont_walk_much_is_not_walking() -> None:
    assert _filters("2 days in Kathmandu, we don't walk much, temples")["mode"] != "walk"
    assert _filters("Delhi for 2 days, we do not like walking")["mode"] != "walk"


def test_no_car_is_not_driving() -> None:
    assert _filters("Toronto, 2 days, galleries, no car")["mode"] != "drive"
    assert _filters("Toronto for 2 days without a car")["mode"] != "drive"


def test_a_swapped_pair_of_letters_in_a_city_is_read() -> None:
    assert _filters("Dehli for 2 days with the kids")["city"] == "Delhi"
    assert _filters("3 days in Sinagpore")["city"] == "Singapore"
