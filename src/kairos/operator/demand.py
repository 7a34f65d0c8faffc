"""When guests come: a weekday × daypart demand shape from check-ins, the demand proxy the
catalog holds (Yelp check-ins by weekday and hour).

A place's own check-ins are used when it has them, shrunk toward its peers by their number
(`OWN_SHRINK`); a place without them gets its peers' shape: places sharing its categories,
weighted by how many they share (Jaccard) and by how many check-ins they have; with no
check-ins in the catalog at all, `DEFAULT_SHAPE` (`place_kind.py`). The baseline the operator
gives ("180 covers on a Friday") scales the shape into covers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from kairos.operator.day_anchor import anchor_week
from kairos.operator.place_kind import DEFAULT_SHAPE, kind_of, kind_week, kind_weekdays
from kairos.operator.schemas import Daypart
from kairos.store.operator import PlaceCheckins

__all__ = [
    "DAYPARTS",
    "DAYPART_HOURS",
    "DEFAULT_SHAPE",
    "DemandModel",
    "DemandShape",
    "daypart_of_hour",
    "window_text",
]

DAYPARTS: Final[tuple[Daypart, ...]] = ("breakfast", "lunch", "afternoon", "dinner", "late")
DAYPART_HOURS: Final[dict[Daypart, str]] = {
    "breakfast": "06:00–11:00",
    "lunch": "11:00–15:00",
    "afternoon": "15:00–17:00",
    "dinner": "17:00–22:00",
    "late": "22:00–02:00",
}


_LATE: Final = DAYPARTS.index("late")


def window_text(day: date, part: Daypart) -> str:
    """'Sat 28 Nov, dinner 17:00–22:00'."""
    return f"{day:%a %d %b}, {part} {DAYPART_HOURS[part]}"


OWN_SHRINK: Final = 30.0
"""Check-ins at which a place's own shape and its peers' weigh the same."""
OWN_WEEK: Final = 100
"""Own check-ins from which a place's own weekday profile compares its days: fewer put a Sunday
far from the Friday the operator gave on a handful of visits."""
DAY_RATIO: Final = (0.5, 1.5)
"""How far an open day's covers may land from the baseline day's (a Saturday 320 from a 200
Friday is a profile read from too few check-ins, never a restaurant's week)."""
OPEN_CELL: Final = 0.1
"""A daypart holding under this fraction of its day's busiest one reads as closed."""
CLOSED_DAY: Final = 0.25
"""A day holding under this fraction of an average day's share is closed by the listed hours."""
PEERS: Final = 150
MIN_PEER_CHECKINS: Final = 10
GENERIC_CATEGORIES: Final = frozenset({"restaurants", "food", "nightlife", "bars"})
"""Categories almost every place has: sharing them says little about when guests come."""


Matrix = npt.NDArray[np.float64]


def daypart_of_hour(weekday: int, hour: int) -> tuple[int, int] | None:
    """(weekday, daypart index) of a local hour; hours after midnight belong to the evening
    before (a Friday's late night ends on Saturday at 2); 3–5 am counts nowhere."""
    if 6 <= hour < 11:
        return weekday, 0
    if 11 <= hour < 15:
        return weekday, 1
    if 15 <= hour < 17:
        return weekday, 2
    if 17 <= hour < 22:
        return weekday, 3
    if hour >= 22:
        return weekday, 4
    if hour < 3:
        return (weekday - 1) % 7, 4
    return None


def to_matrix(checkins: dict[tuple[int, int], int]) -> Matrix:
    m = np.zeros((7, len(DAYPARTS)))
    for (weekday, hour), count in checkins.items():
        cell = daypart_of_hour(weekday, hour)
        if cell is not None:
            m[cell] += count
    return m


@dataclass(frozen=True)
class DemandShape:
    shares: Matrix
    """7 × 5, sums to 1: the share of a week's guests in each weekday and daypart."""
    basis: str
    own_checkins: int
    peers: int
    week: npt.NDArray[np.float64] | None = None
    """The weekday profile days are compared by (7 shares): the place's own when it has
    `OWN_WEEK` check-ins, else its kind's (`place_kind.py`); None: the shape's own day totals."""
    week_basis: str = ""
    """Whose week `week` is, short, for the arithmetic said beside a count: "your own
    check-ins' week", "a restaurant's week (too few check-ins of your own)"; "": unsaid."""
    kind: Matrix | None = None
    """The kind of place's week (7 × 5 shares) a day's split leans on when the place's own
    check-ins are too few to split it (`_split`); None: the shape's own week pooled."""
    night_runs_late: bool = False
    """A bar or pub: covers given for its evening ("300 on a Friday night") are its dinner and
    late hours together, not dinner alone (a bar's night runs past 22:00)."""

    def night_spans(self, daypart: Daypart | None) -> bool:
        """Covers given for this part of the day take in the late hours too (a bar's night)."""
        return self.night_runs_late and daypart == "dinner"

    def day_total(self, weekday: int) -> float:
        return float(self.shares[weekday].sum())

    def _split(self, weekday: int) -> Matrix:
        """A day's guests by daypart: with too few own check-ins (`week` from peers), half of
        it the shape's own week read by daypart (all seven days pooled, over the dayparts the
        day is open), so a Sunday lunch the day's few check-ins barely hold is not staffed for
        a handful of covers, and a coffee counter's mornings stay mornings (panel half A, o29:
        a full-service restaurant's day put a Starbucks' Friday mostly at dinner, and its
        Saturday breakfast at ≈39 of 400 while 43 % of its own check-ins are breakfasts)."""
        row = self.shares[weekday]
        split: Matrix = row / max(float(row.sum()), 1e-9)
        if self.own_checkins >= OWN_WEEK:
            return split
        pooled: Matrix = self.shares.sum(axis=0)
        if self.kind is not None:
            # that weekday as its kind of place splits it (a restaurant's Sunday is ≈36 % lunch,
            # its week pooled ≈25 %: panel half A, o41), leaned on by the place's own check-ins
            kind: Matrix = self.kind[weekday] / max(float(self.kind[weekday].sum()), 1e-9)
            own = self.own_checkins / (self.own_checkins + OWN_SHRINK)
            pooled = own * pooled / max(float(pooled.sum()), 1e-9) + (1 - own) * kind
        typical: Matrix = pooled * (row > OPEN_CELL * float(row.max()))
        if typical.sum() <= 0:
            return split
        mixed: Matrix = 0.5 * split + 0.5 * typical / typical.sum()
        return mixed

    def _day_ratio(self, weekday: int, baseline_weekday: int) -> float:
        """How a weekday's guests compare with the baseline day's, by the weekday profile,
        within `DAY_RATIO` of it unless the place is closed that day."""
        week = self.week if self.week is not None else self.shares.sum(axis=1)
        ratio = float(week[weekday] / max(float(week[baseline_weekday]), 1e-9))
        if self.day_total(weekday) < CLOSED_DAY / 7:
            return ratio  # closed by its listed hours: near nothing is right
        low, high = DAY_RATIO
        return min(max(ratio, low), high)

    def covers(
        self, baseline: int, baseline_weekday: int | None, daypart: Daypart | None = None
    ) -> Matrix:
        """Expected covers per weekday and daypart for a baseline day's covers (or, with a
        `daypart`, that part of the day's: "120 covers on Friday nights" is Friday's dinner)."""
        part = DAYPARTS.index(daypart) if daypart is not None else None
        if baseline_weekday is not None:
            # each day from the baseline day by the weekday profile, split by its own dayparts
            base = float(baseline)
            if part is not None:  # the day's part as the day is split below: the covers said
                split = self._split(baseline_weekday)
                within = split[part] + (split[_LATE] if self.night_spans(daypart) else 0.0)
                base = baseline / max(float(within), 1e-9)
            out = np.zeros_like(self.shares)
            for day in range(7):
                out[day] = base * self._day_ratio(day, baseline_weekday) * self._split(day)
            if self.own_checkins < OWN_WEEK:
                anchor_week(out, self.busiest_day(), baseline_weekday)
                if part is not None:  # the part said still holds the covers said once anchored
                    late = out[baseline_weekday, _LATE] if self.night_spans(daypart) else 0.0
                    out *= baseline / max(float(out[baseline_weekday, part] + late), 1e-9)
            # no window above the whole day the operator gave (panel half A, o01)
            return np.minimum(out, max(float(out[baseline_weekday].sum()), 0.0))
        if part is not None:
            reference = float(self.shares[:, part].sum() / 7)
        elif baseline_weekday is not None:
            reference = self.day_total(baseline_weekday)
        else:
            reference = float(self.shares.sum() / 7)
        return self.shares * (baseline / max(reference, 1e-9))

    def relative(self) -> Matrix:
        """The covers shape with no baseline given: 100 on the weekday profile's busiest day,
        read exactly as a baseline would be, so the window called busiest before the operator
        gives covers is chosen from the same numbers as after."""
        return self.covers(100, self.busiest_day())

    def busiest_day(self) -> int:
        week = self.week if self.week is not None else self.shares.sum(axis=1)
        return int(np.argmax(week))

    def ranked_cells(self) -> list[tuple[int, int]]:
        order = np.argsort(-self.shares, axis=None, kind="stable")
        return [(int(i) // len(DAYPARTS), int(i) % len(DAYPARTS)) for i in order]


_WEEKDAY_NAMES: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                          "Sunday")  # fmt: skip
CLOSED_WEIGHT: Final = 0.05
"""A cell outside the opening hours keeps this much of its share (hours go stale)."""
SEEN_OPEN: Final = 3
"""Own check-ins on a weekday the listed hours leave out that make it read as open: one or two
may be a stray visit; three are the listing gone stale."""


def _clock(value: object) -> float | None:
    if not isinstance(value, str) or ":" not in value:
        return None
    hour, _, minute = value.partition(":")
    try:
        return int(hour) + int(minute or 0) / 60
    except ValueError:
        return None


def open_cells(hours: Mapping[str, Any] | None) -> Matrix | None:
    """1 where the place is open in a weekday × daypart cell, from `{"Monday": {"open":
    "11:00", "close": "22:00"}}`; None when the hours are unknown or unreadable."""
    if not hours:
        return None
    mask = np.zeros((7, len(DAYPARTS)))
    for weekday, name in enumerate(_WEEKDAY_NAMES):
        day = hours.get(name)
        if not isinstance(day, Mapping):
            continue
        opens, closes = _clock(day.get("open")), _clock(day.get("close"))
        if opens is None or closes is None:
            continue
        if closes <= opens:
            closes += 24
        hour = int(opens)
        while hour < closes:
            cell = daypart_of_hour((weekday + hour // 24) % 7, hour % 24)
            if cell is not None:
                mask[cell] = 1.0
            hour += 1
    return mask if mask.any() else None


def seen_on_closed_days(hours: Mapping[str, Any] | None, own: Matrix | None) -> list[int]:
    """Weekdays the listed hours leave out although the place's own check-ins fall on them:
    the listing is stale there (Coppa's hours name no Saturday; 12 of its check-ins are on
    Saturdays), so those days are read as open, not closed."""
    mask = open_cells(hours)
    if mask is None or own is None:
        return []
    return [d for d in range(7) if not mask[d].any() and own[d].sum() >= SEEN_OPEN]


def masked(
    shares: Matrix, hours: Mapping[str, Any] | None, open_days: Sequence[int] = ()
) -> Matrix:
    mask = open_cells(hours)
    if mask is None:
        return shares
    for day in open_days:
        mask[day] = 1.0
    out = shares * (CLOSED_WEIGHT + (1 - CLOSED_WEIGHT) * mask)
    return out / out.sum() if out.sum() > 0 else shares


class DemandModel:
    def __init__(self, places: Mapping[int, PlaceCheckins]) -> None:
        self._ids = list(places)
        self._categories = [_category_set(places[i].categories) for i in self._ids]
        self._hours = {i: places[i].hours for i in self._ids}
        counts = [to_matrix(places[i].checkins) for i in self._ids]
        self._totals = np.array([m.sum() for m in counts])
        self._shapes = [m / m.sum() if m.sum() > 0 else m for m in counts]
        self._counts = dict(zip(self._ids, counts, strict=True))
        self._hourly = {i: places[i].checkins for i in self._ids}
        # each place's name, area and categories: the stand-ins said by name (`stand_ins.py`)
        self.listed = {i: (p.name, p.area, p.categories) for i, p in places.items()}
        self._coords = np.array(
            [
                (places[i].lat, places[i].lng)
                if places[i].lat is not None and places[i].lng is not None
                else (np.nan, np.nan)
                for i in self._ids
            ],
            dtype=np.float64,
        ).reshape(-1, 2)

    @property
    def places(self) -> int:
        return len(self._ids)

    def checkins_of(self, place_id: int) -> Matrix | None:
        return self._counts.get(place_id)

    def neighbours(
        self, place_id: int | None, lat: float, lng: float, radius_km: float
    ) -> tuple[Matrix, int]:
        """The pooled check-ins (weekday × daypart) of the other places within `radius_km` that
        have at least `MIN_PEER_CHECKINS`, and how many they are."""
        if not self._ids:
            return np.zeros((7, len(DAYPARTS))), 0
        dy = (self._coords[:, 0] - lat) * 111.0
        dx = (self._coords[:, 1] - lng) * 111.0 * np.cos(np.radians(lat))
        near = np.hypot(dx, dy) <= radius_km  # NaN (no coordinates) is never near
        chosen = [
            i
            for i, pid in enumerate(self._ids)
            if near[i] and pid != place_id and self._totals[i] >= MIN_PEER_CHECKINS
        ]
        if not chosen:
            return np.zeros((7, len(DAYPARTS))), 0
        return np.sum([self._counts[self._ids[i]] for i in chosen], axis=0), len(chosen)

    def hourly_of(self, place_id: int | None) -> dict[tuple[int, int], int] | None:
        """The place's own check-ins by (weekday, local hour), if it has any."""
        return self._hourly.get(place_id) if place_id is not None else None

    def shape(
        self,
        *,
        place_id: int | None,
        categories: list[str],
        hours: Mapping[str, Any] | None = None,
        exclude_own: bool = False,
    ) -> DemandShape:
        """`exclude_own` leaves the place's own check-ins out (the evaluation's held-out run);
        the place's opening hours, when known, keep closed cells near zero."""
        if hours is None and place_id is not None:
            hours = self._hours.get(place_id)
        peers, n_peers = self._peer_shape(place_id, _category_set(categories))
        own = None if exclude_own or place_id is None else self._counts.get(place_id)
        own_total = int(own.sum()) if own is not None else 0
        if own is not None and own_total > 0:
            weight = own_total / (own_total + OWN_SHRINK)
            shares = weight * (own / own_total) + (1 - weight) * peers
            basis = (
                f"this place's {own_total} check-ins by weekday and hour, "
                f"blended with {n_peers} similar places"
            )
        elif n_peers:
            shares = peers
            basis = f"check-ins of {n_peers} similar places (none of this place's own)"
        else:
            shares = DEFAULT_SHAPE
            basis = "a typical full-service restaurant week (no check-ins in the catalog)"
        stale = seen_on_closed_days(hours, own)
        if open_cells(hours) is not None:
            basis += "; outside its opening hours near zero"
        if stale:
            days = " and ".join(_WEEKDAY_NAMES[d] for d in stale)
            seen = int(sum(own[d].sum() for d in stale)) if own is not None else 0
            basis += (f" (its listed hours leave out {days}, yet {seen} of its own check-ins "
                      f"fall then: read as open)")  # fmt: skip
        kind = kind_of(categories)
        typical = kind_week(kind)
        if own is not None and own_total >= OWN_WEEK:
            # read with the hours the split reads it with: a day's size counted from windows
            # its listing has it closed in would all land on its open ones (panel half A, o01)
            week = masked(own / own_total, hours, stale).sum(axis=1)
            week_basis = "your own check-ins' week"
        else:  # the kind of place's week, its own check-ins weighed in (half A, o41)
            own_days = (
                None
                if own is None or not own_total
                else masked(own / own_total, hours, stale).sum(axis=1)
            )
            week, week_basis, said = kind_weekdays(
                kind, masked(typical, hours, stale).sum(axis=1), own_days, own_total, OWN_WEEK
            )
            basis += f"; its weekdays compared by {said}"
        final = masked(shares / shares.sum(), hours, stale)
        return DemandShape(final, basis, own_total, n_peers, week, week_basis,
                           night_runs_late=kind == "bar", kind=typical)  # fmt: skip

    def _weights(self, place_id: int | None, categories: frozenset[str]) -> npt.NDArray[Any]:
        return np.array(
            [
                0.0
                if pid == place_id or total < MIN_PEER_CHECKINS
                else _jaccard(categories, cats) * min(1.0, total / 100.0)
                for pid, cats, total in zip(self._ids, self._categories, self._totals, strict=True)
            ]
        )

    def peer_ids(self, place_id: int | None, categories: list[str]) -> list[int]:
        """The places whose check-ins stand in for a place's own, most alike first."""
        weights = self._weights(place_id, _category_set(categories))
        return [self._ids[int(i)] for i in np.argsort(-weights, kind="stable")[:PEERS]
                if weights[i] > 0]  # fmt: skip

    def _peer_shape(self, place_id: int | None, categories: frozenset[str]) -> tuple[Matrix, int]:
        weights = self._weights(place_id, categories)
        if not weights.any():
            usable = [
                i
                for i, (pid, total) in enumerate(zip(self._ids, self._totals, strict=True))
                if pid != place_id and total >= MIN_PEER_CHECKINS
            ]
            if not usable:
                return DEFAULT_SHAPE, 0
            return np.mean([self._shapes[i] for i in usable], axis=0), len(usable)
        top = np.argsort(-weights, kind="stable")[:PEERS]
        top = top[weights[top] > 0]
        stacked = np.stack([self._shapes[i] * weights[i] for i in top])
        return stacked.sum(axis=0) / weights[top].sum(), len(top)


def _category_set(categories: list[str]) -> frozenset[str]:
    return frozenset(c.lower() for c in categories) - GENERIC_CATEGORIES


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.05  # a place with only generic categories still learns from every other
    union = len(a | b)
    return len(a & b) / union if union else 0.0
