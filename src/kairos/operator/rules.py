"""Deterministic recommendations (ADR-002): rules over the signal pack give the actions, each
with its drivers. No model decides anything here.

Demand effects, per day and daypart, as a change in expected covers (documented, tunable):
- weather: the chance of rain × `RAIN_EFFECT`, of heavy rain × `HEAVY_RAIN_EFFECT`, of snow ×
  `SNOW_EFFECT` (climatology gives chances for the calendar day, a forecast for that day);
- school calendar: schools closed on a weekday `SCHOOL_CLOSED_EFFECT` at lunch and afternoon,
  early dismissal `EARLY_DISMISSAL_EFFECT` in the afternoon (half for a partial closure);
- events: `EVENT_NEAR_EFFECT` within 1 km, `EVENT_EFFECT` within the radius, on the daypart the
  event starts in (the evening when no time is announced), at most `EVENT_CAP`;
- closures in force: `CLOSURE_NEAR_EFFECT` within 200 m, `CLOSURE_EFFECT` within the radius.
Reviews do not move demand (ADR-017: not a demand predictor); repeated complaints of waits or a
short-staffed floor add one person on the busiest daypart, whatever the demand says.
Staff follow covers: one server per `COVERS_PER_SERVER` covers in a daypart (an assumption the
answer states).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Final

from kairos.operator.cards import (
    SCENARIO,
    SUPPOSED_EVENT,
    opportunity_actions,
    recommendation,
    risk_actions,
    trigger,
)
from kairos.operator.closure_drivers import closure_drivers
from kairos.operator.demand import DAYPARTS, DemandShape, window_text
from kairos.operator.event_venue import where
from kairos.operator.opportunity import Neighbours
from kairos.operator.scenario_numbers import net_change, scenario_days, scenario_numbers
from kairos.operator.schemas import Card, Daypart, Driver, GuestSnapshot, StaffAction
from kairos.operator.service_kind import staff_change
from kairos.operator.staffing_plan import (
    COVERS_PER_SERVER,
    busier_elsewhere,
    busiest_each_day,
    front_role,
    moved_days,
    peak_clause,
    review_driver,
    sized,
    unsized,
    with_covers,
)
from kairos.operator.stated_events import STATED_EVENT
from kairos.signals.closures.models import Closure
from kairos.signals.events.models import Event
from kairos.signals.school_calendar.models import SchoolDay
from kairos.signals.weather.models import WeatherReport

__all__ = ["CARD_WEIGHTS", "COVERS_PER_SERVER", "SCENARIO", "Decision", "SignalPack", "decide",
           "window_text"]  # fmt: skip

RAIN_EFFECT: Final = -0.08
HEAVY_RAIN_EFFECT: Final = -0.12
SNOW_EFFECT: Final = -0.25
SCHOOL_CLOSED_EFFECT: Final = 0.10
EARLY_DISMISSAL_EFFECT: Final = 0.10
EVENT_NEAR_EFFECT: Final = 0.15
EVENT_EFFECT: Final = 0.07
EVENT_CAP: Final = 0.30
RELATIVE_STEP: Final = 0.10
"""Without a baseline, a net change of this much in a daypart moves one server."""
MEANINGFUL: Final = 0.03

CARD_WEIGHTS: Final[dict[Card, dict[str, float]]] = {
    # ADR-024: which sources each card ranks highest
    "staffing": {"scenario": 1.0, "events": 1.0, "reviews": 1.0, "demand": 0.8, "weather": 0.6,
                 "school_calendar": 0.5, "closures": 0.5},
    "risk": {"scenario": 1.0, "closures": 1.0, "weather": 1.0, "school_calendar": 0.8,
             "events": 0.4, "reviews": 0.3, "demand": 0.3},
    "opportunity": {"scenario": 1.0, "events": 1.0, "school_calendar": 0.6, "weather": 0.5,
                    "demand": 0.5, "reviews": 0.4, "closures": 0.3},
}  # fmt: skip


@dataclass
class SignalPack:
    """What the sources said, for one location, compacted (ADR-023 stage A)."""

    location: str
    days: list[date]
    demand: DemandShape
    baseline_covers: int | None = None
    baseline_weekday: int | None = None
    baseline_daypart: Daypart | None = None
    weather: dict[date, WeatherReport] = field(default_factory=dict)
    school: dict[date, SchoolDay] = field(default_factory=dict)
    events: list[Event] | None = None
    closures: list[Closure] | None = None
    guests: GuestSnapshot | None = None
    daypart: Daypart | None = None
    """The part of the day the operator asked about: the windows weighed are that part's."""
    checkins: dict[tuple[int, int], int] | None = None
    """The place's own check-ins by (weekday, local hour): the hours a plan names."""
    supposed: list[tuple[date, set[Daypart], Driver]] = field(default_factory=list)
    """A what-if's own change in demand ("what if we get 300 covers?"), by day and dayparts."""
    neighbours: Neighbours | None = None
    """The check-ins of the places around it: what the street does when the place is quiet."""
    categories: list[str] | None = None
    """The place's own listing's categories (a bar there counts bartenders); None: no listing."""
    own_days: list[date] | None = None
    """The session's own days when a what-if lays its scenario on more (this answer only): the
    window the answer leads with is theirs, the others said after it (panel half A, o03)."""
    today: date | None = None
    """The restaurant's own today: an offer needs a day's notice
    (`opportunity.posted_now_if_today`)."""


@dataclass
class Decision:
    location: str
    card: Card
    actions: list[StaffAction]
    drivers: list[Driver]
    recommendation: str
    trigger: str
    busiest: list[tuple[date, Daypart, int | None]]
    uses_reviews: bool
    categories: list[str] | None = None  # what staffing read (a bar, a counter, orders)


_DAY_FMT = "%a %d %b"


def _weather_drivers(day: date, report: WeatherReport) -> list[tuple[set[Daypart], Driver]]:
    if not report.known:
        return []
    rain = report.precip_chance or 0.0
    heavy = report.heavy_precip_chance or 0.0
    snow = report.snow_chance or 0.0
    effect = rain * RAIN_EFFECT + heavy * HEAVY_RAIN_EFFECT + snow * SNOW_EFFECT
    if abs(effect) < MEANINGFUL:
        return []
    label = (
        "your scenario"
        if report.basis == SCENARIO
        else "forecast"
        if report.kind == "forecast"
        else "climatology (normal for the date)"
    )
    parts = [f"{rain:.0%} chance of rain"]
    if snow >= 0.05:
        parts.append(f"{snow:.0%} of snow")
    said = " and ".join(parts)
    if report.basis == SCENARIO:  # the operator's supposition, in their words
        said = "snow all day" if snow >= 0.5 else "rain all day"
    summary = f"{day:{_DAY_FMT}}: {said}, {label}"
    return [
        (
            {"lunch", "afternoon", "dinner", "late"},
            Driver(source="weather", summary=summary, effect_pct=round(effect * 100, 1), rank=0),
        )
    ]


def _school_drivers(day: date, school: SchoolDay) -> list[tuple[set[Daypart], Driver]]:
    if not school.known or day.weekday() >= 5:
        return []
    share = 0.5 if school.partial else 1.0
    found: list[tuple[set[Daypart], Driver]] = []
    what = school.description or "no classes"
    if school.closed:
        found.append(
            (
                {"lunch", "afternoon"},
                Driver(
                    source="school_calendar",
                    summary=f"{day:{_DAY_FMT}}: schools closed ({what}): families out at lunch",
                    effect_pct=round(SCHOOL_CLOSED_EFFECT * share * 100, 1),
                    rank=0,
                ),
            )
        )
    elif school.early_dismissal:
        found.append(
            (
                {"afternoon"},
                Driver(
                    source="school_calendar",
                    summary=f"{day:{_DAY_FMT}}: early school dismissal ({what})",
                    effect_pct=round(EARLY_DISMISSAL_EFFECT * share * 100, 1),
                    rank=0,
                ),
            )
        )
    return found


def _event_part(event: Event) -> Daypart:
    if event.start_time is None:
        return "dinner"
    hour = event.start_time.hour
    return "lunch" if hour < 15 else "afternoon" if hour < 17 else "dinner" if hour < 22 else "late"


def _event_drivers(day: date, events: Sequence[Event]) -> list[tuple[set[Daypart], Driver]]:
    found: list[tuple[set[Daypart], Driver]] = []
    by_part: dict[Daypart, float] = {}
    for event in events:
        if event.day != day:
            continue
        part = _event_part(event)
        near, place = where(event, event.id in (STATED_EVENT, SUPPOSED_EVENT))
        effect = EVENT_NEAR_EFFECT if near else EVENT_EFFECT
        effect = min(effect, EVENT_CAP - by_part.get(part, 0.0))
        if effect <= 0:
            continue
        by_part[part] = by_part.get(part, 0.0) + effect
        at = f" at {event.start_time:%H:%M}" if event.start_time else ""
        found.append(
            (
                {part},
                Driver(
                    source="events",
                    summary=f"{day:{_DAY_FMT}}{at}: {event.name}{place}",
                    effect_pct=round(effect * 100, 1),
                    rank=0,
                    evidence_ids=[event.id],
                ),
            )
        )
    return found


def _rank(drivers: list[Driver], card: Card) -> list[Driver]:
    weights = CARD_WEIGHTS[card]
    ranked = []
    for d in drivers:
        size = abs(d.effect_pct) if d.source != "reviews" else 12.0
        ranked.append(d.model_copy(update={"rank": round(weights.get(d.source, 0.3) * size, 2)}))
    return sorted(ranked, key=lambda d: (-d.rank, d.summary))


def decide(pack: SignalPack, card: Card, *, location_label: str | None = None) -> Decision:
    """The actions for one location over the window."""
    effects: dict[tuple[date, Daypart], list[Driver]] = {}
    all_drivers: list[Driver] = []
    for day in pack.days:
        found: list[tuple[set[Daypart], Driver]] = []
        if (report := pack.weather.get(day)) is not None:
            found += _weather_drivers(day, report)
        if (school := pack.school.get(day)) is not None:
            found += _school_drivers(day, school)
        if pack.events:
            found += _event_drivers(day, pack.events)
        if pack.closures:
            found += closure_drivers(day, pack.closures)
        found += [(parts, driver) for on, parts, driver in pack.supposed if on == day]
        for parts, driver in found:
            all_drivers.append(driver)
            for part in parts:
                effects.setdefault((day, part), []).append(driver)

    covers = (
        pack.demand.covers(pack.baseline_covers, pack.baseline_weekday, pack.baseline_daypart)
        if pack.baseline_covers is not None
        else None
    )
    cells = [
        (day, DAYPARTS[p])
        for day in pack.days
        for p in range(len(DAYPARTS))
        if pack.demand.shares[day.weekday(), p] > 0
    ]
    every, asked = list(cells), [c for c in cells if c[1] == pack.daypart]
    if asked:  # "tomorow nite": that part of the day, unless the place is closed then
        cells = asked
    rank = covers if covers is not None else pack.demand.relative()  # as the covers will be
    own = pack.own_days  # a what-if's extra days never take the lead from the session's own
    cells.sort(key=lambda c: (own is not None and c[0] not in own,
                              -rank[c[0].weekday(), DAYPARTS.index(c[1])]))  # fmt: skip
    busiest = with_covers(cells[:3], covers)

    actions: list[StaffAction] = []
    role, per, _ = front_role(pack.categories)  # servers and covers, or a counter's baristas
    staffed = {(day, part) for day, part, _ in busiest_each_day(cells, covers)}
    for day, part in cells:
        drivers = effects.get((day, part), [])
        net = net_change(drivers)
        if not drivers:
            continue
        usual_i: int | None = None
        expected_i: int | None = None
        if covers is not None:
            usual = float(covers[day.weekday(), DAYPARTS.index(part)])
            usual_i, expected_i = round(usual), round(usual * (1 + net))
            delta = staff_change(usual_i, expected_i, per)  # one per `per` covers moved
        else:
            delta = int(net / RELATIVE_STEP) if abs(net) >= RELATIVE_STEP else 0
        if delta == 0 or (delta < 0 and (day, part) not in staffed):
            continue  # a cut only of staff the plan put on (o01: a late shift never planned)
        verb = "Add" if delta > 0 else "Cut"
        people = f"{abs(delta)} {role}{'s' if abs(delta) > 1 else ''}"
        text = unsized(net, delta, window_text(day, part), pack.categories)  # its condition
        if usual_i and expected_i is not None:  # o21: the total, not only "+1 server"
            note = sized(expected_i, usual_i, pack.categories)
            text = f"{verb} {people} for {window_text(day, part)}{note}"
        actions.append(
            StaffAction(
                kind="add_staff" if delta > 0 else "cut_staff",
                day=day,
                daypart=part,
                window=window_text(day, part),
                text=text,
                staff_delta=delta,
                expected_covers=expected_i,
                usual_covers=usual_i,
                drivers=_rank(drivers, card),
                location=location_label,
            )
        )

    review = review_driver(pack.guests)
    uses_reviews = False
    if review is not None and busiest and card in ("staffing", "risk"):
        day, part, _ = busiest[0]
        uses_reviews = True
        all_drivers.append(review)
        peak, _ = peak_clause(pack.checkins, day, part)
        most = f", the most on {peak.hours}" if peak else ""
        actions.append(
            StaffAction(
                kind="add_staff",
                day=day,
                daypart=part,
                window=window_text(day, part),
                text=f"Add 1 host or runner for {window_text(day, part)}{most}: {review.summary}",
                staff_delta=1,
                drivers=[review],
                location=location_label,
            )
        )

    ranked = _rank(all_drivers, card)
    weights = CARD_WEIGHTS[card]
    actions.sort(
        key=lambda a: (
            -max((weights.get(d.source, 0.3) * max(abs(d.effect_pct), 12.0 if d.source ==
                  "reviews" else 0.0) for d in a.drivers), default=0.0),
            -abs(a.staff_delta),
            a.day or date.max,
        )
    )  # fmt: skip
    # the staff each daypart calls for, whatever the card shows of it (o35, o45)
    planned = {(a.day, a.daypart): a.staff_delta for a in actions if a.day and a.daypart}
    if card == "risk":
        actions = risk_actions(ranked, location_label) + [a for a in actions if a.staff_delta < 0]
    elif card == "opportunity":
        actions = opportunity_actions(ranked, pack, location_label) + [
            a for a in actions if a.staff_delta > 0
        ]
    moved = effects.get(busiest[0][:2], []) if busiest else []  # on the busiest window
    acted, top = {a.day for a in actions if a.day}, busiest[0][0] if busiest else None
    # a what-if's days by daypart, each with its number (said once: not again as days it moves)
    supposed = scenario_numbers(effects, rank, covers, pack.categories,
                                asked[0][1] if asked else None, planned, staffed)  # fmt: skip
    more = busier_elsewhere(every, covers, busiest, pack.categories) + moved_days(
        effects, covers, acted | set(scenario_days(effects)), top, pack.categories)  # fmt: skip
    return Decision(
        location=pack.location,
        card=card,
        actions=actions,
        drivers=ranked,
        recommendation=recommendation(
            card,
            actions,
            busiest,
            pack,
            change=sum(d.effect_pct for d in moved) / 100.0,
            each_day=busiest_each_day(cells, covers),
        )
        + (more if card == "staffing" else "")
        + supposed,
        trigger=trigger(card, ranked, busiest, pack, actions),
        busiest=busiest,
        uses_reviews=uses_reviews,
        categories=pack.categories,
    )


def days_between(start: date, end: date, limit: int) -> list[date]:
    span = min((end - start).days + 1, limit)
    return [start + timedelta(days=i) for i in range(max(span, 1))]
