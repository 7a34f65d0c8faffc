"""Signals for the products: weather, events, street closures, school calendars, geocoding.

Each is a small interface with an offline implementation and a hosted one selected by settings;
offline, weather, school calendars and geocoding give a real answer, while events and closures
have no provider (no data ships for them). Every answer is a `SignalAnswer` with status ok /
stale / error / timeout / not_configured, freshness and cache hit. Start from
`service.build_signals`.
"""

from kairos.signals.envelope import SignalAnswer, SignalData, SignalStatus

__all__ = ["SignalAnswer", "SignalData", "SignalStatus"]
