"""Opening hours as the shared POI file writes them (real rows' text) → a week of intervals;
suggested durations; the derived attributes of a place."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kairos.ingest.poi_derived import derive_poi_attributes, duration_minutes
from kairos.ingest.poi_hours import hours_record, parse_free_text, parse_osm


def _weekly(text: str, *, osm: bool) -> object:
    return hours_record(text, osm_first=osm)["weekly"]


@pytest.mark.parametrize(
    ("text", "monday", "sunday"),
    [
        ("Daily, 7.30am – 5.30pm", [[450, 1050]], [[450, 1050]]),  # Thian Hock Keng Temple
        ("9:00 AM - 5:00 PM", [[540, 1020]], [[540, 1020]]),
        ("Tuesday to Sunday, 9am – 6pm, Closed on Monday", [], [[540, 1080]]),
        ("Monday to Saturday, 9am – 5.30pm,Sunday, 12pm – 5.30pm", [[540, 1050]], [[720, 1050]]),
        ("Daily from 7am – 12pm, and 6pm – 9pm", [[420, 720], [1080, 1260]], None),
        ("Daily, 9:30am – 5pm,(Last admission: 4.30pm)", [[570, 1020]], None),
        ("Daily, 24 hours", [[0, 1440]], [[0, 1440]]),
        ("12:00 AM - 11:59 PM", [[0, 1440]], [[0, 1440]]),
    ],
)
def test_free_text_hours_are_read(text: str, monday: object, sunday: object) -> None:
    record = hours_record(text, osm_first=False)
    assert record["status"] == "known" and record["parser"] == "text"
    assert record["weekly"][0] == monday
    if sunday is not None:
        assert record["weekly"][6] == sunday


def test_a_later_line_for_one_day_replaces_the_daily_line() -> None:
    weekly, _ = parse_free_text(
        "Monday to Sunday:9.30am – 12pm and 2pm – 4pm ,Friday:2.30pm – 4pm"
    ) or ((), None)
    assert weekly[4] == ((870, 960),) and weekly[3] == ((570, 720), (840, 960))


def test_overnight_text_spills_into_the_next_day() -> None:
    weekly = _weekly("6:00 AM - 1:00 AM", osm=False)  # Central Park on TripAdvisor
    assert weekly == [[[0, 60], [360, 1440]]] * 7


def test_bare_range_is_every_day_and_says_so() -> None:
    assert hours_record("10:00 AM - 5:00 PM", osm_first=False)["note"].startswith("no weekday")


@pytest.mark.parametrize(
    "text",
    [
        "Outdoor Gardens: 5am – 2am,Conservatories: 9am – 9pm,OCBC Skyway: 9am – 9pm",
        "Visits are available only by appointment. For more information, email "
        "jewishwb@singnet.com.sg or call +65 6337 2189 (ext. 103)",
        "Daily",
        "09:00",
        "Opening hours differ for the various attractions.",
    ],
)
def test_unreadable_hours_are_kept_as_text_and_unknown(text: str) -> None:
    record = hours_record(text, osm_first=text[0].isdigit())
    assert record["status"] == "unknown" and record["weekly"] is None and record["text"] == text


def test_closed_until_further_notice_is_closed_every_day() -> None:
    record = hours_record("Closed until further notice", osm_first=False)
    assert record["status"] == "closed" and record["weekly"] == [[]] * 7


@pytest.mark.parametrize(
    ("text", "monday", "saturday"),
    [
        ("24/7", [[0, 1440]], [[0, 1440]]),
        ("Mo-Su 10:00-01:00", [[0, 60], [600, 1440]], [[0, 60], [600, 1440]]),
        ("Tu-Su 10:00-18:00; Mo off", [], [[600, 1080]]),
        ("Mo-Fr 11:00-23:00; Sa-Su off", [[660, 1380]], []),
        ('Mo-Su 12:00-16:00 "lunch", 19:00-23:00 "dinner"', [[720, 960], [1140, 1380]], None),
        ("Mo-Su 08:00-24:00; PH closed", [[480, 1440]], None),
    ],
)
def test_osm_hours_are_read_by_the_osm_parser(text: str, monday: object, saturday: object) -> None:
    record = hours_record(text, osm_first=True)
    assert record["parser"] == "osm" and record["status"] == "known"
    assert record["weekly"][0] == monday
    if saturday is not None:
        assert record["weekly"][5] == saturday


def test_seasonal_osm_rule_keeps_the_common_hours() -> None:
    found = parse_osm("Mo-Su 10:00-18:00; Jul-Aug Mo-Su 10:00-22:00")
    assert found is not None
    weekly, note = found
    assert weekly[0] == ((600, 1080),) and note and "season" in note


def test_text_the_osm_parser_refuses_falls_back_to_the_text_reader() -> None:
    record = hours_record("Mon-Su 12:00-00:00", osm_first=True)
    assert record["parser"] == "text" and record["weekly"][2] == [[720, 1440]]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("< 1 hour", 45), ("1-2 hours", 90), ("2-3 hours", 150), ("More than 3 hours", 210),
     ("about 30 minutes", 30), (None, None), ("soon", None)],
)  # fmt: skip
def test_suggested_durations(text: str | None, minutes: int | None) -> None:
    assert duration_minutes(text) == minutes


def test_derived_attributes_prefer_the_source_and_mark_defaults() -> None:
    now = datetime(2025, 1, 1, tzinfo=UTC)
    park = {"poi": {"tripadvisor_attractions": {"opening_hours": "6:00 AM - 1:00 AM",
            "suggested_duration": "More than 3 hours", "licence": None, "last_updated": None,
            "category": "park", "ingested_at": "2024-06-01T00:00:00+00:00"}}}  # fmt: skip
    derived = derive_poi_attributes(park, "park", now=now)
    assert derived["opening_hours"]["status"] == "known"
    visit = derived["visit"]
    assert (visit["minutes"], visit["minutes_basis"]) == (210, "source")
    assert visit["licence_terms"] == "none stated: display only"
    assert (visit["last_updated"], visit["last_updated_basis"]) == (
        "2024-06-01T00:00:00+00:00",
        "ingest",
    )
    viewpoint = {"poi": {"osm_kathmandu": {"category": "viewpoint", "licence": "ODbL 1.0",
                 "last_updated": "2023-07-04T18:29:59Z"}}}  # fmt: skip
    derived = derive_poi_attributes(viewpoint, "viewpoint", now=now)
    assert "opening_hours" not in derived
    assert derived["visit"]["minutes"] == 30 and derived["visit"]["minutes_basis"] == "default"
    assert derived["visit"]["last_updated"] == "2023-07-04T18:29:59Z"
    assert derive_poi_attributes({"hours": {}}, "restaurant") == {}
