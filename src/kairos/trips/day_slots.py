"""Placing one stop or meal on a day's clock (`timeline.py` walks the day's order with these).

A stop is reached (travel by the mode), waited for when it opens later (at most `MAX_WAIT`;
before the day's first stop the day simply starts later), and placed only when no minute of its
visit is known closed (`trips/hours.py`) and the day can still end, the way back included,
inside the pace's window. A place outdoors (`kind_groups` "outdoors": a park, a garden, a
viewpoint, a beach; a garden by its name, `hours.garden_named`) is visited in daylight: its
visit ends by the day's `dark` minute (`daylight.py`), unless it opens only in the evening or
its name says it is a night visit. So is a temple, a shrine, a historic site or a landmark whose
hours that day are not known (`DUSK_KINDS`): such places mostly close at dusk or are seen from
outside, and a traveller does not reach a temple far out in the dark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Final, Literal

from kairos.trips.hours import allowed_spans, day_known, evening_only, garden_named, visit_hours
from kairos.trips.kind_groups import fits
from kairos.trips.models import Candidate, Slot, TravelMode
from kairos.trips.travel import CENTROID_LEG, UNKNOWN_LEG, Point, travel_minutes
from kairos.trips.water import boat_note, crossing

__all__ = [
    "DARK_SAID", "DUSK_KINDS", "DUSK_SAID", "IDLE_SAID", "MAX_WAIT", "DaySpec", "DayState",
    "by_daylight", "clock", "earliest_start", "outdoors", "place_slot", "try_stop",
]  # fmt: skip

MAX_WAIT: Final = 30
"""Minutes a traveller may wait for a stop to open (or a meal to start) before it is tried
elsewhere: longer waits are an empty stretch of the day."""

IDLE_SAID: Final = 60
"""Free time between two slots longer than this is said in words."""
DARK_SAID: Final = "outdoors, and dark"
"""How the reason a place outdoors was not placed (dusk came first) begins."""
DUSK_SAID: Final = "its hours are not known, and dark"
"""How the reason a temple or a historic site of unknown hours was not placed begins."""
DUSK_KINDS: Final = frozenset({"religious_site", "historic_site", "landmark"})
"""Kinds (or source categories) of places that mostly close at dusk, or a landmark (a
building, a monument, a structure a list names) seen from outside when its hours are not known:
not after dark (trips half A t51: a residence's facade planned at 17:18, dark from 16:11)."""


@dataclass(frozen=True)
class DaySpec:
    index: int
    date: date
    window: tuple[int, int]
    max_stops: int
    buffer: int
    lunch_minutes: int
    dinner: bool
    dark: int | None = None
    """The minute it is dark that day (`daylight.dark_from`); None: not known."""
    night_end: int | None = None
    """The latest minute an evening-only visit may end (with children: `CHILD_NIGHT_END`);
    None: when the place closes."""
    said_end: bool = False
    """The window's end is the traveller's ("back at the hotel by 5", "9am to 6pm"): nothing,
    dinner included, runs past it."""
    diets: tuple[str, ...] = ()
    """Diets said in the request: a meal prefers a place whose source says it serves them."""


@dataclass
class DayState:
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
    pos_boat: bool = False
    """True after a place reached by boat (`water.by_boat`): the leg from it takes the boat."""

    pos_pinned: bool = True
    """False after a place placed at a centroid: the leg from it takes `CENTROID_LEG` or more."""

    def leg(
        self, to: Point, known: bool = True, boat: bool = False, pinned: bool = True
    ) -> tuple[int, float]:
        if self.pos is None:
            return (0, 0.0)
        if not (known and self.pos_known):
            return (UNKNOWN_LEG + crossing(self.pos_boat, boat, 0.0), 0.0)
        minutes, km = travel_minutes(self.pos, to, self.mode)
        if not (pinned and self.pos_pinned):
            minutes = max(minutes, CENTROID_LEG)
        return minutes + crossing(self.pos_boat, boat, km), km

    def home(self, at: Point, known: bool = True, boat: bool = False, pinned: bool = True) -> int:
        if self.hotel is None:
            return 0
        way = travel_minutes(at, self.hotel, self.mode)[0] if known else UNKNOWN_LEG
        if known and not pinned:
            way = max(way, CENTROID_LEG)
        return way + crossing(boat, False, 0.0)


def clock(minute: int) -> str:
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


NIGHT_VISIT_MIN: Final = 90
"""Minutes an evening-only visit keeps at least when shortened to end by `DaySpec.night_end`
(a shorter one is not shortened: the place is planned as long as it is, or not at all)."""


def _night_visit(s: DayState, c: Candidate, start: int) -> Candidate | None:
    """`c` with its visit shortened to end by the day's `night_end` (children's bedtime), when it
    would run past it and at least `NIGHT_VISIT_MIN` minutes remain; else None."""
    end = s.spec.night_end
    if end is None or start + c.duration <= end or end - start < NIGHT_VISIT_MIN:
        return None
    return replace(c, duration=end - start)


def place_slot(
    s: DayState, c: Candidate, start: int, travel: tuple[int, float], kind: str, locked: bool,
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
            s.notes.append(f"Free time {clock(idle[0])}–{clock(idle[1])} before {what} at "
                           f"{clock(start)}: nothing Kairos knows fits in between")  # fmt: skip
    s.slots.append(
        Slot(kind_, c.id, c.name, c.kind, c.lat, c.lng, arrive, start,
             start + c.duration, travel[0], travel[1], c.source, c.licence, locked,
             known, allergy=c.allergy if kind_ != "stop" else None,
             risk_reason=risk_reason, positioned=c.positioned, step_free=c.step_free,
             pinpointed=c.pinpointed)
    )  # fmt: skip
    s.t = start + c.duration + (s.spec.buffer if kind_ == "stop" else 0)
    s.pos, s.pos_known, s.pos_boat = (c.lat, c.lng), c.positioned, c.by_boat
    s.pos_pinned = c.pinpointed
    if c.by_boat and (said := boat_note([c.name])):
        s.notes.append(said)


def outdoors(c: Candidate, weekday: int) -> bool:
    """A place seen in daylight: outdoors by `kind_groups`, neither open only in the evening nor
    named a night visit ("Night Safari", "night market")."""
    if not (fits("outdoors", c.kind, c.category, c.name) or garden_named(c)):
        return False
    return evening_only(c, weekday) is None and "night" not in c.name.lower()


def by_daylight(c: Candidate, weekday: int) -> bool:
    """A place visited before dark: outdoors, or a temple, a shrine or a historic site whose
    hours that day are not known (see the module)."""
    if outdoors(c, weekday):
        return True
    dusk = c.kind in DUSK_KINDS or (c.category or "").lower() in DUSK_KINDS
    return dusk and not day_known(c, weekday) and "night" not in c.name.lower()


def try_stop(
    s: DayState, c: Candidate, kind: str = "stop", at: int | None = None, locked: bool = False,
    last: bool = False,
) -> str | None:  # fmt: skip
    """Place `c` now; the reason it cannot be, or None when placed. `locked`: fixed to this day
    (a lock with a time is placed at `at`, and is locked too)."""
    travel = s.leg((c.lat, c.lng), c.positioned, c.by_boat, c.pinpointed)
    arrive = s.t + travel[0]
    back = s.home((c.lat, c.lng), c.positioned, c.by_boat, c.pinpointed)
    latest = s.spec.window[1] - c.duration - back
    if at is not None:
        if arrive > at and not s.slots:  # the day starts earlier to be there at a time fixed
            s.t, arrive = max(0, at - travel[0]), max(0, at - travel[0]) + travel[0]
        if arrive > at:
            return f"cannot reach it by {at // 60:02d}:{at % 60:02d}"
        if at > latest:
            return "its fixed time does not fit the day"
        if visit_hours(c, s.spec.date.weekday(), at, at + c.duration) == "closed":
            return "closed at its fixed time"
        place_slot(s, c, at, travel, kind, locked=True)
        return None
    if s.slots and not locked and travel[0] > s.mode.longest_leg:
        return (
            f"{travel[0]} min {s.mode.name} from the stop before it, over the "
            f"{s.mode.longest_leg} min a leg may take"
        )
    dark = (
        s.spec.dark if s.spec.dark is not None and by_daylight(c, s.spec.date.weekday()) else None
    )
    if dark is not None:  # a time the traveller fixed is theirs; a free one is in daylight
        latest = min(latest, dark - c.duration)
    # Before the first slot nobody waits: the day just starts later.
    wait = MAX_WAIT if s.slots else s.spec.window[1]
    start = earliest_start(c, s.spec.date.weekday(), arrive, latest, wait)
    if start is None:
        evening = evening_only(c, s.spec.date.weekday())
        shorter = _night_visit(s, c, max(arrive, evening[0])) if evening is not None else None
        c = shorter or c
        if evening is not None and last and max(arrive, evening[0]) + c.duration <= evening[1]:
            # the day's last stop may run past the window: it cannot open earlier
            start = max(arrive, evening[0])
            opens, closes, ends = (clock(m) for m in (*evening, s.spec.window[1]))
            s.evening = (f"{c.name} opens only in the evening ({opens}–{closes}): planned as the "
                         f"day's last stop, past the day's usual end at {ends}")  # fmt: skip
            if shorter is not None:
                s.evening += (f"; with children the visit is kept to {c.duration} min, "
                              f"ending by {clock(start + c.duration)}")  # fmt: skip
            if not s.slots:
                s.t = max(s.t, start - travel[0])
            place_slot(s, c, start, travel, kind, locked=locked)
            return None
        if evening is not None and evening[0] + c.duration > s.spec.window[1]:
            opens, closes, ends = (clock(m) for m in (*evening, s.spec.window[1]))
            return (f"opens only in the evening ({opens}–{closes}), and a {c.duration}-minute "
                    f"visit from {opens} runs past the day's end at {ends}: Kairos does not "
                    "plan evening visits yet; go after the day's last stop")  # fmt: skip
        if dark is not None and arrive + c.duration > dark:
            said = DARK_SAID if outdoors(c, s.spec.date.weekday()) else DUSK_SAID
            return (f"{said} from about {clock(dark)} that day: a {c.duration}-minute "
                    "visit in daylight no longer fits")  # fmt: skip
        if arrive > latest:
            return "no time left that day"
        return "not open for the whole visit at any time it could be reached that day"
    if not s.slots:
        s.t = max(s.t, start - travel[0])  # the day starts so as to reach it when it opens
    place_slot(s, c, start, travel, kind, locked=locked)
    return None
