"""A school district's published iCalendar feed (RFC 5545), the format districts and Google or
Outlook calendars publish. Each event's summary becomes flags through the same rules as the
shipped calendar. The feed is fetched with `If-None-Match`, so an unchanged calendar costs a 304.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import ClassVar

from kairos.signals.http import HttpService
from kairos.signals.school_calendar.models import SchoolDay, SchoolDayQuery, flags
from kairos.signals.school_calendar.offline import ListedDay, ShippedCalendar, answer_day

MAX_EVENT_DAYS = 60
"""A longer "event" is not a closure (a whole-term banner); it is skipped."""

_ESCAPES = re.compile(r"\\([\\;,nN])")


def _unescape(value: str) -> str:
    return _ESCAPES.sub(lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def _date(value: str) -> date:
    """DTSTART/DTEND values: 20231225 or 20231225T090000(Z)."""
    return datetime.strptime(value[:8], "%Y%m%d").date()


def parse_ical(text: str, default_name: str) -> ShippedCalendar:
    """The feed's events as calendar days; raises ValueError when it is not an iCalendar."""
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        elif raw:
            lines.append(raw)
    if not lines or lines[0].strip().upper() != "BEGIN:VCALENDAR":
        raise ValueError("not an iCalendar document")
    name = default_name
    days: dict[date, ListedDay] = {}
    event: dict[str, str] | None = None
    for line in lines:
        key, _, value = line.partition(":")
        prop = key.split(";", 1)[0].upper()
        if prop == "X-WR-CALNAME" and event is None:
            name = _unescape(value).strip() or name
        elif prop == "BEGIN" and value.upper() == "VEVENT":
            event = {}
        elif prop == "END" and value.upper() == "VEVENT" and event is not None:
            _add_event(days, event)
            event = None
        elif event is not None:
            event[prop] = _unescape(value)
    if not days:
        raise ValueError("the calendar has no events")
    return ShippedCalendar(name, min(days), max(days), days)


def _add_event(days: dict[date, ListedDay], event: dict[str, str]) -> None:
    if "DTSTART" not in event or event.get("STATUS", "").upper() == "CANCELLED":
        return
    start = _date(event["DTSTART"])
    end = _date(event["DTEND"]) if "DTEND" in event else start + timedelta(days=1)
    summary = event.get("SUMMARY", "").strip()
    span = max(1, (end - start).days)  # DTEND is exclusive
    if span > MAX_EVENT_DAYS:
        return
    closed, early, partial = flags(summary)
    for offset in range(span):
        day = start + timedelta(days=offset)
        known = days.get(day)
        if known is None or (closed and not known.closed):
            days[day] = ListedDay(summary, closed, early, partial)


class ICalSchoolCalendar:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = False
    name = "ical"

    def __init__(self, *, url: str, timeout_seconds: float) -> None:
        self._http = HttpService(
            service="the school calendar feed",
            base_url=url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_SCHOOL_CALENDAR_URL",
            headers={"Accept": "text/calendar"},
        )
        self._etag: str | None = None
        self._calendar: ShippedCalendar | None = None

    async def fetch(self, query: SchoolDayQuery) -> SchoolDay:
        calendar = await self._load()
        if not calendar.first_day <= query.day <= calendar.last_day:
            return SchoolDay(
                day=query.day,
                known=False,
                calendar=calendar.name,
                note=f"the calendar feed covers {calendar.first_day:%-d %B %Y} to "
                f"{calendar.last_day:%-d %B %Y}; outside it, whether schools are open is not known",
            )
        return answer_day(calendar, query.day)

    async def _load(self) -> ShippedCalendar:
        cached = self._calendar
        headers = {"If-None-Match": self._etag} if self._etag and cached else {}
        response = await self._http.get("", headers=headers, ok=(200, 304))
        if response.status_code == 304 and cached is not None:
            return cached
        try:
            calendar = parse_ical(response.text, default_name="school calendar")
        except ValueError as exc:
            raise self._http.bad_response(f"no usable calendar ({exc})") from None
        self._calendar, self._etag = calendar, response.headers.get("ETag")
        return calendar

    async def aclose(self) -> None:
        await self._http.aclose()
