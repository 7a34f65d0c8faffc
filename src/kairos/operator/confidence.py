"""How sure an answer is (ADR-012): a conservative level from what was known, then hard caps.

Only sources that were asked and have a provider count: a role with no provider configured
(`not_configured`: events and closures offline) is never "answered", never in "N of M sources
answered" and never raises the level; the reasons say it is not configured.

Uncapped level:
- high: the location is resolved (a place or an address), the baseline was given, at least
  three informative sources answered, and the card's primary source is among them;
- low: one source or none answered;
- medium: everything else.
Review-backed actions on sparse or old reviews lower it one step (ADR-017, ADR-018).
Caps, applied after, never raised by anything:
- no informative outside signal (`external`: a forecast, listed events, closure permits, the
  school calendar; climatology, reviews and check-ins are not) → at most medium (ADR-012,
  ADR-022: "nothing found" from a source that was never there is not evidence);
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
    asked = [s for s in sources if s.status not in ("skipped", "not_configured")]
    usable = [s for s in asked if s.status in USABLE and s.informative]
    missing = [s.name for s in sources if s.status == "not_configured"]
    primary = PRIMARY_SOURCE[card]
    reasons: list[str] = []
    # "2 of 2 sources answered" would read as the whole picture when a role has no provider
    answered = f"{len(usable)} of {len(asked)} {'configured ' if missing else ''}sources answered"
    if len(usable) <= 1:
        level: Level = "low"
        reasons.append(f"only {answered}")
    elif (
        location_resolved
        and baseline_given
        and len(usable) >= 3
        and any(s.name == primary for s in usable)
    ):
        level = "high"
        reasons.append(f"location and baseline known; {answered}")
    else:
        level = "medium"
        if not location_resolved:
            reasons.append("the location is only approximate")
        if not baseline_given:
            reasons.append("no covers baseline: changes are relative to your usual level")
        reasons.append(answered)
    if missing:
        reasons.append(f"no {_names(missing)} source is configured, so "
                       f"{'it is' if len(missing) == 1 else 'they are'} not counted")  # fmt: skip
    if primary in missing:
        reasons.append(f"the {card} card's primary source ({primary}) has no provider")
    if reviews_used_sparse:
        level = lower(level)
        reasons.append("the reviews behind an action are few or old")
    uncapped = level
    caps: list[ConfidenceCap] = []
    if not any(s.external for s in usable):
        caps.append(ConfidenceCap(level="medium", reason=_no_outside(usable, missing)))
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


_LABELS: Final = {"school_calendar": "school calendar", "closures": "street-closure"}


def _names(names: Sequence[str]) -> str:
    said = [_LABELS.get(n, n) for n in names]
    return " or ".join(said) if len(said) <= 2 else ", ".join(said[:-1]) + " or " + said[-1]


def _no_outside(usable: Sequence[SourceStatus], missing: Sequence[str]) -> str:
    why = []
    if any(s.name == "weather" and not s.external for s in usable):
        why.append("the weather is climatology, the normal for the date, not a forecast")
    if missing:
        why.append(f"no {_names(missing)} source is configured")
    return "no outside signal covers this place and period" + (": " + "; ".join(why) if why
                                                                else "")  # fmt: skip
