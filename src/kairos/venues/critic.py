"""Critic (seed 002 §5): find the dealbreakers, deterministically.

Rules run first and decide; a model, when one is configured, may only rephrase them. Each flag
says what it rests on. The rules:

- weather (the weather role; offline the climatology of the calendar day, labelled as such and
  never as a forecast): rain, snow, cold or heat against an outdoor venue or outdoor seating;
- events nearby on the day (the events role; offline none, an `ok` with nothing);
- history: risk events recorded for the venue before (the scout reads them);
- inspections: severe violations at the venue's latest inspections are high, major ones medium;
- busy times from check-ins: "packed on Saturday evenings" when the planned slot is among the
  venue's busiest, or its busiest slot when no time was given;
- capacity: a venue its source says is not good for groups, against a group of 6 or more;
- closed: a venue its source lists as closed.

Risk score = 1 − (0.5 per high, 0.2 per medium, 0.05 per low), floored at 0. A high flag sets
`veto`, which never halts the plan: the synthesiser says it in `watch_out`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Final

from kairos.signals.events.models import Event
from kairos.signals.weather.models import WeatherReport
from kairos.store.venue_facts import Inspection
from kairos.venues.schemas import RiskFlag

__all__ = [
    "OUTDOOR_KINDS",
    "PENALTY",
    "Inspection",
    "PastRisk",
    "PlanSlot",
    "VenueFacts",
    "busiest_slot",
    "review",
    "risk_score",
]

OUTDOOR_KINDS: Final = frozenset({"park", "viewpoint", "beach"})
PENALTY: Final = {"high": 0.5, "medium": 0.2, "low": 0.05}
WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SLOTS: Final = {
    "morning": range(7, 11),
    "midday": range(11, 14),
    "afternoon": range(14, 17),
    "evening": range(17, 22),
    "night": (22, 23, 0, 1),
}
BUSY_SHARE: Final = 0.6
"""The planned slot is "packed" at ≥ 60 % of the venue's busiest slot…"""
BUSY_MIN_CHECKINS: Final = 10
"""…and with at least this many check-ins in it (fewer says little)."""
LARGE_GROUP: Final = 6
INSPECTION_WINDOW_DAYS: Final = 365


@dataclass(frozen=True, slots=True)
class PastRisk:
    description: str
    severity: str
    kind: str
    times_seen: int
    last_seen: date


@dataclass(frozen=True, slots=True)
class PlanSlot:
    """When the group goes: a weekday (0 = Monday) and a part of the day, each optional."""

    day: date | None = None
    weekday: int | None = None
    part: str | None = None

    def label(self) -> str:
        day = WEEKDAYS[self.weekday] if self.weekday is not None else "any day"
        return f"{day} {self.part}s" if self.part else day


@dataclass
class VenueFacts:
    """What the critic knows about one venue besides its row."""

    name: str
    kind: str
    traits: Sequence[str] = ()
    outdoor_activity: bool = False
    checkins: Mapping[tuple[int, int], int] = field(default_factory=dict)
    inspections: Sequence[Inspection] = ()
    past_risks: Sequence[PastRisk] = ()
    good_for_groups: bool | None = None
    closed: bool = False
    weather: WeatherReport | None = None
    events: Sequence[Event] = ()


def _slot_count(checkins: Mapping[tuple[int, int], int], weekday: int, part: str) -> int:
    return sum(checkins.get((weekday, h), 0) for h in SLOTS[part])


def busiest_slot(checkins: Mapping[tuple[int, int], int]) -> tuple[int, str, int] | None:
    """The (weekday, part of day, check-ins) with the most check-ins, if any."""
    best = max(
        ((d, p, _slot_count(checkins, d, p)) for d in range(7) for p in SLOTS),
        key=lambda s: s[2],
        default=None,
    )
    return best if best and best[2] > 0 else None


def _busy(facts: VenueFacts, slot: PlanSlot, group_size: int) -> RiskFlag | None:
    peak = busiest_slot(facts.checkins)
    if peak is None:
        return None
    day, part, most = peak
    wanted_days = [slot.weekday] if slot.weekday is not None else list(range(7))
    wanted_parts = [slot.part] if slot.part in SLOTS else list(SLOTS)
    if slot.weekday is None and slot.part is None:
        if most < BUSY_MIN_CHECKINS:
            return None
        return RiskFlag(
            description=f"busiest on {WEEKDAYS[day]} {part}s ({most} check-ins)",
            severity="low",
            kind="busy",
            evidence=[f"check-ins: {most} on {WEEKDAYS[day]} {part}s, the most of its week"],
        )
    here = max((_slot_count(facts.checkins, d, p), d, p) for d in wanted_days for p in wanted_parts)
    count, d, p = here
    if count < BUSY_MIN_CHECKINS or count < BUSY_SHARE * most:
        return None
    severity = "medium" if group_size >= LARGE_GROUP else "low"
    return RiskFlag(
        description=f"packed on {WEEKDAYS[d]} {p}s ({count} check-ins; its busiest is "
        f"{WEEKDAYS[day]} {part}s with {most})",
        severity=severity,
        kind="busy",
        evidence=[f"check-ins: {count} on {WEEKDAYS[d]} {p}s"],
    )


def _recent(inspections: Sequence[Inspection]) -> list[Inspection]:
    latest = max(i.inspected_on for i in inspections)
    return [i for i in inspections if (latest - i.inspected_on).days <= INSPECTION_WINDOW_DAYS]


def severe_record(inspections: Sequence[Inspection]) -> bool:
    """Severe violations within `INSPECTION_WINDOW_DAYS` of the latest inspection: the
    critic's high flag, which advises against the venue."""
    return bool(inspections) and any(i.severe > 0 for i in _recent(inspections))


def _inspections(facts: VenueFacts) -> RiskFlag | None:
    if not facts.inspections:
        return None
    latest = max(i.inspected_on for i in facts.inspections)
    recent = _recent(facts.inspections)
    severe = [i for i in recent if i.severe > 0]
    major = [i for i in recent if i.major > 0]
    if not severe and not major:
        return None
    worst = severe or major
    dates = ", ".join(sorted({i.inspected_on.isoformat() for i in worst}, reverse=True)[:3])
    counts = sum(i.severe for i in severe) if severe else sum(i.major for i in major)
    what = "severe" if severe else "major"
    return RiskFlag(
        description=f"{counts} {what} health-code violation(s) at inspections on {dates} "
        f"(records end {latest.isoformat()})",
        severity="high" if severe else "medium",
        kind="inspection",
        evidence=[
            f"inspection {i.inspected_on.isoformat()}: {i.minor} minor, {i.major} major, "
            f"{i.severe} severe"
            for i in worst[:3]
        ],
    )


def _weather(facts: VenueFacts) -> RiskFlag | None:
    report = facts.weather
    if report is None or not report.known:
        return None
    outdoor_kind = facts.kind in OUTDOOR_KINDS or facts.outdoor_activity
    if not outdoor_kind and "outdoor" not in facts.traits and "rooftop" not in facts.traits:
        return None
    label = (
        "usually, on this date (climatology, not a forecast)"
        if report.kind == "climatology"
        else "forecast"
    )
    rain, snow = report.precip_chance or 0.0, report.snow_chance or 0.0
    problems: list[tuple[str, str]] = []
    if snow >= 0.2:
        problems.append(("high" if outdoor_kind else "medium", f"snow on {snow:.0%} of days"))
    if rain >= 0.5:
        problems.append(("high" if outdoor_kind else "medium", f"rain on {rain:.0%} of days"))
    elif rain >= 0.3:
        problems.append(("medium" if outdoor_kind else "low", f"rain on {rain:.0%} of days"))
    if report.tmax_c is not None and report.tmax_c < 3:
        problems.append(("medium", f"cold: highs around {report.tmax_c:.0f} °C"))
    if report.tmax_c is not None and report.tmax_c >= 32:
        problems.append(("medium", f"heat: highs around {report.tmax_c:.0f} °C"))
    if not problems:
        return None
    severity = (
        "high"
        if any(s == "high" for s, _ in problems)
        else ("medium" if any(s == "medium" for s, _ in problems) else "low")
    )
    where = "an outdoor venue" if outdoor_kind else "outdoor seating"
    return RiskFlag(
        description=f"{where}: {'; '.join(p for _, p in problems)} — {label}",
        severity=severity,
        kind="weather",
        evidence=[f"{report.basis}: {report.summary}"],
    )


def review(facts: VenueFacts, slot: PlanSlot, group_size: int) -> list[RiskFlag]:
    """Every dealbreaker and caution for one venue, riskiest first."""
    flags: list[RiskFlag] = []
    if facts.closed:
        flags.append(
            RiskFlag(
                description="listed as closed by its source",
                severity="high",
                kind="closed",
                evidence=["source: open = false"],
            )
        )
    for found in (_weather(facts), _inspections(facts), _busy(facts, slot, group_size)):
        if found is not None:
            flags.append(found)
    if facts.events:
        names = "; ".join(f"{e.name} ({e.day.isoformat()})" for e in facts.events[:2])
        flags.append(
            RiskFlag(
                description=f"events nearby: {names} — expect crowds",
                severity="medium",
                kind="events",
                evidence=[f"event {e.id}" for e in facts.events[:3]],
            )
        )
    if facts.good_for_groups is False and group_size >= LARGE_GROUP:
        flags.append(
            RiskFlag(
                description=f"its source says it is not good for groups (you are {group_size})",
                severity="medium",
                kind="capacity",
                evidence=["attribute: good for groups = false"],
            )
        )
    current = {f.description for f in flags}
    for past in facts.past_risks:
        if past.description in current:
            continue  # the same flag raised again now (the same day's rain): said once
        flags.append(
            RiskFlag(
                description=f"seen before: {past.description} ({past.times_seen}×, last "
                f"{past.last_seen.isoformat()})",
                severity="medium" if past.severity == "high" else "low",
                kind="history",
                evidence=[f"risk event {past.kind} {past.last_seen.isoformat()}"],
            )
        )
    order = {"high": 0, "medium": 1, "low": 2}
    return sorted(flags, key=lambda f: order[f.severity])


def risk_score(flags: Sequence[RiskFlag]) -> float:
    return round(max(0.0, 1.0 - sum(PENALTY[f.severity] for f in flags)), 3)
