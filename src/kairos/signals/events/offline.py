"""No events data ships with Kairos (none with a usable licence was found, see PROVENANCE.md), so
offline the answer is honest: `ok`, no events, and a note saying no source is configured."""

from __future__ import annotations

from typing import ClassVar

from kairos.signals.events.models import EventList, EventsQuery

NO_SOURCE_NOTE = (
    "no events source is configured, so events nearby are unknown (not absent); set "
    "KAIROS_EVENTS_PROVIDER=ticketmaster and KAIROS_EVENTS_API_KEY"
)


class NoEvents:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "no-events-source"

    async def fetch(self, query: EventsQuery) -> EventList:
        return EventList(events=[], note=NO_SOURCE_NOTE)

    async def aclose(self) -> None:
        return None
