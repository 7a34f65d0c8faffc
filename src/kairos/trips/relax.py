"""A day made more relaxed ("make day 2 more relaxed"): one stop fewer (the least notable one
not locked, never a site's stop while another is free: `sites.given_way_first`) and more
minutes between stops, the day's order kept.

A day of two stops keeps both: leaving one out left a relaxed New York day with the Statue of
Liberty alone, ending 11:30 (panel t23, half A). It starts `LATER_START` minutes later and has
twice the added time between its stops instead, and says so; only when the two no longer fit
so does one give way as on a longer day.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Final

from kairos.trips.day_plan import meals_near, schedule, spec_of
from kairos.trips.day_slots import clock
from kairos.trips.models import Candidate, Day, TripRequest, Unplaced
from kairos.trips.sites import given_way_first, site_note

__all__ = ["LATER_START", "relax_day"]

LATER_START: Final = 30
"""Minutes later a day of two stops made more relaxed starts (its two stops both kept)."""


def _both_kept(
    request: TripRequest, day: Day, stops: Sequence[Candidate], meals: Sequence[Candidate],
    other_meals: set[str], extra: int,
) -> Day | None:  # fmt: skip
    """The day's two stops re-timed from `LATER_START` minutes later with `2 × extra` more
    minutes between them; None when either no longer fits."""
    spec = spec_of(request, day, len(stops), 2 * extra)
    spec = replace(spec, window=(min(spec.window[0] + LATER_START, spec.window[1]),
                                 spec.window[1]))  # fmt: skip
    new, skipped = schedule(request, spec, stops, meals_near(meals, stops), set(other_meals),
                            keep_order=True)  # fmt: skip
    return None if skipped or len(new.stops) < len(stops) else new


def relax_day(
    request: TripRequest, day: Day, stops: Sequence[Candidate], locked: Collection[str],
    site_stops: Collection[str], site_notes: Mapping[str, str], meals: Sequence[Candidate],
    other_meals: set[str], extra: int,
) -> tuple[Day, list[str], list[Unplaced]]:  # fmt: skip
    """The day made more relaxed, the notes that say how, and the stops it left out (`stops`:
    the day's, in order; `locked`: ids locked to it; `other_meals`: the meal places of the other
    days)."""
    label = f"day {day.index + 1}"
    free = [c for c in stops if c.id not in locked]
    if not free:
        return day, [f"{label}: nothing to leave out, all locked"], []
    if len(stops) <= 1:
        return day, [f"{label} has one stop: it is as relaxed as it gets, and is unchanged"], []
    if len(stops) == 2 and (kept := _both_kept(request, day, stops, meals, other_meals, extra)):
        kept = site_note(kept, site_notes)
        said = (f"{label}: both its stops kept, from {clock(kept.stops[0].start)} with more "
                "time between (leaving one out would leave a day of one stop)")  # fmt: skip
        return kept, [said], []
    dropped = given_way_first(free, site_stops)
    keep = [c for c in stops if c.id != dropped.id]
    # the day's order kept: leaving a stop out never needs a new route; less time between
    # stops rather than a second stop lost (a lunch hour kept free can leave less room)
    for more in (extra, extra // 2, 0):
        spec = spec_of(request, day, max(1, len(keep)), more)
        new, skipped = schedule(request, spec, keep, meals_near(meals, keep), set(other_meals),
                                keep_order=True)  # fmt: skip
        if not skipped:
            break
    new = site_note(new, site_notes)
    gone = [Unplaced(dropped.id, dropped.name, f"left out to make {label} more relaxed")]
    gone += [Unplaced(c.id, c.name, why) for c, why in skipped]
    # counted against the day as it was shown: a stop the re-plan could not fit is one more
    fewer = len(day.stops) - len(new.stops)
    said = "one stop fewer" if fewer == 1 else f"{fewer} stops fewer"
    return new, [f"{label}: {said}, more time between"], gone
