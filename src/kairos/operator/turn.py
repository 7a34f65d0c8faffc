"""What one operator turn accumulates while it runs (events, assumptions, the lead, the one
question) and the plain texts the turn reports about itself (the `input.read` facts, the thinking
steps, the answer's kind)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from kairos.operator.reading import Reading
from kairos.operator.rules import Decision
from kairos.operator.state import BaselineState, SessionState
from kairos.operator.what_if import Scenario

__all__ = [
    "CHAIN",
    "Turn",
    "answer_kind",
    "baseline_text",
    "read_note",
    "reading_facts",
    "resolve_note",
    "signal_digest",
]

CHAIN: Final = ("turn.started", "input.read", "recommendation.computed", "answer.composed",
                "chat.turn.completed")  # fmt: skip
"""Every turn records these, in this order (the gate's event-chain completeness)."""


@dataclass
class Turn:
    """What one turn accumulates while it runs."""

    trace_id: str
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    leads: list[str] = field(default_factory=list)
    question: str | None = None
    known: dict[str, str] = field(default_factory=dict)
    """The session's standing assumptions (key → value): each is stated and logged once."""
    scenario: Scenario | None = None

    def event(self, name: str, **payload: Any) -> None:
        self.events.append((name, payload))

    def assume(self, key: str, value: str, text: str, **extra: Any) -> None:
        if self.known.get(key) == value:
            return
        self.known[key] = value
        self.assumptions.append(text)
        self.event("assumption_set", key=key, value=value, **extra)

    def corrected(self, key: str, old: str, new: str) -> None:
        self.event("assumption_corrected", key=key, old=old, new=new)


_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def baseline_text(baseline: BaselineState) -> str:
    day = f" on a {_WEEKDAY_NAMES[baseline.weekday]}" if baseline.weekday is not None else " a day"
    part = f" {baseline.daypart}" if baseline.daypart else ""
    return f"{baseline.covers} {baseline.unit}{day}{part}"


def reading_facts(reading: Reading) -> dict[str, Any]:
    """What the message said, without the words (ADR-015: no raw address in events)."""
    return {
        "card": reading.card,
        "locations": len(reading.locations),
        "baseline": reading.baseline is not None,
        "window": reading.window_text,
        "competitor": reading.competitor is not None,
        "why": reading.why,
        "what_if": reading.what_if.kind if reading.what_if else None,
        "correction": reading.correction,
        "scope": reading.scope,
        "refresh": reading.refresh,
        "expand": reading.expand,
    }


def read_note(reading: Reading) -> str:
    """The `read` thinking step."""
    said = [f"card {reading.card}" if reading.card else None,
            f"{len(reading.locations)} location(s)" if reading.locations else None,
            f"baseline {reading.baseline.covers} covers" if reading.baseline else None,
            reading.window_text]  # fmt: skip
    return "Read: " + (", ".join(s for s in said if s) or "a follow-up")


def resolve_note(state: SessionState) -> str:
    """The `resolve` thinking step."""
    if not state.locations:
        return "No location yet"
    return "Location: " + "; ".join(f"{loc.label} ({loc.kind})" for loc in state.locations)


def answer_kind(reading: Reading, turn: Turn) -> Any:
    if reading.what_if is not None:
        return "what_if"
    if any(n == "assumption_corrected" for n, _ in turn.events):
        return "correction"
    if reading.why:
        return "explanation"
    return "insight"


def signal_digest(decisions: list[Decision]) -> dict[str, object]:
    return {
        "actions": [a.text for d in decisions for a in d.actions][:5],
        "drivers": [drv.summary for d in decisions for drv in d.drivers][:5],
    }
