"""No events data ships with Kairos (none with a usable licence was found, see PROVENANCE.md), so
offline the events role has no provider: every answer is `not_configured` (never `ok` with an
empty list, which would say no events are nearby), with the settings that configure one."""

from __future__ import annotations

from kairos.signals.source import NoProvider

NO_SOURCE_NOTE = (
    "no events source is configured, so events nearby are unknown (not absent); set "
    "KAIROS_EVENTS_PROVIDER=ticketmaster and KAIROS_EVENTS_API_KEY"
)


class NoEvents(NoProvider):
    name = "no-events-source"
    setup = NO_SOURCE_NOTE
