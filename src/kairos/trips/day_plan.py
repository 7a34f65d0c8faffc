"""Planning one day of an itinerary: its timing from stops in order (`timeline.py` after
`routing.py`), adding a stop to a planned day when every stop it had still fits, and filling a
day left empty (a place no day holds, best ranked first, else a stop moved from the fullest day
that can spare one; else the day says why it is empty)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.day_notes import LIGHT_END, child_legs_note, food_note, light_note
from kairos.trips.day_slots import DARK_SAID, DUSK_SAID, by_daylight
from kairos.trips.daylight import dark_from
from kairos.trips.long_legs import (
    LONG_LEG_DROPS,
    SHORT_LEG,
    far_stop,
    longest_leg,
    nearer_choice,
)
from kairos.trips.models import PACES, Candidate, Day, Slot, TripRequest
from kairos.trips.named_places import named_first, shorten_named
from kairos.trips.routing import order_stops, path_km
from kairos.trips.season_visits import for_the_day, holiday_note, season_note, winter_beach
from kairos.trips.timeline import DaySpec, schedule_day
from kairos.trips.travel import reach_km

__all__ = [
    "FILL_TRIES",
    "LIGHT_END",
    "child_legs_note",
    "day_km",
    "day_spec",
    "even_out",
    "fill_day",
    "food_note",
    "light_note",
    "meals_near",
    "schedule",
    "spec_of",
    "stops_of",
    "top_up",
    "try_insert",
    "upgrade",
]  # fmt: skip

FILL_TRIES: Final = 30
"""Places no day holds tried on an empty day, best ranked first."""


def day_spec(request: TripRequest, index: int, max_stops: int, buffer: int) -> DaySpec:
    pace = PACES[request.pace]
    day = request.dates[index]
    dark = dark_from(day, request.city, request.centre)
    first, last = request.hours  # the traveller's own hours, else the pace's
    window = (pace.day_start if first is None else first, pace.day_end if last is None else last)
    return DaySpec(index, day, window, max_stops, buffer, pace.lunch_minutes, pace.dinner, dark,
                   _night_end(request), said_end=last is not None, diets=request.diets)  # fmt: skip


CHILD_NIGHT_END: Final = 21 * 60 + 30
"""With children, an evening-only visit (a night safari) ends by this minute."""


def _night_end(request: TripRequest) -> int | None:
    return CHILD_NIGHT_END if request.children else None


def spec_of(
    request: TripRequest, day: Day, max_stops: int | None = None, extra: int = 0
) -> DaySpec:
    pace = PACES[request.pace]
    # a day run late by its evening stop gives no other stop that evening
    last = request.hours[1]
    window = (day.window[0], min(day.window[1], pace.day_end if last is None else last))
    return DaySpec(day.index, day.date, window, max_stops or day.max_stops, day.buffer + extra,
                   pace.lunch_minutes, pace.dinner,
                   dark_from(day.date, request.city, request.centre),
                   _night_end(request), said_end=last is not None, diets=request.diets)  # fmt: skip


def schedule(
    request: TripRequest,
    spec: DaySpec,
    stops: Sequence[Candidate],
    meals: Sequence[Candidate],
    used_meals: set[str],
    keep_order: bool = False,
) -> tuple[Day, list[tuple[Candidate, str]]]:
    """`keep_order`: the stops are already in visiting order (a day with one stop left out):
    the traveller's day re-timed, which keeps every stop it can time, a long leg's too (nothing
    tops it up again, so a far stop given way would leave it thinner than asked)."""
    home = request.hotel
    # a beach in winter is a short walk (a stop re-timed comes back already shortened)
    stops = for_the_day(list(stops), spec.date, request.city)  # a holiday's hours too
    shortened = {c.id for c in stops if winter_beach(c, spec.date)}
    order = (list(range(len(stops))) if keep_order
             else order_stops([(c.lat, c.lng) for c in stops], home))  # fmt: skip
    locks = {lk.place_id: lk for lk in request.locks if lk.day == spec.index}
    ordered = [stops[i] for i in order]
    if not keep_order:  # the places the traveller named come first
        ordered = named_first(ordered, request.named, spec.date.weekday())
    taken = set(used_meals)
    day, skipped = schedule_day(spec, ordered, mode=request.travel_mode, hotel=home,
                                meals=meals, used_meals=taken, locks=locks)  # fmt: skip
    if any(why.startswith((DARK_SAID, DUSK_SAID)) for _, why in skipped):
        # dusk came before a park or a temple: those first, the route's order otherwise
        first = named_first(sorted(ordered, key=lambda c: not by_daylight(c, spec.date.weekday())),
                            request.named, spec.date.weekday())  # fmt: skip
        again = set(used_meals)
        retry = schedule_day(spec, first, mode=request.travel_mode, hotel=home, meals=meals,
                             used_meals=again, locks=locks)  # fmt: skip
        if len(retry[1]) < len(skipped):
            (day, skipped), taken = retry, again
            ordered = first
    if any(c.id in request.named for c, _ in skipped):
        # a named place is shortened rather than dropped: the fillers give way
        def retime(trial: list[Candidate]) -> tuple[Day, list[tuple[Candidate, str]]]:
            return schedule_day(spec, trial, mode=request.travel_mode, hotel=home, meals=meals,
                                used_meals=set(used_meals), locks=locks)  # fmt: skip

        day, skipped = shorten_named((day, skipped), ordered, request.named, retime)
        taken = used_meals | {s.place_id for s in day.slots if s.kind != "stop"}
    for _ in range(0 if keep_order else LONG_LEG_DROPS):  # a far stop gives way to nearer ones
        found = far_stop(day, {*locks, *request.named})
        far, leg = found if found is not None else (None, 0)
        gone = next((c for c in ordered if far is not None and c.id == far.place_id), None)
        if far is None or gone is None or not nearer_choice(request, ordered, gone):
            break
        keep, again = [c for c in ordered if c is not gone], set(used_meals)
        trial = schedule_day(spec, keep, mode=request.travel_mode, hotel=home, meals=meals,
                             used_meals=again, locks=locks)  # fmt: skip
        if not {c.id for c, _ in trial[1]} <= {c.id for c, _ in skipped}:
            break
        why = (f"a {leg}-min leg from the rest of the day: a leg over {SHORT_LEG} min "
               "is kept for a place you name or lock, and nearer places fill the day")  # fmt: skip
        day, skipped, taken, ordered = trial[0], [*trial[1], (gone, why)], again, keep
    used_meals.update(taken)
    short = [s.name for s in day.stops if s.place_id in shortened]
    if (said := season_note(short, spec.date)) is not None:
        day = replace(day, notes=(*day.notes, said))
    if (holiday := holiday_note(request.city, spec.date)) is not None:
        day = replace(day, notes=(*day.notes, holiday))
    return day, skipped


def meals_near(meals: Sequence[Candidate], stops: Sequence[Candidate]) -> list[Candidate]:
    """Meal candidates near a day's area (its stops' box widened by 10 km: a dinner after the
    day may be on the way back, `timeline.DINNER_LEG`), so timing a day never scans every
    restaurant of a city."""
    if not stops:
        return []
    pad = 10 / 111
    lat0, lat1 = min(c.lat for c in stops) - pad, max(c.lat for c in stops) + pad
    lng0, lng1 = min(c.lng for c in stops) - pad * 2, max(c.lng for c in stops) + pad * 2
    return [m for m in meals if lat0 <= m.lat <= lat1 and lng0 <= m.lng <= lng1]


def stops_of(day: Day, by_id: dict[str, Candidate]) -> list[Candidate]:
    return [by_id[s.place_id] for s in day.stops if s.place_id in by_id]


def try_insert(
    request: TripRequest, day: Day, c: Candidate, by_id: dict[str, Candidate],
    meals: Sequence[Candidate], used_meals: set[str],
) -> Day | None:  # fmt: skip
    """The day re-planned with `c` added when every stop it had still fits, else None."""
    current = stops_of(day, by_id)
    if len(current) >= day.max_stops:
        return None
    own_meals = {s.place_id for s in day.slots if s.kind != "stop"}
    spec = spec_of(request, day)
    trial_used = used_meals - own_meals
    stops = [*current, c]
    new, skipped = schedule(request, spec, stops, meals_near(meals, stops), trial_used)
    if skipped:
        return None
    used_meals.clear()
    used_meals.update(trial_used)
    return new


def day_km(day: Day, request: TripRequest) -> float:
    points = [(s.lat, s.lng) for s in day.slots]
    return path_km(points, range(len(points)), request.hotel if points else None)


def locked_elsewhere(request: TripRequest, index: int) -> set[str]:
    """Places locked to another day of the trip: they go on their own day or stay unplaced with
    the reason, never filling this one (a lock to a day outside the trip binds no day)."""
    return {lk.place_id for lk in request.locks if lk.day != index and 0 <= lk.day < request.days}


def fill_day(
    request: TripRequest, days: list[Day], index: int, pool: Sequence[Candidate],
    by_id: dict[str, Candidate], meals: Sequence[Candidate], missed: dict[int, list[str]],
) -> Day:  # fmt: skip
    """An empty day filled with a place no day holds (best ranked first), else with a stop
    moved from the fullest day that can spare one; else left empty with a note saying why.
    `days` is updated in place when a stop moves."""
    empty = days[index]
    used = {s.place_id for d in days for s in d.stops} | locked_elsewhere(request, index)
    used_meals = {s.place_id for d in days for s in d.slots if s.kind != "stop"}
    for c in [c for c in pool if c.id not in used][:FILL_TRIES]:
        if (filled := try_insert(request, empty, c, by_id, meals, set(used_meals))) is not None:
            return filled
    locked = {lk.place_id for lk in request.locks}
    for donor in sorted((d for d in days if len(d.stops) >= 2), key=lambda d: -len(d.stops)):
        current = stops_of(donor, by_id)
        own = {s.place_id for s in donor.slots if s.kind != "stop"}
        for c in sorted((c for c in current if c.id not in locked), key=lambda c: -c.rank):
            keep = [k for k in current if k.id != c.id]
            spec = spec_of(request, donor)
            others = used_meals - own
            thinner, skipped = schedule(request, spec, keep, meals_near(meals, keep), others)
            if skipped:
                continue
            taken = others | {s.place_id for s in thinner.slots if s.kind != "stop"}
            if (filled := try_insert(request, empty, c, by_id, meals, taken)) is not None:
                days[donor.index] = thinner
                moved = f"{c.name} moved here from day {donor.index + 1}, so no day is empty"
                return replace(filled, notes=(*filled.notes, moved))
    why = missed.get(index) or []
    if why:
        reason = f"none of the places planned for it could be fitted ({'; '.join(why[:2])})"
    elif not pool:
        reason = "no place to visit fits the trip"
    elif len(pool) < len(days):
        reason = (f"only {len(pool)} place{'s' if len(pool) != 1 else ''} to visit "
                  f"fit{'s' if len(pool) == 1 else ''} the trip, fewer than its days")  # fmt: skip
    else:
        reason = (f"every one of the {len(pool)} places to visit that fit the trip is on "
                  "another day, and none could be moved here")  # fmt: skip
    return replace(empty, notes=(*empty.notes, f"No stop could be planned for this day: {reason}."))


FULL_END: Final[Mapping[str, int]] = {"relaxed": 15 * 60, "moderate": 17 * 60, "packed": 17 * 60}
"""A day whose visits end before this minute (by pace) is topped up with places no day holds:
a sightseeing day runs to about 17:00, a relaxed one to about 15:00."""
SHORT_EXTRA: Final = 2
"""Stops a day of short visits may hold past its pace's number while its visits end before
`FULL_END` (three 20-minute stops are not a relaxed day's full share)."""
TOP_UP_TRIES: Final = 8
"""Places tried per day when topping it up, nearest to its stops first (each try re-times the
day: the planner's time stays within its budget)."""


TOP_UP_LEG: Final = SHORT_LEG
"""Minutes a leg to or from a place added to fill a day may take (a longer one the day did not
have already is not taken for a filler: t57 and t01 ended their days with a 70-minute leg)."""


EVENING: Final = 18 * 60
"""A stop starting at this minute or later is the day's evening (a night safari at 19:30):
the afternoon before it is topped up all the same."""


def _visits_end(day: Day) -> int:
    """When the day's daytime visits end (an evening stop left aside)."""
    return max((s.end for s in day.stops if s.start < EVENING), default=0)


def _away(c: Candidate, stops: Sequence[Slot]) -> float:
    return min(haversine_km(s.lat, s.lng, c.lat, c.lng) for s in stops)


def top_up(
    request: TripRequest, days: list[Day], active: Sequence[int], pool: Sequence[Candidate],
    by_id: dict[str, Candidate], meals: Sequence[Candidate],
) -> None:  # fmt: skip
    """A day with stops whose visits end before `FULL_END` takes places no day holds (the
    nearest to its stops within a `TOP_UP_LEG` leg first, then the better ranked of those whose
    distance is not known: no position on the place or on the day's stops) while each makes it
    end later (one whose hours are unknown, by dusk: `daylight.dark_from`) and adds no measured
    leg over `TOP_UP_LEG` minutes the day did not have; past
    the pace's number of stops by at most `SHORT_EXTRA`, said on the day (short visits), and
    then only with places of note (a `minor` filler never takes a day past its pace's stops).
    `days` is updated in place."""
    mode = request.travel_mode
    reach = reach_km(replace(mode, longest_leg=min(mode.longest_leg, TOP_UP_LEG)))
    usual = PACES[request.pace].max_stops
    full_end = FULL_END[request.pace]
    used = {s.place_id for d in days for s in d.stops}
    for index in active:
        day = days[index]
        here = [s for s in day.stops if s.positioned]
        if not day.stops or _visits_end(day) >= full_end:
            continue
        taken = used | locked_elsewhere(request, index)
        near = sorted(((_away(c, here), c) for c in pool
                       if here and c.id not in taken and c.positioned),
                      key=lambda p: (p[0], p[1].rank, p[1].id))  # fmt: skip
        # a place or a day without a position has no measured distance: the better ranked of
        # those follow the places within a leg (a city whose sources give no positions is
        # topped up all the same)
        unknown = sorted((c for c in pool if c.id not in taken and not (here and c.positioned)),
                         key=lambda c: (c.rank, c.id))  # fmt: skip
        tries = [c for km, c in near if km <= reach] + unknown
        dark = dark_from(day.date, request.city, request.centre) or 24 * 60
        for c in tries[:TOP_UP_TRIES]:
            if _visits_end(day) >= full_end or len(day.stops) >= usual + SHORT_EXTRA:
                break
            if c.minor and len(day.stops) >= usual:  # past the pace's stops: no more fillers
                continue
            room = replace(day, max_stops=max(day.max_stops, len(day.stops) + 1))
            used_meals = {s.place_id for d in days for s in d.slots if s.kind != "stop"}
            new = try_insert(request, room, c, by_id, meals, used_meals)
            # a place whose hours are unknown, added to fill a day, never runs its visits on
            # past dusk (it may well be shut; a temple far out in the dark)
            known = c.hours is not None and c.hours[day.date.weekday()] is not None
            dusk = max(24 * 60 if known else dark, _visits_end(day))
            if (
                new is not None
                and _visits_end(day) < _visits_end(new) <= dusk
                and longest_leg(new) <= max(TOP_UP_LEG, longest_leg(day))
            ):
                days[index] = day = new
                used.add(c.id)
        if len(day.stops) > usual:
            end = _visits_end(day)
            said = (f"{len(day.stops)} stops, more than the {request.pace} pace's usual {usual}: "
                    f"the visits are short, and with them the day's visits end at {_clock(end)}, "
                    f"past the {_clock(full_end)} a {request.pace} day's visits usually end by"
                    if end >= full_end else
                    f"{len(day.stops)} stops, more than the {request.pace} pace's usual {usual}, "
                    f"and still the day's visits end at {_clock(end)}: the visits are short, and "
                    "no other place Kairos knows within reach fits the afternoon")  # fmt: skip
            days[index] = replace(day, notes=(*day.notes, said))


def _clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def even_out(
    request: TripRequest, days: list[Day], active: Sequence[int], by_id: dict[str, Candidate],
    meals: Sequence[Candidate],
) -> None:  # fmt: skip
    """Stops moved from the fullest day to the thinnest while they differ by two or more (the
    least preferred, unlocked stop that fits), so no day holds one stop while another holds
    five. `days` is updated in place."""
    locked = {lk.place_id for lk in request.locks}
    for _ in range(len(active) * PACES[request.pace].max_stops):
        ordered = sorted(active, key=lambda i: (len(days[i].stops), i))
        thin, full = days[ordered[0]], days[ordered[-1]]
        if len(full.stops) - len(thin.stops) < 2:
            return
        used_meals = {s.place_id for d in days for s in d.slots if s.kind != "stop"}
        current = stops_of(full, by_id)
        own = {s.place_id for s in full.slots if s.kind != "stop"}
        moved = False
        for c in sorted((c for c in current if c.id not in locked), key=lambda c: (-c.rank, c.id)):
            keep = [k for k in current if k.id != c.id]
            others = used_meals - own
            thinner, skipped = schedule(request, spec_of(request, full), keep,
                                        meals_near(meals, keep), set(others))  # fmt: skip
            if skipped:
                continue
            taken = others | {s.place_id for s in thinner.slots if s.kind != "stop"}
            if (filled := try_insert(request, thin, c, by_id, meals, taken)) is not None:
                days[full.index], days[thin.index] = thinner, filled
                moved = True
                break
        if not moved:
            return


UPGRADE_PLACES: Final = 2
"""The best-ranked places no day held that are tried (each try re-times a day: the planner's
time stays within its budget)."""
UPGRADE_TRIES: Final = 2
"""Stops of a day tried, least preferred first, in place of a better-ranked place no day held."""


def upgrade(
    request: TripRequest, days: list[Day], active: Sequence[int], by_id: dict[str, Candidate],
    meals: Sequence[Candidate], waiting: Sequence[Candidate],
) -> list[Candidate]:  # fmt: skip
    """Places no day could hold (best ranked first) put in place of a less preferred, unlocked
    stop of a day that then still times out: a city's landmark is not left out for a lesser
    place. `days` is updated in place; the stops that gave way are returned."""
    locked = {lk.place_id for lk in request.locks}
    dropped: list[Candidate] = []
    unique = {c.id: c for c in waiting}.values()  # a place unplaced for two reasons waits once
    for c in sorted(unique, key=lambda c: (c.rank, c.id))[:UPGRADE_PLACES]:
        if any(c.id == s.place_id for d in days for s in d.stops):
            continue
        for index in active:
            day = days[index]
            current = stops_of(day, by_id)
            lesser = sorted((k for k in current if k.id not in locked and k.rank > c.rank),
                            key=lambda k: (-k.rank, k.id))[:UPGRADE_TRIES]  # fmt: skip
            used_meals = {s.place_id for d in days for s in d.slots if s.kind != "stop"}
            others = used_meals - {s.place_id for s in day.slots if s.kind != "stop"}
            for out in lesser:
                trial = [k for k in current if k.id != out.id] + [c]
                new, skipped = schedule(request, spec_of(request, day), trial,
                                        meals_near(meals, trial), set(others))  # fmt: skip
                if not skipped:
                    days[index] = new
                    dropped.append(out)
                    break
            else:
                continue
            break
    return dropped
