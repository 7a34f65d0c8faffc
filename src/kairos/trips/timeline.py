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
14:00 (or from 12:30 on); dinner between 18:30 and 20:30: between stops on a packed day, before
an evening-only last stop, and after the day's last visit when it ends at 17:00 or later (past
the pace's end: the day's window runs on to hold it). Free time of over an hour before a slot is
said in a note, and the slot is reached when it starts. With no place to eat known near, the
day says where and when to eat, and a lunch before a stop keeps its time free. The place is the meal
candidate nearest the route (least detour between here and the next stop) within
`MEAL_RADIUS_KM` for the mode (`FARTHER_MEAL` times it when none is free there), open for the
meal when its hours are known, used once a trip —
among those with no known allergy risk for the traveller first (the safety step's check each
candidate carries). Only when none of them can be used is a place with a known risk taken (the
least risky, then the nearest), and the meal says why (`Slot.risk_reason`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Final, Literal

from kairos.core.geo import haversine_km
from kairos.trips.hours import allowed_spans, evening_only, visit_hours
from kairos.trips.models import Candidate, Day, Lock, Slot, TravelMode
from kairos.trips.travel import UNKNOWN_LEG, Point, travel_minutes, within_km

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
DINNER_AFTER: Final = 17 * 60
"""A day whose visits run to this minute or later ends with a dinner near its last stop (its
free time before dinner said); an earlier day's traveller is back before dinner time."""
DINNER_WAIT: Final = 150
"""Minutes a dinner is waited for after the day's last visit or before an evening stop: free
time, said in words, never shown as a wait at the table."""
IDLE_SAID: Final = 60
"""Free time between two slots longer than this is said in words."""
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
    arrive = s.t + travel[0]
    if s.slots and start - arrive > MAX_WAIT:  # free time first, then the way there: no queue
        idle = (s.t - (s.spec.buffer if s.slots[-1].kind == "stop" else 0), start - travel[0])
        arrive = start
        if idle[1] - idle[0] > IDLE_SAID:
            what = f"{kind} at {c.name}" if kind_ != "stop" else c.name
            s.notes.append(f"Free time {_clock(idle[0])}–{_clock(idle[1])} before {what} at "
                           f"{_clock(start)}: nothing Kairos knows fits in between")  # fmt: skip
    s.slots.append(
        Slot(kind_, c.id, c.name, c.kind, c.lat, c.lng, arrive, start,
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


def _meal(
    s: _State, kind: str, nxt: Candidate | None, *, by: int | None = None, wait: int = MAX_WAIT
) -> None:  # fmt: skip
    """A lunch or dinner break now, near the route to `nxt`; started by `by` when given (a dinner
    before an evening stop), after at most `wait` minutes. With no place to eat known near, the
    day says so in words, and a lunch before a stop keeps its time free all the same."""
    window = LUNCH if kind == "lunch" else DINNER
    minutes = s.spec.lunch_minutes if kind == "lunch" else DINNER_MINUTES
    to = (nxt.lat, nxt.lng) if nxt is not None and nxt.positioned else None
    here = s.pos if s.pos is not None and s.pos_known else to
    if here is None:
        if s.slots and s.meals:
            s.notes.append(f"no {kind}: the stops around {kind} time have no known position, so "
                           "no place to eat can be chosen near them")  # fmt: skip
        # the meal's time is still said and kept free, as on a day whose stops have positions
        _on_your_own(s, kind, minutes, nxt, "", by)
        return
    radius = MEAL_RADIUS_KM[s.mode.name]

    def detour(m: Candidate) -> float:
        via = haversine_km(here[0], here[1], m.lat, m.lng)
        if to is not None:
            via += haversine_km(m.lat, m.lng, to[0], to[1])
            via -= haversine_km(here[0], here[1], to[0], to[1])
        return via

    reach = within_km(s.meals, here, radius)
    if not any(m.id not in s.used_meals for m in reach):  # a longer way to a meal beats none
        radius *= FARTHER_MEAL
        reach = within_km(s.meals, here, radius)
    near = [m for m in reach if m.id not in s.used_meals]
    free = sorted((m for m in near if not known_risk(m)), key=lambda m: (detour(m), m.id))
    risky = sorted((m for m in near if known_risk(m)), key=lambda m: (risk(m), detour(m), m.id))
    taken = any(m.id in s.used_meals and not known_risk(m) for m in reach)
    why = (
        f"No place to eat without a known allergy risk for you is open for {kind} within "
        f"{radius:g} km of the route{', other than those already on this trip' if taken else ''}."
    )
    # a dinner may run past the pace's usual end (the day's window then holds it)
    end = s.spec.window[1] if kind == "lunch" else 24 * 60
    for m, reason in [*((m, None) for m in free), *((m, why) for m in risky[:MEAL_TRIES])]:
        meal = replace(m, duration=minutes, rank=0.0)
        travel = s.leg((m.lat, m.lng))
        if s.t + travel[0] < window[0] - wait:
            s.notes.append(f"no {kind} planned: the day's visits end at {_clock(s.t)}, before "
                           f"{kind} time")  # fmt: skip
            return
        arrive = max(s.t + travel[0], window[0])
        latest = min(window[1], end - minutes - s.home((m.lat, m.lng)))
        if by is not None:
            latest = min(latest, by)
        start = earliest_start(meal, s.spec.date.weekday(), arrive, latest)
        if start is not None:
            _place(s, meal, start, travel, kind, locked=False, risk_reason=reason)
            s.used_meals.add(m.id)
            return
    _on_your_own(s, kind, minutes, nxt, f"open for {kind} " if reach else "", by)


def _on_your_own(
    s: _State, kind: str, minutes: int, nxt: Candidate | None, what: str, by: int | None = None
) -> None:  # fmt: skip
    """No place to eat is known near: the day says where and when to plan the meal, and a meal
    with a stop after it keeps its time free (a dinner before an evening stop: near that stop,
    when it can still start by `by`)."""
    window = LUNCH if kind == "lunch" else DINNER
    if nxt is None and s.t < (DINNER_AFTER if kind == "dinner" else window[0] - MAX_WAIT):
        return  # the day's visits end before the meal is due
    at = min(max(s.t + (-s.t % 5), window[0]), window[1])
    ahead = nxt is not None and (kind == "lunch" or (by is not None and at <= by))
    toward = nxt is not None and (not s.slots or (ahead and kind == "dinner"))
    near = (nxt.name if nxt is not None and toward else
            s.slots[-1].name if s.slots else "the day's stops")  # fmt: skip
    said = f"No place to eat {what}is known near {near}: plan {kind} yourself around "
    said += _clock(at)
    if ahead:
        said += f" ({_clock(at)}–{_clock(at + minutes)} is kept free for it)"
        s.t = at + minutes
    s.notes.append(said)


def known_risk(meal: Candidate) -> bool:
    """The safety step knows or suspects an allergen of the traveller at this place to eat."""
    return meal.allergy is not None and meal.allergy.known_risk


def risk(meal: Candidate) -> int:
    """0 no known risk, 1 a risk (caution), 2 an anaphylactic allergen is likely (danger)."""
    if not known_risk(meal):
        return 0
    return 2 if meal.allergy is not None and meal.allergy.verdict == "danger" else 1


@dataclass(frozen=True)
class _Mark:
    """Where a day stood, to take back a dinner planned for a stop that then did not fit."""

    slots: int
    notes: int
    t: int
    pos: Point | None
    pos_known: bool
    used_meals: frozenset[str]

    @classmethod
    def of(cls, s: _State) -> _Mark:
        return cls(len(s.slots), len(s.notes), s.t, s.pos, s.pos_known, frozenset(s.used_meals))

    def restore(self, s: _State) -> bool:
        """Back to the mark; whether anything was taken back."""
        moved = (len(s.slots), len(s.notes), s.t) != (self.slots, self.notes, self.t)
        del s.slots[self.slots :], s.notes[self.notes :]
        s.t, s.pos, s.pos_known = self.t, self.pos, self.pos_known
        s.used_meals.intersection_update(self.used_meals)
        return moved


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
    meal_kinds = ["lunch", "dinner"]
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
            if nxt is not None and (kind == "lunch" or spec.dinner) and _wants_meal(s, kind, nxt)
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
        last = not queue and not timed
        for kind in list(meal_kinds):
            if (kind == "lunch" or spec.dinner) and _wants_meal(s, kind, nxt):
                meal_kinds.remove(kind)
                _meal(s, kind, nxt)
        evening = evening_only(nxt, spec.date.weekday()) if last else None
        before = _Mark.of(s)
        if "dinner" in meal_kinds and evening is not None and evening[0] >= DINNER[0] + 30:
            # dinner near the evening stop, in the wait for it to open, so it still fits
            by = evening[1] - nxt.duration - DINNER_MINUTES - MEAL_WAY
            _meal(s, "dinner", nxt, by=by, wait=24 * 60)
        if placed >= spec.max_stops:
            skipped.append((nxt, "the day already has as many stops as its pace allows"))
            continue
        why = _try(s, nxt, locked=nxt.id in locks, last=last)
        if why is not None and before.restore(s):  # the stop without the dinner before it
            why = _try(s, nxt, locked=nxt.id in locks, last=last)
            if why is None and "dinner" in meal_kinds:
                meal_kinds.remove("dinner")
                # a wait may be long ("free time 15:10-18:53"): what is missing is a known
                # place to eat close enough to reach the stop from in time, not an hour
                s.notes.append(f"No dinner is planned: no place to eat Kairos knows is near "
                               f"enough to {nxt.name} to fit before it; take food along or "
                               "eat there")  # fmt: skip
        if why is not None:
            if why.startswith(("not open", "opens only")) and nxt.id not in retried and queue:
                retried.add(nxt.id)  # later in the day, once: it may open by then
                queue.append(nxt)
                continue
            skipped.append((nxt, why))
        else:
            placed += 1
            meal_kinds = [k for k in meal_kinds if not any(x.kind == k for x in s.slots)]
            if evening is not None and "dinner" in meal_kinds:
                meal_kinds.remove("dinner")  # its dinner was said with it
    for kind in meal_kinds:
        if kind == "dinner" and s.slots and DINNER_AFTER <= s.t <= DINNER[1]:
            _meal(s, kind, None, wait=DINNER_WAIT)  # a full day ends with dinner near its end
        elif (kind == "lunch" or spec.dinner) and _wants_meal(s, kind, None):
            _meal(s, kind, None)
    back = s.home(s.pos, s.pos_known) if s.pos is not None and s.slots else 0
    window = spec.window
    if s.evening is not None and any(x.end > window[1] for x in s.slots if x.kind == "stop"):
        s.notes.append(s.evening)
    if s.slots and s.slots[-1].end + back > window[1]:  # an evening stop, or dinner after it
        window = (window[0], s.slots[-1].end + back)
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
