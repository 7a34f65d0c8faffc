"""A city's flagship (its great museum, gallery, garden or palace) given the visit it deserves
where a day has room (issue 35 item 2: a flagship museum got the hour and a half of a minor one;
panel trips half A: "AGO only 1.5 h", t19; "Kelvingrove 1.5 h", t33; "Gardens by the Bay 1h",
t27).

A flagship is planned at its usual length first, so that it costs no stop; once the days are
filled and topped up, each day holding one is re-timed in the day's order with its flagship
visits, the best ranked first and one at a time, at `visit_length.FLAGSHIP_MINUTES` (else
the longest visit, by quarter hours and half an hour more at least, the day has room for), kept
so only when every stop and meal stays and its last stop still ends by the later of its end
and the pace's usual end for visits (`day_plan.FULL_END`). (Planned at two and a half hours
from the start, a Glasgow day lost the Burrell Collection to Kelvingrove's length: panel trips
half A t33, round 13.) A day past its pace's stops is full and left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from kairos.trips.day_plan import FULL_END, meals_near, schedule, spec_of, stops_of
from kairos.trips.models import PACES, Candidate, Day, TripRequest

__all__ = ["LEAST_GAIN", "LENGTH_STEP", "lengthen_flagships"]

LENGTH_STEP: Final = 15
"""Minutes a flagship's visit is shortened by, each try, when its full length does not fit."""
LEAST_GAIN: Final = 30
"""Minutes a flagship's visit must gain over its usual one to be lengthened at all."""


def _end(day: Day) -> int:
    return max((s.end for s in day.stops), default=0)


def _meals(day: Day) -> int:
    return sum(1 for s in day.slots if s.kind != "stop")


def lengthen_flagships(
    request: TripRequest, days: list[Day], active: Sequence[int], by_id: dict[str, Candidate],
    meals: Sequence[Candidate],
) -> None:  # fmt: skip
    """Each day's flagships at their full length where the day has room (see the module);
    `days` is updated in place."""
    usual = PACES[request.pace].max_stops
    for index in active:
        day = days[index]
        stops = stops_of(day, by_id)
        if len(stops) != len(day.stops) or len(stops) > usual:
            continue
        short = sorted((c for c in stops if c.full_minutes and c.full_minutes > c.duration),
                       key=lambda c: (c.rank, c.id))  # fmt: skip
        if not short:
            continue
        others = {s.place_id for d in days if d.index != index for s in d.slots if s.kind != "stop"}
        spec = spec_of(request, day)
        as_is, _ = schedule(request, spec, stops, meals_near(meals, stops), set(others),
                            keep_order=True)  # fmt: skip
        added = tuple(n for n in day.notes if n not in as_is.notes)  # said by a later step
        until = max(_end(day), FULL_END[request.pace])
        given: dict[str, int] = {}
        for flagship in short:  # the best ranked first, one at a time
            for minutes in _lengths(flagship):
                trial = [replace(c, duration=given.get(c.id, c.duration))
                         if c.id != flagship.id else replace(c, duration=minutes)
                         for c in stops]  # fmt: skip
                new, skipped = schedule(request, spec, trial, meals_near(meals, trial),
                                        set(others), keep_order=True)  # fmt: skip
                if skipped or len(new.stops) < len(day.stops) or _meals(new) < _meals(day):
                    continue
                if _end(new) > until:
                    continue
                given[flagship.id] = minutes
                days[index] = replace(new, notes=(*new.notes, *added))
                break


def _lengths(flagship: Candidate) -> list[int]:
    """The visits tried for a flagship, longest first: its full length, then shorter by
    `LENGTH_STEP` down to `LEAST_GAIN` more than its usual visit (a day ending at 16:30 with
    the Tokyo National Museum at an hour and a half gives it two: panel half A t25, afternoons
    empty from 16:00 where the city's sights are all placed)."""
    full = flagship.full_minutes or flagship.duration
    return list(range(full, flagship.duration + LEAST_GAIN - 1, -LENGTH_STEP))
