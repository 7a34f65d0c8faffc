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
the pace's end: the day's window runs on to hold it; in a city with places to eat, after an
earlier end too, at dinner time; with none known, when and near where). A lunch no break
could be planned for, the day having passed lunch time in a long visit, is said with that
visit. Free time of over an hour before a slot is
said in a note, and the slot is reached when it starts. With no place to eat known near, the
day says where and when to eat, and a lunch before a stop keeps its time free. The place is
the meal candidate nearest the route (least detour between here and the next stop) within
`MEAL_RADIUS_KM` for the mode of here or of the next stop (the way there is gone anyway;
`FARTHER_MEAL` times it when none is free there), open for the meal when its hours are known,
not used before on the trip when another is in reach (else one eaten at on another day, never
twice a day but a hawker centre, food court or market, whose many kitchens serve both meals) —
among those with no known allergy risk for the traveller first (the safety step's check each
candidate carries), of those one whose source says it serves a diet the traveller said, and a
dinner at a restaurant, hawker centre or market before a café (`_fits`). Only when none of them
can be used is a place with a known risk taken (the least risky, then the nearest), and the
meal says why (`Slot.risk_reason`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.day_slots import (
    MAX_WAIT,
    DaySpec,
    DayState,
    clock,
    earliest_start,
    place_slot,
    try_stop,
)
from kairos.trips.hours import evening_only
from kairos.trips.meal_chains import chain_rank, chain_said
from kairos.trips.models import Candidate, Day, Lock, Slot, TravelMode
from kairos.trips.place_rows import FOOD_KIND
from kairos.trips.travel import UNKNOWN_LEG, Point, travel_minutes, within_km
from kairos.trips.water import crossing

__all__ = [
    "DINNER", "LUNCH", "MAX_WAIT", "MEAL_RADIUS_KM", "DaySpec", "known_risk", "risk",
    "schedule_day",
]  # fmt: skip

LUNCH: Final = (11 * 60 + 30, 14 * 60)
LATE_LUNCH: Final = 15 * 60
"""The latest start of a lunch after a visit that ran through lunch time (a park from 11:30 to
14:00): a late lunch, not none (issue 35 item 2; panel trips half A t09, t51: "no lunch")."""
DINNER: Final = (18 * 60 + 30, 20 * 60 + 30)
"""Earliest and latest start of each meal."""
DINNER_MINUTES: Final = 60
DINNER_AFTER: Final = 17 * 60
"""A day whose visits run to this minute or later ends with a dinner near its last stop (its
free time before dinner said); an earlier day's traveller is back before dinner time."""
DINNER_WAIT: Final = 150
"""Minutes a dinner is waited for after the day's last visit or before an evening stop: free
time, said in words, never shown as a wait at the table."""
MEAL_RADIUS_KM: Final = {"walk": 1.2, "transit": 3.0, "drive": 5.0}
MEAL_TRIES: Final = 12
MEAL_WAY: Final = 20
"""Minutes kept for the way to a meal when deciding whether to take it before the next stop."""
DINNER_LEG: Final = 45
"""Minutes a dinner after the day's last visit may be from it when nothing unused is nearer (a
day ending at a temple on a hill: dinner on the way back, not none)."""
FARTHER_MEAL: Final = 2.0
"""With no unused place to eat within the mode's meal radius, one within this many times it is
taken (still a leg the mode allows): a longer way to lunch beats no lunch."""


def _meal(
    s: DayState, kind: str, nxt: Candidate | None, *, by: int | None = None, wait: int = MAX_WAIT
) -> None:  # fmt: skip
    """A lunch or dinner break now, near the route to `nxt`; started by `by` when given (a dinner
    before an evening stop), after at most `wait` minutes. With no place to eat known near, the
    day says so in words, and a lunch before a stop keeps its time free all the same."""
    window = _lunch_window(s) if kind == "lunch" else DINNER
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

    def around(km: float) -> list[Candidate]:
        # near here, or near the next stop (the traveller goes that way anyway) within a leg
        # the mode allows from here
        found = within_km(s.meals, here, km)
        if to is not None and to != here:
            seen = {m.id for m in found}
            found += [m for m in within_km(s.meals, to, km) if m.id not in seen
                      and s.leg((m.lat, m.lng))[0] <= s.mode.longest_leg]  # fmt: skip
        return found

    reach = around(radius)
    # a longer way to a meal beats none, or one at a chain
    if not any(m.id not in s.used_meals and not chain_rank(m.name) for m in reach):
        radius *= FARTHER_MEAL
        reach = around(radius)
    near = [m for m in reach if m.id not in s.used_meals]
    if not near and kind == "dinner" and nxt is None:  # after the day: on the way back
        radius *= FARTHER_MEAL
        reach = [m for m in around(radius) if s.leg((m.lat, m.lng))[0] <= DINNER_LEG]
        near = [m for m in reach if m.id not in s.used_meals]
    if not near:  # a place eaten at on another day beats no meal (a hawker centre, a market)
        today = {x.place_id for x in s.slots if x.kind != "stop"}
        near = [m for m in reach if m.id not in today]
    if not near:  # a hawker centre, food court or market has many kitchens: dinner there too
        near = [m for m in reach if m.kind == FOOD_KIND]
    if near and all(chain_rank(m.name) for m in near):  # a local place again beats a chain
        today = {x.place_id for x in s.slots if x.kind != "stop"}
        near = [m for m in reach if not chain_rank(m.name)
                and (m.id not in today or m.kind == FOOD_KIND)] or near  # fmt: skip
    free = sorted((m for m in near if not known_risk(m)),
                  key=lambda m: (*_fits(s.spec.diets, kind, m), detour(m), m.id))  # fmt: skip
    risky = sorted((m for m in near if known_risk(m)), key=lambda m: (risk(m), detour(m), m.id))
    taken = any(m.id in s.used_meals and not known_risk(m) for m in reach)
    why = (
        f"No place to eat without a known allergy risk for you is open for {kind} within "
        f"{radius:g} km of the route{', other than those already on this trip' if taken else ''}."
    )
    # a dinner may run past the pace's usual end (the day's window then holds it)
    end = s.spec.window[1] if kind == "lunch" or s.spec.said_end else 24 * 60
    for m, reason in [*((m, None) for m in free), *((m, why) for m in risky[:MEAL_TRIES])]:
        meal = replace(m, duration=minutes, rank=0.0)
        travel = s.leg((m.lat, m.lng))
        if s.t + travel[0] < window[0] - wait:
            s.notes.append(f"no {kind} planned: the day's visits end at {clock(s.t)}, before "
                           f"{kind} time")  # fmt: skip
            return
        arrive = max(s.t + travel[0], window[0])
        latest = min(window[1], end - minutes - s.home((m.lat, m.lng)))
        if by is not None:
            latest = min(latest, by)
        start = earliest_start(meal, s.spec.date.weekday(), arrive, latest)
        if start is not None:
            place_slot(s, meal, start, travel, kind, locked=False, risk_reason=reason)
            s.used_meals.add(m.id)
            if (said := chain_said(kind, m.name, radius, near, known_risk)) is not None:
                s.notes.append(said)
            return
    unused = any(m.id not in s.used_meals for m in reach)  # else none is known, not none open
    _on_your_own(s, kind, minutes, nxt, f"open for {kind} " if unused else "", by)


def _on_your_own(
    s: DayState, kind: str, minutes: int, nxt: Candidate | None, what: str, by: int | None = None
) -> None:  # fmt: skip
    """No place to eat is known near: the day says where and when to plan the meal, and a meal
    with a stop after it keeps its time free (a dinner before an evening stop: near that stop,
    when it can still start by `by`)."""
    window = _lunch_window(s) if kind == "lunch" else DINNER
    # dinner is said after a short day too (the trip's top says each day says when and where)
    due = window[0] - MAX_WAIT if kind == "lunch" else 0
    if nxt is None and s.t < due:
        return  # the day's visits end before the meal is due
    at = min(max(s.t + (-s.t % 5), window[0]), window[1])
    ahead = nxt is not None and (kind == "lunch" or (by is not None and at <= by))
    toward = nxt is not None and (not s.slots or (ahead and kind == "dinner"))
    near = (nxt.name if nxt is not None and toward else
            s.slots[-1].name if s.slots else "the day's stops")  # fmt: skip
    said = f"No place to eat {what}is known near {near}: plan {kind} yourself around "
    said += clock(at)
    if ahead:
        said += f" ({clock(at)}–{clock(at + minutes)} is kept free for it)"
        s.t = at + minutes
    s.notes.append(said)


def _fits(diets: Sequence[str], kind: str, m: Candidate) -> tuple[bool, int, bool]:
    """What orders places to eat with no known risk before the nearest: a place whose source
    says it serves the diets asked for, then a local place before a fast-food chain and that
    before a coffee chain (`meal_chains`), then for dinner a restaurant, a hawker centre or a
    market before a café (a coffee shop is no dinner while a restaurant is within reach)."""
    return (not set(diets) <= set(m.diets), chain_rank(m.name),
            kind == "dinner" and m.kind == "cafe")  # fmt: skip


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
    pos_boat: bool
    pos_pinned: bool

    @classmethod
    def of(cls, s: DayState) -> _Mark:
        return cls(len(s.slots), len(s.notes), s.t, s.pos, s.pos_known, frozenset(s.used_meals),
                   s.pos_boat, s.pos_pinned)  # fmt: skip

    def restore(self, s: DayState) -> bool:
        """Back to the mark; whether anything was taken back."""
        moved = (len(s.slots), len(s.notes), s.t) != (self.slots, self.notes, self.t)
        del s.slots[self.slots :], s.notes[self.notes :]
        s.t, s.pos, s.pos_known, s.pos_boat = self.t, self.pos, self.pos_known, self.pos_boat
        s.pos_pinned = self.pos_pinned
        s.used_meals.intersection_update(self.used_meals)
        return moved


def _lunch_window(s: DayState) -> tuple[int, int]:
    """Lunch's window: its latest start is `LATE_LUNCH` just after a visit that ran through
    lunch time (begun by 13:00, ended past 13:30: no lunch could start between visits)."""
    last = s.slots[-1] if s.slots else None
    if last is None or last.kind != "stop" or last.start > LUNCH[1] - 60:
        return LUNCH
    return (LUNCH[0], LATE_LUNCH) if last.end > LUNCH[1] - 30 else LUNCH


def _wants_meal(s: DayState, kind: str, nxt: Candidate | None) -> bool:
    earliest, latest = _lunch_window(s) if kind == "lunch" else DINNER
    if s.t > latest or not s.slots:
        return False
    if nxt is None:
        return True
    finish = s.t + s.leg((nxt.lat, nxt.lng), nxt.positioned, nxt.by_boat, nxt.pinpointed)[0]
    finish += nxt.duration
    if kind == "lunch" and s.t >= earliest - MAX_WAIT and finish + s.spec.buffer > LATE_LUNCH:
        return True  # a visit past even a late lunch: lunch before it (a zoo from 11:45 to 16:00)
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
    s = DayState(spec, mode, hotel, meals, used_meals, spec.window[0], hotel)
    timed = sorted((c for c in stops if (lk := locks.get(c.id)) and lk.start is not None),
                   key=lambda c: (locks[c.id].start or 0, c.id))  # fmt: skip
    skipped: list[tuple[Candidate, str]] = []
    # a day the traveller ends before dinner time has no dinner (nor a note asking for one)
    early = spec.said_end and spec.window[1] < DINNER[0] + 60
    meal_kinds = ["lunch"] if early else ["lunch", "dinner"]
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
            if (why := try_stop(s, lock, at=locks[lock.id].start)) is not None:
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
        why = try_stop(s, nxt, locked=nxt.id in locks, last=last)
        if why is not None and before.restore(s):  # the stop without the dinner before it
            why = try_stop(s, nxt, locked=nxt.id in locks, last=last)
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
        elif kind == "dinner" and s.slots and s.t <= DINNER[1]:
            # a shorter day still ends with dinner near its last stop: the free time before it
            # is said, never a wait at the table (with no place to eat known, when and where)
            _meal(s, kind, None, wait=24 * 60)
        elif (kind == "lunch" or spec.dinner) and _wants_meal(s, kind, None):
            _meal(s, kind, None)
        elif kind == "lunch" and (through := _through(s.slots, LUNCH)) is not None:
            s.notes.append(f"No lunch break: the visit to {through.name} "
                           f"({clock(through.start)}–{clock(through.end)}) runs through lunch "
                           "time; eat there or take food along")  # fmt: skip
    back = s.home(s.pos, s.pos_known, s.pos_boat, s.pos_pinned) if s.pos and s.slots else 0
    window = spec.window
    if s.evening is not None and any(x.end > window[1] for x in s.slots if x.kind == "stop"):
        s.notes.append(s.evening)
    if s.slots and s.slots[-1].end + back > window[1]:  # an evening stop, or dinner after it
        window = (window[0], s.slots[-1].end + back)
    if s.slots and (leave := s.slots[0].arrive - s.slots[0].travel_minutes) < window[0]:
        # a stop the traveller locked to a time the day's usual start cannot reach
        s.notes.append(
            f"The day starts at {clock(leave)}, before the usual {clock(window[0])}, "
            f"to reach {s.slots[0].name} by its locked time {clock(s.slots[0].start)}"
        )
        window = (leave, window[1])
    day = Day(spec.index, spec.date, tuple(s.slots), window, spec.max_stops, spec.buffer,
              back, tuple(s.notes))  # fmt: skip
    return day, skipped


def _through(slots: Sequence[Slot], window: tuple[int, int]) -> Slot | None:
    """The stop whose visit covers most of a meal's window (a day that passed lunch time in a
    long visit), when one overlaps it."""

    def overlap(x: Slot) -> int:
        return min(x.end, window[1] + 60) - max(x.start, window[0])

    over = [x for x in slots if x.kind == "stop" and overlap(x) > 0]
    return max(over, key=overlap) if over else None


def _blocks(
    s: DayState, nxt: Candidate, lock: Candidate, locks: Mapping[str, Lock], meal_first: int = 0
) -> bool:
    """Whether visiting `nxt` first (after the meal breaks due before it, `meal_first` minutes
    with their way, and from when it opens: a gallery opening at noon is no stop before a lock
    at 10:00) would make the timed `lock` late."""
    at = locks[lock.id].start or 0
    travel = s.leg((nxt.lat, nxt.lng), nxt.positioned, nxt.by_boat, nxt.pinpointed)[0]
    arrive = s.t + meal_first + travel
    opens = earliest_start(nxt, s.spec.date.weekday(), arrive, 24 * 60, max_wait=24 * 60)
    end = (arrive if opens is None else opens) + nxt.duration + s.spec.buffer
    way = (travel_minutes((nxt.lat, nxt.lng), (lock.lat, lock.lng), s.mode)
           if nxt.positioned and lock.positioned else (UNKNOWN_LEG, 0.0))  # fmt: skip
    return end + way[0] + crossing(nxt.by_boat, lock.by_boat, way[1]) > at
