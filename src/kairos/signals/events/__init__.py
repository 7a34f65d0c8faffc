"""Events nearby: none offline (said so), Ticketmaster's Discovery API when hosted."""

from kairos.signals.events.models import Event, EventList, EventsQuery, EventsSource

__all__ = ["Event", "EventList", "EventsQuery", "EventsSource"]
