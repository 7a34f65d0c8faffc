"""School calendars: one contract over every registered source (the shipped NYC DOE 2023-24
calendar offline; an iCalendar feed served in process, carrying the same calendar), then what
each does on its own."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from kairos.signals.registry import available_sources
from kairos.signals.school_calendar.build import build_calendar
from kairos.signals.school_calendar.ical import parse_ical
from kairos.signals.school_calendar.models import SchoolDayQuery
from kairos.signals.school_calendar.offline import load_calendar
from tests.conftest import shared_file
from tests.signals.conftest import BARCLAYS
from tests.signals.fake_services import FakeState


def calendar_as_ical() -> str:
    """The shipped calendar as a district would publish it: consecutive days with one summary
    are one multi-day event (DTEND exclusive), long lines folded, commas escaped."""
    days = sorted(load_calendar().days.items())
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//District//Calendar//EN",
        "X-WR-CALNAME:NYC public schools 2023-24",
    ]
    i = 0
    while i < len(days):
        start, entry = days[i]
        end = start
        while (
            i + 1 < len(days)
            and days[i + 1][1].description == entry.description
            and (days[i + 1][0] == end + timedelta(days=1))
        ):
            i += 1
            end = days[i][0]
        summary = entry.description.replace(",", "\\,").replace(";", "\\;")
        if entry.closed and "closed" not in summary.lower() and "recess" not in summary.lower():
            summary += " - schools closed"
        folded = f"SUMMARY:{summary}"
        lines += [
            "BEGIN:VEVENT",
            f"UID:{start}@district",
            f"DTSTART;VALUE=DATE:{start:%Y%m%d}",
            f"DTEND;VALUE=DATE:{end + timedelta(days=1):%Y%m%d}",
        ]
        lines += [folded[:60], *(" " + folded[k : k + 60] for k in range(60, len(folded), 60))]
        lines.append("END:VEVENT")
        i += 1
    lines += [
        "BEGIN:VEVENT",
        "UID:x@district",
        "DTSTART;VALUE=DATE:20231011",
        "DTEND;VALUE=DATE:20231012",
        "SUMMARY:No school (moved)",
        "STATUS:CANCELLED",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\r\n".join(lines) + "\r\n"


@pytest.fixture(params=available_sources("school_calendar"))
def calendar(request: pytest.FixtureRequest, client_for: Any, fake: FakeState) -> Any:
    fake.ical = calendar_as_ical()
    return client_for("school_calendar", request.param)


async def _day(calendar: Any, day: date) -> Any:
    answer = await calendar.get(SchoolDayQuery(day=day, lat=BARCLAYS[0], lng=BARCLAYS[1]))
    assert (answer.status, answer.source) == ("ok", calendar.name)
    return answer.data


# --- the contract --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "closed", "early", "words"),
    [
        (date(2023, 12, 25), True, False, "Winter Recess"),
        (date(2023, 12, 27), True, False, "Winter Recess"),  # inside the recess
        (date(2023, 11, 2), False, True, "dismissed three hours early"),
        (date(2023, 10, 11), False, False, "Regular school day"),
        (date(2023, 10, 14), True, False, "Weekend"),
        (date(2024, 6, 19), True, False, "Juneteenth"),
    ],
)
async def test_days_the_calendar_covers(
    calendar: Any, day: date, closed: bool, early: bool, words: str
) -> None:
    school = await _day(calendar, day)
    assert (school.known, school.closed, school.early_dismissal) == (True, closed, early)
    assert school.description and words in school.description
    assert school.calendar == "NYC public schools 2023-24"


async def test_a_day_outside_the_calendar_is_unknown_not_an_error(calendar: Any) -> None:
    school = await _day(calendar, date(2025, 3, 3))
    assert not school.known and school.closed is None
    assert school.note and "2023" in school.note


# --- the shipped calendar ------------------------------------------------------------------------


async def test_offline_calendar_is_new_york_only(client_for: Any) -> None:
    london = SchoolDayQuery(day=date(2023, 12, 27), lat=51.5074, lng=-0.1278)
    answer = await client_for("school_calendar", "offline").get(london)
    assert answer.status == "ok" and not answer.data.known
    assert answer.data.note and "KAIROS_SCHOOL_CALENDAR_URL" in answer.data.note


async def test_a_listed_weekend_day_is_still_closed(client_for: Any) -> None:
    regents = await _day(client_for("school_calendar", "offline"), date(2024, 6, 15))
    assert regents.closed and regents.description.startswith("Weekend; Regents")


def test_shipped_calendar_is_what_the_build_makes() -> None:
    source = shared_file("nyc_signals", "nyc_doe_school_calendar_2023_24.csv")
    shipped = load_calendar()
    built = {date.fromisoformat(d.date): d for d in build_calendar(source)}
    assert set(built) == set(shipped.days)
    assert all(built[day].closed == entry.closed for day, entry in shipped.days.items())
    assert [d.origin for d in built.values()].count("range") == 6  # 26-31 December
    assert (shipped.first_day, shipped.last_day) == (date(2023, 9, 7), date(2024, 6, 26))


# --- the iCalendar feed --------------------------------------------------------------------------


async def test_ical_feed_is_fetched_again_only_when_changed(
    client_for: Any, fake: FakeState
) -> None:
    fake.ical = calendar_as_ical()
    calendar = client_for("school_calendar", "ical")
    await _day(calendar, date(2023, 12, 25))
    await _day(calendar, date(2023, 12, 26))  # another day: another query, same feed
    sent = [headers.get("if-none-match") for name, _, headers in fake.requests if name == "ical"]
    assert sent[0] is None and sent[1] is not None and sent[1].startswith('"')
    assert fake.requests[0][2]["accept"] == "text/calendar"


def test_ical_parsing_skips_cancelled_and_reads_folded_lines() -> None:
    parsed = parse_ical(calendar_as_ical(), default_name="x")
    assert parsed.name == "NYC public schools 2023-24"
    assert date(2023, 10, 11) not in parsed.days  # the cancelled "No school"
    long = parsed.days[date(2023, 11, 2)].description
    assert long.endswith("dismissed three hours early.")
    with pytest.raises(ValueError, match="not an iCalendar"):
        parse_ical("<html></html>", default_name="x")


async def test_ical_that_is_not_a_calendar_is_a_bad_response(
    client_for: Any, fake: FakeState
) -> None:
    fake.ical = "<html>We moved our calendar</html>"
    answer = await client_for("school_calendar", "ical").get(
        SchoolDayQuery(day=date(2023, 12, 25), lat=BARCLAYS[0], lng=BARCLAYS[1])
    )
    assert (answer.status, answer.error_code) == ("error", "bad_response")
    assert "KAIROS_SCHOOL_CALENDAR_URL" in (answer.detail or "")
