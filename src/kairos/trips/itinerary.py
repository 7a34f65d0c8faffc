"""The itinerary planner: candidates → days × timed slots, deterministic, no I/O.

1. Candidates that cannot be routed or visited are left out with the reason (`excluded`):
   lodging, a visit longer than the day, farther than `radius_km` from the city's centre or in
   another city, closed on every day of the trip (hours known), a duplicate (same id, or the
   same name within 200 m).
2. The best-ranked remaining candidates, up to the pace's stops per day × days (locked stops
   always), are clustered into one area per day (`clustering.py`: balanced k-means).
3. Each day's stops are ordered (`routing.py`: nearest neighbour + 2-opt, a loop from the hotel
   when there is one) and timed (`timeline.py`: opening hours, the pace's window, meal breaks).
4. Stops a day could not hold are offered to every day with room, at the position that adds the
   least distance, kept only where the whole day still times out; one still left out takes the
   place of a less preferred stop where the day then times out (`day_plan.upgrade`); the rest
   are `unplaced`.
5. A day still empty is filled (`day_plan.fill_day`), or says why it is empty; stops move from
   the fullest day to the thinnest while they differ by two or more (`day_plan.even_out`), and
   a day whose visits still end before 17:00 (15:00 at a relaxed pace) takes places no day
   holds, nearest first (`day_plan.top_up`); a day still light (one stop, or visits ending by
   15:00) says why. A day the request keeps free (`free_days`) holds nothing but what was
   locked to it.

`refine_day` changes one day and leaves the others as they were.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from statistics import median
from typing import Final

from kairos.core.geo import haversine_km
from kairos.signals.geocoding.cities import find_city
from kairos.signals.public_holidays import public_holiday
from kairos.trips.clustering import cluster_by_day
from kairos.trips.day_notes import top_notes
from kairos.trips.day_plan import (
    child_legs_note,
    day_km,
    day_spec,
    even_out,
    fill_day,
    food_note,
    light_note,
    meals_near,
    schedule,
    spec_of,
    stops_of,
    top_up,
    try_insert,
    upgrade,
)
from kairos.trips.flagships import lengthen_flagships
from kairos.trips.holiday_hours import holiday_days
from kairos.trips.hours import allowed_spans, by_appointment_only
from kairos.trips.kind_groups import fits, kind_groups
from kairos.trips.models import PACES, Candidate, Day, Itinerary, TripRequest, Unplaced
from kairos.trips.named_places import NAMED_LEAD, asked_notes
from kairos.trips.relax import relax_day
from kairos.trips.sites import one_stop_per_site, site_note
from kairos.trips.travel import reach_km
from kairos.trips.water import boat_reason

__all__ = [
    "KIND_GROUPS",
    "MoreRelaxed",
    "SwapStop",
    "plan_itinerary",
    "refine_day",
    "same_city",
    "trip_centre",
]

KIND_GROUPS: Final = {name: group.kinds for name, group in kind_groups().items()}
"""What a swap for "something outdoors" (or cultural, …) may bring: kinds or POI categories
(`trips/data/kind_groups.toml`; `kind_groups.fits` also keeps out what a group's `never` says)."""
NOT_STOPS: Final = frozenset({"lodging"})
DUPLICATE_KM: Final = 0.2
_KM_PER_DEGREE: Final = 111.0


def _key(text: str) -> str:
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def _km(a: Candidate, b: Candidate) -> float:
    return haversine_km(a.lat, a.lng, b.lat, b.lng)


@lru_cache(maxsize=4096)
def same_city(a: str, b: str) -> bool:
    """Two spellings of one city ("Kathmandu Valley" and "Kathmandu", "Washington, D.C.")."""
    ca, cb = find_city(a), find_city(b)
    return ca == cb if ca is not None and cb is not None else _key(a) == _key(b)


def trip_centre(request: TripRequest) -> tuple[float, float]:
    if request.centre is not None:
        return request.centre
    if (city := find_city(request.city)) is not None:
        return city.lat, city.lng
    inside = [c for c in request.candidates if same_city(c.city, request.city)]
    if not inside:
        return (0.0, 0.0)
    return median(c.lat for c in inside), median(c.lng for c in inside)


def _needs_booking(c: Candidate, request: TripRequest) -> str | None:
    """Why a place open by appointment only, or reached by boat and not named, is not a walk-in
    stop (None: it may be one)."""
    if by_appointment_only(c) and not request.by_appointment:
        return (f"visits are by appointment only (its source: “{c.hours_text}”): not a walk-in "
                "stop; book a visit and ask for it by name")  # fmt: skip
    return boat_reason(c, request.named)


def _excluded_reason(c: Candidate, request: TripRequest, centre: tuple[float, float]) -> str | None:
    pace = PACES[request.pace]
    if c.kind in NOT_STOPS:
        return f"a {c.kind}, not a place to visit"
    if not same_city(c.city, request.city):
        return f"in {c.city}, not {request.city}"
    if haversine_km(centre[0], centre[1], c.lat, c.lng) > request.radius_km:
        return f"more than {request.radius_km:g} km from the centre of {request.city}"
    if c.duration <= 0 or c.duration > pace.day_end - pace.day_start:
        return f"a {c.duration}-minute visit does not fit a {pace.name} day"
    weekdays = {d.weekday() for i, d in enumerate(request.dates) if i not in request.free_days}
    if weekdays and all(not any(b - a >= c.duration for a, b in allowed_spans(c, w))
                        for w in weekdays):  # fmt: skip
        return "closed (or open too briefly for a visit) on every day of the trip"
    return None


@dataclass(frozen=True)
class _Prepared:
    pool: list[Candidate]
    excluded: list[Unplaced]
    booking: list[Unplaced]
    """Places a traveller must book (listed with the places not placed)."""
    sites: dict[str, str]
    """What a site's one stop says on its day (`sites.one_stop_per_site`), by its id."""
    site_stops: dict[str, Candidate]
    """The site's stops as planned (visit lengthened, best part's rank), by id."""


def _prepare(request: TripRequest, centre: tuple[float, float]) -> _Prepared:
    excluded: list[Unplaced] = []
    booking: list[Unplaced] = []
    kept: list[Candidate] = []
    locked = {lk.place_id for lk in request.locks}
    # a place the traveller named comes right after the locked ones, and is preferred to any
    # other stop wherever stops are weighed (a day's least preferred stop gives way first)
    ordered = sorted((replace(c, rank=c.rank - NAMED_LEAD) if c.id in request.named else c
                      for c in request.candidates),
                     key=lambda c: (c.id not in locked, c.rank, c.id))  # fmt: skip
    seen: set[str] = set()
    by_name: dict[str, list[Candidate]] = {}
    for c in ordered:
        if c.id in seen:
            continue
        seen.add(c.id)
        key = _key(c.name)
        if any(_km(k, c) <= DUPLICATE_KM for k in by_name.get(key, ())):
            excluded.append(Unplaced(c.id, c.name, "the same place as another candidate"))
            continue
        if (why := _excluded_reason(c, request, centre)) is not None:
            excluded.append(Unplaced(c.id, c.name, why))
            continue
        if c.id not in locked and (why := _needs_booking(c, request)) is not None:
            booking.append(Unplaced(c.id, c.name, why))
            continue
        kept.append(c)
        by_name.setdefault(key, []).append(c)
    kept, parts, sites = one_stop_per_site(kept, locked | request.named)
    excluded += [Unplaced(c.id, c.name, why) for c, why in parts]
    alone = _alone(kept, reach_km(request.travel_mode)) - locked - request.named
    site_stops = {c.id: c for c in kept if c.id in sites}
    return _Prepared([c for c in kept if c.id not in alone] + [c for c in kept if c.id in alone],
                     excluded, booking, sites, site_stops)  # fmt: skip


def _alone(candidates: Sequence[Candidate], reach: float) -> set[str]:
    """Candidates with no other within one leg's reach: a day around one of them would hold it
    alone, so they come after every candidate that has a neighbour (and fill in only when the
    others do not fill the trip)."""
    by_lat = sorted(candidates, key=lambda c: c.lat)
    lats = [c.lat for c in by_lat]
    band = reach / _KM_PER_DEGREE
    alone = set()
    for i, c in enumerate(by_lat):
        lo, hi = bisect_left(lats, c.lat - band), bisect_right(lats, c.lat + band)
        if not any(j != i and _km(c, by_lat[j]) <= reach for j in range(lo, hi)):
            alone.add(c.id)
    return alone


def _usable_meals(request: TripRequest, centre: tuple[float, float]) -> list[Candidate]:
    """Meal places of the trip's city, within its radius: a break is held to the same rules."""
    return [m for m in request.meals if same_city(m.city, request.city)
            and haversine_km(centre[0], centre[1], m.lat, m.lng) <= request.radius_km]  # fmt: skip


FREE_DAY: Final = "A free day, as you asked: nothing is planned."


def plan_itinerary(request: TripRequest) -> Itinerary:
    pace = PACES[request.pace]
    centre = trip_centre(request)
    prepared = _prepare(request, centre)
    by_id = {c.id: c for c in prepared.pool}
    locks = {lk.place_id: lk for lk in request.locks if 0 <= lk.day < request.days}
    unplaced = [Unplaced(lk.place_id, by_id[lk.place_id].name if lk.place_id in by_id else
                         lk.place_id, "locked to a day outside the trip")
                for lk in request.locks if lk.place_id not in locks]  # fmt: skip
    unplaced += prepared.booking
    for lk in locks.values():
        if lk.place_id not in by_id:
            why = next((u.reason for u in prepared.excluded if u.place_id == lk.place_id),
                       "not among the candidates")  # fmt: skip
            unplaced.append(Unplaced(lk.place_id, lk.place_id, f"locked, but {why}"))
    # a free day holds only what the traveller locked to it
    pinned_days = {lk.day for lk in locks.values()}
    active = [i for i in range(request.days) if i not in request.free_days or i in pinned_days]
    capacity = pace.max_stops * len(active)
    pool = prepared.pool[: max(capacity, len(locks))]
    pinned = {i: active.index(locks[c.id].day) for i, c in enumerate(pool) if c.id in locks}
    groups = cluster_by_day([(c.lat, c.lng) for c in pool], len(active), pace.max_stops, pinned)
    holidays = [public_holiday(request.city, request.dates[i]) for i in active]
    groups = holiday_days(groups, holidays, pool, set(pinned.values()))  # gated places moved off
    meals = _usable_meals(request, centre)
    used_meals: set[str] = set()
    days: list[Day] = []
    left: list[tuple[Candidate, str]] = []
    missed: dict[int, list[str]] = {}
    in_groups = {i for g in groups for i in g}
    left += [(c, "more candidates than the trip has room for")
             for i, c in enumerate(pool) if i not in in_groups]  # fmt: skip
    for index in range(request.days):
        if index not in active:
            days.append(Day(index, request.dates[index], (), (pace.day_start, pace.day_end),
                            pace.max_stops, pace.buffer, notes=(FREE_DAY,)))  # fmt: skip
            continue
        stops = [pool[i] for i in groups[active.index(index)]]
        first = day_spec(request, index, pace.max_stops, pace.buffer)
        day, skipped = schedule(request, first, stops, meals_near(meals, stops), used_meals)
        days.append(day)
        left += skipped
        missed[index] = [f"{c.name}: {why}" for c, why in skipped]
    for c, why in left:
        if c.id in locks:
            unplaced.append(Unplaced(c.id, c.name, f"locked to day {locks[c.id].day + 1}: {why}"))
            continue
        best: tuple[float, Day] | None = None
        for day in (d for d in days if d.index in active):
            trial = try_insert(request, day, c, by_id, meals, set(used_meals))
            if trial is not None:
                added = day_km(trial, request) - day_km(day, request)
                if best is None or added < best[0]:
                    best = (added, trial)
        if best is None:
            unplaced.append(Unplaced(c.id, c.name, why))
            continue
        trial = best[1]
        days[trial.index] = trial
        used_meals = {s.place_id for d in days for s in d.slots if s.kind != "stop"}
    # a place locked to a day outside the trip is listed unplaced yet may be planned as any other
    held = {s.place_id for d in days for s in d.stops}
    waiting = [
        by_id[u.place_id]
        for u in unplaced
        if u.place_id in by_id and u.place_id not in locks and u.place_id not in held
    ]
    gave_way = upgrade(request, days, active, by_id, meals, waiting)
    unplaced += [
        Unplaced(c.id, c.name, "gave way to a place that fits the request better") for c in gave_way
    ]
    for index in active:
        if not days[index].stops:
            days[index] = fill_day(request, days, index, prepared.pool, by_id, meals, missed)
    even_out(request, days, active, by_id, meals)
    top_up(request, days, active, prepared.pool, by_id, meals)
    lengthen_flagships(request, days, active, by_id, meals)  # where a day has room
    days = [site_note(child_legs_note(light_note(food_note(d, meals, request.city), days,
                                                 prepared.pool, request.city), request),
                      prepared.sites) if d.index in active else d for d in days]  # fmt: skip
    # the city having no place to eat, and days left out for want of places, said at the top
    # (after a place the traveller named and the trip leaves out: said first)
    days, said = top_notes(
        request, days, len(prepared.pool), bool(meals), set(active) - pinned_days
    )
    placed = {s.place_id for d in days for s in d.stops}
    unplaced = [u for u in unplaced if u.place_id not in placed]
    asked = asked_notes(request.named, {c.id: c.name for c in request.candidates}, unplaced,
                        prepared.excluded, placed)  # fmt: skip
    return Itinerary(request, tuple(days), tuple(unplaced), tuple(prepared.excluded), centre,
                     (*asked, *said), prepared.site_stops, prepared.sites)  # fmt: skip


@dataclass(frozen=True)
class MoreRelaxed:
    """One stop fewer (the least preferred one not locked) and `extra_buffer` more minutes
    between stops; a day of two keeps both, later and further apart (`trips.relax`)."""

    extra_buffer: int = 15


@dataclass(frozen=True)
class SwapStop:
    """Replace `place_id` with an unused candidate of `want` (a `KIND_GROUPS` name, or a kind /
    category): the best ranked within a leg's reach of it, then the nearest."""

    place_id: str
    want: str
    into: str | None = None
    """The place the swap brought in when it was first made: replayed after a lock (which may
    already hold that place on the day), the swap stands as it was."""


RefineChange = MoreRelaxed | SwapStop


def _matches(c: Candidate, want: str) -> bool:
    return fits(want, c.kind, c.category, c.name)


def _replace_day(itinerary: Itinerary, day: Day, notes: Iterable[str] = (),
                 unplaced: Iterable[Unplaced] = ()) -> Itinerary:  # fmt: skip
    days = tuple(day if d.index == day.index else d for d in itinerary.days)
    return replace(itinerary, days=days, notes=(*itinerary.notes, *notes),
                   unplaced=(*itinerary.unplaced, *unplaced))  # fmt: skip


def refine_day(itinerary: Itinerary, day_index: int, change: RefineChange) -> Itinerary:
    """The itinerary with only day `day_index` re-planned; unchanged, with a note saying why,
    when the change cannot be made."""
    request = itinerary.request
    if not 0 <= day_index < len(itinerary.days):
        raise ValueError(f"day_index {day_index} is outside the trip's {len(itinerary.days)} days")
    day = itinerary.days[day_index]
    # a site's stop as planned: its parts' visits and its best part's rank kept
    by_id = {**{c.id: c for c in request.candidates}, **itinerary.site_stops}
    stops = stops_of(day, by_id)
    locked = {lk.place_id for lk in request.locks if lk.day == day_index}
    other_meals = {s.place_id for d in itinerary.days if d.index != day_index
                   for s in d.slots if s.kind != "stop"}  # fmt: skip
    label = f"day {day_index + 1}"
    meals = _usable_meals(request, itinerary.centre)
    if isinstance(change, MoreRelaxed):
        new, notes, gone = relax_day(request, day, stops, locked, itinerary.site_stops,
                                     itinerary.site_notes, meals, other_meals,
                                     change.extra_buffer)  # fmt: skip
        return _replace_day(itinerary, new, notes, gone)
    out = by_id.get(change.place_id)
    on_day = {c.id for c in stops}
    if change.into is not None and change.into in on_day:  # a lock already holds it here
        if out is None or out.id not in on_day:
            return itinerary  # the swap stands as it was made
        keep = [c for c in stops if c.id != out.id]
        new, _ = schedule(request, spec_of(request, day), keep, meals_near(meals, keep),
                          set(other_meals))  # fmt: skip
        swapped = Unplaced(out.id, out.name, f"swapped out of {label}")
        return _replace_day(itinerary, new, [], [swapped])
    if out is None or out.id not in on_day:
        name = out.name if out is not None else "that stop"
        return _replace_day(itinerary, day, [f"{label}: {name} is not on that day"])
    used = set(itinerary.place_ids())
    centre = itinerary.centre
    options = [c for c in request.candidates if c.id not in used and _matches(c, change.want)
               and _excluded_reason(c, request, centre) is None
               and _needs_booking(c, request) is None]  # fmt: skip
    near = reach_km(request.travel_mode)

    def preferred(c: Candidate) -> tuple[bool, bool, float, float, str]:
        # the best ranked within a leg's reach (a place without a position may be anywhere:
        # its distance is no measure), then the nearest beyond it
        far = out.positioned and c.positioned and _km(out, c) > near
        return (c.id != change.into, far, _km(out, c) if far else c.rank, c.rank, c.id)

    options.sort(key=preferred)
    spec = spec_of(request, day)
    # the day re-routed, then in its planned order (an afternoon topped up after the day's
    # stops: re-routed, a temple shut at midday is reached late), then a stop of the day not
    # chosen giving way (a packed day run to the evening; t26: main found a park for it), one
    # stop only (a far park swapped in must not leave the day's other stops out)
    kept = {*locked, *request.named}
    for way, option in [(w, o) for w in ("route", "order", "give") for o in options[:20]]:
        # where the old stop was: a route with no positions keeps the given order, and a
        # museum open by day must not be tried only at the day's end
        trial = [option if c.id == out.id else c for c in stops]
        new, skipped = schedule(request, spec, trial, meals_near(meals, trial), set(other_meals),
                                keep_order=way == "order")  # fmt: skip
        gave = {c.id for c, _ in skipped}
        gives = way == "give" and len(gave) == 1 and kept.isdisjoint(gave) and option.id not in gave
        if not skipped or gives:
            note = f"{label}: {out.name} swapped for {option.name} ({change.want})"
            note += "".join(f"; {c.name} left out to make room" for c, _ in skipped)
            gone = [Unplaced(out.id, out.name, f"swapped out of {label}")]
            gone += [Unplaced(c.id, c.name, f"left out of {label} for {option.name}")
                     for c, _ in skipped]  # fmt: skip
            return _replace_day(itinerary, site_note(new, itinerary.site_notes), [note], gone)
    return _replace_day(itinerary, day, [f"{label}: no {change.want} place fits in place of "
                                         f"{out.name}, which stays"])  # fmt: skip
