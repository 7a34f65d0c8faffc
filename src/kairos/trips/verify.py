"""Every hard constraint of an itinerary, checked before it is returned.

The checks read only the itinerary and its request (the candidates' hours, cities, positions),
never the planner's internals, so a planner bug cannot vouch for itself. A check is `passed`
only when it ran on every slot with known inputs: one it could not run somewhere is
`not_checked` and names what it could not check, and the trip is verified only when every
check passed (`Verification.passed`).

- `open_at_slot`: every stop and meal is open for its whole slot (`trips/hours.py`): a slot in
  a span its source says is closed fails; a slot whose hours are unknown that day (no hours, a
  text not read, a range with no weekday, only closures known) is not checked, and is named in
  `unknown_hours` with why;
- `days_filled`: every day has a stop, but the days the request keeps free;
- `in_city`: every place is in the trip's city (same city name, within `radius_km` of its centre;
  a place its source gives no position for is not checked);
- `no_overlap`: within a day, arrive ≤ start < end, and each slot arrives after the previous one
  ends plus the travel between them;
- `day_length`: every day starts and ends (the way back to the start point included) inside the
  pace's window, with at most its number of stops;
- `travel_feasible`: every leg (start point → first, between slots, last → start point) takes at
  least the straight-line distance at the mode's speed, and its stated minutes are what it took
  (a leg to or from a place with no position is an allowance: not checked);
- `no_duplicate`: no place to visit appears twice in the trip, no place to eat twice in a day
  (a food centre's lunch and dinner aside); its detail names each place to eat that comes back
  across the trip's meals ("Lau Pa Sat for 4 meals: Kairos knows few places to eat near these
  stops");
- `locked_kept`: every locked stop is on its day (at its time when one was fixed); when one is
  not, the detail says why (the planner's reason);
- `meal_allergy`: every meal is at one of the request's places to eat (those the safety step
  passed) and carries that place's allergy check; one at a place with a known risk says why it
  was kept;
- `step_free` (only when the request asks for step-free places): every stop's source says it
  is wheelchair accessible; one it says is not fails, one it says nothing of is not checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Final, Literal

from kairos.core.geo import haversine_km
from kairos.signals.public_holidays import public_holiday
from kairos.trips.holiday_hours import on_holiday
from kairos.trips.hours import HoursState, visit_hours, why_unknown
from kairos.trips.itinerary import same_city
from kairos.trips.models import PACES, Candidate, Day, Itinerary, Slot
from kairos.trips.place_rows import FOOD_KIND
from kairos.trips.travel import lower_bound_minutes

__all__ = ["CONSTRAINTS", "CheckResult", "UnknownHours", "Verification", "verify"]

CONSTRAINTS: Final = ("open_at_slot", "days_filled", "in_city", "no_overlap", "day_length",
                      "travel_feasible", "no_duplicate", "locked_kept", "meal_allergy")  # fmt: skip
SHOWN: Final = 3
"""Failures named in a detail; the count says how many more."""


@dataclass(frozen=True)
class CheckResult:
    constraint: str
    passed: bool
    """True only when it ran on every slot with known inputs and nothing failed."""
    detail: str
    unchecked: tuple[str, ...] = ()
    """What it could not check (known inputs missing): the check is then not passed."""
    failures: int = 0

    @property
    def status(self) -> Literal["passed", "failed", "not_checked"]:
        return "passed" if self.passed else "failed" if self.failures else "not_checked"


@dataclass(frozen=True)
class UnknownHours:
    """A slot whose opening hours could not be checked, and why."""

    day: int
    date: date
    kind: str
    place_id: str
    name: str
    start: int
    end: int
    why: str
    text: str | None


@dataclass(frozen=True)
class Verification:
    results: tuple[CheckResult, ...]
    unknown_hours: tuple[UnknownHours, ...] = ()
    slot_hours: dict[tuple[int, str, str], HoursState] = field(default_factory=dict)
    """Per slot (day index, kind, place id): open, closed or unknown."""

    @property
    def passed(self) -> bool:
        """Every check ran on known inputs and passed: the trip is verified."""
        return all(r.passed for r in self.results)

    def failed(self) -> list[CheckResult]:
        return [r for r in self.results if r.status == "failed"]

    def not_checked(self) -> list[CheckResult]:
        return [r for r in self.results if r.status == "not_checked"]

    def unchecked_positions(self) -> bool:
        """Some place has no position (`in_city` could not measure it)."""
        return any(r.constraint == "in_city" and r.unchecked for r in self.results)


def _listed(items: list[str], shown: int = SHOWN) -> str:
    more = f" (+{len(items) - shown} more)" if len(items) > shown else ""
    return "; ".join(items[:shown]) + more


def _result(
    name: str, failures: list[str], ok: str, unchecked: list[str] | None = None,
    shown: int = SHOWN,
) -> CheckResult:  # fmt: skip
    """Passed when nothing failed and nothing was left unchecked; a failure's detail names the
    failures, a check that could not run everywhere names what it could not check."""
    unchecked = unchecked or []
    if failures:
        extra = f"; not checked: {_listed(unchecked)}" if unchecked else ""
        detail = _listed(failures, shown) + extra
        return CheckResult(name, False, detail, tuple(unchecked), len(failures))
    if unchecked:
        return CheckResult(name, False, f"{ok}; not checked: {_listed(unchecked)}",
                           tuple(unchecked))  # fmt: skip
    return CheckResult(name, True, ok)


def _hhmm(minute: int) -> str:
    return f"{minute // 60 % 24:02d}:{minute % 60:02d}"


def verify(itinerary: Itinerary) -> Verification:
    request = itinerary.request
    mode = request.travel_mode
    places: dict[str, Candidate] = {c.id: c for c in (*request.meals, *request.candidates)}
    opened: list[str] = []
    unknown: list[UnknownHours] = []
    slot_hours: dict[tuple[int, str, str], HoursState] = {}
    checked = 0
    city: list[str] = []
    overlap: list[str] = []
    length: list[str] = []
    travel: list[str] = []
    seen: dict[str, int] = {}
    dupes: list[str] = []
    unplaced: list[str] = []
    """Places whose distance from the centre cannot be measured (no position)."""
    assumed: list[str] = []
    """Legs timed by an allowance: a place at either end has no position."""
    for day in itinerary.days:
        label = f"day {day.index + 1}"
        holiday = public_holiday(request.city, day.date)  # a place's hours that day, as planned
        prev = request.hotel
        prev_end: int | None = None
        prev_known = True
        for slot in day.slots:
            place = places.get(slot.place_id)
            where = f"{slot.name} ({label}, {_hhmm(slot.start)}-{_hhmm(slot.end)})"
            if place is None:
                city.append(f"{where} is not among the request's places")
                continue
            place = on_holiday(place, holiday, day.weekday)
            state = visit_hours(place, day.weekday, slot.start, slot.end)
            slot_hours[(day.index, slot.kind, slot.place_id)] = state
            if state == "unknown":
                unknown.append(_unknown(day, slot, place))
            elif state == "closed":
                said = f" (its hours: “{place.hours_text}”)" if place.hours_text else ""
                opened.append(f"{where} is closed for part of its slot{said}")
            else:
                checked += 1
            if not same_city(place.city, request.city):
                city.append(f"{where} is in {place.city}")
            elif not place.positioned:
                unplaced.append(f"{where}: its source gives no position")
            elif (km := haversine_km(*itinerary.centre, place.lat, place.lng)) > request.radius_km:
                city.append(f"{where} is {km:.1f} km from the centre")
            if not slot.arrive <= slot.start < slot.end:
                overlap.append(f"{where}: arrives {_hhmm(slot.arrive)} after its start")
            if prev_end is not None and slot.arrive < prev_end + slot.travel_minutes:
                overlap.append(f"{where} overlaps the slot before it")
            if prev is not None and not (prev_known and place.positioned):
                assumed.append(f"{where}: {slot.travel_minutes} min allowed, a position unknown")
            elif prev is not None:
                km = haversine_km(prev[0], prev[1], place.lat, place.lng)
                if slot.travel_minutes + 0.5 < lower_bound_minutes(km, mode):
                    travel.append(f"{where}: {km:.2f} km in {slot.travel_minutes} min")
                between_stops = prev_end is not None
                if between_stops and slot.travel_minutes > mode.longest_leg and not slot.locked:
                    travel.append(f"{where}: a {slot.travel_minutes} min leg, over "
                                  f"{mode.longest_leg} min")  # fmt: skip
            # a place to eat may come back on another day, never twice in one (but a hawker
            # centre, food court or market: lunch and dinner there are two meals, not a repeat)
            key = (slot.place_id if slot.kind == "stop" else
                   f"{day.index}:{slot.kind}:{slot.place_id}" if slot.place_kind == FOOD_KIND
                   else f"{day.index}:{slot.place_id}")  # fmt: skip
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 2:
                dupes.append(f"{slot.name} appears more than once")
            prev, prev_end, prev_known = (place.lat, place.lng), slot.end, place.positioned
        if day.slots:
            first, last = day.slots[0], day.slots[-1]
            if first.arrive - first.travel_minutes < day.window[0]:
                length.append(f"{label} starts before {_hhmm(day.window[0])}")
            if last.end + day.return_minutes > day.window[1]:
                length.append(f"{label} ends after {_hhmm(day.window[1])}")
            if len(day.stops) > day.max_stops:
                length.append(
                    f"{label} has {len(day.stops)} stops, its pace allows {day.max_stops}"
                )
            if request.hotel is not None and prev is not None and not prev_known:
                assumed.append(f"{label}: back to the start, a position unknown")
            elif request.hotel is not None and prev is not None:
                km = haversine_km(prev[0], prev[1], *request.hotel)
                if day.return_minutes + 0.5 < lower_bound_minutes(km, mode):
                    travel.append(f"{label}: back to the start, {km:.2f} km in "
                                  f"{day.return_minutes} min")  # fmt: skip
    locked: list[str] = []
    reasons = {u.place_id: u.reason for u in itinerary.unplaced}
    for lock in request.locks:
        name = places[lock.place_id].name if lock.place_id in places else lock.place_id
        if not 0 <= lock.day < len(itinerary.days):
            locked.append(f"{name}: day {lock.day + 1} is not in the trip")
            continue
        kept = next((s for s in itinerary.days[lock.day].stops if s.place_id == lock.place_id),
                    None)  # fmt: skip
        if kept is None:
            locked.append(f"{name} is not on day {lock.day + 1}: "
                          f"{reasons.get(lock.place_id, 'not placed')}")  # fmt: skip
        elif lock.start is not None and kept.start != lock.start:
            locked.append(f"{name} starts {_hhmm(kept.start)}, locked at {_hhmm(lock.start)}")
    hours_unknown = [f"{u.name} (day {u.day + 1}, {_hhmm(u.start)}-{_hhmm(u.end)}): "
                     f"opening hours unknown" for u in unknown]  # fmt: skip
    results = (
        _result("open_at_slot", opened,
                f"{checked} slot{'' if checked == 1 else 's'} open throughout", hours_unknown),
        _days_filled(itinerary),
        _result("in_city", city, f"every place in {request.city} (≤ {request.radius_km:g} km)",
                unplaced),
        _result("no_overlap", overlap, "slots follow one another with the travel between"),
        _result("day_length", length, _day_length_said(itinerary)),
        _result("travel_feasible", travel,
                f"every leg at most {mode.speed_kmh:g} km/h and {mode.longest_leg} min "
                f"({mode.name})", assumed),
        _result("no_duplicate", dupes, _no_duplicate_said(itinerary)),
        _result("locked_kept", locked, f"{len(request.locks)} locked stops where locked"),
        _meal_allergy(itinerary),
        *((_step_free(itinerary, places),) if request.step_free else ()),
    )  # fmt: skip
    return Verification(results, tuple(unknown), slot_hours)


def _day_length_said(itinerary: Itinerary) -> str:
    """What `day_length` checked, with each day that holds more stops than the pace's usual
    (short visits, the planner's top-up): a check shown passed must hold for what the day's
    note says (an outside audit: "Fits the day" passed beside a day whose note said its visits
    end at 17:16 "instead of before 17:00")."""
    request = itinerary.request
    pace = PACES[request.pace]
    said = f"every day inside the {request.pace} pace's window"
    windows = {d.window for d in itinerary.days if d.slots}
    if len(windows) == 1:
        first, last = next(iter(windows))
        said += f" ({_hhmm(first)}–{_hhmm(last)}, the way back included)"
    over = [
        f"day {d.index + 1} holds {len(d.stops)} stops, more than the pace's usual "
        f"{pace.max_stops}, its visits ending at {_hhmm(max(s.end for s in d.stops))}"
        for d in itinerary.days
        if len(d.stops) > pace.max_stops
    ]
    return said + (f"; {_listed(over)}" if over else "")


def _no_duplicate_said(itinerary: Itinerary) -> str:
    """What `no_duplicate` checked, exactly, and each place to eat that comes back across the
    trip's meals (a certificate "no place twice" shown passed beside Lau Pa Sat for all four
    meals of a Singapore trip: an outside audit): the planner takes an unused place to eat
    within reach before one already on the trip, so a repeat says few are known near."""
    meals: dict[str, list[str]] = {}
    for day in itinerary.days:
        for slot in day.slots:
            if slot.kind != "stop":
                meals.setdefault(slot.place_id, []).append(slot.name)
    again = [f"{names[0]} for {len(names)} meals" for names in meals.values() if len(names) > 1]
    said = "no place to visit twice, no place to eat twice in a day (a food centre's lunch and "
    said += "dinner aside)"
    if again:
        said += f"; {_listed(again)}: Kairos knows few places to eat near these stops"
    return said


def _unknown(day: Day, slot: Slot, place: Candidate) -> UnknownHours:
    return UnknownHours(day.index, day.date, slot.kind, slot.place_id, slot.name, slot.start,
                        slot.end, why_unknown(place, day.weekday), place.hours_text)  # fmt: skip


def _days_filled(itinerary: Itinerary) -> CheckResult:
    """Every day has a stop, but a day the request keeps free; an empty day's detail carries
    the planner's reason."""
    free = itinerary.request.free_days
    empty = [_empty(d) for d in itinerary.days if not d.stops and d.index not in free]
    kept = sorted(d.index + 1 for d in itinerary.days if d.index in free)
    ok = "every day has at least one stop" + (
        f" (day {', '.join(map(str, kept))} free, as asked)" if kept else ""
    )
    return _result("days_filled", empty, ok, shown=len(empty))  # every empty day, named


def _empty(day: Day) -> str:
    why = next((n for n in day.notes if n.startswith("No stop could be planned")), None)
    return f"day {day.index + 1} ({day.date:%a %d %b}) has no stop" + (
        f": {why[len('No stop could be planned for this day: ') :].rstrip('.')}" if why else ""
    )


def _step_free(itinerary: Itinerary, places: dict[str, Candidate]) -> CheckResult:
    """Each stop as its source marks it (OSM `wheelchair`), read from the request's places."""
    failures: list[str] = []
    unknown: list[str] = []
    marked = 0
    for day in itinerary.days:
        for slot in day.stops:
            said = places[slot.place_id].step_free if slot.place_id in places else "unknown"
            where = f"{slot.name} (day {day.index + 1})"
            if said == "no":
                failures.append(f"{where}: its source says it is not wheelchair accessible")
            elif said == "unknown":
                unknown.append(f"{where}: its source says nothing of step-free access")
            else:
                marked += 1
    return _result("step_free", failures,
                   f"{marked} stop{'' if marked == 1 else 's'} marked wheelchair accessible by "
                   "its source", unknown)  # fmt: skip


def _meal_allergy(itinerary: Itinerary) -> CheckResult:
    meals = {m.id: m for m in itinerary.request.meals}
    failures: list[str] = []
    count = risky = 0
    for day in itinerary.days:
        for slot in (s for s in day.slots if s.kind != "stop"):
            count += 1
            where = f"{slot.kind} on day {day.index + 1} at {slot.name}"
            failures += _meal_failures(slot, meals.get(slot.place_id), where)
            risky += bool(slot.allergy is not None and slot.allergy.known_risk)
    return _result("meal_allergy", failures,
                   f"{count} meals; {risky} at a place with a known allergy risk, each naming it "
                   "and why it was kept")  # fmt: skip


def _meal_failures(slot: Slot, place: Candidate | None, where: str) -> list[str]:
    if place is None:
        return [f"{where}: not one of the places to eat the safety step passed"]
    if slot.allergy != place.allergy:
        return [f"{where}: does not carry its place's allergy check"]
    if place.allergy is not None and place.allergy.known_risk and not slot.risk_reason:
        return [f"{where}: a known allergy risk, kept without saying why"]
    return []
