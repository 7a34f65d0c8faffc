"""One day's timed slots from its stops in visiting order.

Walking the order from the day's start (at the start point, or at the first stop): each stop is
reached (travel by the mode), waited for when it opens later (at most `MAX_WAIT`; before the
day's first stop the day simply starts later), and placed only when no minute of its visit is
known closed (`trips/hours.py`: a day known in full places it inside its open spans; a day
whose hours are unknown anywhere not known closed, e.g. after 10:00 for "opens daily at 10am")
and the day can still end, the way back included, inside the pace's window; a stop not open
when reached goes to the end of the day's order once, then is skipped with the reason. A stop
locked to a time starts exactly then; a free stop that would make it late waits until after it.

Meal breaks: lunch starts between 11:30 and 14:00, taken before the stop that would run past
14:00 (or from 12:30 on); dinner (packed pace) between 18:30 and 20:30. The place is the meal
candidate nearest the route (least detour between here and the next stop) within
`MEAL_RADIUS_KM` for the mode (`FARTHER_MEAL` times it when none is free there), open for the
meal when its hours are known, used once a trip —
among those with no known allergy risk for the traveller first (the safety step's check each
candidate carries). Only when none of them can be used is a place with a known risk taken (the
least risky, then the nearest), and the meal says why (`Slot.risk_reason`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Final, Literal

from kairos.core.geo import haversine_km
from kairos.trips.hours import allowed_spans, evening_only, visit_hours
from kairos.trips.models import Candidate, Day, Lock, Slot, TravelMode
from kairos.trips.travel import UNKNOWN_LEG, Point, travel_minutes

__all__ = [
    "DINNER", "LUNCH", "MAX_WAIT", "MEAL_RADIUS_KM", "DaySpec", "known_risk", "risk",
    "schedule_day",
]  # fmt: skip

MAX_WAIT: Final = 30
"""Minutes a traveller may wait for a stop to open (or a meal to start) before it is tried
elsewhere: longer waits are an empty stretch of the day."""
LUNCH: Final = (11 * 60 + 30, 14 * 60)
DINNER: Final = (18 * 60 + 30, 20 * 60 + 30)
"""Earliest and latest start of each meal."""
DINNER_MINUTES: Final = 60
MEAL_RADIUS_KM: Final = {"walk": 1.2, "transit": 3.0, "drive": 5.0}
MEAL_TRIES: Final = 12
MEAL_WAY: Final = 20
"""Minutes kept for the way to a meal when deciding whether to take it before the next stop."""
FARTHER_MEAL: Final = 2.0
"""With no unused place to eat within the mode's meal radius, one within this many times it is
taken (still a leg the mode allows): a longer way to lunch beats no lunch."""


@dataclass(frozen=True)
class DaySpec:
    index: int
    date: date
    window: tuple[int, int]
    max_stops: int
    buffer: int
    lunch_minutes: int
    dinner: bool


@dataclass
class _State:
    spec: DaySpec
    mode: TravelMode
    hotel: Point | None
    meals: Sequence[Candidate]
    used_meals: set[str]
    t: int
    pos: Point | None
    slots: list[Slot] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pos_known: bool = True
    """False after a place whose source gives no position: legs from it are an allowance."""
    evening: str | None = None
    """The note of a place open only in the evening planned as the day's last stop."""

    def leg(self, to: Point, known: bool = True) -> tuple[int, float]:
        if self.pos is None:
            return (0, 0.0)
        if not (known and self.pos_known):
            return (UNKNOWN_LEG, 0.0)
        return travel_minutes(self.pos, to, self.mode)

    def home(self, at: Point, known: bool = True) -> int:
        if self.hotel is None:
            return 0
        return travel_minutes(at, self.hotel, self.mode)[0] if known else UNKNOWN_LEG


def _clock(minute: int) -> str:
    return "24:00" if minute == 1440 else f"{minute // 60 % 24:02d}:{minute % 60:02d}"


def earliest_start(
    c: Candidate, weekday: int, arrive: int, latest: int, max_wait: int = MAX_WAIT
) -> int | None:
    """The first minute ≥ arrive (and ≤ latest) from which no minute of a visit to `c` is known
    closed (open throughout when its hours that day are known)."""
    for a, b in allowed_spans(c, weekday):
        start = max(arrive, a)
        if start + c.duration <= b and start <= latest and start - arrive <= max_wait:
            return start
    return None


def _place(
    s: _State, c: Candidate, start: int, travel: tuple[int, float], kind: str, locked: bool,
    risk_reason: str | None = None,
) -> None:  # fmt: skip
    kind_: Literal["stop", "lunch", "dinner"] = (
        "lunch" if kind == "lunch" else "dinner" if kind == "dinner" else "stop"
    )
    known = visit_hours(c, s.spec.date.weekday(), start, start + c.duration) == "open"
    s.slots.append(
        Slot(kind_, c.id, c.name, c.kind, c.lat, c.lng, s.t + travel[0], start,
             start + c.duration, travel[0], travel[1], c.source, c.licence, locked,
             known, allergy=c.allergy if kind_ != "stop" else None,
             risk_reason=risk_reason, positioned=c.positioned, step_free=c.step_free)
    )  # fmt: skip
    s.t = start + c.duration + (s.spec.buffer if kind_ == "stop" else 0)
    s.pos, s.pos_known = (c.lat, c.lng), c.positioned


def _try(
    s: _State, c: Candidate, kind: str = "stop", at: int | None = None, locked: bool = False,
    last: bool = False,
) -> str | None:  # fmt: skip
    """Place `c` now; the reason it cannot be, or None when placed. `locked`: fixed to this day
    (a lock with a time is placed at `at`, and is locked too)."""
    travel = s.leg((c.lat, c.lng), c.positioned)
    arrive = s.t + travel[0]
    latest = s.spec.window[1] - c.duration - s.home((c.lat, c.lng), c.positioned)
    if at is not None:
        if arrive > at:
            return f"cannot reach it by {at // 60:02d}:{at % 60:02d}"
        if at > latest:
            return "its fixed time does not fit the day"
        if visit_hours(c, s.spec.date.weekday(), at, at + c.duration) == "closed":
            return "closed at its fixed time"
        _place(s, c, at, travel, kind, locked=True)
        return None
    if s.slots and not locked and travel[0] > s.mode.longest_leg:
        return (
            f"{travel[0]} min {s.mode.name} from the stop before it, over the "
            f"{s.mode.longest_leg} min a leg may take"
        )
    # Before the first slot nobody waits: the day just starts later.
    wait = MAX_WAIT if s.slots else s.spec.window[1]
    start = earliest_start(c, s.spec.date.weekday(), arrive, latest, wait)
    if start is None:
        evening = evening_only(c, s.spec.date.weekday())
        if evening is not None and last and max(arrive, evening[0]) + c.duration <= evening[1]:
            # the day's last stop may run past the window: it cannot open earlier
            start = max(arrive, evening[0])
            opens, closes, ends = (_clock(m) for m in (*evening, s.spec.window[1]))
            s.evening = (f"{c.name} opens only in the evening ({opens}–{closes}): planned as the "
                         f"day's last stop, past the day's usual end at {ends}")  # fmt: skip
            if not s.slots:
                s.t = max(s.t, start - travel[0])
            _place(s, c, start, travel, kind, locked=locked)
            return None
        if evening is not None and evening[0] + c.duration > s.spec.window[1]:
            opens, closes, ends = (_clock(m) for m in (*evening, s.spec.window[1]))
            return (f"opens only in the evening ({opens}–{closes}), and a {c.duration}-minute "
                    f"visit from {opens} runs past the day's end at {ends}: Kairos does not "
                    "plan evening visits yet; go after the day's last stop")  # fmt: skip
        if arrive > latest:
            return "no time left that day"
        return "not open for the whole visit at any time it could be reached that day"
    if not s.slots:
        s.t = max(s.t, start - travel[0])  # the day starts so as to reach it when it opens
    _place(s, c, start, travel, kind, locked=locked)
    return None


def _meal(s: _State, kind: str, nxt: Point | None, next_known: bool = True) -> None:
    window = LUNCH if kind == "lunch" else DINNER
    minutes = s.spec.lunch_minutes if kind == "lunch" else DINNER_MINUTES
    nxt = nxt if next_known else None
    here = s.pos if s.pos is not None and s.pos_known else nxt
    if here is None:
        if s.slots:
            s.notes.append(f"no {kind}: the stops around {kind} time have no known position, so "
                           "no place to eat can be chosen near them")  # fmt: skip
        return
    radius = MEAL_RADIUS_KM[s.mode.name]

    def detour(m: Candidate) -> float:
        via = haversine_km(here[0], here[1], m.lat, m.lng)
        if nxt is not None:
            via += haversine_km(m.lat, m.lng, nxt[0], nxt[1])
            via -= haversine_km(here[0], here[1], nxt[0], nxt[1])
        return via

    reach = _within(s.meals, here, radius)
    if not any(m.id not in s.used_meals for m in reach):  # a longer way to a meal beats none
        radius *= FARTHER_MEAL
        reach = _within(s.meals, here, radius)
    near = [m for m in reach if m.id not in s.used_meals]
    free = sorted((m for m in near if not known_risk(m)), key=lambda m: (detour(m), m.id))
    risky = sorted((m for m in near if known_risk(m)), key=lambda m: (risk(m), detour(m), m.id))
    taken = any(m.id in s.used_meals and not known_risk(m) for m in reach)
    why = (
        f"No place to eat without a known allergy risk for you is open for {kind} within "
        f"{radius:g} km of the route{', other than those already on this trip' if taken else ''}."
    )
    for m, reason in [*((m, None) for m in free), *((m, why) for m in risky[:MEAL_TRIES])]:
        meal = replace(m, duration=minutes, rank=0.0)
        travel = s.leg((m.lat, m.lng))
        if s.t + travel[0] < window[0] - MAX_WAIT:
            end = f"{s.t // 60:02d}:{s.t % 60:02d}"
            s.notes.append(f"no {kind} planned: the day's visits end at {end}, before {kind} time")
            return
        arrive = max(s.t + travel[0], window[0])
        latest = min(window[1], s.spec.window[1] - minutes - s.home((m.lat, m.lng)))
        start = earliest_start(meal, s.spec.date.weekday(), arrive, latest)
        if start is not None:
            _place(s, meal, start, travel, kind, locked=False, risk_reason=reason)
            s.used_meals.add(m.id)
            return
    if s.meals:  # with none near the day, the day's food note says where the nearest is
        s.notes.append(f"no {kind}: no place to eat open then within {radius:g} km of the route")


def _within(meals: Sequence[Candidate], here: Point, km: float) -> list[Candidate]:
    """The places to eat no farther than `km` from `here`, in the given order (a box around
    `here` first, so a city's restaurants are not all measured)."""
    pad = km / 110.0 * 1.05  # a degree of latitude is ≥ 110.5 km
    lng_pad = pad / max(math.cos(math.radians(min(abs(here[0]) + pad, 89.0))), 0.01)
    if abs(here[1]) + lng_pad >= 180:  # the box would wrap the antimeridian: no longitude cut
        lng_pad = 360.0
    lat0, lat1, lng0, lng1 = here[0] - pad, here[0] + pad, here[1] - lng_pad, here[1] + lng_pad
    return [m for m in meals if lat0 <= m.lat <= lat1 and lng0 <= m.lng <= lng1
            and haversine_km(here[0], here[1], m.lat, m.lng) <= km]  # fmt: skip


def known_risk(meal: Candidate) -> bool:
    """The safety step knows or suspects an allergen of the traveller at this place to eat."""
    return meal.allergy is not None and meal.allergy.known_risk


def risk(meal: Candidate) -> int:
    """0 no known risk, 1 a risk (caution), 2 an anaphylactic allergen is likely (danger)."""
    if not known_risk(meal):
        return 0
    return 2 if meal.allergy is not None and meal.allergy.verdict == "danger" else 1


def _wants_meal(s: _State, kind: str, nxt: Candidate | None) -> bool:
    earliest, latest = LUNCH if kind == "lunch" else DINNER
    if s.t > latest or not s.slots:
        return False
    if nxt is None:
        return True
    finish = s.t + s.leg((nxt.lat, nxt.lng), nxt.positioned)[0] + nxt.duration
    # after the next stop, the way to a meal must still start it in time
    return s.t >= earliest + 60 or (s.t >= earliest and finish + s.spec.buffer + MEAL_WAY > latest)


def schedule_day(
    spec: DaySpec,
    stops: Sequence[Candidate],
    *,
    mode: TravelMode,
    hotel: Point | None,
    meals: Sequence[Candidate],
    used_meals: set[str],
    locks: Mapping[str, Lock],
) -> tuple[Day, list[tuple[Candidate, str]]]:
    """The day, and the stops it could not hold with why. `used_meals` is updated."""
    s = _State(spec, mode, hotel, meals, used_meals, spec.window[0], hotel)
    timed = sorted((c for c in stops if (lk := locks.get(c.id)) and lk.start is not None),
                   key=lambda c: (locks[c.id].start or 0, c.id))  # fmt: skip
    skipped: list[tuple[Candidate, str]] = []
    meal_kinds = ["lunch", *(["dinner"] if spec.dinner else [])]
    placed = 0
    # a place open only in the evening is the day's last stop, whatever the route's order
    queue = sorted((c for c in stops if c not in timed),
                   key=lambda c: evening_only(c, spec.date.weekday()) is not None)  # fmt: skip
    retried: set[str] = set()
    while queue or timed:
        nxt = queue[0] if queue else None
        meal_first = sum(
            MEAL_WAY + (spec.lunch_minutes if kind == "lunch" else DINNER_MINUTES)
            for kind in meal_kinds
            if nxt is not None and _wants_meal(s, kind, nxt)
        )
        if timed and (nxt is None or _blocks(s, nxt, timed[0], locks, meal_first)):
            lock = timed.pop(0)
            if (why := _try(s, lock, at=locks[lock.id].start)) is not None:
                skipped.append((lock, why))
            else:
                placed += 1
            continue
        assert nxt is not None
        queue.pop(0)
        for kind in list(meal_kinds):
            if _wants_meal(s, kind, nxt):
                meal_kinds.remove(kind)
                _meal(s, kind, (nxt.lat, nxt.lng), nxt.positioned)
        if placed >= spec.max_stops:
            skipped.append((nxt, "the day already has as many stops as its pace allows"))
            continue
        last = not queue and not timed
        if (why := _try(s, nxt, locked=nxt.id in locks, last=last)) is not None:
            if why.startswith(("not open", "opens only")) and nxt.id not in retried and queue:
                retried.add(nxt.id)  # later in the day, once: it may open by then
                queue.append(nxt)
                continue
            skipped.append((nxt, why))
        else:
            placed += 1
    for kind in meal_kinds:
        if _wants_meal(s, kind, None):
            _meal(s, kind, None)
    back = s.home(s.pos, s.pos_known) if s.pos is not None and s.slots else 0
    window = spec.window
    if s.evening is not None and s.slots and s.slots[-1].end + back > window[1]:
        window = (window[0], s.slots[-1].end + back)
        s.notes.append(s.evening)
    day = Day(spec.index, spec.date, tuple(s.slots), window, spec.max_stops, spec.buffer,
              back, tuple(s.notes))  # fmt: skip
    return day, skipped


def _blocks(
    s: _State, nxt: Candidate, lock: Candidate, locks: Mapping[str, Lock], meal_first: int = 0
) -> bool:
    """Whether visiting `nxt` first (after the meal breaks due before it, `meal_first` minutes
    with their way) would make the timed `lock` late."""
    at = locks[lock.id].start or 0
    travel = s.leg((nxt.lat, nxt.lng), nxt.positioned)[0]
    end = s.t + meal_first + travel + nxt.duration + s.spec.buffer
    onward = (travel_minutes((nxt.lat, nxt.lng), (lock.lat, lock.lng), s.mode)[0]
              if nxt.positioned and lock.positioned else UNKNOWN_LEG)  # fmt: skip
    return end + onward > at
