"""When in a daypart guests come (issue 36, item 4): the hours of a place's own check-ins inside
a weekday's daypart, so the plan can say "18:00–21:00; your check-ins peak at 19:00" and every
figure in it is a count of the place's own check-ins.

A weekday's daypart with fewer than `MIN_CHECKINS` of them is read across the week (the same
daypart on every day, and said so); with fewer still, there is no peak to tell (None: unknown,
never guessed from other places).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from kairos.operator.demand import DAYPARTS, daypart_of_hour
from kairos.operator.schemas import Daypart

__all__ = ["MIN_CHECKINS", "SPAN_HOURS", "PeakHours", "peak_hours"]

MIN_CHECKINS: Final = 10
SPAN_HOURS: Final = 3
_PART_HOURS: Final[dict[Daypart, tuple[int, ...]]] = {
    "breakfast": (6, 7, 8, 9, 10),
    "lunch": (11, 12, 13, 14),
    "afternoon": (15, 16),
    "dinner": (17, 18, 19, 20, 21),
    "late": (22, 23, 0, 1, 2),
}
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class PeakHours:
    start: int
    """Local hour the busiest span starts at."""
    end: int
    """Local hour it ends at (exclusive, modulo 24)."""
    peak: int
    """The hour with the most check-ins."""
    in_span: int
    total: int
    """Check-ins in the daypart read (that weekday's, or the week's)."""
    weekday: int | None
    """The weekday read; None: the daypart on every day of the week."""

    @property
    def hours(self) -> str:
        return f"{self.start:02d}:00–{self.end % 24:02d}:00"

    def evidence(self, part: Daypart) -> str:
        """'your own check-ins peak at 19:00 (41 of your 60 Saturday dinner check-ins fall
        18:00–21:00)'."""
        which = f"{_WEEKDAYS[self.weekday]} {part}" if self.weekday is not None else part
        week = "" if self.weekday is not None else ", read across the week"
        return (
            f"your own check-ins peak at {self.peak:02d}:00 ({self.in_span} of your {self.total} "
            f"{which} check-ins fall {self.hours}{week})"
        )


def _counts(checkins: Mapping[tuple[int, int], int], weekday: int | None, part: int) -> list[int]:
    hours = _PART_HOURS[DAYPARTS[part]]
    counts = [0] * len(hours)
    for (day, hour), count in checkins.items():
        cell = daypart_of_hour(day, hour)
        if cell is None or cell[1] != part or (weekday is not None and cell[0] != weekday):
            continue
        counts[hours.index(hour)] += count
    return counts


def peak_hours(
    checkins: Mapping[tuple[int, int], int] | None, weekday: int, part: Daypart
) -> PeakHours | None:
    """The `SPAN_HOURS` hours of the daypart with the most of the place's own check-ins (local
    hours, weekday 0 = Monday), or None when it has too few to tell."""
    if not checkins:
        return None
    index = DAYPARTS.index(part)
    hours = _PART_HOURS[part]
    for day in (weekday, None):
        counts = _counts(checkins, day, index)
        total = sum(counts)
        if total < MIN_CHECKINS:
            continue
        width = min(SPAN_HOURS, len(hours))
        sums = [sum(counts[i : i + width]) for i in range(len(hours) - width + 1)]
        first = max(range(len(sums)), key=lambda i: (sums[i], -i))
        peak = max(range(len(counts)), key=lambda i: (counts[i], -i))
        return PeakHours(
            start=hours[first],
            end=hours[first + width - 1] + 1,
            peak=hours[peak],
            in_span=sums[first],
            total=total,
            weekday=day,
        )
    return None
