"""How sure an answer is (ADR-012): a conservative level from what was known, then hard caps.

Uncapped level:
- high: the location is resolved (a place or an address), the baseline was given, at least
  three sources answered, and the card's primary source is among them;
- low: one source or none answered;
- medium: everything else.
Review-backed actions on sparse or old reviews lower it one step (ADR-017, ADR-018).
Caps, applied after, never raised by anything:
- a location or baseline the operator did not confirm (assumed, defaulted, from a past
  session, or a city-level match) → at most medium;
- the card's primary source served stale → at most low;
- every source unavailable → low, and the source named is `system`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.operator.schemas import Card, Confidence, ConfidenceCap, Level, SourceStatus

__all__ = ["PRIMARY_SOURCE", "assess", "lower"]

LEVELS: Final[tuple[Level, ...]] = ("low", "medium", "high")
PRIMARY_SOURCE: Final[dict[Card, str]] = {
    "staffing": "weather",
    "risk": "closures",
    "opportunity": "events",
}
USABLE: Final = frozenset({"ok", "stale"})
UNAVAILABLE: Final = frozenset({"error", "timeout"})


def lower(level: Level, steps: int = 1) -> Level:
    return LEVELS[max(0, LEVELS.index(level) - steps)]


def _cap(level: Level, cap: Level) -> Level:
    return LEVELS[min(LEVELS.index(level), LEVELS.index(cap))]


def assess(
    *,
    card: Card,
    sources: Sequence[SourceStatus],
    location_resolved: bool,
    location_assumed: bool,
    baseline_given: bool,
    baseline_assumed: bool,
    reviews_used_sparse: bool,
) -> Confidence:
    asked = [s for s in sources if s.status != "skipped"]
    usable = [s for s in asked if s.status in USABLE and s.informative]
    primary = PRIMARY_SOURCE[card]
    reasons: list[str] = []
    if len(usable) <= 1:
        level: Level = "low"
        reasons.append(f"only {len(usable)} of {len(asked)} sources answered")
    elif (
        location_resolved
        and baseline_given
        and len(usable) >= 3
        and any(s.name == primary for s in usable)
    ):
        level = "high"
        reasons.append(
            f"location and baseline known; {len(usable)} of {len(asked)} sources answered"
        )
    else:
        level = "medium"
        if not location_resolved:
            reasons.append("the location is only approximate")
        if not baseline_given:
            reasons.append("no covers baseline: changes are relative to your usual level")
        reasons.append(f"{len(usable)} of {len(asked)} sources answered")
    if reviews_used_sparse:
        level = lower(level)
        reasons.append("the reviews behind an action are few or old")
    uncapped = level
    caps: list[ConfidenceCap] = []
    if not location_resolved:
        caps.append(
            ConfidenceCap(level="medium", reason="the location is only approximate (no address)")
        )
    elif location_assumed:
        caps.append(
            ConfidenceCap(level="medium", reason="the location is assumed until you confirm it")
        )
    if baseline_assumed:
        caps.append(
            ConfidenceCap(level="medium", reason="the baseline is assumed until you confirm it")
        )
    if any(s.name == primary and s.status == "stale" for s in asked):
        caps.append(ConfidenceCap(level="low", reason=f"{primary}, the primary source, is stale"))
    if asked and not any(s.status in USABLE for s in asked):
        caps.append(ConfidenceCap(level="low", reason="every source is unavailable"))
    for cap in caps:
        level = _cap(level, cap.level)
    return Confidence(level=level, uncapped=uncapped, caps=caps, reasons=reasons)
