"""Signals for the products: weather, events, street closures, school calendars, geocoding.

Each is a small interface with an offline implementation that gives a real answer and a hosted
one selected by settings; every answer is a `SignalAnswer` with status ok / stale / error /
timeout, freshness and cache hit. Start from `service.build_signals`.
"""

from kairos.signals.envelope import SignalAnswer, SignalData, SignalStatus

__all__ = ["SignalAnswer", "SignalData", "SignalStatus"]
