"""School calendars: NYC public schools 2023-24 offline (precomputed), any iCalendar feed hosted."""

from kairos.signals.school_calendar.models import SchoolCalendarSource, SchoolDay, SchoolDayQuery

__all__ = ["SchoolCalendarSource", "SchoolDay", "SchoolDayQuery"]
